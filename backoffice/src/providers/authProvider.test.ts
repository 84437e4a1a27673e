// The admin check of the auth provider and its second factor, against a fake supabase-js client
// (the real auth server's MFA is tested in supabase/stack/auth/mfa.integration.test.ts, the whole
// sign-in in e2e/tests/backoffice-two-factor.spec.ts).
import { describe, expect, it, vi } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@podium/shared';
import { createAuthProvider } from './authProvider.ts';

interface Factor {
  id: string;
  factor_type: 'totp';
  status: 'verified' | 'unverified';
}

function fakeClient({
  role,
  signInError,
  factors = [],
  aal = 'aal1',
  profileError = false,
}: {
  role: string | null;
  signInError?: string;
  factors?: Factor[];
  aal?: 'aal1' | 'aal2';
  profileError?: boolean;
}) {
  const user = { id: 'user-1', email: 'anne@example.nl' };
  let session: { user: typeof user } | null = null;
  let level = aal;
  const mfa = {
    getAuthenticatorAssuranceLevel: vi.fn(async () => ({
      data: { currentLevel: level, nextLevel: factors.some((factor) => factor.status === 'verified') ? 'aal2' : level },
      error: null,
    })),
    listFactors: vi.fn(async () => ({ data: { all: factors, totp: factors.filter((factor) => factor.status === 'verified') }, error: null })),
    unenroll: vi.fn(async ({ factorId }: { factorId: string }) => {
      factors = factors.filter((factor) => factor.id !== factorId);
      return { data: { id: factorId }, error: null };
    }),
    enroll: vi.fn(async () => {
      factors = [...factors, { id: 'new-factor', factor_type: 'totp', status: 'unverified' }];
      return { data: { id: 'new-factor', type: 'totp', totp: { qr_code: 'data:image/svg+xml;utf-8,<svg/>', secret: 'ABCDEFGH', uri: 'otpauth://' } }, error: null };
    }),
    challengeAndVerify: vi.fn(async ({ code }: { factorId: string; code: string }) => {
      if (code !== '123456') return { data: null, error: { code: 'mfa_verification_failed', status: 422, message: 'Invalid TOTP code entered' } };
      level = 'aal2';
      return { data: {}, error: null };
    }),
  };
  const signOut = vi.fn(async () => {
    session = null;
    return { error: null };
  });
  const client = {
    auth: {
      signInWithPassword: vi.fn(async () => {
        if (signInError) return { data: { user: null, session: null }, error: { message: signInError } };
        session = { user };
        return { data: { user, session }, error: null };
      }),
      getSession: vi.fn(async () => ({ data: { session } })),
      getUser: vi.fn(async () => ({ data: { user: session?.user ?? null }, error: null })),
      signOut,
      mfa,
    },
    from: () => ({
      select: () => ({
        eq: () => ({
          maybeSingle: async () =>
            profileError
              ? { data: null, error: { code: 'PGRST301', message: 'JWT expired' } }
              : { data: role ? { role, first_name: 'Anne', last_name: 'Beheer', email: user.email, avatar_path: null } : null, error: null },
        }),
      }),
    }),
  };
  return { client: client as unknown as SupabaseClient<Database>, signOut, mfa, login: () => (session = { user }) };
}

describe('authProvider.login', () => {
  it('asks an admin with an authenticator app for its code', async () => {
    const { client, signOut } = fakeClient({ role: 'admin', factors: [{ id: 'f1', factor_type: 'totp', status: 'verified' }] });
    await expect(createAuthProvider({ client, leave: vi.fn() }).login({ email: ' Anne@Example.nl ', password: 'x' })).resolves.toEqual({ step: 'verify' });
    expect(signOut).not.toHaveBeenCalled();
    expect(client.auth.signInWithPassword).toHaveBeenCalledWith({ email: 'anne@example.nl', password: 'x' });
  });

  it('makes an admin without an authenticator app set one up', async () => {
    const { client } = fakeClient({ role: 'admin' });
    await expect(createAuthProvider({ client, leave: vi.fn() }).login({ email: 'a@b.nl', password: 'x' })).resolves.toEqual({ step: 'enrol' });
  });

  it('refuses a customer with the role message and signs them out again', async () => {
    const { client, signOut } = fakeClient({ role: 'customer' });
    await expect(createAuthProvider({ client, leave: vi.fn() }).login({ email: 'a@b.nl', password: 'x' })).rejects.toThrow(
      'Je hebt geen artiest/klant account. Gebruik de juiste inlog tab of registreer een nieuw account.',
    );
    expect(signOut).toHaveBeenCalled();
  });

  it('signs out a user without a profile', async () => {
    const { client, signOut } = fakeClient({ role: null });
    await expect(createAuthProvider({ client, leave: vi.fn() }).login({ email: 'a@b.nl', password: 'x' })).rejects.toThrow('Profiel niet gevonden. Neem contact op met support.');
    expect(signOut).toHaveBeenCalled();
  });

  it('explains wrong credentials in Dutch', async () => {
    const { client } = fakeClient({ role: 'admin', signInError: 'Invalid login credentials' });
    await expect(createAuthProvider({ client, leave: vi.fn() }).login({ email: 'a@b.nl', password: 'x' })).rejects.toThrow('Ongeldige inloggegevens. Controleer je e-mailadres en wachtwoord.');
  });
});

