import EventIcon from '@mui/icons-material/Event';
import { BookingList } from './BookingList.tsx';
import { BookingShow } from './BookingShow.tsx';

export default {
  list: BookingList,
  show: BookingShow,
  icon: EventIcon,
  recordRepresentation: 'reference',
  options: { label: 'Boekingen' },
};
