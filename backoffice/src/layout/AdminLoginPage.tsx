// react-admin's login page (a guest who opened another admin page is sent here, with the page
// remembered): the same screen as a direct visit to /admin/login.
import { useAuthProvider } from 'react-admin';
import { useLocation } from 'react-router';
import { env } from '../env.ts';
import type { PodiumAuthProvider } from '../providers/authProvider.ts';
import { LoginScreen } from '../login/LoginScreen.tsx';

export function AdminLoginPage() {
  const authProvider = useAuthProvider<PodiumAuthProvider>();
  const location = useLocation();
  const remembered = (location.state as { nextPathname?: string } | null)?.nextPathname;
  if (!authProvider) return null;
  return <LoginScreen authProvider={authProvider} basePath={env.basePath} next={remembered} />;
}
