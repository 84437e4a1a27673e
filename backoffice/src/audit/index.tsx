// The audit log: every admin action, newest first (written by triggers, read only here).
import HistoryIcon from '@mui/icons-material/History';
import { lazyScreen } from '../layout/lazy-screen.tsx';

export default {
  list: lazyScreen(
    () => import('./AuditList.tsx'),
    (module) => module.AuditList,
  ),
  icon: HistoryIcon,
  options: { label: 'Auditlog' },
};
