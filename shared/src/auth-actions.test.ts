import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthActions, type LoginResult } from './auth-actions.ts';
import { redirectDestinationKey } from './auth-guard.ts';
import { pendingReferralKey } from './referral.ts';
import type { Profile } from './session.ts';
import { memoryStorage } from './memory-storage.test-support.ts';

const never = () => new Promise<never>(() => {});
const user = (id = 'u1', changes: Record<string, unknown> = {}) => ({ id, email: 'anna@example.nl', email_confirmed_at: '2026-01-01T00:00:00Z', identities: [{ provider: 'email' }], ...changes });
const profile = (changes: Partial<Profile> = {}) => ({ id: 'u1', role: 'customer', email_verified: true, first_name: 'Anna', ...changes }) as Profile;

/** supabase-js with every auth call and the profile read scripted per test. */
function fakeClient() {
  const auth = {
    signInWithPassword: vi.fn((_credentials: unknown): Promise<unknown> => Promise.resolve({ data: { user: user(), session: { access_token: 't' } }, error: null })),
    signUp: vi.fn((_input: unknown): Promise<unknown> => Promise.resolve({ data: { user: user(), session: null }, error: null })),
    signOut: vi.fn((_options?: unknown): Promise<unknown> => Promise.resolve({ error: null })),
    resend: vi.fn((_input: unknown): Promise<unknown> => Promise.resolve({ data: {}, error: null })),
    resetPasswordForEmail: vi.fn((_email: string, _options: unknown): Promise<unknown> => Promise.resolve({ data: {}, error: null })),
    getUser: vi.fn((): Promise<unknown> => Promise.resolve({ data: { user: user() }, error: null })),
    signInWithOAuth: vi.fn((_input: unknown): Promise<unknown> => Promise.resolve({ data: { url: 'https://idp.example/authorize' }, error: null })),
  };
  const profileRead = vi.fn((): Promise<unknown> => Promise.resolve({ data: profile(), error: null }));
  const client = { auth, from: () => ({ select: () => ({ eq: () => ({ maybeSingle: profileRead }) }) }) };
  const session = { acceptProfile: vi.fn(), clearLocal: vi.fn(), refreshProfile: vi.fn(() => Promise.resolve(null)) };
  const sessionStorage = memoryStorage();
  const localStorage = memoryStorage();
  const actions = createAuthActions({
    client: client as unknown as Parameters<typeof createAuthActions>[0]['client'],
    origin: 'https://podium.nl',
    session,
    sessionStorage,
    localStorage,
  });
  return { auth, profileRead, session, sessionStorage, localStorage, actions };
}

