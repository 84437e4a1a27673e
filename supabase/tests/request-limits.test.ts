// Limits on requests that mail someone what a stranger typed: booking
// requests per customer (per act and in all, per 24 hours) and contact and quote requests per
// e-mail and network address (per hour). Sent all at once, exactly the limit passes: the rest is
// refused in Dutch, with nothing written and no mail sent. The network address is the one the
// gateway saw; an X-Forwarded-For the client writes itself does not make it a new visitor.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys, urls } from '../stack/config.ts';
import { fetchFrom, ownLoopbackAddress } from './loopback.ts';
import { appConfig, closePool, createArtist, createUser, futureWindow, sql, type TestUser } from './support.ts';

afterAll(closePool);

const count = async (query: string, params: unknown[]) => Number((await sql<{ n: string }>(query, params))[0]!.n);

describe('booking requests per customer', () => {
  let artistIds: string[];
  beforeAll(async () => {
    artistIds = [];
    for (let i = 0; i < 5; i++) artistIds.push(await createArtist(await createUser('artist'), { basePriceCents: 40_000 }));
  });

  const request = (customer: TestUser, artistId: string) => {
    const { startsAt, endsAt } = futureWindow(90);
    return customer.client.rpc('request_booking', { artist_id: artistId, starts_at: startsAt.toISOString(), ends_at: endsAt.toISOString(), notes: 'Speel je op ons feest?' });
  };

  it('lets exactly the limit per act through when the requests arrive at once, the rest refused in Dutch with nothing written', async () => {
    const perArtist = await appConfig('booking_requests_per_day_per_artist');
    const customer = await createUser('customer');
    const answers = await Promise.all(Array.from({ length: perArtist + 4 }, () => request(customer, artistIds[0]!)));
    expect(answers.filter((answer) => answer.error === null)).toHaveLength(perArtist);
    const refused = answers.filter((answer) => answer.error !== null);
    expect(refused).toHaveLength(4);
    for (const { error } of refused) expect(error!.message).toBe(`Je hebt deze artiest de afgelopen 24 uur al ${perArtist} aanvragen gestuurd. Wacht op een antwoord of probeer het morgen opnieuw.`);
    expect(await count('select count(*) n from public.bookings where customer_id = $1', [customer.id])).toBe(perArtist);
    expect(await count('select count(*) n from public.booking_events e join public.bookings b on b.id = e.booking_id where b.customer_id = $1', [customer.id])).toBe(perArtist);
    // Another act can still be asked.
    expect((await request(customer, artistIds[1]!)).error).toBeNull();
  });

  it('caps the requests of one customer across acts', async () => {
    const overall = await appConfig('booking_requests_per_day');
    const perArtist = await appConfig('booking_requests_per_day_per_artist');
    const customer = await createUser('customer');
    // Requests sent earlier today, up to one under the cap, to other acts (never more than the
    // limit per act: the limit checks these too).
    const elsewhere = (await sql<{ id: string }>('select id from public.artists where approval_status = $1 and id <> all($2) limit 4', ['approved', artistIds])).map((row) => row.id);
    expect(Math.ceil((overall - 1) / elsewhere.length)).toBeLessThanOrEqual(perArtist);
    await sql(
      `with sent as (
         insert into public.bookings (customer_id, artist_id, starts_at, ends_at, price_cents, platform_fee_cents, total_cents, status, created_at)
         select $1, ($2::uuid[])[1 + i % cardinality($2::uuid[])], timestamptz '2031-01-01' + i * interval '1 day', timestamptz '2031-01-01' + i * interval '1 day' + interval '3 hours',
                100000, 5000, 105000, 'declined', now() - interval '1 hour'
           from generate_series(0, $3 - 2) i
         returning id)
       insert into public.booking_events (booking_id, from_status, to_status, actor, actor_id) select id, null, 'pending', 'customer', $1 from sent`,
      [customer.id, elsewhere, overall],
    );
    expect(perArtist).toBeLessThan(overall);
    const answers = await Promise.all(artistIds.slice(0, 4).map((artistId) => request(customer, artistId)));
    expect(answers.filter((answer) => answer.error === null)).toHaveLength(1);
    for (const { error } of answers.filter((answer) => answer.error !== null))
      expect(error!.message).toBe(`Je hebt de afgelopen 24 uur al ${overall} boekingsaanvragen gestuurd. Probeer het morgen opnieuw.`);
    expect(await count('select count(*) n from public.bookings where customer_id = $1', [customer.id])).toBe(overall);
  });
});

describe('contact and quote requests', () => {
  const send = (from: string, body: Record<string, unknown>, forwardedFor?: string) =>
    fetchFrom(from, `${urls.api}/functions/v1/contact-request`, {
      method: 'POST',
      headers: { apikey: keys.anon, Authorization: `Bearer ${keys.anon}`, 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
      body: JSON.stringify(body),
    });
  const teamMailsWith = async (marker: string) => {
    const { messages_count: n } = (await (await fetch(`${urls.mail}/api/v1/search?query=${encodeURIComponent(`"${marker}"`)}`)).json()) as { messages_count: number };
    return n;
  };
  const stored = (column: 'email' | 'message', value: string) => count(`select count(*) n from public.contact_requests where ${column} = $1`, [value]);

  it('lets exactly the limit per e-mail address through when sent at once, the rest a 429 in Dutch with nothing stored or mailed', async () => {
    const perEmail = await appConfig('contact_requests_per_hour_per_email');
    const email = `tegelijk-${randomUUID().slice(0, 8)}@example.nl`;
    const marker = `Tegelijk verstuurd ${randomUUID().slice(0, 8)}`;
    const answers = await Promise.all(
      Array.from({ length: perEmail + 3 }, (_, i) =>
        send(ownLoopbackAddress(), {
          kind: i % 2 ? 'quote' : 'contact',
          name: 'Tegelijk',
          email,
          phone: '06 12345678',
          message: marker,
          eventDate: new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10),
          eventLocation: 'Zwolle',
          guests: 80,
          services: ['geluid'],
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(perEmail);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.map((answer) => answer.status)).toEqual([429, 429, 429]);
    for (const answer of refused) expect(JSON.parse(answer.text).error).toBe('Je hebt het afgelopen uur al een paar berichten gestuurd. Probeer het later opnieuw of bel ons.');
    expect(await stored('email', email)).toBe(perEmail);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await teamMailsWith(marker)).toBe(perEmail);
  });

  it('counts one network address whatever X-Forwarded-For the client sends, also at once', async () => {
    const perClient = await appConfig('contact_requests_per_hour_per_client');
    const from = ownLoopbackAddress();
    const marker = `Vanaf een adres ${randomUUID().slice(0, 8)}`;
    const answers = await Promise.all(
      Array.from({ length: perClient + 3 }, (_, i) => send(from, { kind: 'contact', name: 'Netwerk', email: `netwerk-${randomUUID().slice(0, 8)}@example.nl`, message: marker }, `203.0.113.${i + 1}`)),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(perClient);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(3);
    expect(await stored('message', marker)).toBe(perClient);
    // A new made-up address the next time does not reset the count either.
    const later = await send(from, { kind: 'contact', name: 'Netwerk', email: `netwerk-${randomUUID().slice(0, 8)}@example.nl`, message: marker }, `198.51.100.${Math.floor(Math.random() * 250)}`);
    expect(later.status).toBe(429);
    // Another address is another visitor.
    expect((await send(ownLoopbackAddress(), { kind: 'contact', name: 'Buur', email: `buur-${randomUUID().slice(0, 8)}@example.nl`, message: marker })).status).toBe(200);
  });
});
