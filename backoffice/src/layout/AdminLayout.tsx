import type { ReactNode } from 'react';
import { Layout, Menu } from 'react-admin';
import { LiveChanges } from '../live/LiveChanges.tsx';
import DashboardIcon from '@mui/icons-material/Dashboard';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import MicIcon from '@mui/icons-material/Mic';
import SortIcon from '@mui/icons-material/Sort';
import EventIcon from '@mui/icons-material/Event';
import ArticleIcon from '@mui/icons-material/Article';
import HistoryIcon from '@mui/icons-material/History';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import FlagIcon from '@mui/icons-material/Flag';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import PaymentsIcon from '@mui/icons-material/Payments';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';

function AdminMenu() {
  return (
    <Menu>
      <Menu.Item to="/dashboard" primaryText="Dashboard" leftIcon={<DashboardIcon />} />
      <Menu.Item to="/approvals" primaryText="Goedkeuringen" leftIcon={<HowToRegIcon />} />
      <Menu.Item to="/artists" primaryText="Artiesten" leftIcon={<MicIcon />} />
      <Menu.Item to="/priority" primaryText="Prioriteit" leftIcon={<SortIcon />} />
      <Menu.Item to="/bookings" primaryText="Boekingen" leftIcon={<EventIcon />} />
      <Menu.Item to="/news" primaryText="Nieuws" leftIcon={<ArticleIcon />} />
      <Menu.Item to="/booking-cases" primaryText="Meldingen" leftIcon={<ReportProblemIcon />} />
      <Menu.Item to="/payouts" primaryText="Uitbetalingen" leftIcon={<PaymentsIcon />} />
      <Menu.Item to="/cash-book" primaryText="Kasboek" leftIcon={<AccountBalanceIcon />} />
      <Menu.Item to="/chat-reports" primaryText="Gemelde gesprekken" leftIcon={<FlagIcon />} />
      <Menu.Item to="/audit-log" primaryText="Auditlog" leftIcon={<HistoryIcon />} />
      <Menu.Item to="/admins" primaryText="Beheerders" leftIcon={<AdminPanelSettingsIcon />} />
    </Menu>
  );
}

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={AdminMenu}>
      <LiveChanges />
      {children}
    </Layout>
  );
}
