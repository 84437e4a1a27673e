// Payouts to the acts' Mollie organizations: what is due, held, failed or paid, and a retry.
import PaymentsIcon from '@mui/icons-material/Payments';
import { lazyScreen } from '../layout/lazy-screen.tsx';

export default {
  list: lazyScreen(
    () => import('./PayoutList.tsx'),
    (module) => module.PayoutList,
  ),
  icon: PaymentsIcon,
  recordRepresentation: 'reference',
  options: { label: 'Uitbetalingen' },
};
