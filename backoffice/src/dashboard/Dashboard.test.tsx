import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeDataProvider, renderScreen } from '../test/render.tsx';
import type { DashboardStats } from '../providers/dataProvider.ts';
import { Dashboard } from './Dashboard.tsx';

const week = (start: string, bookings: Record<string, number>, revenue: number, signups: number) => ({
  week_start: start,
  bookings,
  revenue_cents: revenue,
  refunded_cents: 0,
  fee_cents: revenue / 20,
  signups,
  artist_signups: 1,
});

describe('the dashboard', () => {
  it('shows the KPIs from the figures', async () => {
    const stats: DashboardStats = {
      since: '2026-11-09T00:00:00+01:00',
      weeks: [week('2026-11-09T00:00:00+01:00', { confirmed: 2 }, 200000, 5), week('2026-11-16T00:00:00+01:00', { pending: 3, cancelled: 1 }, 100000, 4)],
      pending_artists: 7,
      avg_response_hours: 5.5,
      open_requests: 3,
    };
    renderScreen(<Dashboard />, { dataProvider: fakeDataProvider({}, { dashboardStats: async () => stats }) });
    expect(await screen.findByTestId('kpi-Wachten op goedkeuring')).toHaveTextContent('7');
    expect(screen.getByTestId('kpi-Boekingen deze week')).toHaveTextContent('4');
    expect(screen.getByTestId('kpi-Omzet (12 weken)')).toHaveTextContent('€ 3.000,00');
    expect(screen.getByTestId('kpi-Nieuwe aanmeldingen (12 weken)')).toHaveTextContent('9');
    expect(screen.getByTestId('kpi-Gemiddelde reactietijd artiesten')).toHaveTextContent('5,5 uur');
  });

  it('says so when the figures cannot be loaded', async () => {
    renderScreen(<Dashboard />, {
      dataProvider: fakeDataProvider(
        {},
        {
          dashboardStats: async () => {
            throw new Error('Alleen een beheerder kan de cijfers zien.');
          },
        },
      ),
    });
    expect(await screen.findByText('Alleen een beheerder kan de cijfers zien.')).toBeInTheDocument();
  });
});
