// The RLS matrix: anon, a customer, an artist, an admin and a stranger (another customer, part
// of nothing below) × every table × select/insert/update/delete, through PostgREST. Each cell
// says exactly what happens: a number of visible fixture rows, 'ok', 'denied' (42501), 'none'
// (an UPDATE/DELETE that RLS filters to 0 rows; the row is then checked unchanged) or another
// error code.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, closePool, createArtist, createBooking, createUser, sql, type TestUser } from './support.ts';

const ROLES = ['anon', 'customer', 'artist', 'admin', 'stranger'] as const;
type Actor = (typeof ROLES)[number];
type Outcome = 'ok' | 'denied' | 'none' | `error:${string}`;
type PerRole<T> = Record<Actor, T>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- query builders of any table
type Query = any;

interface Target {
  /** Restricts a query to the row(s) in question. */
  match: (query: Query) => Query;
  /** Reads the row(s) as superuser, to prove an unchanged row. */
  snapshot: () => Promise<unknown>;
}

interface TableCase {
  table: string;
  /** columns: what is read (default '*'; anon may read only some columns of a few tables). */
  select: { match: (query: Query) => Query; expect: PerRole<number | 'denied'>; columns?: string };
  insert: { row: (actor: Actor) => Record<string, unknown>; expect: PerRole<Outcome> };
  update: { target: () => Promise<Target>; patch: Record<string, unknown>; expect: PerRole<Outcome> };
  delete: { target: () => Promise<Target>; expect: PerRole<Outcome> };
}

const all = <T>(value: T): PerRole<T> => ({ anon: value, customer: value, artist: value, admin: value, stranger: value });

let customer: TestUser, artistUser: TestUser, admin: TestUser, stranger: TestUser, otherArtistUser: TestUser, pendingArtistUser: TestUser;
const clients = {} as PerRole<SupabaseClient>;
const userIds = {} as PerRole<string | null>;
type Fixture =
  | 'artist'
  | 'audit'
  | 'blocked'
  | 'booking'
  | 'contact'
  | 'conversation'
  | 'draft'
  | 'event'
  | 'inactivePackage'
  | 'ledger'
  | 'media'
  | 'message'
  | 'news'
  | 'otherArtist'
  | 'package'
  | 'payment'
  | 'pendingArtist'
  | 'pendingMedia'
  | 'review'
  | 'reviewableBooking'
  | 'strangerBooking';
const f = {} as Record<Fixture, string>;

const byId = (table: string, id: () => string): Target => ({
  match: (query) => query.eq('id', id()),
  snapshot: async () => (await sql(`select * from public.${table} where id = $1`, [id()]))[0],
});

