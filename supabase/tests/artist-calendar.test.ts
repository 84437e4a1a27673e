// The artist's calendar against the stack: one tap blocks or frees a day (splitting a
// longer block), which takes the act out of 'free on that date' search at once; an imported
// calendar blocks its days; the private iCal feed holds the gigs and blocked days as valid
// iCalendar (RFC 5545, parsed back with ical.js), and a renewed address makes the old one 404.
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amsterdamToday } from '../../shared/src/dutch.ts';
import { keys, urls } from '../stack/config.ts';
import { anonClient, closePool, createArtist, createBooking, createUser, futureWindow, sql, type TestUser } from './support.ts';

let owner: TestUser, customer: TestUser, stranger: TestUser;
let artistId: string, slug: string;

const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const today = amsterdamToday();
const blocks = async () => sql<{ starts_on: string; ends_on: string }>(`select starts_on::text, ends_on::text from public.artist_blocked_dates where artist_id = $1 order by starts_on`, [artistId]);
const toggle = (day: string, user = owner) => user.client.rpc('toggle_artist_blocked_day', { day });
const feed = (token: string) => fetch(`${urls.api}/functions/v1/artist-calendar?token=${token}`);

beforeAll(async () => {
  [owner, customer, stranger] = await Promise.all([createUser('artist'), createUser('customer'), createUser('customer')]);
  artistId = await createArtist(owner, { name: `Agendaband ${Date.now().toString(36)}` });
  slug = (await sql<{ slug: string }>('select slug from public.artists where id = $1', [artistId]))[0]!.slug;
});
afterAll(closePool);

describe('blocking days', () => {
  it('one tap blocks a day, the next frees it; a blocked day is not free in search', async () => {
    const day = addDays(today, 20);
    const searchOn = async () => ((await anonClient().rpc('search_artists', { query: slug.split('-')[0], available_on: day, page_size: 50 })).data ?? []).map((row: { id: string }) => row.id);
    expect(await searchOn()).toContain(artistId);
    expect((await toggle(day)).data).toBe(true);
    expect(await blocks()).toEqual([{ starts_on: day, ends_on: day }]);
    expect(await searchOn()).not.toContain(artistId);
    expect((await toggle(day)).data).toBe(false);
    expect(await blocks()).toEqual([]);
    expect(await searchOn()).toContain(artistId);
  });

  it('freeing a day inside a longer block splits it around that day', async () => {
    const first = addDays(today, 30);
    await sql(`insert into public.artist_blocked_dates (artist_id, starts_on, ends_on) values ($1, $2, $3)`, [artistId, first, addDays(first, 4)]);
    expect((await toggle(addDays(first, 2))).data).toBe(false);
    expect(await blocks()).toEqual([
      { starts_on: first, ends_on: addDays(first, 1) },
      { starts_on: addDays(first, 3), ends_on: addDays(first, 4) },
    ]);
    await sql('delete from public.artist_blocked_dates where artist_id = $1', [artistId]);
  });

  it('a day in the past, or more than three years ahead, is refused in Dutch; someone without an act is told so', async () => {
    expect((await toggle(addDays(today, -1))).error).toMatchObject({ code: '22023', message: 'Een dag in het verleden kun je niet meer blokkeren of vrijgeven.' });
    expect((await toggle(addDays(today, 4 * 365))).error).toMatchObject({ code: '22023', message: 'Je kunt tot drie jaar vooruit blokkeren.' });
    expect((await toggle(addDays(today, 5), stranger)).error).toMatchObject({ message: 'Je hebt nog geen act. Begin bij de eerste stap.' });
    expect((await anonClient().rpc('toggle_artist_blocked_day', { day: addDays(today, 5) })).error?.code).toBe('42501');
    expect(await blocks()).toEqual([]);
  });

  it('an imported calendar blocks its days from today on, once each', async () => {
    const ranges = [
      { starts_on: addDays(today, -3), ends_on: addDays(today, 1) },
      { starts_on: addDays(today, 40), ends_on: addDays(today, 41) },
      { starts_on: addDays(today, 41), ends_on: addDays(today, 41) },
    ];
    expect((await owner.client.rpc('block_artist_days', { ranges })).data).toBe(4);
    expect((await owner.client.rpc('block_artist_days', { ranges })).data).toBe(0);
    expect((await blocks()).map((block) => block.starts_on)).toEqual([today, addDays(today, 1), addDays(today, 40), addDays(today, 41)]);
    for (const bad of [
      { starts_on: 'morgen', ends_on: today },
      { starts_on: addDays(today, 5), ends_on: addDays(today, 2) },
    ]) {
      expect((await owner.client.rpc('block_artist_days', { ranges: [bad] })).error).toMatchObject({ code: '22023', message: 'Een periode in dit bestand heeft geen geldige datum.' });
    }
    expect((await owner.client.rpc('block_artist_days', { ranges: { starts_on: today } })).error).toMatchObject({ message: 'Geef een lijst met periodes.' });
    expect((await owner.client.rpc('block_artist_days', { ranges: Array.from({ length: 1001 }, () => ({ starts_on: today, ends_on: today })) })).error).toMatchObject({
      message: 'Dit bestand heeft te veel afspraken (hoogstens 1000 tegelijk).',
    });
  });
});

