// The booking money path through the gateway, as the apps call it: p50/p95 of
// request_booking (customer), transition_booking to 'accepted' (artist) and the create-payment
// edge function (customer, a payment at the Mollie sandbox), each on its own booking; then 50
// customers asking the same artist for the same evening at once, and 50 accepts of those requests
// at once: exactly one may be accepted, the rest must be refused cleanly (4xx), never a 5xx.
// Prints figures; asserts nothing. Part of `pnpm bench`; standalone against the running stack:
// `node --import tsx supabase/tests/bookings-bench.ts`.
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { recordFigure } from '@podium/shared/bench';
import { signJWT } from '../stack/auth/jwt.ts';

export interface BookingsBenchOptions {
  api: string;
  dbUrl: string;
  anonKey: string;
  jwtSecret: string;
  samples?: number;
}

interface Actor {
  id: string;
  token: string;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const fmt = (ms: number) => `${ms.toFixed(ms < 10 ? 2 : 0)} ms`;

async function createActors(db: pg.Client, jwtSecret: string, count: number, role: 'customer' | 'artist'): Promise<Actor[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     select '00000000-0000-0000-0000-000000000000', id, 'authenticated', 'authenticated', 'bench-' || id || '@example.com', '', now(),
            '{"provider":"email","providers":["email"]}', jsonb_build_object('first_name', 'Bench', 'last_name', $2::text, 'role', $2::text, 'terms_accepted', true), now(), now()
       from unnest($1::uuid[]) as id`,
    [ids, role],
  );
  // Signed in, as the auth server would: a session each, which the database checks the token against.
  const sessions = ids.map(() => randomUUID());
  await db.query(`insert into auth.sessions (id, user_id, created_at, updated_at, aal) select s, u, now(), now(), 'aal1' from unnest($1::uuid[], $2::uuid[]) as t (s, u)`, [sessions, ids]);
  const now = Math.floor(Date.now() / 1000);
  return ids.map((id, i) => ({
    id,
    token: signJWT({ sub: id, email: `bench-${id}@example.com`, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 7200, aal: 'aal1', session_id: sessions[i] }, jwtSecret),
  }));
}

/** An approved act with its owner and 50 customers, all with tokens. */
async function benchArtist(db: pg.Client, jwtSecret: string, name: string): Promise<{ owner: Actor; customers: Actor[]; artistId: string }> {
  const [owner] = await createActors(db, jwtSecret, 1, 'artist');
  const customers = await createActors(db, jwtSecret, 50, 'customer');
  const {
    rows: [artist],
  } = await db.query<{ id: string }>(
    `insert into public.artists (profile_id, name, genre, categories, base_price_cents, approval_status)
     values ($1, $2, 'pop', '{bands}', 150000, 'approved') returning id`,
    [owner!.id, `${name} ${owner!.id.slice(0, 6)}`],
  );
  return { owner: owner!, customers, artistId: artist!.id };
}

export async function benchBookings(options: BookingsBenchOptions): Promise<void> {
  const samples = options.samples ?? 100;
  const db = new pg.Client({ connectionString: options.dbUrl });
  await db.connect();
  try {
    const { owner, customers, artistId } = await benchArtist(db, options.jwtSecret, 'De Benchband');

    const call = async (path: string, actor: Actor, body: unknown) => {
      const began = performance.now();
      const response = await fetch(`${options.api}${path}`, {
        method: 'POST',
        headers: { apikey: options.anonKey, authorization: `Bearer ${actor.token}`, 'content-type': 'application/json', prefer: 'return=representation' },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, ms: performance.now() - began, body: text };
    };
    const eveningOn = (day: number) => {
      const startsAt = new Date(Date.UTC(2031, 0, 1, 18) + day * 86_400_000);
      return { starts_at: startsAt.toISOString(), ends_at: new Date(startsAt.getTime() + 4 * 3_600_000).toISOString() };
    };

    const requested: number[] = [];
    const accepted: number[] = [];
    const paid: number[] = [];
    const bookingIds: string[] = [];
    const customerOf = new Map<string, (typeof customers)[number]>();
    // A few unmeasured rounds first, so connections and plans are warm. The customers take turns:
    // one customer may ask one act only a few times a day (booking_requests_per_day_per_artist).
    for (let i = -5; i < samples; i += 1) {
      const customer = customers[(i + 5) % customers.length]!;
      const request = await call('/rest/v1/rpc/request_booking', customer, { artist_id: artistId, ...eveningOn(i + 5), event_type: 'Bruiloft', event_location: 'Utrecht' });
      if (request.status !== 200) throw new Error(`request_booking answered ${request.status}: ${request.body}`);
      const bookingId = (JSON.parse(request.body) as { id: string }).id;
      const accept = await call('/rest/v1/rpc/transition_booking', owner, { booking_id: bookingId, new_status: 'accepted' });
      if (accept.status !== 200) throw new Error(`transition_booking answered ${accept.status}: ${accept.body}`);
      const payment = await call('/functions/v1/create-payment', customer, { bookingId, method: 'ideal' });
      if (payment.status !== 200 && payment.status !== 201) throw new Error(`create-payment answered ${payment.status}: ${payment.body}`);
      bookingIds.push(bookingId);
      customerOf.set(bookingId, customer);
      if (i < 0) continue;
      requested.push(request.ms);
      accepted.push(accept.ms);
      paid.push(payment.ms);
    }
    // The invoice PDF of each of those bookings once paid (confirmed here directly, which issues the invoice).
    await db.query(`update public.bookings set status = 'confirmed', confirmed_at = now() where id = any($1)`, [bookingIds]);
    const rendered: number[] = [];
    let pdfBytes = 0;
    for (const [index, bookingId] of bookingIds.entries()) {
      const began = performance.now();
      const response = await fetch(`${options.api}/functions/v1/booking-invoice?bookingId=${bookingId}`, {
        headers: { apikey: options.anonKey, authorization: `Bearer ${customerOf.get(bookingId)!.token}` },
      });
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (response.status !== 200 || response.headers.get('content-type') !== 'application/pdf') throw new Error(`booking-invoice answered ${response.status}`);
      if (index >= 5) rendered.push(performance.now() - began);
      pdfBytes = bytes.length;
    }

    console.log(`\nbooking money path through the gateway (${samples} bookings, sequential):`);
    for (const [label, values, target] of [
      ['request_booking', requested, 50],
      ['transition_booking (accept)', accepted, 50],
      ['create-payment (edge function + Mollie sandbox)', paid, 150],
      [`booking-invoice (PDF render, ${(pdfBytes / 1024).toFixed(1)} KB)`, rendered, 300],
    ] as const) {
      const sorted = [...values].sort((a, b) => a - b);
      console.log(`  ${label}: p50 ${fmt(percentile(sorted, 50))}  p95 ${fmt(percentile(sorted, 95))}  target p95 ≤ ${target} ms`);
    }

    // 50 customers, one evening, all at once; then the artist accepts all 50 at once.
    const evening = eveningOn(400);
    const requests = await Promise.all(
      customers.map((actor) => call('/rest/v1/rpc/request_booking', actor, { artist_id: artistId, ...evening, event_type: 'Bedrijfsfeest', event_location: 'Amsterdam' })),
    );
    const requestIds = requests.filter((r) => r.status === 200).map((r) => (JSON.parse(r.body) as { id: string }).id);
    const accepts = await Promise.all(requestIds.map((bookingId) => call('/rest/v1/rpc/transition_booking', owner, { booking_id: bookingId, new_status: 'accepted' })));
    const tally = (results: { status: number }[]) => {
      const byStatus = new Map<number, number>();
      for (const { status } of results) byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
      return [...byStatus]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${n}× ${status}`)
        .join(', ');
    };
    const {
      rows: [held],
    } = await db.query<{ accepted: number }>(`select count(*)::int as accepted from public.bookings where artist_id = $1 and starts_at = $2 and status in ('accepted', 'confirmed')`, [
      artistId,
      evening.starts_at,
    ]);
    const serverErrors = [...requests, ...accepts].filter((r) => r.status >= 500).length;
    console.log(`\n50 customers request the same evening at once: ${tally(requests)}`);
    console.log(`50 accepts of those requests at once: ${tally(accepts)}`);
    const refusal = accepts.find((r) => r.status !== 200);
    if (refusal) console.log(`  a refused accept says: ${(JSON.parse(refusal.body) as { message?: string }).message ?? refusal.body}`);
    console.log(`  holding the evening afterwards: ${held!.accepted} (must be 1); 5xx answers: ${serverErrors} (must be 0)`);
  } finally {
    await db.end();
  }
}