beforeAll(async () => {
  [customer, artistUser, admin, stranger, otherArtistUser, pendingArtistUser] = await Promise.all([
    createUser('customer', { first: 'Klaas', last: 'Klant' }),
    createUser('artist', { first: 'Anna', last: 'Artiest' }),
    createUser('admin', { first: 'Bea', last: 'Beheer' }),
    createUser('customer', { first: 'Vera', last: 'Vreemd' }),
    createUser('artist'),
    createUser('artist'),
  ]);
  Object.assign(clients, { anon: anonClient(), customer: customer.client, artist: artistUser.client, admin: admin.client, stranger: stranger.client });
  Object.assign(userIds, { anon: null, customer: customer.id, artist: artistUser.id, admin: admin.id, stranger: stranger.id });

  f.artist = await createArtist(artistUser);
  f.otherArtist = await createArtist(otherArtistUser);
  f.pendingArtist = await createArtist(pendingArtistUser, { approved: false });
  const q1 = async (text: string, params: unknown[] = []) => String((await sql<{ id: string }>(text, params))[0]!.id);
  f.package = await q1(`insert into public.artist_packages (artist_id, name, price_cents) values ($1, 'Avondvullend', 150000) returning id`, [f.artist]);
  f.inactivePackage = await q1(`insert into public.artist_packages (artist_id, name, price_cents, is_active) values ($1, 'Oud', 90000, false) returning id`, [f.artist]);
  f.media = await q1(`insert into public.artist_media (artist_id, kind, storage_path) values ($1::uuid, 'image', $1::text || '/1.jpg') returning id`, [f.artist]);
  f.pendingMedia = await q1(`insert into public.artist_media (artist_id, kind, storage_path) values ($1::uuid, 'image', $1::text || '/1.jpg') returning id`, [f.pendingArtist]);
  f.blocked = await q1(`insert into public.artist_blocked_dates (artist_id, starts_on, ends_on) values ($1, '2031-05-01', '2031-05-02') returning id`, [f.artist]);
  await sql(`insert into public.artist_payout_details (artist_id, account_holder, iban) values ($1, 'Anna Artiest', 'NL91ABNA0417164300'), ($2, 'Ander', 'BE68539007547034')`, [
    f.artist,
    f.otherArtist,
  ]);
  // Random tokens: the matrix may run again against the same database.
  await sql(
    `insert into public.artist_calendar_feeds (artist_id, token) values ($1, md5(random()::text) || left(md5(random()::text), 16)), ($2, md5(random()::text) || left(md5(random()::text), 16))`,
    [f.artist, f.otherArtist],
  );
  await sql(`insert into public.artist_instagram_accounts (artist_id, instagram_user_id) values ($1, $3), ($2, $4)`, [f.artist, f.otherArtist, String(Date.now()) + '1', String(Date.now()) + '2']);
  await sql(`insert into public.artist_pending_changes (artist_id, changes) values ($1, '{"name": "Nieuwe naam"}'), ($2, '{"bio": "Nieuw"}')`, [f.artist, f.otherArtist]);
  await sql(`insert into public.favorites (profile_id, artist_id) values ($1, $2)`, [customer.id, f.artist]);
  f.booking = await createBooking(customer, f.artist, 'completed');
  f.strangerBooking = await createBooking(stranger, f.otherArtist, 'pending');
  f.reviewableBooking = await createBooking(customer, f.artist, 'completed');
  f.event = await q1(`insert into public.booking_events (booking_id, from_status, to_status, actor) values ($1, 'confirmed', 'completed', 'system') returning id`, [f.booking]);
  f.payment = await q1(`insert into public.payments (booking_id, provider_payment_id, amount_cents, status) values ($1, $2, 105000, 'paid') returning id`, [f.booking, `tr_${randomUUID()}`]);
  f.review = await q1(`insert into public.reviews (booking_id, customer_id, rating, body) values ($1, $2, 5, 'Top!') returning id`, [f.booking, customer.id]);
  f.conversation = await q1(`insert into public.chat_conversations (customer_id, artist_id) values ($1, $2) returning id`, [customer.id, f.artist]);
  f.message = await q1(`insert into public.chat_messages (conversation_id, sender_id, message_text) values ($1, $2, 'Hallo!') returning id`, [f.conversation, customer.id]);
  f.news = await q1(`insert into public.news_articles (slug, title, status) values ($1, 'Nieuw', 'published') returning id`, [`nieuws-${randomUUID()}`]);
  f.draft = await q1(`insert into public.news_articles (slug, title, status) values ($1, 'Concept', 'draft') returning id`, [`concept-${randomUUID()}`]);
  f.ledger = await q1(`insert into public.bands_transactions (user_id, amount_cents, type, source) values ($1::uuid, 500, 'welcome_bonus', $1::text) returning id`, [customer.id]);
  await sql(`update public.profiles set bands_balance_cents = 500 where id = $1`, [customer.id]);
  f.audit = await q1(`insert into public.admin_audit_log (actor_id, action, table_name) values ($1, 'test', 'artists') returning id`, [admin.id]);
  f.contact = await q1(`insert into public.contact_requests (name, email, message) values ('Jan', 'jan@example.com', 'Vraag') returning id`);
}, 60_000);

afterAll(closePool);

