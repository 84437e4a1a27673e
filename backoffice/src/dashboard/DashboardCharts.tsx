import { dutchShortDay } from '@podium/shared/dutch';
import { Card, CardContent, Grid, Typography } from '@mui/material';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { bookingStatusColors, bookingStatusLabels, formatEuro, type BookingStatus } from '../labels.ts';
import type { DashboardWeek } from '../providers/dataProvider.ts';

const weekLabel = dutchShortDay;

function ChartCard({ title, children }: { title: string; children: React.ReactElement }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        <div style={{ width: '100%', height: 280 }}>
          <ResponsiveContainer>{children}</ResponsiveContainer>
        </div>
      </CardContent>
    </Card>
  );
}

export default function DashboardCharts({ weeks }: { weeks: DashboardWeek[] }) {
  const statuses = Object.keys(bookingStatusLabels) as BookingStatus[];
  const rows = weeks.map((week) => ({
    week: weekLabel(week.week_start),
    ...Object.fromEntries(statuses.map((status) => [status, week.bookings[status] ?? 0])),
    revenue: week.revenue_cents / 100,
    fee: week.fee_cents / 100,
    signups: week.signups,
    artistSignups: week.artist_signups,
  }));
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, lg: 6 }}>
        <ChartCard title="Boekingen per week per status">
          <BarChart data={rows}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="week" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Legend />
            {statuses.map((status) => (
              <Bar key={status} dataKey={status} name={bookingStatusLabels[status]} stackId="status" fill={bookingStatusColors[status]} />
            ))}
          </BarChart>
        </ChartCard>
      </Grid>
      <Grid size={{ xs: 12, lg: 6 }}>
        <ChartCard title="Omzet per week">
          <LineChart data={rows}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="week" />
            <YAxis tickFormatter={(value: number) => formatEuro(value * 100)} width={90} />
            <Tooltip formatter={(value) => formatEuro(Number(value) * 100)} />
            <Legend />
            <Line type="monotone" dataKey="revenue" name="Betaald (min terugbetaald)" stroke="#10b981" strokeWidth={2} />
            <Line type="monotone" dataKey="fee" name="Servicekosten" stroke="#7c3aed" strokeWidth={2} />
          </LineChart>
        </ChartCard>
      </Grid>
      <Grid size={{ xs: 12, lg: 6 }}>
        <ChartCard title="Nieuwe aanmeldingen per week">
          <BarChart data={rows}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="week" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Legend />
            <Bar dataKey="signups" name="Alle aanmeldingen" fill="#334155" />
            <Bar dataKey="artistSignups" name="Artiesten" fill="#f59e0b" />
          </BarChart>
        </ChartCard>
      </Grid>
    </Grid>
  );
}
