import { startApp } from '@podium/shared/shell';
import { env } from './env.ts';
import { appName } from './app-name.ts';
import { HomePage } from './pages.tsx';
import { sessionStore } from './supabase.ts';

startApp({
  name: appName,
  home: '/',
  accent: '#334155',
  store: sessionStore,
  routes: [{ index: true, element: <HomePage /> }],
  basename: env.basePath,
});