const failed = (message: string, showResendButton = false): LoginResult => ({
  ok: false,
  toast: { title: 'Inloggen mislukt', description: message, variant: 'destructive' },
  showResendButton,
});

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('SPEC 8.1: login', () => {
  it('succeeds with "Welkom terug!", hands over the profile and goes to the role destination', async () => {
    const fake = fakeClient();
    const result = await fake.actions.login({ email: '  Anna@Example.NL ', password: 'geheim1' });
    expect(fake.auth.signInWithPassword).toHaveBeenCalledWith({ email: 'anna@example.nl', password: 'geheim1' });
    expect(result).toMatchObject({ ok: true, toast: { title: 'Welkom terug!', variant: 'default' }, destination: '/' });
    expect(fake.session.acceptProfile).toHaveBeenCalledWith(profile());
    expect(fake.auth.signOut).not.toHaveBeenCalled();
  });

  it('goes to the stored post-login destination once', async () => {
    const fake = fakeClient();
    fake.sessionStorage.setItem(redirectDestinationKey, '/bookings');
    expect(await fake.actions.login({ email: 'anna@example.nl', password: 'x' })).toMatchObject({ destination: '/bookings' });
    expect(fake.sessionStorage.values.has(redirectDestinationKey)).toBe(false);
  });

  it.each([
    ["'Invalid login credentials'", { message: 'Invalid login credentials', code: 'invalid_credentials', status: 400 }, 'Ongeldige inloggegevens. Controleer je e-mailadres en wachtwoord.', false],
    ["'Email not confirmed'", { message: 'Email not confirmed', code: 'email_not_confirmed', status: 400 }, 'Bevestig eerst je e-mailadres voordat je inlogt.', true],
    ['any other error', { message: 'Request rate limit reached', code: 'over_request_rate_limit', status: 429 }, 'Er is een fout opgetreden. Probeer opnieuw.', false],
  ])('cause %s', async (_cause, error, message, showResendButton) => {
    const fake = fakeClient();
    fake.auth.signInWithPassword.mockResolvedValue({ data: { user: null, session: null }, error });
    expect(await fake.actions.login({ email: 'anna@example.nl', password: 'x' })).toEqual(failed(message, showResendButton));
  });

  it('cause: no user returned', async () => {
    const fake = fakeClient();
    fake.auth.signInWithPassword.mockResolvedValue({ data: { user: null, session: null }, error: null });
    expect(await fake.actions.login({ email: 'anna@example.nl', password: 'x' })).toEqual(failed('Login mislukt. Probeer opnieuw.'));
  });

  it('cause: profile missing (the user is signed out)', async () => {
    const fake = fakeClient();
    fake.profileRead.mockResolvedValue({ data: null, error: null });
    expect(await fake.actions.login({ email: 'anna@example.nl', password: 'x' })).toEqual(failed('Profiel niet gevonden. Neem contact op met support.'));
    expect(fake.auth.signOut).toHaveBeenCalledOnce();
  });

  it('cause: profile load error (the user is signed out)', async () => {
    const fake = fakeClient();
    fake.profileRead.mockResolvedValue({ data: null, error: { message: 'permission denied' } });
    expect(await fake.actions.login({ email: 'anna@example.nl', password: 'x' })).toEqual(failed('Profiel kon niet worden geladen. Probeer opnieuw.'));
    expect(fake.auth.signOut).toHaveBeenCalledOnce();
  });

  it('cause: profile load timeout after 8 s (the user is signed out)', async () => {
    const fake = fakeClient();
    fake.profileRead.mockImplementation(never);
    const result = fake.actions.login({ email: 'anna@example.nl', password: 'x' });
    let settled = false;
    void result.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(7_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toEqual(failed('Profiel kon niet worden geladen. Probeer opnieuw.'));
    expect(fake.auth.signOut).toHaveBeenCalledOnce();
  });

  it.each([
    ['customer', 'artist' as const, false],
    ['artist', 'customer' as const, false],
    ['artist', 'artist' as const, true],
    ['admin', 'artist' as const, true],
    ['admin', 'customer' as const, true],
  ])('cause: role mismatch, a %s on the %s tab passes: %s', async (role, requestedRole, passes) => {
    const fake = fakeClient();
    fake.profileRead.mockResolvedValue({ data: profile({ role }), error: null });
    const result = await fake.actions.login({ email: 'anna@example.nl', password: 'x', requestedRole });
    if (passes) expect(result.ok).toBe(true);
    else {
      expect(result).toEqual(failed('Je hebt geen artiest/klant account. Gebruik de juiste inlog tab of registreer een nieuw account.'));
      expect(fake.auth.signOut).toHaveBeenCalledOnce();
    }
  });

  it('cause: unverified e-mail — the signup mail goes out again, the user is signed out, the resend button appears', async () => {
    const fake = fakeClient();
    fake.profileRead.mockResolvedValue({ data: profile({ email_verified: false }), error: null });
    const result = await fake.actions.login({ email: 'Anna@example.nl', password: 'x' });
    expect(result).toEqual(failed('Je moet eerst je e-mailadres bevestigen voordat je kunt inloggen. We hebben zojuist een nieuwe verificatie-mail verstuurd.', true));
    expect(fake.auth.resend).toHaveBeenCalledWith({ type: 'signup', email: 'anna@example.nl', options: { emailRedirectTo: 'https://podium.nl/auth/confirm' } });
    expect(fake.auth.signOut).toHaveBeenCalledOnce();
    expect(fake.session.acceptProfile).not.toHaveBeenCalled();
  });

  it('an unverified admin is let in (exempt from the verification gate)', async () => {
    const fake = fakeClient();
    fake.profileRead.mockResolvedValue({ data: profile({ role: 'admin', email_verified: false }), error: null });
    expect(await fake.actions.login({ email: 'anna@example.nl', password: 'x' })).toMatchObject({ ok: true, destination: '/admin/approvals' });
  });

  it('cause: login timeout after 10 s; a session arriving later is signed out', async () => {
    const fake = fakeClient();
    let late: (value: unknown) => void = () => {};
    fake.auth.signInWithPassword.mockImplementation(() => new Promise((resolve) => (late = resolve)));
    const result = fake.actions.login({ email: 'anna@example.nl', password: 'x' });
    let settled = false;
    void result.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toEqual(failed('Login duurt te lang. Controleer je internetverbinding en probeer opnieuw.'));
    late({ data: { user: user(), session: { access_token: 't' } }, error: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.auth.signOut).toHaveBeenCalledOnce();
  });

  it('a thrown sign-in call is "any other error"', async () => {
    const fake = fakeClient();
    fake.auth.signInWithPassword.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await fake.actions.login({ email: 'anna@example.nl', password: 'x' })).toEqual(failed('Er is een fout opgetreden. Probeer opnieuw.'));
  });
});

describe('SPEC 8.2: signup', () => {
  const form = { firstName: ' Anna ', lastName: 'de Vries', email: ' Anna@Example.NL ', password: 'geheim1', confirmPassword: 'geheim1', termsAccepted: true };

  it('checks the SPEC 5.1 rules before calling the server', async () => {
    const fake = fakeClient();
    expect(await fake.actions.signup({ ...form, termsAccepted: false })).toEqual({
      ok: false,
      toast: { title: 'Algemene voorwaarden', description: 'Je moet de algemene voorwaarden accepteren om door te gaan', variant: 'destructive' },
      alreadyRegistered: false,
    });
    expect(fake.auth.signUp).not.toHaveBeenCalled();
  });

  it("signs up with the trimmed, lowercased e-mail and the metadata; toast 'Account aangemaakt!'", async () => {
    const fake = fakeClient();
    const result = await fake.actions.signup({ ...form, referralCode: 'ANNA2024' });
    expect(fake.auth.signUp).toHaveBeenCalledWith({
      email: 'anna@example.nl',
      password: 'geheim1',
      options: {
        emailRedirectTo: 'https://podium.nl/auth/confirm',
        data: { first_name: 'Anna', last_name: 'de Vries', role: 'customer', terms_accepted: true },
      },
    });
    expect(result).toMatchObject({ ok: true, toast: { title: 'Account aangemaakt!', variant: 'default' } });
    expect(fake.localStorage.values.get(pendingReferralKey)).toBe('ANNA2024');
  });

  it('a signup from the booking form mails a link back to it, and the destination stays for the login', async () => {
    const fake = fakeClient();
    fake.sessionStorage.setItem(redirectDestinationKey, '/artists/bella-voce/boeken?datum=2027-01-14');
    await fake.actions.signup(form);
    expect(fake.auth.signUp).toHaveBeenCalledWith(
      expect.objectContaining({ options: expect.objectContaining({ emailRedirectTo: 'https://podium.nl/auth/confirm?next=%2Fartists%2Fbella-voce%2Fboeken%3Fdatum%3D2027-01-14' }) }),
    );
    await fake.actions.resendVerificationFromLogin('anna@example.nl');
    expect(fake.auth.resend).toHaveBeenLastCalledWith({
      type: 'signup',
      email: 'anna@example.nl',
      options: { emailRedirectTo: 'https://podium.nl/auth/confirm?next=%2Fartists%2Fbella-voce%2Fboeken%3Fdatum%3D2027-01-14' },
    });
    expect(fake.sessionStorage.values.get(redirectDestinationKey)).toBe('/artists/bella-voce/boeken?datum=2027-01-14');
  });

  it.each([
    ['with confirmations on: a user without identities', { data: { user: user('obfuscated', { identities: [] }), session: null }, error: null }],
    ['with confirmations off: 422 User already registered', { data: { user: null, session: null }, error: { message: 'User already registered', code: 'user_already_exists', status: 422 } }],
  ])("'already registered' %s: toast, then switch to login after 2 s", async (_case, answer) => {
    const fake = fakeClient();
    fake.auth.signUp.mockResolvedValue(answer);
    const onSwitchToLogin = vi.fn();
    expect(await fake.actions.signup(form, { onSwitchToLogin })).toEqual({
      ok: false,
      toast: { title: 'Account bestaat al', description: 'Er bestaat al een account met dit e-mailadres. Ga naar inloggen.', variant: 'destructive' },
      alreadyRegistered: true,
    });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(onSwitchToLogin).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onSwitchToLogin).toHaveBeenCalledOnce();
  });

  it.each([
    ['a refused signup', () => Promise.resolve({ data: { user: null, session: null }, error: { message: 'Signups not allowed', status: 422 } }), 'Registratie mislukt. Probeer opnieuw.'],
    ['a failed call', () => Promise.reject(new TypeError('Failed to fetch')), 'Er ging iets mis. Probeer het opnieuw.'],
  ])("%s: 'Registratie mislukt'", async (_case, answer, description) => {
    const fake = fakeClient();
    fake.auth.signUp.mockImplementation(answer);
    expect(await fake.actions.signup(form)).toEqual({ ok: false, toast: { title: 'Registratie mislukt', description, variant: 'destructive' }, alreadyRegistered: false });
  });
});

