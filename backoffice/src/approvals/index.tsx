import HowToRegIcon from '@mui/icons-material/HowToReg';
import { lazyScreen } from '../layout/lazy-screen.tsx';

export default {
  list: lazyScreen(
    () => import('./ApprovalList.tsx'),
    (module) => module.ApprovalList,
  ),
  icon: HowToRegIcon,
  recordRepresentation: 'name',
  options: { label: 'Goedkeuringen' },
};
