import ArticleIcon from '@mui/icons-material/Article';
import { lazyScreen } from '../layout/lazy-screen.tsx';

export default {
  list: lazyScreen(
    () => import('./NewsList.tsx'),
    (module) => module.NewsList,
  ),
  create: lazyScreen(
    () => import('./NewsEditors.tsx'),
    (module) => module.NewsCreate,
  ),
  edit: lazyScreen(
    () => import('./NewsEditors.tsx'),
    (module) => module.NewsEdit,
  ),
  show: lazyScreen(
    () => import('./NewsPreview.tsx'),
    (module) => module.NewsPreview,
  ),
  icon: ArticleIcon,
  recordRepresentation: 'title',
  options: { label: 'Nieuws' },
};
