// GET /functions/v1/artist-calendar?token=<48 hex digits>: an act's private iCal feed (RFC 5545),
// for Google, Apple or Outlook calendars to subscribe to. No login (calendar apps cannot send
// one): the long random token in the address is the key, renewed from the portal
// (renew_artist_calendar_feed), after which the old address answers 404. Holds the act's
// accepted, confirmed and played gigs from 180 days back, and its blocked days as all-day events.
import { buildArtistCalendar, type CalendarBlock, type CalendarGig } from '../_shared/artist-calendar.ts';
import { serviceClient, siteUrl } from '../_shared/supabase.ts';

const tokenPattern = /^[0-9a-f]{48}$/;

const text = (status: number, body: string) => new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });

Deno.serve(async (req) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return text(405, 'Alleen GET is toegestaan.');
  const token = new URL(req.url).searchParams.get('token') ?? '';
  if (!tokenPattern.test(token)) return text(404, 'Deze agenda bestaat niet (meer). Kopieer het adres opnieuw uit je artiestenportaal.');

  const db = serviceClient();
  const { data: feed, error } = await db.from('artist_calendar_feeds').select('artist_id, artist:artists(name, deleted_at)').eq('token', token).maybeSingle();
  if (error) {
    console.error('artist-calendar: reading the feed failed', error.code, error.message);
    return text(500, 'De agenda kon niet worden gemaakt. Probeer het later opnieuw.');
  }
  const act = feed?.artist as unknown as { name: string; deleted_at: string | null } | null;
  if (!feed || !act || act.deleted_at) return text(404, 'Deze agenda bestaat niet (meer). Kopieer het adres opnieuw uit je artiestenportaal.');

  const since = new Date(Date.now() - 180 * 86_400_000).toISOString();
  const [gigs, blocks] = await Promise.all([
    db
      .from('bookings')
      .select(
        'id, starts_at, ends_at, status, event_type, event_location, guest_count, customer:public_profiles!bookings_customer_public_profile_fkey(display_name), package:artist_packages(name), place:places(name)',
      )
      .eq('artist_id', feed.artist_id)
      .in('status', ['accepted', 'confirmed', 'completed'])
      .gte('starts_at', since)
      .order('starts_at'),
    db.from('artist_blocked_dates').select('id, starts_on, ends_on').eq('artist_id', feed.artist_id).gte('ends_on', since.slice(0, 10)).order('starts_on'),
  ]);
  if (gigs.error || blocks.error) {
    console.error('artist-calendar: reading the gigs failed', gigs.error?.message ?? blocks.error?.message);
    return text(500, 'De agenda kon niet worden gemaakt. Probeer het later opnieuw.');
  }
  const body = buildArtistCalendar({
    actName: act.name,
    site: siteUrl(),
    gigs: (gigs.data ?? []) as unknown as CalendarGig[],
    blocks: (blocks.data ?? []) as CalendarBlock[],
  });
  return new Response(req.method === 'HEAD' ? null : body, {
    headers: {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': 'inline; filename="podium-agenda.ics"',
      'cache-control': 'private, max-age=300',
    },
  });
});
