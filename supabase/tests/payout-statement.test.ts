// The artist's monthly payout statement (payout-statement): the PDF of a month lists exactly the
// owner's payouts Mollie carried out in that month (Amsterdam time), with the booking, the Mollie
// route or transfer and the total; another artist's statement holds nothing of theirs; a bad month,
// a caller without an act and a month without payouts are refused in Dutch. And mollie-connect's
// /callback, the Mollie app's redirect URI, sends the browser on to the portal's return page.
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dutchCents } from '../../shared/src/dutch.ts';
import { keys, urls } from '../stack/config.ts';
import { localFunctionsOptions } from '../stack/functions/local.ts';
import { createFunctionsService } from '../stack/functions/service.ts';
import { createGateway } from '../stack/gateway.ts';
import { closePool, createArtist, createBooking, createUser, sql, type TestUser } from './support.ts';

const statement = (user: TestUser | null, body: unknown, base = urls.api) =>
  fetch(`${base}/functions/v1/payout-statement`, {
    method: 'POST',
    headers: { apikey: keys.anon, 'content-type': 'application/json', ...(user ? { Authorization: `Bearer ${user.token}` } : {}) },
    body: JSON.stringify(body),
  });

async function pdfText(response: Response): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}
const plain = (value: string) => value.replace(/\u00a0/g, ' ');
// Mollie's ids: a prefix and 21 letters and digits.
const mollieId = (prefix: string) =>
  `${prefix}_${randomBytes(24)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 21)}`;
const routeId = () => mollieId('crt');

/** A gig of the act, completed, whose payout Mollie carried out at `paidAt` (route and/or transfer). */
async function paidPayout(customer: TestUser, artistId: string, paidAt: string, cents: number, parts: { route?: string; transfer?: string } = { route: routeId() }): Promise<string> {
  // The gig, three days before the payout.
  const startsAt = new Date(Date.parse(paidAt) - 3 * 86_400_000);
  const bookingId = await createBooking(customer, artistId, 'completed', { startsAt, endsAt: new Date(startsAt.getTime() + 3 * 3_600_000) }, cents);
  const routeCents = parts.route ? (parts.transfer ? cents - 1_000 : cents) : 0;
  await sql(
    `insert into public.payouts (booking_id, artist_id, status, amount_cents, route_cents, transfer_cents, organization_id, mollie_route_id, mollie_transfer_id, released_at, paid_at)
     values ($1, $2, 'paid', $3, $4, $5, 'org_statementtest', $6, $7, $8, $8)`,
    [bookingId, artistId, cents, routeCents, cents - routeCents, parts.route ?? null, parts.transfer ?? null, paidAt],
  );
  return bookingId;
}

let owner: TestUser, other: TestUser, customer: TestUser, stranger: TestUser;
let ownAct: string, otherAct: string;
const ids = { firstRoute: routeId(), secondRoute: routeId(), transfer: mollieId('cbtr'), earlier: routeId(), othersRoute: routeId() };
let bookings: Record<string, string> = {};

beforeAll(async () => {
  [owner, other, customer, stranger] = await Promise.all([createUser('artist', { first: 'Sanne', last: 'Specificatie' }), createUser('artist'), createUser('customer'), createUser('customer')]);
  [ownAct, otherAct] = await Promise.all([createArtist(owner, { name: 'Specificatieband' }), createArtist(other, { name: 'Andere Band' })]);
  bookings = {
    // 1 March 2025 00:30 in Amsterdam: March, although it is still February in UTC.
    first: await paidPayout(customer, ownAct, '2025-02-28T23:30:00Z', 125_050, { route: ids.firstRoute }),
    second: await paidPayout(customer, ownAct, '2025-03-20T10:00:00Z', 80_000, { route: ids.secondRoute, transfer: ids.transfer }),
    // 31 March 2025 23:30 UTC is 1 April in Amsterdam: not March.
    april: await paidPayout(customer, ownAct, '2025-03-31T23:30:00Z', 99_900, { route: ids.earlier }),
    others: await paidPayout(customer, otherAct, '2025-03-10T12:00:00Z', 70_000, { route: ids.othersRoute }),
  };
  // Released but not carried out yet: never on a statement.
  const due = await createBooking(customer, ownAct, 'completed', { startsAt: new Date('2025-03-12T19:00:00Z'), endsAt: new Date('2025-03-12T23:00:00Z') }, 55_500);
  await sql(`insert into public.payouts (booking_id, artist_id, status, amount_cents, released_at, next_attempt_at) values ($1, $2, 'due', 55500, '2025-03-15T10:00:00Z', now())`, [due, ownAct]);
});
afterAll(closePool);

