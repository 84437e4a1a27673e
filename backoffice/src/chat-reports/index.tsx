// Reports of conversations (report_conversation): open ones first, the messages under each row,
// marked handled once the team has acted.
import FlagIcon from '@mui/icons-material/Flag';
import { lazyScreen } from '../layout/lazy-screen.tsx';

export default {
  list: lazyScreen(
    () => import('./ChatReportList.tsx'),
    (module) => module.ChatReportList,
  ),
  icon: FlagIcon,
  options: { label: 'Gemelde gesprekken' },
};
