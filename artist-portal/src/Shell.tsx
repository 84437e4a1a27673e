import { AppShell } from '@podium/shared/shell';
import { Outlet } from 'react-router';
import { appName } from './app-name.ts';
import { sessionStore } from './supabase.ts';

export function Shell() {
  return (
    <AppShell name={appName} home="/dashboard/artist" accent="#6d28d9" store={sessionStore}>
      <Outlet />
    </AppShell>
  );
}
