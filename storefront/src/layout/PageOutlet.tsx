// Where a layout shows its page: the route's page in react-query's provider (most pages read
// data; home's data parts bring their own, so its hero paints without the data layer), and beside
// it the replay of a tap made before the page was hydrated (platform/early-clicks.ts).
import { Outlet } from 'react-router';
import { QueryProvider } from '../app/query.tsx';
import { EarlyClickReplay } from '../platform/early-clicks.ts';

export function PageOutlet({ withQueries = true }: { withQueries?: boolean }) {
  return (
    <>
      {withQueries ? (
        <QueryProvider>
          <Outlet />
        </QueryProvider>
      ) : (
        <Outlet />
      )}
      <EarlyClickReplay />
    </>
  );
}
