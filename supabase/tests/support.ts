// Test data for the database tests, made by the tests themselves (never seed data): users in
// auth.users (the profile trigger does the rest), artists, bookings, and clients acting as each
// role through PostgREST, or as each role straight on a pg connection.
import { randomUUID } from 'node:crypto';
import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { db, keys, urls } from '../stack/config.ts';
import { signJWT } from '../stack/auth/jwt.ts';
import { anonClient, clientWithToken, serviceClient, waitFor } from '../stack/testing.ts';

export { anonClient, serviceClient };

export type Role = 'customer' | 'artist' | 'admin';

export interface TestUser {
  id: string;
  email: string;
  token: string;
  client: SupabaseClient;
}

let sharedPool: pg.Pool | undefined;

/** A superuser pool for setup and inspection; closed by closePool() in afterAll. */
export function pool(): pg.Pool {
  sharedPool ??= new pg.Pool({ connectionString: db.url, max: 60 });
  return sharedPool;
}

export async function closePool() {
  await sharedPool?.end();
  sharedPool = undefined;
}

export async function sql<T extends pg.QueryResultRow = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await pool().query<T>(text, params)).rows;
}

export type Aal = 'aal1' | 'aal2';

/**
 * An access token like the auth server issues (same secret and claims PostgREST checks): aal1
 * after a password, aal2 with the 'totp' method after the second factor. With a session id it
 * names that session (the database refuses it once the session has ended, see signIn); without
 * one it is a server-made token, which names none.
 */
export function accessToken(userId: string, email: string, aal: Aal = 'aal1', sessionId?: string): string {
  const now = Math.floor(Date.now() / 1000);
  const amr = [{ method: 'password', timestamp: now }, ...(aal === 'aal2' ? [{ method: 'totp', timestamp: now }] : [])];
  return signJWT({ sub: userId, email, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 3600, aal, amr, ...(sessionId ? { session_id: sessionId } : {}) }, keys.jwtSecret);
}

/** A new session of the user in auth.sessions, as the auth server writes one at sign-in, and its access token. */
export async function signIn(user: { id: string; email: string }, aal: Aal = 'aal1'): Promise<{ sessionId: string; token: string }> {
  const sessionId = randomUUID();
  await sql(`insert into auth.sessions (id, user_id, created_at, updated_at, aal) values ($1, $2, now(), now(), $3)`, [sessionId, user.id, aal]);
  return { sessionId, token: accessToken(user.id, user.email, aal, sessionId) };
}

/**
 * A confirmed user inserted into auth.users as the auth server would; the trigger creates the
 * profile. Admins are made by promoting the profile (nobody can sign up as admin), and act signed
 * in with their second factor (aal2) unless `aal: 'aal1'` asks for a password-only session.
 */
export async function createUser(role: Role = 'customer', names: { first?: string; last?: string; aal?: Aal } = {}): Promise<TestUser> {
  const id = randomUUID();
  const email = `${role}-${id.slice(0, 8)}@example.com`;
  const meta = { first_name: names.first ?? 'Test', last_name: names.last ?? role, role: role === 'admin' ? 'customer' : role, terms_accepted: true };
  await sql(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, '', now(), '{"provider":"email","providers":["email"]}', $3, now(), now())`,
    [id, email, JSON.stringify(meta)],
  );
  if (role === 'admin') await sql(`update public.profiles set role = 'admin' where id = $1`, [id]);
  const { token } = await signIn({ id, email }, names.aal ?? (role === 'admin' ? 'aal2' : 'aal1'));
  return { id, email, token, client: clientWithToken(token) };
}

export interface ArtistOptions {
  approved?: boolean;
  name?: string;
  basePriceCents?: number;
  genre?: string;
  city?: string;
  categories?: string[];
  placeName?: string;
  priority?: number;
}

/** An artists row for the user (approved unless said otherwise). */
export async function createArtist(owner: TestUser, options: ArtistOptions = {}): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into public.artists (profile_id, name, genre, city, categories, base_price_cents, approval_status, priority, place_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, (select id from public.places where name = $9 order by population desc limit 1))
     returning id`,
    [
      owner.id,
      options.name ?? `Testband ${owner.id.slice(0, 6)}`,
      options.genre ?? 'pop',
      options.city ?? '',
      options.categories ?? ['bands'],
      options.basePriceCents ?? 100_000,
      options.approved === false ? 'pending' : 'approved',
      options.priority ?? 0,
      options.placeName ?? null,
    ],
  );
  return row!.id;
}

export type BookingStatus = 'pending' | 'accepted' | 'declined' | 'confirmed' | 'expired' | 'cancelled' | 'completed';

let slot = 0;
/** A unique future time window, so bookings made by different tests never overlap by accident. */
export function futureWindow(daysAhead = 30): { startsAt: Date; endsAt: Date } {
  slot += 1;
  const startsAt = new Date(Date.UTC(2030, 0, 1) + daysAhead * 86_400_000 + slot * 7 * 3_600_000);
  return { startsAt, endsAt: new Date(startsAt.getTime() + 3 * 3_600_000) };
}