const cases: TableCase[] = [
  {
    table: 'profiles',
    select: { match: (q) => q.in('id', [customer.id, artistUser.id]), expect: { anon: 'denied', customer: 1, artist: 1, admin: 2, stranger: 0 } },
    insert: { row: () => ({ id: randomUUID(), first_name: 'Nep' }), expect: all('denied') },
    update: {
      target: async () => byId('profiles', () => customer.id),
      patch: { phone: '0612345678' },
      expect: { anon: 'denied', customer: 'ok', artist: 'none', admin: 'ok', stranger: 'none' },
    },
    delete: { target: async () => byId('profiles', () => customer.id), expect: all('denied') },
  },
  {
    table: 'public_profiles',
    // Display name and photo for anyone; the full name is in profile_names.
    select: { match: (q) => q.in('id', [customer.id, artistUser.id]), expect: all(2), columns: 'id, display_name, avatar_path' },
    insert: { row: () => ({ id: randomUUID(), first_name: 'a', last_name: 'b', display_name: 'c' }), expect: all('denied') },
    update: { target: async () => byId('public_profiles', () => customer.id), patch: { display_name: 'Hacker' }, expect: all('denied') },
    delete: { target: async () => byId('public_profiles', () => customer.id), expect: all('denied') },
  },
  {
    table: 'profile_names',
    // The customer booked and chats with the artist: each sees both names; the stranger neither.
    select: { match: (q) => q.in('id', [customer.id, artistUser.id]), expect: { anon: 'denied', customer: 2, artist: 2, admin: 2, stranger: 0 } },
    insert: { row: () => ({ id: randomUUID(), first_name: 'a', last_name: 'b' }), expect: all('denied') },
    update: { target: async () => byId('profile_names', () => customer.id), patch: { first_name: 'Hacker' }, expect: all('denied') },
    delete: { target: async () => byId('profile_names', () => customer.id), expect: all('denied') },
  },
  {
    table: 'artists',
    select: { match: (q) => q.in('id', [f.artist, f.pendingArtist]), expect: { anon: 1, customer: 1, artist: 1, admin: 2, stranger: 1 }, columns: 'id, name, slug' },
    insert: {
      row: (actor) => ({ profile_id: userIds[actor], name: `Nieuwe act ${randomUUID().slice(0, 6)}` }),
      // The artist already has an active act: one per profile.
      expect: { anon: 'denied', customer: 'ok', artist: 'error:23505', admin: 'ok', stranger: 'ok' },
    },
    update: {
      target: async () => byId('artists', () => f.artist),
      patch: { bio: 'Nieuwe bio' },
      expect: { anon: 'denied', customer: 'none', artist: 'ok', admin: 'ok', stranger: 'none' },
    },
    delete: { target: async () => byId('artists', () => f.artist), expect: all('denied') },
  },
  ...(['artist_packages', 'artist_media', 'artist_blocked_dates'] as const).map((table): TableCase => ({
    table,
    select: {
      match: (q) => q.in('id', table === 'artist_packages' ? [f.package, f.inactivePackage] : table === 'artist_media' ? [f.media, f.pendingMedia] : [f.blocked]),
      expect: table === 'artist_packages' ? { anon: 1, customer: 1, artist: 2, admin: 2, stranger: 1 } : table === 'artist_media' ? { anon: 1, customer: 1, artist: 1, admin: 2, stranger: 1 } : all(1),
    },
    insert: {
      row: () => ({ artist_id: f.artist, ...childRow(table) }),
      expect: { anon: 'denied', customer: 'denied', artist: 'ok', admin: 'ok', stranger: 'denied' },
    },
    update: {
      target: async () => byId(table, () => (table === 'artist_packages' ? f.package : table === 'artist_media' ? f.media : f.blocked)),
      patch: table === 'artist_packages' ? { description: 'Bijgewerkt' } : table === 'artist_media' ? { caption: 'Live' } : { ends_on: '2031-05-03' },
      expect: { anon: 'denied', customer: 'none', artist: 'ok', admin: 'ok', stranger: 'none' },
    },
    delete: {
      target: async () => {
        const columns = childRow(table);
        const keys = Object.keys(columns);
        const [row] = await sql<{ id: string }>(`insert into public.${table} (artist_id, ${keys.join(', ')}) values ($1, ${keys.map((_, i) => `$${i + 2}`).join(', ')}) returning id`, [
          f.artist,
          ...Object.values(columns),
        ]);
        return byId(table, () => row!.id);
      },
      expect: { anon: 'denied', customer: 'none', artist: 'ok', admin: 'ok', stranger: 'none' },
    },
  })),
  {
    // Where an act is paid: its owner and admins read it; nobody writes it but through
    // save_artist_payout_details (artist-onboarding.test.ts).
    table: 'artist_payout_details',
    select: { match: (q) => q.in('artist_id', [f.artist, f.otherArtist]), expect: { anon: 'denied', customer: 0, artist: 1, admin: 2, stranger: 0 } },
    insert: { row: () => ({ artist_id: f.pendingArtist, account_holder: 'Iemand', iban: 'NL91ABNA0417164300' }), expect: all('denied') },
    update: {
      target: async () => ({
        match: (query) => query.eq('artist_id', f.artist),
        snapshot: async () => (await sql(`select * from public.artist_payout_details where artist_id = $1`, [f.artist]))[0],
      }),
      patch: { iban: 'BE68539007547034' },
      expect: all('denied'),
    },
    delete: {
      target: async () => ({
        match: (query) => query.eq('artist_id', f.artist),
        snapshot: async () => (await sql(`select * from public.artist_payout_details where artist_id = $1`, [f.artist]))[0],
      }),
      expect: all('denied'),
    },
  },
  {
    // The iCal feed's secret: its owner only (not even admins need it); renewed through
    // renew_artist_calendar_feed (artist-calendar.test.ts).
    table: 'artist_calendar_feeds',
    select: { match: (q) => q.in('artist_id', [f.artist, f.otherArtist]), expect: { anon: 'denied', customer: 0, artist: 1, admin: 0, stranger: 0 } },
    insert: { row: () => ({ artist_id: f.pendingArtist, token: 'c'.repeat(48) }), expect: all('denied') },
    update: {
      target: async () => ({
        match: (query) => query.eq('artist_id', f.artist),
        snapshot: async () => (await sql(`select * from public.artist_calendar_feeds where artist_id = $1`, [f.artist]))[0],
      }),
      patch: { token: 'd'.repeat(48) },
      expect: all('denied'),
    },
    delete: {
      target: async () => ({
        match: (query) => query.eq('artist_id', f.artist),
        snapshot: async () => (await sql(`select * from public.artist_calendar_feeds where artist_id = $1`, [f.artist]))[0],
      }),
      expect: all('denied'),
    },
  },
  {
    // Which Instagram account an act linked: its owner and admins read it; only link_artist_instagram
    // (the instagram-link function, service role) and unlink_artist_instagram write it (instagram-link.test.ts).
    table: 'artist_instagram_accounts',
    select: { match: (q) => q.in('artist_id', [f.artist, f.otherArtist]), expect: { anon: 'denied', customer: 0, artist: 1, admin: 2, stranger: 0 } },
    insert: { row: () => ({ artist_id: f.pendingArtist, instagram_user_id: '17841400000000003' }), expect: all('denied') },
    update: {
      target: async () => ({
        match: (query) => query.eq('artist_id', f.artist),
        snapshot: async () => (await sql(`select * from public.artist_instagram_accounts where artist_id = $1`, [f.artist]))[0],
      }),
      patch: { instagram_user_id: '17841400000000009' },
      expect: all('denied'),
    },
    delete: {
      target: async () => ({
        match: (query) => query.eq('artist_id', f.artist),
        snapshot: async () => (await sql(`select * from public.artist_instagram_accounts where artist_id = $1`, [f.artist]))[0],
      }),
      expect: all('denied'),
    },
  },
  {
    // An approved act's changes awaiting review: its owner and admins read them; only the
    // artists triggers and admin_review_artists write them (artist-change-review.test.ts).
    table: 'artist_pending_changes',
    select: { match: (q) => q.in('artist_id', [f.artist, f.otherArtist]), expect: { anon: 'denied', customer: 0, artist: 1, admin: 2, stranger: 0 } },
    insert: { row: () => ({ artist_id: f.pendingArtist, changes: { name: 'Iets' } }), expect: all('denied') },
    update: {
      target: async () => ({
        match: (query) => query.eq('artist_id', f.artist),
        snapshot: async () => (await sql(`select * from public.artist_pending_changes where artist_id = $1`, [f.artist]))[0],
      }),
      patch: { changes: {} },
      expect: all('denied'),
    },
    delete: {
      target: async () => ({
        match: (query) => query.eq('artist_id', f.artist),
        snapshot: async () => (await sql(`select * from public.artist_pending_changes where artist_id = $1`, [f.artist]))[0],
      }),
      expect: all('denied'),
    },
  },
  {
    table: 'favorites',
    select: { match: (q) => q.eq('profile_id', customer.id), expect: { anon: 'denied', customer: 1, artist: 0, admin: 0, stranger: 0 } },
    insert: { row: (actor) => ({ profile_id: userIds[actor], artist_id: f.otherArtist }), expect: { anon: 'denied', customer: 'ok', artist: 'ok', admin: 'ok', stranger: 'ok' } },
    update: {
      target: async () => ({
        match: (q) => q.eq('profile_id', customer.id).eq('artist_id', f.artist),
        snapshot: async () => sql(`select * from public.favorites where profile_id = $1 and artist_id = $2`, [customer.id, f.artist]),
      }),
      patch: { created_at: '2030-01-01T00:00:00Z' },
      expect: all('denied'),
    },
    delete: {
      target: async () => {
        const artistId = await createArtist(await createUser('artist'));
        await sql(`insert into public.favorites (profile_id, artist_id) values ($1, $2)`, [customer.id, artistId]);
        return {
          match: (q) => q.eq('profile_id', customer.id).eq('artist_id', artistId),
          snapshot: async () => sql(`select * from public.favorites where profile_id = $1 and artist_id = $2`, [customer.id, artistId]),
        };
      },
      expect: { anon: 'denied', customer: 'ok', artist: 'none', admin: 'none', stranger: 'none' },
    },
  },
  {
    table: 'bookings',
    select: { match: (q) => q.in('id', [f.booking, f.strangerBooking]), expect: { anon: 'denied', customer: 1, artist: 1, admin: 2, stranger: 1 } },
    insert: {
      row: (actor) => ({ customer_id: userIds[actor], artist_id: f.artist, starts_at: '2032-01-01T20:00:00Z', ends_at: '2032-01-01T23:00:00Z', price_cents: 1, platform_fee_cents: 0, total_cents: 1 }),
      expect: all('denied'),
    },
    update: { target: async () => byId('bookings', () => f.booking), patch: { status: 'cancelled' }, expect: all('denied') },
    delete: { target: async () => byId('bookings', () => f.booking), expect: all('denied') },
  },
  {
    table: 'booking_events',
    select: { match: (q) => q.eq('id', f.event), expect: { anon: 'denied', customer: 1, artist: 1, admin: 1, stranger: 0 } },
    insert: { row: () => ({ booking_id: f.booking, to_status: 'cancelled', actor: 'customer' }), expect: all('denied') },
    update: { target: async () => byId('booking_events', () => f.event), patch: { reason: 'x' }, expect: all('denied') },
    delete: { target: async () => byId('booking_events', () => f.event), expect: all('denied') },
  },
  {
    table: 'booking_transitions',
    select: { match: (q) => q, expect: { anon: 'denied', customer: 18, artist: 18, admin: 18, stranger: 18 } },
    insert: { row: () => ({ from_status: 'completed', to_status: 'pending', actor: 'customer' }), expect: all('denied') },
    update: {
      target: async () => ({
        match: (q) => q.eq('from_status', 'accepted').eq('to_status', 'confirmed'),
        snapshot: async () => sql(`select * from public.booking_transitions where from_status = 'accepted' and to_status = 'confirmed'`),
      }),
      patch: { actor: 'customer' },
      expect: all('denied'),
    },
    delete: {
      target: async () => ({
        match: (q) => q.eq('from_status', 'accepted').eq('to_status', 'confirmed'),
        snapshot: async () => sql(`select * from public.booking_transitions where from_status = 'accepted' and to_status = 'confirmed'`),
      }),
      expect: all('denied'),
    },
  },
  {
    table: 'payments',
    select: { match: (q) => q.eq('id', f.payment), expect: { anon: 'denied', customer: 1, artist: 0, admin: 1, stranger: 0 } },
    insert: { row: () => ({ booking_id: f.booking, provider_payment_id: `tr_${randomUUID()}`, amount_cents: 1, status: 'paid' }), expect: all('denied') },
    update: { target: async () => byId('payments', () => f.payment), patch: { status: 'paid' }, expect: all('denied') },
    delete: { target: async () => byId('payments', () => f.payment), expect: all('denied') },
  },
  {
    table: 'reviews',
    select: { match: (q) => q.eq('id', f.review), expect: all(1), columns: 'id, rating, body' },
    insert: {
      row: () => ({ booking_id: f.reviewableBooking, rating: 4, music_rating: 5, professionalism_rating: 4, communication_rating: 4, body: 'Goed optreden, aanrader!' }),
      expect: { anon: 'denied', customer: 'ok', artist: 'denied', admin: 'denied', stranger: 'denied' },
    },
    update: {
      target: async () => {
        const bookingId = await createBooking(customer, f.artist, 'completed');
        const [row] = await sql<{ id: string }>(
          `insert into public.reviews (booking_id, customer_id, rating, music_rating, professionalism_rating, communication_rating, body) values ($1, $2, 4, 4, 4, 4, 'Prima avond gehad') returning id`,
          [bookingId, customer.id],
        );
        return byId('reviews', () => row!.id);
      },
      patch: { body: 'Aangepast na het feest' },
      // The artist passes RLS (to reply) but the trigger refuses a change to the text.
      expect: { anon: 'denied', customer: 'ok', artist: 'denied', admin: 'ok', stranger: 'none' },
    },
    delete: {
      target: async () => {
        const bookingId = await createBooking(customer, f.artist, 'completed');
        const [row] = await sql<{ id: string }>(`insert into public.reviews (booking_id, customer_id, rating) values ($1, $2, 3) returning id`, [bookingId, customer.id]);
        return byId('reviews', () => row!.id);
      },
      expect: { anon: 'denied', customer: 'none', artist: 'none', admin: 'ok', stranger: 'none' },
    },
  },
  {
    table: 'chat_conversations',
    select: { match: (q) => q.eq('id', f.conversation), expect: { anon: 'denied', customer: 1, artist: 1, admin: 1, stranger: 0 } },
    insert: { row: (actor) => ({ customer_id: userIds[actor], artist_id: f.otherArtist }), expect: { anon: 'denied', customer: 'ok', artist: 'ok', admin: 'ok', stranger: 'ok' } },
    update: { target: async () => byId('chat_conversations', () => f.conversation), patch: { last_message_at: '2030-01-01T00:00:00Z' }, expect: all('denied') },
    delete: { target: async () => byId('chat_conversations', () => f.conversation), expect: all('denied') },
  },
  {
    table: 'chat_messages',
    select: { match: (q) => q.eq('id', f.message), expect: { anon: 'denied', customer: 1, artist: 1, admin: 1, stranger: 0 } },
    insert: {
      row: (actor) => ({ conversation_id: f.conversation, sender_id: userIds[actor], message_text: 'Test' }),
      expect: { anon: 'denied', customer: 'ok', artist: 'ok', admin: 'denied', stranger: 'denied' },
    },
    update: {
      target: async () => {
        const [row] = await sql<{ id: string }>(`insert into public.chat_messages (conversation_id, sender_id, message_text) values ($1, $2, 'Nog een') returning id`, [f.conversation, customer.id]);
        return byId('chat_messages', () => row!.id);
      },
      patch: { is_read: true },
      // Only the recipient (the artist here) marks a message read.
      expect: { anon: 'denied', customer: 'none', artist: 'ok', admin: 'none', stranger: 'none' },
    },
    delete: { target: async () => byId('chat_messages', () => f.message), expect: all('denied') },
  },
  {
    table: 'news_articles',
    select: { match: (q) => q.in('id', [f.news, f.draft]), expect: { anon: 1, customer: 1, artist: 1, admin: 2, stranger: 1 } },
    insert: { row: () => ({ slug: `artikel-${randomUUID()}`, title: 'Nieuws' }), expect: { anon: 'denied', customer: 'denied', artist: 'denied', admin: 'ok', stranger: 'denied' } },
    update: {
      target: async () => byId('news_articles', () => f.news),
      patch: { excerpt: 'Samenvatting' },
      expect: { anon: 'denied', customer: 'none', artist: 'none', admin: 'ok', stranger: 'none' },
    },
    delete: {
      target: async () => {
        const [row] = await sql<{ id: string }>(`insert into public.news_articles (slug, title) values ($1, 'Weg') returning id`, [`weg-${randomUUID()}`]);
        return byId('news_articles', () => row!.id);
      },
      expect: { anon: 'denied', customer: 'none', artist: 'none', admin: 'ok', stranger: 'none' },
    },
  },
  {
    table: 'bands_transactions',
    // SPEC 7.2's columns (and user_id to filter on); source and created_by stay with the server.
    select: {
      match: (q) => q.eq('id', f.ledger),
      expect: { anon: 'denied', customer: 1, artist: 0, admin: 1, stranger: 0 },
      columns: 'id, user_id, amount_cents, type, reason, created_at, booking_id',
    },
    insert: { row: (actor) => ({ user_id: userIds[actor], amount_cents: 100000, type: 'admin_adjustment', source: randomUUID() }), expect: all('denied') },
    update: { target: async () => byId('bands_transactions', () => f.ledger), patch: { amount_cents: 99999 }, expect: all('denied') },
    delete: { target: async () => byId('bands_transactions', () => f.ledger), expect: all('denied') },
  },
  {
    table: 'app_config',
    select: { match: (q) => q.in('key', ['welcome_bonus_cents', 'referral_bonus_cents', 'platform_fee_bps']), expect: all(3) },
    insert: { row: () => ({ key: `k${randomUUID()}`, value_int: 1, description: 'x' }), expect: all('denied') },
    update: {
      target: async () => ({
        match: (q) => q.eq('key', 'platform_fee_bps'),
        snapshot: async () => (await sql(`select key, value_int from public.app_config where key = 'platform_fee_bps'`))[0],
      }),
      patch: { value_int: 500 },
      expect: { anon: 'denied', customer: 'none', artist: 'none', admin: 'ok', stranger: 'none' },
    },
    delete: {
      target: async () => ({
        match: (q) => q.eq('key', 'platform_fee_bps'),
        snapshot: async () => (await sql(`select key, value_int from public.app_config where key = 'platform_fee_bps'`))[0],
      }),
      expect: all('denied'),
    },
  },
  {
    table: 'admin_audit_log',
    select: { match: (q) => q.eq('id', f.audit), expect: { anon: 'denied', customer: 0, artist: 0, admin: 1, stranger: 0 } },
    insert: { row: () => ({ action: 'fake', table_name: 'artists' }), expect: all('denied') },
    update: { target: async () => byId('admin_audit_log', () => f.audit), patch: { action: 'x' }, expect: all('denied') },
    delete: { target: async () => byId('admin_audit_log', () => f.audit), expect: all('denied') },
  },
  {
    table: 'contact_requests',
    select: { match: (q) => q.eq('id', f.contact), expect: { anon: 'denied', customer: 0, artist: 0, admin: 1, stranger: 0 } },
    // Only through the contact-request edge function (20261122004300_content_pages.sql).
    insert: { row: () => ({ name: 'Piet', email: 'piet@example.com', message: 'Kunnen jullie op 1 mei?' }), expect: all('denied') },
    update: {
      target: async () => byId('contact_requests', () => f.contact),
      patch: { status: 'handled' },
      expect: { anon: 'denied', customer: 'none', artist: 'none', admin: 'ok', stranger: 'none' },
    },
    delete: { target: async () => byId('contact_requests', () => f.contact), expect: all('denied') },
  },
  {
    table: 'places',
    select: { match: (q) => q.eq('name', 'Amsterdam').eq('country', 'NL'), expect: all(1) },
    insert: { row: () => ({ id: 1, name: 'Nergenshuizen', country: 'NL', latitude: 52, longitude: 5 }), expect: all('denied') },
    update: {
      target: async () => ({ match: (q) => q.eq('id', 2759794), snapshot: async () => sql(`select * from public.places where id = 2759794`) }),
      patch: { name: 'Mokum' },
      expect: all('denied'),
    },
    delete: {
      target: async () => ({ match: (q) => q.eq('id', 2759794), snapshot: async () => sql(`select * from public.places where id = 2759794`) }),
      expect: all('denied'),
    },
  },
];

