import MicIcon from '@mui/icons-material/Mic';
import { lazyScreen } from '../layout/lazy-screen.tsx';

export default {
  list: lazyScreen(
    () => import('./ArtistList.tsx'),
    (module) => module.ArtistList,
  ),
  edit: lazyScreen(
    () => import('./ArtistEdit.tsx'),
    (module) => module.ArtistEdit,
  ),
  icon: MicIcon,
  recordRepresentation: 'name',
  options: { label: 'Artiesten' },
};
