// @vitest-environment node
// The /test-booking-flow driver against the running stack, signed in as the demo accounts: each
// path a booking can take, through the product's own RPCs, edge functions and Mollie sandbox.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import ws from 'ws';
import { closePool, keys, sql, urls } from '../../../shared/src/stack.test-support.ts';
import { createBookingDriver, demoAccounts, StepRefused, type BookingDriver } from './booking-driver.ts';

const driver: BookingDriver = createBookingDriver({
  url: urls.api,
  anonKey: keys.anon,
  accounts: demoAccounts,
  fetch,
  realtimeTransport: ws,
});

// The demo customer may send the demo act 5 requests a day (request limits), and these
// tests send 5 in all; earlier runs and clicks on /test-booking-flow count too. So each test
// starts with the driver's earlier requests dated a day back: the limit itself is tested in
// supabase/tests/request-limits.test.ts, not here.
beforeEach(async () => {
  await sql(
    `update public.bookings b set created_at = b.created_at - interval '25 hours'
      from auth.users u
     where u.id = b.customer_id and u.email = $1 and b.notes = 'Aangemaakt op /test-booking-flow' and b.created_at > now() - interval '25 hours'`,
    [demoAccounts.customer.email],
  );
});
afterAll(closePool);

async function until(bookingId: string, status: string) {
  for (let tries = 0; tries < 150; tries += 1) {
    const state = await driver.state(bookingId);
    if (state.status === status) return state;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${bookingId} did not become ${status}`);
}

describe('the test booking flow drives one booking', () => {
  it('request, accept, a failed payment, a paid one, completed: each step on the timeline', async () => {
    const artist = await driver.artist();
    const id = await driver.request(artist.id);
    expect((await driver.state(id)).status).toBe('pending');
    await driver.accept(id);
    const accepted = await driver.state(id);
    expect(accepted.status).toBe('accepted');
    expect(accepted.payment_deadline).not.toBeNull();

    await driver.pay(id, 'failed');
    // A failed payment leaves the booking waiting for a new one.
    for (let tries = 0; tries < 100 && !(await driver.state(id)).payments.some((p) => p.status === 'failed'); tries += 1) await new Promise((r) => setTimeout(r, 100));
    expect((await driver.state(id)).status).toBe('accepted');

    await driver.pay(id, 'paid');
    const confirmed = await until(id, 'confirmed');
    expect(confirmed.payments.map((p) => p.status).sort()).toEqual(['failed', 'paid']);
    await driver.complete(id);
    const done = await driver.state(id);
    expect(done.status).toBe('completed');
    expect(done.events.map((event) => `${event.to_status}:${event.actor}`)).toEqual(['pending:customer', 'accepted:artist', 'confirmed:system', 'completed:admin']);
  }, 60_000);

  it('declined by the artist with a reason; cancelled by the customer; cancelled after payment by an admin', async () => {
    const artist = await driver.artist();
    const declined = await driver.request(artist.id);
    await driver.decline(declined, 'Die avond spelen we al elders');
    expect((await driver.state(declined)).events.at(-1)).toMatchObject({ to_status: 'declined', actor: 'artist', reason: 'Die avond spelen we al elders' });

    const withdrawn = await driver.request(artist.id);
    await driver.cancel('customer', withdrawn, 'Feest verplaatst');
    expect((await driver.state(withdrawn)).status).toBe('cancelled');

    const paid = await driver.request(artist.id);
    await driver.accept(paid);
    await driver.pay(paid, 'paid');
    await until(paid, 'confirmed');
    await driver.cancel('admin', paid, 'Test: annuleren met terugbetaling');
    expect((await driver.state(paid)).status).toBe('cancelled');
  }, 60_000);

  it("says in the database's words what a step may not do", async () => {
    const artist = await driver.artist();
    const id = await driver.request(artist.id);
    await expect(driver.complete(id)).rejects.toThrow(StepRefused);
    await expect(driver.pay(id, 'paid')).rejects.toThrow(/alleen een geaccepteerde boeking wacht op betaling/);
    await driver.cancel('customer', id, 'Opruimen');
  }, 60_000);
});