function childRow(table: 'artist_packages' | 'artist_media' | 'artist_blocked_dates'): Record<string, unknown> {
  if (table === 'artist_packages') return { name: `Pakket ${randomUUID().slice(0, 4)}`, price_cents: 50000 };
  // In the act's own folder, as the database requires.
  if (table === 'artist_media') return { kind: 'image', storage_path: `${f.artist}/${randomUUID()}.jpg` };
  return { starts_on: '2031-06-01', ends_on: '2031-06-01' };
}

function outcomeOf(result: { error: { code: string } | null; count: number | null }): Outcome {
  if (result.error) return result.error.code === '42501' ? 'denied' : `error:${result.error.code}`;
  return result.count === 0 ? 'none' : 'ok';
}

describe.each(cases)('$table', (spec) => {
  it.each(ROLES)('select as %s', async (actor) => {
    const { data, error } = await spec.select.match(clients[actor].from(spec.table).select(spec.select.columns ?? '*'));
    const expected = spec.select.expect[actor];
    if (expected === 'denied') {
      expect(error?.code).toBe('42501');
    } else {
      expect(error).toBeNull();
      expect(data).toHaveLength(expected);
    }
  });

  it.each(ROLES)('update as %s', async (actor) => {
    const target = await spec.update.target();
    const before = await target.snapshot();
    const outcome = outcomeOf(await target.match(clients[actor].from(spec.table).update(spec.update.patch, { count: 'exact' })));
    expect(outcome).toBe(spec.update.expect[actor]);
    if (outcome !== 'ok') expect(await target.snapshot()).toEqual(before);
  });

  it.each(ROLES)('insert as %s', async (actor) => {
    const { error } = await clients[actor].from(spec.table).insert(spec.insert.row(actor));
    const outcome: Outcome = error ? (error.code === '42501' ? 'denied' : `error:${error.code}`) : 'ok';
    expect(outcome).toBe(spec.insert.expect[actor]);
  });

  it.each(ROLES)('delete as %s', async (actor) => {
    const target = await spec.delete.target();
    const before = await target.snapshot();
    const outcome = outcomeOf(await target.match(clients[actor].from(spec.table).delete({ count: 'exact' })));
    expect(outcome).toBe(spec.delete.expect[actor]);
    if (outcome !== 'ok') expect(await target.snapshot()).toEqual(before);
  });
});

describe('what a guest may read of artists and reviews', () => {
  it.each([
    ['artists', 'profile_id'],
    ['artists', 'rejection_reason'],
    ['reviews', 'booking_id'],
    ['artists', '*'],
    ['reviews', '*'],
    ['public_profiles', 'first_name'],
    ['public_profiles', 'last_name'],
  ])('anon cannot read %s.%s', async (table, column) => {
    const { error } = await clients.anon.from(table).select(column).limit(1);
    expect(error?.code).toBe('42501');
  });

  it('anon reads the public columns, and who wrote a review', async () => {
    const artist = await clients.anon.from('artists').select('id, slug, name, city, rating_avg, review_count, cover_path').eq('id', f.artist);
    expect(artist.error).toBeNull();
    expect(artist.data).toHaveLength(1);
    const review = await clients.anon.from('reviews').select('id, rating, body, public_profiles(display_name)').eq('id', f.review).single();
    expect(review.error).toBeNull();
    expect(review.data?.public_profiles).toMatchObject({ display_name: expect.any(String) });
  });

  it('signed-in users keep reading every column their policies show', async () => {
    const { error } = await clients.artist.from('artists').select('profile_id, rejection_reason').eq('id', f.artist);
    expect(error).toBeNull();
  });
});
