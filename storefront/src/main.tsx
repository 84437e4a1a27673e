import { startApp } from '@podium/shared/shell';
import { appName } from './app-name.ts';
import { HomePage } from './pages.tsx';
import { sessionStore } from './supabase.ts';

startApp({
  name: appName,
  home: '/',
  accent: '#c2410c',
  store: sessionStore,
  routes: [{ index: true, element: <HomePage /> }],
});
