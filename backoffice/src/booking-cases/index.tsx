// Customers' reports after a gig (booking_cases): the case, both sides, and its resolution.
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import { lazyScreen } from '../layout/lazy-screen.tsx';

export default {
  list: lazyScreen(
    () => import('./CaseList.tsx'),
    (module) => module.CaseList,
  ),
  show: lazyScreen(
    () => import('./CaseShow.tsx'),
    (module) => module.CaseShow,
  ),
  icon: ReportProblemIcon,
  recordRepresentation: 'reference',
  options: { label: 'Meldingen' },
};