/**
 * The artist dashboard's overview (artist_dashboard_overview) through the gateway for an
 * artist with 5,000 bookings in every status, spread over five years (seed:scale volumes for one
 * busy act): p50/p95, target p95 ≤ 50 ms.
 */
export async function benchArtistOverview(options: BookingsBenchOptions): Promise<void> {
  const samples = options.samples ?? 100;
  const db = new pg.Client({ connectionString: options.dbUrl });
  await db.connect();
  try {
    const { owner, customers, artistId } = await benchArtist(db, options.jwtSecret, 'De Drukke Band');
    // 5,000 bookings, one every ~8.8 hours from 2½ years ago to 2½ years ahead, statuses by age.
    await db.query(
      `insert into public.bookings (customer_id, artist_id, starts_at, ends_at, price_cents, platform_fee_cents, total_cents, status, response_deadline, accepted_at, confirmed_at)
       select c.ids[1 + i % array_length(c.ids, 1)], $2, s.starts_at, s.starts_at + interval '3 hours', 100000 + (i % 20) * 5000, 5000, 105000 + (i % 20) * 5000,
              s.status, case when s.status = 'pending' then now() + interval '2 days' end,
              case when s.status in ('accepted', 'confirmed', 'completed') then now() end,
              case when s.status in ('confirmed', 'completed') then now() end
         from generate_series(0, 4999) as i,
              lateral (select now() - interval '913 days' + i * interval '527 minutes' as starts_at) t,
              lateral (select t.starts_at,
                              case when t.starts_at < now() then (array['completed', 'completed', 'completed', 'cancelled', 'expired', 'declined'])[1 + i % 6]
                                   else (array['confirmed', 'confirmed', 'pending', 'cancelled', 'declined'])[1 + i % 5] end as status) s,
              (select $1::uuid[] as ids) c`,
      [customers.map((customer) => customer.id), artistId],
    );
    await db.query('analyze public.bookings');
    const call = async () => {
      const started = performance.now();
      const response = await fetch(`${options.api}/rest/v1/rpc/artist_dashboard_overview`, {
        method: 'POST',
        headers: { apikey: options.anonKey, authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
        body: '{}',
      });
      if (!response.ok) throw new Error(`artist_dashboard_overview ${response.status}: ${await response.text()}`);
      const overview = (await response.json()) as { act?: { id?: string } } | null;
      const ms = performance.now() - started;
      // The act's own overview, not an empty one (a token the function does not recognise as this act's owner).
      if (overview?.act?.id !== artistId) throw new Error(`artist_dashboard_overview answered without the act: ${JSON.stringify(overview).slice(0, 200)}`);
      return ms;
    };
    for (let i = 0; i < 5; i += 1) await call();
    const times: number[] = [];
    for (let i = 0; i < samples; i += 1) times.push(await call());
    const sorted = times.sort((a, b) => a - b);
    console.log(`
artist dashboard overview, 5,000 bookings (${samples} calls through the gateway, sequential):`);
    console.log(`  artist_dashboard_overview: p50 ${fmt(percentile(sorted, 50))}  p95 ${fmt(percentile(sorted, 95))}  target p95 ≤ 50 ms`);
    recordFigure({ part: 'stack', figure: 'artist dashboard overview, 5,000 bookings, p95', value: percentile(sorted, 95), unit: 'ms', target: 50 });
  } finally {
    await db.end();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { db, keys, urls } = await import('../stack/config.ts');
  await benchBookings({ api: urls.api, dbUrl: db.url, anonKey: keys.anon, jwtSecret: keys.jwtSecret });
  await benchArtistOverview({ api: urls.api, dbUrl: db.url, anonKey: keys.anon, jwtSecret: keys.jwtSecret });
}
