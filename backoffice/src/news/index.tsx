import ArticleIcon from '@mui/icons-material/Article';
import { Create, Edit } from 'react-admin';
import { NewsForm, withSlug } from './NewsForm.tsx';
import { NewsList } from './NewsList.tsx';
import { NewsPreview } from './NewsPreview.tsx';

function NewsCreate() {
  return (
    <Create title="Nieuw artikel" redirect="show" transform={withSlug}>
      <NewsForm />
    </Create>
  );
}

function NewsEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="show" transform={withSlug}>
      <NewsForm />
    </Edit>
  );
}

export default {
  list: NewsList,
  create: NewsCreate,
  edit: NewsEdit,
  show: NewsPreview,
  icon: ArticleIcon,
  recordRepresentation: 'title',
  options: { label: 'Nieuws' },
};
