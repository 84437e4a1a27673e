import MicIcon from '@mui/icons-material/Mic';
import { ArtistEdit } from './ArtistEdit.tsx';
import { ArtistList } from './ArtistList.tsx';

export default {
  list: ArtistList,
  edit: ArtistEdit,
  icon: MicIcon,
  recordRepresentation: 'name',
  options: { label: 'Artiesten' },
};
