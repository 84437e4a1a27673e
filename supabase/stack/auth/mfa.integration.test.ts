// TOTP two-factor sign-in through the real supabase-js `auth.mfa` namespace against the running
// stack's auth server: enrolment with a QR code, challenge and verify to aal2, wrong, expired
// and replayed codes, a wrong code spending its challenge, the attempt limits that stop a script
// guessing codes, unenroll rules, aal kept through refresh, and the admin API's factors.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, demoAdminTotpSecret, demoPassword } from '../../seed/content.ts';
import { keys } from '../config.ts';
import { totpFor } from '@podium/shared/totp';
import { authTarget, client, startLocalAuth, uniqueEmail, type AuthTarget } from './test-support.ts';

let target: AuthTarget;
beforeAll(async () => {
  target = await authTarget();
});
afterAll(async () => {
  await target?.close();
});

const PASSWORD = 'geheim123';

/** A confirmed user (through the admin API), signed in with the password: an aal1 session. */
async function signedInUser(): Promise<{ supabase: SupabaseClient; email: string; id: string }> {
  const email = uniqueEmail('mfa');
  const service = client(target, 'implicit', keys.serviceRole);
  const created = await service.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true, user_metadata: { first_name: 'Mfa' } });
  expect(created.error).toBeNull();
  const supabase = client(target);
  expect((await supabase.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  return { supabase, email, id: created.data.user!.id };
}

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    aal: string;
    amr: { method: string }[];
  };

/** A code for another 30-second step than the current one and its neighbours. */
const staleCode = (secret: string) => totpFor(secret).generate({ timestamp: Date.now() - 5 * 60_000 });

async function enrolled(supabase: SupabaseClient) {
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Telefoon', issuer: 'Podium' });
  expect(error).toBeNull();
  return data!;
}

