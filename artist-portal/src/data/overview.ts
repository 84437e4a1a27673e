// The dashboard's overview in one database call (artist_dashboard_overview). Its key sits under
// the artist's bookings, so a request or payment arriving live refreshes it (SPEC 4.6).
import { queryKeys } from '@podium/shared/query-keys';
import { portalClient } from '../app/client.ts';

export interface DashboardOverview {
  act: { id: string; name: string; slug: string; rating_avg: number; review_count: number };
  waiting: { id: string; starts_at: string; response_deadline: string; event_type: string; price_cents: number; customer_name: string | null }[];
  waiting_count: number;
  upcoming: { id: string; starts_at: string; status: string; event_type: string; event_location: string; price_cents: number; customer_name: string | null }[];
  upcoming_count: number;
  earnings: { month_cents: number; year_cents: number; played_cents: number; checkin_cents: number; to_come_cents: number };
  /** This year's payouts that reached the act's Mollie organization (as 'Uitbetalingen' lists them). */
  paid_out_cents: number;
  completeness: { item: string; done: boolean; step: string }[];
  reviews: { id: string; rating: number; body: string; created_at: string; artist_reply: string | null; reviewer_name: string | null }[];
}

export const overviewKey = [...queryKeys.artistBookings, 'overview'] as const;

export async function fetchOverview(): Promise<DashboardOverview> {
  const supabase = await portalClient();
  const { data, error } = await supabase.rpc('artist_dashboard_overview');
  if (error) throw new Error(error.message);
  return data as unknown as DashboardOverview;
}
