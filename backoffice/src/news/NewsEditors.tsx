// Creating and editing an article: the shared form, with the slug made from the title.
import { Create, Edit } from 'react-admin';
import { NewsForm, withSlug } from './NewsForm.tsx';

export function NewsCreate() {
  return (
    <Create title="Nieuw artikel" redirect="show" transform={withSlug}>
      <NewsForm />
    </Create>
  );
}

export function NewsEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="show" transform={withSlug}>
      <NewsForm />
    </Edit>
  );
}