/** A booking in any status, written directly as superuser (as seed data would be). */
export async function createBooking(customer: TestUser, artistId: string, status: BookingStatus = 'pending', window = futureWindow(), priceCents = 100_000): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into public.bookings (customer_id, artist_id, starts_at, ends_at, price_cents, platform_fee_cents, total_cents, status,
       accepted_at, confirmed_at, payment_deadline)
     values ($1, $2, $3, $4, $5, $5 / 20, $5 + $5 / 20, $6,
       case when $6 in ('accepted', 'confirmed', 'completed') then now() end,
       case when $6 in ('confirmed', 'completed') then now() end,
       case when $6 = 'accepted' then now() + interval '3 days' end)
     returning id`,
    [customer.id, artistId, window.startsAt, window.endsAt, priceCents, status],
  );
  return row!.id;
}

/** An app_config amount or limit, as the rules read it. */
export const appConfig = async (key: string) => (await sql<{ value_int: number }>('select value_int from public.app_config where key = $1', [key]))[0]!.value_int;

/** The user's referral code (every account gets one at sign-up). */
export const referralCodeOf = async (user: TestUser) => (await sql<{ referral_code: string }>('select referral_code from public.profiles where id = $1', [user.id]))[0]!.referral_code;

/** The referred user enters the referrer's code, as the app does after login; answers apply_referral_code's outcome. */
export const refer = async (referred: TestUser, referrer: TestUser) => (await referred.client.rpc('apply_referral_code', { code: await referralCodeOf(referrer) })).data as string;

/** BANDS credited through the ledger's one writer, as an admin adjustment. */
export const creditBands = (user: TestUser, cents: number) => sql(`select private.post_bands($1, $2, 'admin_adjustment', gen_random_uuid()::text, 'test')`, [user.id, cents]);

/** The payment provider's webhook for an accepted booking's full total (provider id tr_{booking}); answers the total. */
export async function payBooking(bookingId: string): Promise<number> {
  const [b] = await sql<{ total_cents: number }>('select total_cents from public.bookings where id = $1', [bookingId]);
  const { error } = await serviceClient().rpc('record_booking_payment', { booking_id: bookingId, provider_payment_id: `tr_${bookingId}`, payment_status: 'paid', amount_cents: b!.total_cents });
  if (error) throw new Error(`record_booking_payment: ${error.message}`);
  return b!.total_cents;
}

/**
 * Runs send-notifications as the scheduler does, for one booking's mails (the whole outbox of a
 * parallel suite can outlast a test) or, without a booking, for all of them; answers the status.
 */
export async function sendBookingMails(bookingId?: string, token = keys.serviceRole): Promise<number> {
  const response = await fetch(`${urls.api}/functions/v1/send-notifications`, {
    method: 'POST',
    headers: { apikey: keys.anon, Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(bookingId ? { booking_id: bookingId } : {}),
  });
  await response.body?.cancel();
  return response.status;
}

/**
 * The gig was played: the scheduler's transition to completed, which opens the check-in window;
 * unless `checkIn: 'open'`, the customer then answered 'Ja, alles ging goed', which releases the
 * payout (and the referral bonus, and the review).
 */
export async function completeBooking(bookingId: string, { checkIn = 'confirmed' }: { checkIn?: 'open' | 'confirmed' } = {}) {
  await sql(`select private.apply_booking_transition($1, 'completed', array['system'], null, 'Optreden heeft plaatsgevonden')`, [bookingId]);
  if (checkIn === 'confirmed') {
    await sql(`update public.booking_checkins set answer = 'ok', answered_at = now() where booking_id = $1`, [bookingId]);
    await sql(`select private.release_payout($1, 'customer_confirmed')`, [bookingId]);
  }
}

/**
 * Runs statements on one connection as the given user (role authenticated + JWT claims), in one
 * transaction; signed in with the second factor (aal2) unless told otherwise.
 */
export async function asUser<T>(client: pg.PoolClient | pg.Client, userId: string | null, work: () => Promise<T>, role = 'authenticated', aal: Aal = 'aal2'): Promise<T> {
  await client.query('begin');
  try {
    await client.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [role, JSON.stringify(userId ? { sub: userId, role, aal } : { role })]);
    const result = await work();
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

/** The PostgREST error of a call, failing the test when there was none. */
export function errorOf(result: { error: PostgrestError | null }): PostgrestError {
  if (!result.error) throw new Error('expected an error, got success');
  return result.error;
}

/**
 * The customer pays an accepted booking as the checkout does: create-payment, then 'Betaald' with
 * `method` on the sandbox's checkout page; answers Mollie's payment id once the webhook confirmed it.
 */
export async function payInSandbox(customer: TestUser, bookingId: string, method: 'ideal' | 'creditcard' | 'bancontact' = 'ideal'): Promise<string> {
  const response = await fetch(`${urls.api}/functions/v1/create-payment`, {
    method: 'POST',
    headers: { apikey: keys.anon, Authorization: `Bearer ${customer.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ bookingId }),
  });
  if (response.status !== 200) throw new Error(`create-payment for ${bookingId} answered ${response.status}`);
  const { checkoutUrl, paymentId } = (await response.json()) as { checkoutUrl: string; paymentId: string };
  const paid = await fetch(checkoutUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ method, status: 'paid' }).toString(),
    redirect: 'manual',
  });
  await paid.body?.cancel();
  if (paid.status !== 303) throw new Error(`paying ${bookingId} in the sandbox answered ${paid.status}`);
  await waitFor(async () => (await sql<{ status: string }>('select status from public.bookings where id = $1', [bookingId]))[0]!.status === 'confirmed', { timeoutMs: 15_000 });
  return paymentId;
}