describe('SPEC 8.3: password reset, sign-out, OAuth', () => {
  it('password reset: validated, sent with the reset-password redirect', async () => {
    const fake = fakeClient();
    expect(await fake.actions.forgotPassword('anna')).toEqual({ ok: false, toast: { title: 'Email vereist', description: 'Voer een geldig emailadres in.', variant: 'destructive' } });
    const result = await fake.actions.forgotPassword(' Anna@example.nl ');
    expect(fake.auth.resetPasswordForEmail).toHaveBeenCalledWith('anna@example.nl', { redirectTo: 'https://podium.nl/auth/reset-password' });
    expect(result).toMatchObject({ ok: true, toast: { title: 'Reset email verzonden!' }, sentTo: 'anna@example.nl' });
  });

  it("password reset failure: 'Fout bij wachtwoord reset'", async () => {
    const fake = fakeClient();
    fake.auth.resetPasswordForEmail.mockResolvedValue({ data: null, error: { message: 'Email rate limit exceeded' } });
    expect(await fake.actions.forgotPassword('anna@example.nl')).toEqual({
      ok: false,
      toast: { title: 'Fout bij wachtwoord reset', variant: 'destructive' },
    });
  });

  it('sign-out clears local state first, then calls the server', async () => {
    const fake = fakeClient();
    const order: string[] = [];
    fake.session.clearLocal.mockImplementation(() => void order.push('local'));
    fake.auth.signOut.mockImplementation(() => (order.push('server'), Promise.resolve({ error: null })));
    expect(await fake.actions.signOut()).toEqual({ ok: true, toast: null });
    expect(order).toEqual(['local', 'server']);
    expect(fake.auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
  });

  it('sign-out, server failure: signed out locally, and told so', async () => {
    const fake = fakeClient();
    fake.auth.signOut.mockResolvedValue({ error: { message: 'Internal Server Error', status: 500 } });
    expect(await fake.actions.signOut()).toEqual({
      ok: true,
      toast: { title: 'Sessie op server kon niet worden beëindigd, maar je bent lokaal uitgelogd.', variant: 'destructive' },
    });
    expect(fake.session.clearLocal).toHaveBeenCalledOnce();
  });

  it("sign-out, other failure: 'Uitloggen mislukt.'", async () => {
    const fake = fakeClient();
    fake.auth.signOut.mockRejectedValue(new Error('storage unavailable'));
    expect(await fake.actions.signOut()).toEqual({ ok: false, toast: { title: 'Uitloggen mislukt.', variant: 'destructive' } });
  });

  it('OAuth: redirect to /auth/callback with access_type=offline and prompt=consent', async () => {
    const fake = fakeClient();
    expect(await fake.actions.signInWithOAuth('google', 'Google', 'login')).toEqual({ ok: true, toast: null, url: 'https://idp.example/authorize' });
    expect(fake.auth.signInWithOAuth).toHaveBeenCalledWith({
      provider: 'google',
      options: { redirectTo: 'https://podium.nl/auth/callback', queryParams: { access_type: 'offline', prompt: 'consent' } },
    });
  });

  it.each([
    ['login', 'Google inloggen mislukt'],
    ['signup', 'Google registratie mislukt'],
  ] as const)("OAuth %s failure: '%s' with the provider's message", async (mode, title) => {
    const fake = fakeClient();
    fake.auth.signInWithOAuth.mockResolvedValue({ data: {}, error: { message: 'Unsupported provider: provider is not enabled' } });
    expect(await fake.actions.signInWithOAuth('google', 'Google', mode)).toEqual({
      ok: false,
      toast: { title, description: 'Unsupported provider: provider is not enabled', variant: 'destructive' },
    });
  });
});

describe('SPEC 8.4: verification e-mail', () => {
  it.each([
    ['not logged in', { data: { user: null }, error: { message: 'Auth session missing!' } }, { success: false, error: 'Je moet ingelogd zijn om een verificatie-email te versturen.' }],
    ['already verified', { data: { user: user() }, error: null }, { success: false, error: 'Je email is al geverifieerd.' }],
    ['unverified', { data: { user: user('u1', { email_confirmed_at: null }) }, error: null }, { success: true, error: null }],
  ])('account logic, %s', async (_case, answer, expected) => {
    const fake = fakeClient();
    fake.auth.getUser.mockResolvedValue(answer);
    expect(await fake.actions.sendVerificationEmail()).toEqual(expected);
  });

  it('account logic, send failure', async () => {
    const fake = fakeClient();
    fake.auth.getUser.mockResolvedValue({ data: { user: user('u1', { email_confirmed_at: null }) }, error: null });
    fake.auth.resend.mockResolvedValue({ data: null, error: { message: 'rate limit' } });
    expect(await fake.actions.sendVerificationEmail()).toEqual({ success: false, error: 'Er ging iets mis bij het versturen van de verificatie-email.' });
  });

  it("login dialog: needs the e-mail field; 'Email verzonden!' or 'Fout bij verzenden'", async () => {
    const fake = fakeClient();
    expect(await fake.actions.resendVerificationFromLogin(' ')).toEqual({ ok: false, toast: { title: 'Email vereist', description: 'Voer eerst je emailadres in.', variant: 'destructive' } });
    expect(await fake.actions.resendVerificationFromLogin('anna@example.nl')).toMatchObject({ ok: true, toast: { title: 'Email verzonden!' } });
    expect(fake.auth.resend).toHaveBeenLastCalledWith({ type: 'signup', email: 'anna@example.nl', options: { emailRedirectTo: 'https://podium.nl/auth/confirm' } });
    fake.auth.resend.mockResolvedValue({ data: null, error: { message: 'x' } });
    expect(await fake.actions.resendVerificationFromLogin('anna@example.nl')).toEqual({
      ok: false,
      toast: { title: 'Fout bij verzenden', description: 'Er ging iets mis bij het versturen van de bevestigingsmail.', variant: 'destructive' },
    });
  });
});

describe('SPEC 8.5: verification pop-up', () => {
  it('resend success names the address', async () => {
    const fake = fakeClient();
    const result = await fake.actions.resendVerificationFromPopup('anna@example.nl');
    expect(result).toMatchObject({ ok: true, toast: { title: 'Email Verzonden! 📧', variant: 'default' } });
    expect(result.toast?.description).toContain('anna@example.nl');
  });

  it.each([
    ["the server's error", () => Promise.resolve({ data: null, error: { message: 'Email rate limit exceeded' } }), 'Email rate limit exceeded'],
    ['an error without text', () => Promise.resolve({ data: null, error: { message: '' } }), 'Er ging iets mis bij het versturen van de email.'],
    ['an exception', () => Promise.reject(new Error('offline')), 'Er ging iets mis bij het versturen van de email. Probeer het later opnieuw.'],
  ])("resend failure: 'Fout' with %s", async (_case, answer, description) => {
    const fake = fakeClient();
    fake.auth.resend.mockImplementation(answer);
    expect(await fake.actions.resendVerificationFromPopup('anna@example.nl')).toEqual({ ok: false, toast: { title: 'Fout', description, variant: 'destructive' } });
  });

  it('no known e-mail address', async () => {
    const fake = fakeClient();
    expect(await fake.actions.resendVerificationFromPopup(null)).toEqual({
      ok: false,
      toast: { title: 'Fout', description: 'Geen email adres gevonden. Probeer opnieuw in te loggen.', variant: 'destructive' },
    });
    expect(fake.auth.resend).not.toHaveBeenCalled();
  });

  it.each([
    ['verified', user(), { title: 'Email Geverifieerd! ✅', description: 'Je email is succesvol geverifieerd. Je kunt nu alle functies gebruiken.' }, true],
    [
      'not verified',
      user('u1', { email_confirmed_at: null }),
      { title: 'Status Gecontroleerd', description: 'Je email is nog niet geverifieerd. Controleer je inbox en klik op de verificatielink.' },
      false,
    ],
  ])('status check, %s', async (_case, answered, toast, verified) => {
    const fake = fakeClient();
    fake.auth.getUser.mockResolvedValue({ data: { user: answered }, error: null });
    expect(await fake.actions.checkVerificationStatus()).toEqual({ ok: true, verified, toast: { ...toast, variant: 'default' } });
    // a verified answer reloads the profile, which closes the pop-up
    expect(fake.session.refreshProfile).toHaveBeenCalledTimes(verified ? 1 : 0);
  });

  it('status check failure', async () => {
    const fake = fakeClient();
    fake.auth.getUser.mockRejectedValue(new Error('offline'));
    expect(await fake.actions.checkVerificationStatus()).toEqual({
      ok: false,
      verified: false,
      toast: { title: 'Fout', description: 'Er ging iets mis bij het controleren van je status.', variant: 'destructive' },
    });
  });
});
