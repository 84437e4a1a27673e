// The back office: react-admin at /admin, in Dutch. The admin root only registers resources;
// each resource lives in its own folder.
import type { Database } from '@podium/shared/database.types';
import type { SupabaseClient } from '@supabase/supabase-js';
import { Admin, CustomRoutes, Resource, type AuthProvider } from 'react-admin';
import { BrowserRouter, Route } from 'react-router';
import approvals from './approvals/index.tsx';
import artists from './artists/index.tsx';
import auditLog from './audit/index.tsx';
import bookingCases from './booking-cases/index.tsx';
import bookings from './bookings/index.tsx';
import chatReports from './chat-reports/index.tsx';
import { i18nProvider } from './i18n/index.ts';
import { AdminLayout } from './layout/AdminLayout.tsx';
import { AdminLoginPage } from './layout/AdminLoginPage.tsx';
import news from './news/index.tsx';
import payouts from './payouts/index.tsx';
import { LiveClientContext } from './live/LiveChanges.tsx';
import type { BackOfficeDataProvider } from './providers/dataProvider.ts';
import { SupabaseUrlContext } from './providers/supabaseUrl.ts';
import { lazyScreen } from './layout/lazy-screen.tsx';
import { theme } from './layout/theme.ts';

const Dashboard = lazyScreen(
  () => import('./dashboard/Dashboard.tsx'),
  (module) => module.Dashboard,
);
const PriorityPage = lazyScreen(
  () => import('./priority/PriorityPage.tsx'),
  (module) => module.PriorityPage,
);
const CashBookPage = lazyScreen(
  () => import('./cash-book/CashBookPage.tsx'),
  (module) => module.CashBookPage,
);
const AdminsPage = lazyScreen(
  () => import('./admins/AdminsPage.tsx'),
  (module) => module.AdminsPage,
);

export interface AppProps {
  authProvider: AuthProvider;
  dataProvider: BackOfficeDataProvider;
  basename: string;
  supabaseUrl: string;
  /** The client whose realtime changes keep the screens live (none in component tests). */
  live?: SupabaseClient<Database> | null;
}

export function App({ authProvider, dataProvider, basename, supabaseUrl, live = null }: AppProps) {
  return (
    <SupabaseUrlContext.Provider value={supabaseUrl}>
      <LiveClientContext.Provider value={live}>
        {/* Real paths under /admin (react-admin's default router uses the URL hash). Without
          transitions: a redirect to the login page must replace the old screen at once, or the
          old screen's auth checks keep logging out and restarting the navigation. */}
        <BrowserRouter basename={basename} useTransitions={false}>
          <Admin
            title="Podium Back office"
            authProvider={authProvider}
            dataProvider={dataProvider}
            i18nProvider={i18nProvider}
            loginPage={AdminLoginPage}
            dashboard={Dashboard}
            layout={AdminLayout}
            theme={theme}

            disableTelemetry
          >
            <Resource name="approvals" {...approvals} />
            <Resource name="artists" {...artists} />
            <Resource name="bookings" {...bookings} />
            <Resource name="news" {...news} />
            <Resource name="audit-log" {...auditLog} />
            <Resource name="chat-reports" {...chatReports} />
            <Resource name="booking-cases" {...bookingCases} />
            <Resource name="payouts" {...payouts} />
            <CustomRoutes>
              <Route path="/dashboard" element={<Dashboard />} />
              <Route path="/priority" element={<PriorityPage />} />
              <Route path="/admins" element={<AdminsPage />} />
              <Route path="/cash-book" element={<CashBookPage />} />
            </CustomRoutes>
          </Admin>
        </BrowserRouter>
      </LiveClientContext.Provider>
    </SupabaseUrlContext.Provider>
  );
}