describe('TOTP enrolment and sign-in', () => {
  it('enrols with a QR code, verifies to an aal2 session with a totp amr claim, and keeps aal2 through refresh', async () => {
    const { supabase, email } = await signedInUser();
    const factor = await enrolled(supabase);
    expect(factor.type).toBe('totp');
    expect(factor.friendly_name).toBe('Telefoon');
    expect(factor.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg /);
    // As a data URI for an <img>: a '#' would cut it short.
    expect(factor.totp.qr_code).not.toContain('#');
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(factor.totp.uri).toBe(`otpauth://totp/Podium:${encodeURIComponent(email)}?issuer=Podium&secret=${factor.totp.secret}&algorithm=SHA1&digits=6&period=30`);

    const listed = await supabase.auth.mfa.listFactors();
    expect(listed.data?.all.map((f) => [f.id, f.status])).toEqual([[factor.id, 'unverified']]);
    expect(listed.data?.totp).toEqual([]);
    expect((await supabase.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });

    const verified = await supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code: totpFor(factor.totp.secret).generate() });
    expect(verified.error).toBeNull();
    const session = (await supabase.auth.getSession()).data.session!;
    expect(claimsOf(session.access_token).aal).toBe('aal2');
    expect(claimsOf(session.access_token).amr.map((entry) => entry.method)).toEqual(['totp', 'password']);
    expect((await supabase.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    expect((await supabase.auth.mfa.listFactors()).data?.totp.map((f) => f.status)).toEqual(['verified']);

    const refreshed = await supabase.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(claimsOf(refreshed.data.session!.access_token).aal).toBe('aal2');
    expect(refreshed.data.user?.factors?.map((f) => f.id)).toEqual([factor.id]);

    // Next sign-in: the password gives aal1 and asks for the code (nextLevel aal2).
    const again = client(target);
    expect((await again.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    expect((await again.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const second = await again.auth.mfa.challengeAndVerify({ factorId: factor.id, code: totpFor(factor.totp.secret).generate() });
    expect(second.error).toBeNull();
    expect((await again.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal2');
  });

  it('refuses a wrong, stale, expired or replayed code and a challenge of another factor', async () => {
    const { supabase } = await signedInUser();
    const factor = await enrolled(supabase);
    const totp = totpFor(factor.totp.secret);

    const wrongCode = String((Number(totp.generate()) + 1) % 1_000_000).padStart(6, '0');
    for (const code of [wrongCode, staleCode(factor.totp.secret), 'abcdef', '']) {
      const attempt = await supabase.auth.mfa.challenge({ factorId: factor.id });
      expect(attempt.error).toBeNull();
      const wrong = await supabase.auth.mfa.verify({ factorId: factor.id, challengeId: attempt.data!.id, code });
      expect([wrong.error?.status, wrong.error?.code, wrong.error?.message]).toEqual([422, 'mfa_verification_failed', 'Invalid TOTP code entered']);
    }
    expect((await supabase.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal1');

    const challenge = await supabase.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data!.expires_at).toBeGreaterThan(Date.now() / 1000 + 290);

    // A challenge past its five minutes is gone.
    await target.pool.query(`update auth.mfa_challenges set created_at = now() - interval '6 minutes' where id = $1`, [challenge.data!.id]);
    const expired = await supabase.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: totp.generate() });
    expect([expired.error?.status, expired.error?.code]).toEqual([422, 'mfa_challenge_expired']);
    const { rowCount } = await target.pool.query('select 1 from auth.mfa_challenges where id = $1', [challenge.data!.id]);
    expect(rowCount).toBe(0);

    // A challenge answered once cannot be answered again.
    const fresh = await supabase.auth.mfa.challenge({ factorId: factor.id });
    const code = totp.generate();
    expect((await supabase.auth.mfa.verify({ factorId: factor.id, challengeId: fresh.data!.id, code })).error).toBeNull();
    const replay = await supabase.auth.mfa.verify({ factorId: factor.id, challengeId: fresh.data!.id, code });
    expect([replay.error?.status, replay.error?.code]).toEqual([422, 'mfa_ip_address_mismatch']);

    // Another user's factor does not exist for this one.
    const other = await signedInUser();
    const foreign = await other.supabase.auth.mfa.challenge({ factorId: factor.id });
    expect([foreign.error?.status, foreign.error?.code]).toEqual([404, 'mfa_factor_not_found']);
  });

  it('spends a challenge on a wrong code: the right code for it afterwards is refused', async () => {
    const { supabase } = await signedInUser();
    const factor = await enrolled(supabase);
    const totp = totpFor(factor.totp.secret);
    const challenge = await supabase.auth.mfa.challenge({ factorId: factor.id });
    const wrongCode = String((Number(totp.generate()) + 500_000) % 1_000_000).padStart(6, '0');
    const wrong = await supabase.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: wrongCode });
    expect([wrong.error?.status, wrong.error?.code]).toEqual([422, 'mfa_verification_failed']);
    const { rowCount } = await target.pool.query('select 1 from auth.mfa_challenges where id = $1', [challenge.data!.id]);
    expect(rowCount).toBe(0);
    const late = await supabase.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: totp.generate() });
    expect([late.error?.status, late.error?.code, late.error?.message]).toEqual([422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found']);
    expect((await supabase.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal1');
    // A new challenge, as the back office's code step asks for each try, takes the right code.
    expect((await supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code: totp.generate() })).error).toBeNull();
  });

  it('stops a script guessing codes: 15 verifications of a factor a minute, then 429 even for the right code', async () => {
    const { supabase } = await signedInUser();
    const factor = await enrolled(supabase);
    const totp = totpFor(factor.totp.secret);
    const answers: (string | undefined)[] = [];
    for (let guess = 0; guess < 20; guess += 1) {
      const code = String((Number(totp.generate()) + 100_000 + guess) % 1_000_000).padStart(6, '0');
      const { data, error } = await supabase.auth.mfa.challenge({ factorId: factor.id });
      expect(error).toBeNull();
      answers.push((await supabase.auth.mfa.verify({ factorId: factor.id, challengeId: data!.id, code })).error?.code);
    }
    expect(answers).toEqual([...Array<string>(15).fill('mfa_verification_failed'), ...Array<string>(5).fill('over_request_rate_limit')]);
    const right = await supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code: totp.generate() });
    expect([right.error?.status, right.error?.code, right.error?.message]).toEqual([429, 'over_request_rate_limit', 'Request rate limit reached']);
    expect((await supabase.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal1');

    // Another user's factor id counts nothing against this factor: their own sign-in is not blocked by it.
    const other = await signedInUser();
    const otherFactor = await enrolled(other.supabase);
    const foreign = await supabase.auth.mfa.verify({ factorId: otherFactor.id, challengeId: crypto.randomUUID(), code: '000000' });
    expect([foreign.error?.status, foreign.error?.code]).toEqual([404, 'mfa_factor_not_found']);
    expect((await other.supabase.auth.mfa.challengeAndVerify({ factorId: otherFactor.id, code: totpFor(otherFactor.totp.secret).generate() })).error).toBeNull();
  });

  it('limits challenges and verifications per IP address as GoTrue does (MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY)', async () => {
    const limited = await startLocalAuth({ settings: { rateLimits: { mfaPerIpPerMinute: 3 } } });
    try {
      const email = uniqueEmail('mfa-ip');
      const service = client(limited, 'implicit', keys.serviceRole);
      expect((await service.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true })).error).toBeNull();
      const supabase = client(limited);
      expect((await supabase.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
      const factor = await enrolled(supabase);
      const challenges = [];
      for (let i = 0; i < 4; i += 1) challenges.push(await supabase.auth.mfa.challenge({ factorId: factor.id }));
      expect(challenges.map((c) => c.error?.code)).toEqual([undefined, undefined, undefined, 'over_request_rate_limit']);
      expect(challenges[3]!.error?.status).toBe(429);
      const totp = totpFor(factor.totp.secret);
      const wrongCode = String((Number(totp.generate()) + 500_000) % 1_000_000).padStart(6, '0');
      const verifications = [];
      for (const challenge of challenges.slice(0, 3)) {
        verifications.push(await supabase.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: wrongCode }));
      }
      verifications.push(await supabase.auth.mfa.verify({ factorId: factor.id, challengeId: challenges[0]!.data!.id, code: totp.generate() }));
      expect(verifications.map((v) => v.error?.code)).toEqual(['mfa_verification_failed', 'mfa_verification_failed', 'mfa_verification_failed', 'over_request_rate_limit']);
      expect(verifications[3]!.error?.status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('unenrols an unverified factor at aal1, a verified one only at aal2, and a new factor needs aal2 once one is verified', async () => {
    const { supabase, email } = await signedInUser();
    const draft = await enrolled(supabase);
    expect((await supabase.auth.mfa.unenroll({ factorId: draft.id })).data).toEqual({ id: draft.id });

    const factor = await enrolled(supabase);
    const tooLong = await supabase.auth.mfa.enroll({ factorType: 'totp', issuer: 'x'.repeat(5000) });
    expect([tooLong.error?.status, tooLong.error?.code]).toEqual([400, 'validation_failed']);
    const conflict = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Telefoon' });
    expect([conflict.error?.status, conflict.error?.code]).toEqual([422, 'mfa_factor_name_conflict']);
    expect((await supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code: totpFor(factor.totp.secret).generate() })).error).toBeNull();

    const aal1 = client(target);
    expect((await aal1.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    const refused = await aal1.auth.mfa.unenroll({ factorId: factor.id });
    expect([refused.error?.status, refused.error?.code, refused.error?.message]).toEqual([422, 'insufficient_aal', 'AAL2 required to unenroll verified factor']);
    const second = await aal1.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Tablet' });
    expect([second.error?.status, second.error?.code]).toEqual([403, 'insufficient_aal']);

    expect((await supabase.auth.mfa.unenroll({ factorId: factor.id })).error).toBeNull();
    // The session that factor raised is aal1 again at its next refresh.
    const { data } = await supabase.auth.refreshSession();
    expect(claimsOf(data.session!.access_token).aal).toBe('aal1');
    expect(data.user?.factors ?? []).toEqual([]);
  });

  it("lists and deletes a user's factors through the admin API (service role only)", async () => {
    const { supabase, id } = await signedInUser();
    const factor = await enrolled(supabase);
    expect((await supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code: totpFor(factor.totp.secret).generate() })).error).toBeNull();
    const service = client(target, 'implicit', keys.serviceRole);
    const listed = await service.auth.admin.mfa.listFactors({ userId: id });
    expect(listed.data?.factors.map((f) => [f.id, f.status, f.factor_type])).toEqual([[factor.id, 'verified', 'totp']]);
    const asUser = await fetch(`${target.url}/auth/v1/admin/users/${id}/factors`, {
      headers: { apikey: keys.anon, authorization: `Bearer ${(await supabase.auth.getSession()).data.session!.access_token}` },
    });
    expect(asUser.status).toBe(403);
    const deleted = await service.auth.admin.mfa.deleteFactor({ userId: id, id: factor.id });
    // auth-js hands the body back wrapped ({ data: factor, error: null }).
    expect(deleted.error).toBeNull();
    expect((deleted.data as unknown as { data: { id: string } }).data.id).toBe(factor.id);
    expect((await service.auth.admin.mfa.listFactors({ userId: id })).data?.factors).toEqual([]);
    const { data } = await supabase.auth.refreshSession();
    expect(claimsOf(data.session!.access_token).aal).toBe('aal1');
  });

  it('signs the seeded demo admin in to aal2 with the code of the published secret', async () => {
    const supabase = client(target);
    expect((await supabase.auth.signInWithPassword({ email: demoAccounts.admin.email, password: demoPassword })).error).toBeNull();
    expect((await supabase.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    // The password alone opens nothing an admin may (is_admin() asks for aal2).
    const before = await supabase.rpc('admin_list_admins');
    expect(before.error?.message).toBe('Alleen beheerders kunnen de beheerders bekijken.');
    const [factor] = (await supabase.auth.mfa.listFactors()).data!.totp;
    const verified = await supabase.auth.mfa.challengeAndVerify({ factorId: factor!.id, code: totpFor(demoAdminTotpSecret).generate() });
    expect(verified.error).toBeNull();
    expect(claimsOf(verified.data!.access_token).aal).toBe('aal2');
    const after = await supabase.rpc('admin_list_admins');
    expect(after.error).toBeNull();
    expect(after.data?.map((row: { email: string }) => row.email)).toContain(demoAccounts.admin.email);
    // A refreshed session keeps the second factor.
    const refreshed = await supabase.auth.refreshSession();
    expect(claimsOf(refreshed.data.session!.access_token).aal).toBe('aal2');
    expect((await supabase.rpc('admin_list_admins')).error).toBeNull();
  });
});
