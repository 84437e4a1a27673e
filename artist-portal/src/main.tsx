import { startApp } from '@podium/shared/shell';
import { appName } from './app-name.ts';
import { HomePage } from './pages.tsx';
import { sessionStore } from './session.ts';

// No basename: the portal's pages share no prefix. The web server sends it only these paths.
startApp({
  name: appName,
  home: '/dashboard/artist',
  accent: '#6d28d9',
  store: sessionStore,
  routes: [
    { path: 'dashboard/artist/*', element: <HomePage /> },
    { path: 'artist-onboarding/*', element: <HomePage /> },
    { path: 'reviews/artist', element: <HomePage /> },
  ],
});
