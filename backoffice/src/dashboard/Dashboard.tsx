// /admin and /admin/dashboard: the week at a glance. Figures come from admin_dashboard_stats;
// the charts (recharts) load lazily.
import { dutchNumber } from '@podium/shared/dutch';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert, Card, CardContent, Grid, LinearProgress, Typography } from '@mui/material';
import { Link, Title, useDataProvider } from 'react-admin';
import { useLiveVersion } from '../live/LiveChanges.tsx';
import { formatEuro } from '../labels.ts';
import type { BackOfficeDataProvider, DashboardStats } from '../providers/dataProvider.ts';

const DashboardCharts = lazy(() => import('./DashboardCharts.tsx'));

function Kpi({ label, value, hint, to }: { label: string; value: string; hint?: string; to?: string }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h4" component="p" data-testid={`kpi-${label}`}>
          {value}
        </Typography>
        {hint && (
          <Typography variant="caption" color="text.secondary">
            {hint}
          </Typography>
        )}
        {to && (
          <div>
            <Link to={to} variant="body2">
              Bekijken
            </Link>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

export function Dashboard() {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const [stats, setStats] = useState<DashboardStats | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Read again when bookings or acts change (LiveChanges): the figures move as it happens.
  const bookingsVersion = useLiveVersion('bookings');
  const artistsVersion = useLiveVersion('artists');
  useEffect(() => {
    dataProvider.dashboardStats(12).then(setStats, (failure: Error) => setError(failure.message));
  }, [dataProvider, bookingsVersion, artistsVersion]);

  const thisWeek = stats?.weeks.at(-1);
  const sum = (pick: (w: DashboardStats['weeks'][number]) => number) => stats?.weeks.reduce((total, week) => total + pick(week), 0) ?? 0;
  return (
    <>
      <Title title="Dashboard" />
      <Typography variant="h5" component="h1" sx={{ mt: 2, mb: 2 }}>
        Dashboard
      </Typography>
      {error && <Alert severity="error">{error}</Alert>}
      {!stats && !error && <LinearProgress />}
      {stats && (
        <>
          <Grid container spacing={2} sx={{ mb: 2 }}>
            <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
              <Kpi label="Wachten op goedkeuring" value={String(stats.pending_artists)} hint="artiesten" to="/approvals" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
              <Kpi
                label="Boekingen deze week"
                value={String(Object.values(thisWeek?.bookings ?? {}).reduce((a, b) => a + b, 0))}
                hint={`${stats.open_requests} aanvragen wachten op de artiest`}
                to="/bookings"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
              <Kpi label="Omzet (12 weken)" value={formatEuro(sum((w) => w.revenue_cents))} hint={`waarvan servicekosten ${formatEuro(sum((w) => w.fee_cents))}`} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
              <Kpi label="Nieuwe aanmeldingen (12 weken)" value={String(sum((w) => w.signups))} hint={`${sum((w) => w.artist_signups)} artiesten`} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
              <Kpi
                label="Gemiddelde reactietijd artiesten"
                value={stats.avg_response_hours == null ? '–' : `${dutchNumber(stats.avg_response_hours)} uur`}
                hint="van aanvraag tot accepteren of afwijzen"
              />
            </Grid>
          </Grid>
          <Suspense fallback={<LinearProgress />}>
            <DashboardCharts weeks={stats.weeks} />
          </Suspense>
        </>
      )}
    </>
  );
}