describe('the iCal feed', () => {
  let token: string;

  it('is made on request: 48 random hex digits, readable by its owner only', async () => {
    const { data, error } = await owner.client.rpc('renew_artist_calendar_feed');
    expect(error).toBeNull();
    token = data as string;
    expect(token).toMatch(/^[0-9a-f]{48}$/);
    expect((await owner.client.from('artist_calendar_feeds').select('token')).data).toEqual([{ token }]);
    expect((await stranger.client.from('artist_calendar_feeds').select('token').eq('artist_id', artistId)).data).toEqual([]);
    expect((await anonClient().from('artist_calendar_feeds').select('token')).error?.code).toBe('42501');
  });

  it('holds the accepted, confirmed and played gigs and the blocked days, as valid iCalendar', async () => {
    const confirmed = await createBooking(customer, artistId, 'confirmed', futureWindow(70));
    const accepted = await createBooking(customer, artistId, 'accepted', futureWindow(71));
    const pending = await createBooking(customer, artistId, 'pending', futureWindow(72));
    const cancelled = await createBooking(customer, artistId, 'cancelled', futureWindow(73));
    await sql(`update public.bookings set event_type = 'Bruiloft', event_location = 'Kasteel de Haar' where id = $1`, [confirmed]);

    const response = await feed(token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const body = await response.text();
    // RFC 5545 3.1: CRLF line breaks, no line longer than 75 octets.
    expect(body.split('\r\n').every((line) => Buffer.byteLength(line, 'utf8') <= 75)).toBe(true);
    expect(body.replace(/\r\n/g, '')).not.toMatch(/\n/);

    const calendar = new ICAL.Component(ICAL.parse(body));
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(String(calendar.getFirstPropertyValue('prodid'))).toContain('Podium');
    const events = calendar.getAllSubcomponents('vevent');
    for (const event of events) for (const required of ['uid', 'dtstamp', 'dtstart']) expect(event.hasProperty(required), `${required} in ${event.toString()}`).toBe(true);
    const byUid = new Map(events.map((event) => [String(event.getFirstPropertyValue('uid')), event]));
    const gig = byUid.get(`booking-${confirmed}@podium.nl`)!;
    expect(gig.getFirstPropertyValue('summary')).toBe('Bruiloft (bevestigd)');
    expect(gig.getFirstPropertyValue('location')).toBe('Kasteel de Haar');
    expect(gig.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(byUid.get(`booking-${accepted}@podium.nl`)!.getFirstPropertyValue('status')).toBe('TENTATIVE');
    expect(byUid.has(`booking-${pending}@podium.nl`)).toBe(false);
    expect(byUid.has(`booking-${cancelled}@podium.nl`)).toBe(false);
    const blocked = events.filter((event) => event.getFirstPropertyValue('summary') === 'Geblokkeerd op Podium');
    expect(blocked.length).toBe((await blocks()).length);
    expect((blocked[0]!.getFirstPropertyValue('dtstart') as ICAL.Time).isDate).toBe(true);
  });

  it('a new address makes the old one answer 404; a malformed one too', async () => {
    const renewed = (await owner.client.rpc('renew_artist_calendar_feed')).data as string;
    expect(renewed).not.toBe(token);
    expect((await feed(token)).status).toBe(404);
    expect((await feed(renewed)).status).toBe(200);
    const malformed = await fetch(`${urls.api}/functions/v1/artist-calendar?token=abc`, { headers: { apikey: keys.anon } });
    expect(malformed.status).toBe(404);
    expect(await malformed.text()).toBe('Deze agenda bestaat niet (meer). Kopieer het adres opnieuw uit je artiestenportaal.');
  });
});
