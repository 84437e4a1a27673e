import EventIcon from '@mui/icons-material/Event';
import { lazyScreen } from '../layout/lazy-screen.tsx';

export default {
  list: lazyScreen(
    () => import('./BookingList.tsx'),
    (module) => module.BookingList,
  ),
  show: lazyScreen(
    () => import('./BookingShow.tsx'),
    (module) => module.BookingShow,
  ),
  icon: EventIcon,
  recordRepresentation: 'reference',
  options: { label: 'Boekingen' },
};
