// The calendar's reads and writes: a month's blocked days and gigs with the act's iCal feed, one
// day blocked or freed, the feed renewed, and the days an imported calendar blocks.
import { queryKeys } from '@podium/shared/query-keys';
import type { QueryClient } from '@tanstack/react-query';
import { portalClient } from '../app/client.ts';
import { ownAct } from './artist.ts';

const pad = (value: number) => String(value).padStart(2, '0');
export const isoDay = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

export interface Month {
  year: number;
  month: number;
}

export const shift = ({ year, month }: Month, by: number): Month => {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
};

export interface CalendarData {
  actId: string;
  blocked: { id: string; starts_on: string; ends_on: string }[];
  gigs: { id: string; starts_at: string; ends_at: string; status: string; event_type: string }[];
  feedToken: string | null;
}

export const calendarKey = [...queryKeys.artistBookings, 'calendar'] as const;

export async function fetchCalendar(queryClient: QueryClient, userId: string, month: Month): Promise<CalendarData> {
  const supabase = await portalClient();
  const first = isoDay(month.year, month.month, 1);
  const next = shift(month, 1);
  const after = isoDay(next.year, next.month, 1);
  const act = await ownAct(queryClient, userId);
  const [blocked, gigs, feed] = await Promise.all([
    supabase.from('artist_blocked_dates').select('id, starts_on, ends_on').eq('artist_id', act.id).lt('starts_on', after).gte('ends_on', first),
    supabase
      .from('bookings')
      .select('id, starts_at, ends_at, status, event_type')
      .eq('artist_id', act.id)
      .in('status', ['accepted', 'confirmed', 'completed'])
      .gte('starts_at', `${shift(month, -1).year}-${pad(shift(month, -1).month)}-28`)
      .lt('starts_at', `${after}T23:59:59Z`)
      .order('starts_at'),
    supabase.from('artist_calendar_feeds').select('token').eq('artist_id', act.id).maybeSingle(),
  ]);
  for (const result of [blocked, gigs, feed]) if (result.error) throw new Error(result.error.message);
  return { actId: act.id, blocked: blocked.data ?? [], gigs: gigs.data ?? [], feedToken: feed.data?.token ?? null };
}

/** Blocks or frees one day (toggle_artist_blocked_day); answers whether it is now blocked. */
export async function toggleBlockedDay(day: string): Promise<boolean> {
  const supabase = await portalClient();
  const { data, error } = await supabase.rpc('toggle_artist_blocked_day', { day });
  if (error) throw new Error(error.message);
  return data as boolean;
}

/** A new iCal address; the old one stops working. */
export async function renewCalendarFeed(): Promise<void> {
  const supabase = await portalClient();
  const { error } = await supabase.rpc('renew_artist_calendar_feed');
  if (error) throw new Error(error.message);
}

/** Blocks the given ranges of days (block_artist_days); answers how many days were newly blocked. */
export async function blockDays(ranges: { starts_on: string; ends_on: string }[]): Promise<number> {
  const supabase = await portalClient();
  const { data, error } = await supabase.rpc('block_artist_days', { ranges });
  if (error) throw new Error(error.message);
  return data as number;
}
