import { Link, Outlet } from 'react-router';
import { appName } from './app-name.ts';
import { SessionStatus } from './SessionStatus.tsx';

export function Shell() {
  return (
    <>
      <header className="shell-header">
        <Link to="/" className="brand">
          {appName}
        </Link>
        <SessionStatus />
      </header>
      <main className="shell-main">
        <Outlet />
      </main>
    </>
  );
}