describe('authProvider.checkAuth', () => {
  it('sends a guest to the login page', async () => {
    const { client } = fakeClient({ role: 'admin' });
    const leave = vi.fn();
    await expect(createAuthProvider({ client, leave }).checkAuth({})).rejects.toBeDefined();
    expect(leave).not.toHaveBeenCalled();
  });

  it('passes an admin signed in with the second factor', async () => {
    const fake = fakeClient({ role: 'admin', aal: 'aal2', factors: [{ id: 'f1', factor_type: 'totp', status: 'verified' }] });
    fake.login();
    await expect(createAuthProvider({ client: fake.client, leave: vi.fn() }).checkAuth({})).resolves.toBeUndefined();
  });

  it.each([
    ['customer', '/'],
    ['artist', '/dashboard/artist'],
  ])('sends a logged-in %s to their own destination', async (role, destination) => {
    const fake = fakeClient({ role });
    fake.login();
    const leave = vi.fn();
    void createAuthProvider({ client: fake.client, leave }).checkAuth({});
    await vi.waitFor(() => expect(leave).toHaveBeenCalledWith(destination));
  });
});

describe('a session the server no longer honours (revoked by another admin)', () => {
  it('is sent to the back office login, not out of the back office', async () => {
    const fake = fakeClient({ role: 'admin', aal: 'aal2', profileError: true });
    fake.login();
    const leave = vi.fn();
    await expect(createAuthProvider({ client: fake.client, leave }).checkAuth({})).rejects.toEqual({ message: false });
    expect(leave).not.toHaveBeenCalled();
  });

  it('on the login page asks for the password again, its stored session gone', async () => {
    const fake = fakeClient({ role: 'admin', aal: 'aal2', profileError: true });
    fake.login();
    const leave = vi.fn();
    await expect(createAuthProvider({ client: fake.client, leave }).signInStep()).resolves.toBe('password');
    expect(leave).not.toHaveBeenCalled();
    expect(fake.signOut).toHaveBeenCalledWith({ scope: 'local' });
  });
});

describe('the second factor', () => {
  const verified: Factor = { id: 'f1', factor_type: 'totp', status: 'verified' };

  it('keeps an admin with only the password out of the back office, on the code step, without logging out', async () => {
    const fake = fakeClient({ role: 'admin', factors: [verified] });
    fake.login();
    const stepUp = vi.fn();
    void createAuthProvider({ client: fake.client, leave: vi.fn(), stepUp }).checkAuth({});
    await vi.waitFor(() => expect(stepUp).toHaveBeenCalled());
    expect(fake.signOut).not.toHaveBeenCalled();
  });

  it('lets the admin in once the code is right, and says in Dutch when it is not', async () => {
    const fake = fakeClient({ role: 'admin', factors: [verified] });
    fake.login();
    const provider = createAuthProvider({ client: fake.client, leave: vi.fn(), stepUp: vi.fn() });
    await expect(provider.signInStep()).resolves.toBe('verify');
    await expect(provider.verifyCode('12345')).rejects.toThrow('Vul de 6 cijfers uit je authenticator-app in.');
    await expect(provider.verifyCode('654321')).rejects.toThrow('Deze code klopt niet.');
    expect(fake.mfa.challengeAndVerify).toHaveBeenCalledTimes(1);
    await provider.verifyCode('123 456');
    expect(fake.mfa.challengeAndVerify).toHaveBeenLastCalledWith({ factorId: 'f1', code: '123456' });
    await expect(provider.signInStep()).resolves.toBe('in');
    await expect(provider.checkAuth({})).resolves.toBeUndefined();
  });

  it('starts an enrolment afresh: a QR code scanned but never confirmed is removed first', async () => {
    const fake = fakeClient({ role: 'admin', factors: [{ id: 'left-over', factor_type: 'totp', status: 'unverified' }] });
    fake.login();
    const provider = createAuthProvider({ client: fake.client, leave: vi.fn() });
    await expect(provider.signInStep()).resolves.toBe('enrol');
    const enrolment = await provider.startEnrolment();
    expect(fake.mfa.unenroll).toHaveBeenCalledWith({ factorId: 'left-over' });
    expect(enrolment).toEqual({ factorId: 'new-factor', qrCode: 'data:image/svg+xml;utf-8,<svg/>', secret: 'ABCDEFGH' });
    await provider.verifyCode('123456', enrolment.factorId);
    expect(fake.mfa.challengeAndVerify).toHaveBeenLastCalledWith({ factorId: 'new-factor', code: '123456' });
  });
});
