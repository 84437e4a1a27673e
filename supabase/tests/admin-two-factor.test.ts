// Admins act only signed in with their second factor (is_admin() asks for aal2): with the
// password alone an admin reads no admin data and every admin function refuses. Recovery of an
// admin's second factor by another admin (admin_reset_two_factor): only an admin signed in with
// the second factor, never for oneself, audited; the target's factors and sessions are gone, so
// their next login makes them enrol again.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientWithToken } from '../stack/testing.ts';
import { accessToken, closePool, createArtist, createBooking, createUser, sql, type TestUser } from './support.ts';

/** The admin's session after the code (aal2, as the auth server issues it), or with the password alone (aal1). */
const sessionOf = (user: TestUser, aal: 'aal1' | 'aal2') => clientWithToken(accessToken(user.id, user.email, aal));
const aal2Client = (user: TestUser) => sessionOf(user, 'aal2');

/** A verified TOTP factor and a signed-in aal2 session, written as the auth server writes them. */
async function withFactorAndSession(user: TestUser) {
  const factorId = randomUUID();
  await sql(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
     values ($1, $2, 'Telefoon', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')`,
    [factorId, user.id],
  );
  await sql(`insert into auth.sessions (id, user_id, created_at, updated_at, aal, factor_id) values ($1, $2, now(), now(), 'aal2', $3)`, [randomUUID(), user.id, factorId]);
  return factorId;
}

const factorsOf = async (user: TestUser) => (await sql('select 1 from auth.mfa_factors where user_id = $1', [user.id])).length;
const sessionsOf = async (user: TestUser) => (await sql('select 1 from auth.sessions where user_id = $1', [user.id])).length;

let admin: TestUser;
let other: TestUser;
let customer: TestUser;
beforeAll(async () => {
  [admin, other, customer] = await Promise.all([createUser('admin'), createUser('admin'), createUser('customer')]);
  await withFactorAndSession(other);
});
afterAll(closePool);

describe('admin_reset_two_factor', () => {
  it('refuses a password-only (aal1) admin, a customer and an admin resetting their own factor, in Dutch, changing nothing', async () => {
    const sessionsBefore = await sessionsOf(other);
    const aal1 = await sessionOf(admin, 'aal1').rpc('admin_reset_two_factor', { target_id: other.id });
    expect([aal1.error?.code, aal1.error?.message]).toEqual(['42501', 'Alleen een beheerder die met tweestapsverificatie is ingelogd kan die van een ander herstellen.']);
    const byCustomer = await aal2Client(customer).rpc('admin_reset_two_factor', { target_id: other.id });
    expect(byCustomer.error?.code).toBe('42501');
    await withFactorAndSession(admin);
    const own = await aal2Client(admin).rpc('admin_reset_two_factor', { target_id: admin.id });
    expect([own.error?.code, own.error?.message]).toEqual(['42501', 'Je kunt je eigen tweestapsverificatie niet herstellen; vraag een andere beheerder.']);
    expect([await factorsOf(other), await sessionsOf(other), await factorsOf(admin)]).toEqual([1, sessionsBefore, 1]);
  });

  it('answers 404 in Dutch for someone who is no admin', async () => {
    const notAdmin = await aal2Client(admin).rpc('admin_reset_two_factor', { target_id: customer.id });
    expect([notAdmin.status, notAdmin.error?.message]).toEqual([404, 'Beheerder niet gevonden.']);
  });

  it("removes another admin's factors and sessions for an aal2 admin, and writes it to the audit log", async () => {
    const { data, error } = await aal2Client(admin).rpc('admin_reset_two_factor', { target_id: other.id });
    expect(error).toBeNull();
    expect(data).toBe(1);
    expect([await factorsOf(other), await sessionsOf(other)]).toEqual([0, 0]);
    const audit = await sql<{ actor_id: string; details: unknown }>(`select actor_id, details from public.admin_audit_log where action = 'reset_two_factor' and record_id = $1`, [other.id]);
    expect(audit).toEqual([{ actor_id: admin.id, details: { factors_removed: 1 } }]);
  });
});

describe('an admin with the password alone (aal1)', () => {
  let artistId: string;
  let bookingId: string;
  beforeAll(async () => {
    const owner = await createUser('artist');
    artistId = await createArtist(owner, { approved: false });
    bookingId = await createBooking(customer, artistId);
  });

  it('reads no admin data, where the same admin with the code reads it', async () => {
    const views = ['admin_bookings', 'admin_artists', 'admin_audit_entries'] as const;
    for (const [aal, expectRows] of [
      ['aal1', false],
      ['aal2', true],
    ] as const) {
      const client = sessionOf(admin, aal);
      const counts = await Promise.all(
        views.map(async (view) => {
          const { count, error } = await client.from(view).select('*', { count: 'exact', head: true });
          return error ? 0 : (count ?? 0);
        }),
      );
      expect(
        counts.map((count) => count > 0),
        `${aal}: ${views.join(', ')}`,
      ).toEqual(views.map(() => expectRows));
      expect((await client.rpc('is_admin')).data).toBe(expectRows);
    }
    const booking = await sessionOf(admin, 'aal1').from('bookings').select('id').eq('id', bookingId);
    expect(booking.data).toEqual([]);
  });

  it('is refused by every admin function, and changes nothing', async () => {
    const client = sessionOf(admin, 'aal1');
    const balance = async () => (await sql<{ sum: number }>('select coalesce(sum(amount_cents), 0)::int as sum from public.bands_transactions where user_id = $1', [customer.id]))[0]!.sum;
    const before = await balance();
    const refused = await Promise.all([
      client.rpc('admin_list_admins'),
      client.rpc('admin_dashboard_stats', { weeks: 4 }),
      client.rpc('admin_adjust_bands', { target_user: customer.id, amount: 1_000, reason: 'Gestolen wachtwoord' }),
      client.rpc('admin_reorder_artists', { artist_ids: [artistId] }),
      client.rpc('transition_booking', { booking_id: bookingId, new_status: 'cancelled', reason: 'Gestolen wachtwoord' }),
    ]);
    expect(refused.map((result) => result.error !== null)).toEqual(refused.map(() => true));
    expect(refused[0]!.error?.message).toBe('Alleen beheerders kunnen de beheerders bekijken.');

    const approve = await client.from('artists').update({ approval_status: 'approved' }).eq('id', artistId).select('id');
    expect(approve.data ?? []).toEqual([]);
    const news = await client.from('news_articles').insert({ slug: `gestolen-${randomUUID().slice(0, 8)}`, title: 'Gestolen', body: 'x', status: 'published' });
    expect(news.error).not.toBeNull();
    const [state] = await sql<{ approval_status: string; status: string }>('select a.approval_status, b.status from public.artists a, public.bookings b where a.id = $1 and b.id = $2', [
      artistId,
      bookingId,
    ]);
    expect(state).toEqual({ approval_status: 'pending', status: 'pending' });
    expect(await balance()).toBe(before);
  });

  it('lists every admin for an aal2 admin: who has set up the second factor, and since when', async () => {
    const { data, error } = await aal2Client(admin).rpc('admin_list_admins');
    expect(error).toBeNull();
    const byId = new Map((data ?? []).map((row: { id: string }) => [row.id, row]));
    expect(byId.get(customer.id)).toBeUndefined();
    expect(byId.get(admin.id)).toMatchObject({ email: admin.email, first_name: 'Test', last_name: 'admin' });
    const jef = (data ?? []).find((row: { email: string | null }) => row.email === 'jef@podium.nl');
    expect(jef).toMatchObject({ two_factor_since: null });
    const demo = (data ?? []).find((row: { email: string | null }) => row.email === 'admin@podium.nl');
    expect(demo?.two_factor_since).toEqual(expect.any(String));
  });
});
