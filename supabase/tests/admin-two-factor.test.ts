// Recovery of an admin's second factor by another admin (admin_reset_two_factor): only an admin
// signed in with the second factor (aal2), never for oneself, audited; the target's factors and
// sessions are gone, so their next login makes them enrol again.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../stack/config.ts';
import { signJWT } from '../stack/auth/jwt.ts';
import { clientWithToken } from '../stack/testing.ts';
import { closePool, createUser, sql, type TestUser } from './support.ts';

/** The same admin's session after the code: aal2 with a totp amr claim, as the auth server issues it. */
function aal2Client(user: TestUser) {
  const now = Math.floor(Date.now() / 1000);
  const token = signJWT(
    {
      sub: user.id, email: user.email, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 3600, session_id: randomUUID(), aal: 'aal2',
      amr: [{ method: 'totp', timestamp: now }, { method: 'password', timestamp: now }],
    },
    keys.jwtSecret,
  );
  return clientWithToken(token);
}

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
    const aal1 = await admin.client.rpc('admin_reset_two_factor', { target_id: other.id });
    expect([aal1.error?.code, aal1.error?.message]).toEqual(['42501', 'Alleen een beheerder die met tweestapsverificatie is ingelogd kan die van een ander herstellen.']);
    const byCustomer = await aal2Client(customer).rpc('admin_reset_two_factor', { target_id: other.id });
    expect(byCustomer.error?.code).toBe('42501');
    await withFactorAndSession(admin);
    const own = await aal2Client(admin).rpc('admin_reset_two_factor', { target_id: admin.id });
    expect([own.error?.code, own.error?.message]).toEqual(['42501', 'Je kunt je eigen tweestapsverificatie niet herstellen; vraag een andere beheerder.']);
    expect([await factorsOf(other), await sessionsOf(other), await factorsOf(admin)]).toEqual([1, 1, 1]);
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
    const audit = await sql<{ actor_id: string; details: unknown }>(
      `select actor_id, details from public.admin_audit_log where action = 'reset_two_factor' and record_id = $1`,
      [other.id],
    );
    expect(audit).toEqual([{ actor_id: admin.id, details: { factors_removed: 1 } }]);
  });
});
