import HowToRegIcon from '@mui/icons-material/HowToReg';
import { ApprovalList } from './ApprovalList.tsx';

export default {
  list: ApprovalList,
  icon: HowToRegIcon,
  recordRepresentation: 'name',
  options: { label: 'Goedkeuringen' },
};