describe('the monthly payout statement', () => {
  it("the owner's PDF lists exactly their payouts of that month, with booking, Mollie ids and total", async () => {
    const response = await statement(owner, { month: '2025-03' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="Podium-uitbetalingsspecificatie-2025-03.pdf"');
    const text = plain(await pdfText(response));
    expect(text).toContain('Uitbetalingsspecificatie');
    expect(text).toContain('maart 2025');
    expect(text).toContain('Sanne Specificatie');
    expect(text).toContain('1 maart 2025');
    expect(text).toContain('20 maart 2025');
    for (const id of [ids.firstRoute, ids.secondRoute, ids.transfer]) expect(text).toContain(id);
    expect(text).toContain(bookings.first!.slice(0, 8).toUpperCase());
    expect(text).toContain(plain(dutchCents(125_050)));
    expect(text).toContain(plain(dutchCents(80_000)));
    expect(text).toMatch(new RegExp(`Totaal uitbetaald in maart 2025 ${plain(dutchCents(205_050)).replace(/[.$]/g, '\\$&')}`));
    // Not April's, not the one still on its way, not another artist's.
    expect(text).not.toContain(ids.earlier);
    expect(text).not.toContain(plain(dutchCents(55_500)));
    expect(text).not.toContain(ids.othersRoute);
    expect(text).not.toContain(bookings.others!.slice(0, 8).toUpperCase());
  });

  it('a payout belongs to the month it was paid in Amsterdam', async () => {
    const text = plain(await pdfText(await statement(owner, { month: '2025-04' })));
    expect(text).toContain(ids.earlier);
    expect(text).toContain('1 april 2025');
    expect(text).not.toContain(ids.firstRoute);
  });

  it("another artist's statement holds only their own payout", async () => {
    const response = await statement(other, { month: '2025-03' });
    expect(response.status).toBe(200);
    const text = plain(await pdfText(response));
    expect(text).toContain(ids.othersRoute);
    expect(text).toContain(plain(dutchCents(70_000)));
    for (const id of [ids.firstRoute, ids.secondRoute, ids.transfer]) expect(text).not.toContain(id);
    expect(text).not.toContain('Sanne Specificatie');
  });

  it('a month without payouts, a bad month, no act or no login is refused in Dutch', async () => {
    const empty = await statement(other, { month: '2025-04' });
    expect(empty.status).toBe(404);
    expect(await empty.json()).toEqual({ error: 'Je hebt in april 2025 geen uitbetalingen ontvangen.' });
    for (const month of ['2025-13', '2025-3', '03-2025', '', null, 202503, '2025-03-01', '1999-01']) {
      const bad = await statement(owner, { month });
      expect(bad.status, String(month)).toBe(400);
      expect(await bad.json()).toEqual({ error: 'Kies een geldige maand, zoals 2026-12.' });
    }
    const noAct = await statement(stranger, { month: '2025-03' });
    expect(noAct.status).toBe(403);
    expect(await noAct.json()).toEqual({ error: 'Alleen een artiest met een act heeft een uitbetalingsspecificatie.' });
    const guest = await statement(null, { month: '2025-03' });
    expect(guest.status).toBe(401);
  });
});

async function freePort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The functions as supabase/config.toml has them now, in a runtime of their own behind a gateway. */
async function withOwnFunctions<T>(work: (apiUrl: string) => Promise<T>): Promise<T> {
  const service = createFunctionsService(localFunctionsOptions({ port: await freePort() }));
  await service.child.start();
  const gateway: Server = createGateway([{ prefix: '/functions/v1', target: service.handle, isOpen: () => true }]);
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  try {
    return await work(`http://127.0.0.1:${(gateway.address() as AddressInfo).port}`);
  } finally {
    gateway.closeAllConnections();
    await new Promise((resolve) => gateway.close(resolve));
    await service.close();
  }
}

describe("mollie-connect's callback (the Mollie app's redirect URI)", () => {
  it("sends Mollie's answer on to the portal's return page, without a login; the actions still need one", async () => {
    await withOwnFunctions(async (apiUrl) => {
      const back = await fetch(`${apiUrl}/functions/v1/mollie-connect/callback?code=auth_abc123def456&state=0123abcd&extra=<script>`, { redirect: 'manual' });
      expect(back.status).toBe(303);
      expect(back.headers.get('location')).toBe(`${urls.site}/dashboard/artist/mollie?code=auth_abc123def456&state=0123abcd`);
      const refused = await fetch(`${apiUrl}/functions/v1/mollie-connect/callback?error=access_denied&error_description=The+user+denied+access&state=0123abcd`, { redirect: 'manual' });
      expect(new URL(refused.headers.get('location')!).searchParams.get('error')).toBe('access_denied');

      // verify_jwt is off for the callback: the actions check the token themselves.
      const forged = `${owner.token.split('.').slice(0, 2).join('.')}.${Buffer.from('not the signature').toString('base64url')}`;
      for (const token of [forged, keys.anon]) {
        const answer = await fetch(`${apiUrl}/functions/v1/mollie-connect`, {
          method: 'POST',
          headers: { apikey: keys.anon, Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ action: 'status' }),
        });
        expect(answer.status).toBe(401);
        expect(await answer.json()).toEqual({ error: 'Je bent niet ingelogd.' });
      }
      const signedIn = await fetch(`${apiUrl}/functions/v1/mollie-connect`, {
        method: 'POST',
        headers: { apikey: keys.anon, Authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'status' }),
      });
      expect(signedIn.status).toBe(404);
      expect(await signedIn.json()).toEqual({ error: 'Je hebt nog geen Mollie-account gekoppeld.' });
    });
  }, 90_000);
});
