// SPEC 2.5 / 5.2 / 8.1 / 8.4: what a user of the login form notices: when the button may be
// pressed, the toast each failure gives, the resend button only after an unverified login, the
// forgot-password sub-view, and the 10 s login timeout.
import { toastStore } from '@podium/shared/toast';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth } from '../test/fake-auth.ts';
import { renderWithApp } from '../test/render.tsx';
import { LoginForm } from './LoginDialog.tsx';

const lastToast = () => toastStore.getSnapshot()[0];
const authError = (message: string, code: string) => Object.assign(new Error(message), { code, status: 400, name: 'AuthApiError' });

function setup(profile: Parameters<typeof fakeAuth>[0] = null) {
  const fake = fakeAuth(profile);
  const onLoggedIn = vi.fn();
  const onSwitchToSignup = vi.fn();
  renderWithApp(<LoginForm role="customer" getActions={fake.getActions} onLoggedIn={onLoggedIn} onSwitchToSignup={onSwitchToSignup} />);
  const email = screen.getByLabelText('E-mailadres');
  const password = screen.getByLabelText('Wachtwoord');
  const submit = screen.getByRole('button', { name: 'Inloggen' });
  return { ...fake, onLoggedIn, onSwitchToSignup, email, password, submit };
}

beforeEach(() => toastStore.dismiss());

describe('the login form', () => {
  it('enables the button only with a non-blank e-mail and a password with a non-blank character', async () => {
    const user = userEvent.setup();
    const { email, password, submit } = setup();
    expect(submit).toBeDisabled();
    await user.type(email, 'klant@example.nl');
    expect(submit).toBeDisabled();
    await user.type(password, '   ');
    expect(submit).toBeDisabled();
    await user.type(password, 'x');
    expect(submit).toBeEnabled();
    await user.clear(email);
    await user.type(email, '  ');
    expect(submit).toBeDisabled();
  });

  it('shows the Dutch message for wrong credentials, without the resend button', async () => {
    const user = userEvent.setup();
    const { auth, email, password } = setup();
    auth.signInWithPassword.mockResolvedValue({ data: { user: null, session: null }, error: authError('Invalid login credentials', 'invalid_credentials') });
    await user.type(email, 'klant@example.nl');
    await user.type(password, 'fout-wachtwoord{Enter}');
    await waitFor(() => expect(lastToast()?.description).toBe('Ongeldige inloggegevens. Controleer je e-mailadres en wachtwoord.'));
    expect(lastToast()).toMatchObject({ title: 'Inloggen mislukt', variant: 'destructive' });
    expect(screen.queryByRole('button', { name: 'Stuur verificatie mail nog een keer' })).toBeNull();
  });

  it('offers the resend button only after a login failed on an unverified e-mail, and resends', async () => {
    const user = userEvent.setup();
    const { auth, email, password } = setup();
    auth.signInWithPassword.mockResolvedValue({ data: { user: null, session: null }, error: authError('Email not confirmed', 'email_not_confirmed') });
    expect(screen.queryByRole('button', { name: 'Stuur verificatie mail nog een keer' })).toBeNull();
    await user.type(email, 'nieuw@example.nl');
    await user.type(password, 'geheim123{Enter}');
    const resend = await screen.findByRole('button', { name: 'Stuur verificatie mail nog een keer' });
    expect(lastToast()?.description).toBe('Bevestig eerst je e-mailadres voordat je inlogt.');
    await user.click(resend);
    await waitFor(() => expect(lastToast()?.title).toBe('Email verzonden!'));
    expect(auth.resend).toHaveBeenCalledWith(expect.objectContaining({ type: 'signup', email: 'nieuw@example.nl' }));
  });

  it('logs in, says welcome back and hands over the role destination', async () => {
    const user = userEvent.setup();
    const { auth, email, password, onLoggedIn } = setup({ id: 'u1', role: 'customer', email_verified: true });
    auth.signInWithPassword.mockResolvedValue({ data: { user: { id: 'u1', email: 'klant@example.nl' }, session: {} }, error: null });
    await user.type(email, '  Klant@Example.nl ');
    await user.type(password, 'geheim123');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith('/'));
    expect(lastToast()?.title).toBe('Welkom terug!');
    expect(auth.signInWithPassword).toHaveBeenCalledWith({ email: 'klant@example.nl', password: 'geheim123' });
  });

  it('rejects a customer on the artist tab with the role message', async () => {
    const user = userEvent.setup();
    const { auth } = setup({ id: 'u1', role: 'customer', email_verified: true });
    auth.signInWithPassword.mockResolvedValue({ data: { user: { id: 'u1' }, session: {} }, error: null });
    await user.click(screen.getByRole('tab', { name: 'Artiest' }));
    // The artist tab's panel holds the form now.
    await user.type(screen.getByLabelText('E-mailadres'), 'klant@example.nl');
    await user.type(screen.getByLabelText('Wachtwoord'), 'geheim123{Enter}');
    await waitFor(() => expect(lastToast()?.description).toBe('Je hebt geen artiest/klant account. Gebruik de juiste inlog tab of registreer een nieuw account.'));
    expect(auth.signOut).toHaveBeenCalled();
  });

  it('gives up after 10 s with the timeout message', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { auth, email, password, submit } = setup();
      auth.signInWithPassword.mockReturnValue(new Promise(() => {}));
      fireEvent.change(email, { target: { value: 'klant@example.nl' } });
      fireEvent.change(password, { target: { value: 'geheim123' } });
      await waitFor(() => expect(submit).toBeEnabled());
      fireEvent.click(submit);
      await waitFor(() => expect(auth.signInWithPassword).toHaveBeenCalled());
      await act(async () => vi.advanceTimersByTime(9_900));
      expect(lastToast()?.description).not.toBe('Login duurt te lang. Controleer je internetverbinding en probeer opnieuw.');
      await act(async () => vi.advanceTimersByTime(200));
      await waitFor(() => expect(lastToast()?.description).toBe('Login duurt te lang. Controleer je internetverbinding en probeer opnieuw.'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('switches to signup', async () => {
    const user = userEvent.setup();
    const { onSwitchToSignup } = setup();
    await user.click(screen.getByRole('button', { name: 'Nog geen account? Registreer hier' }));
    expect(onSwitchToSignup).toHaveBeenCalledOnce();
  });
});

describe('the forgot-password sub-view', () => {
  it('needs an e-mail with @, then confirms where the link went; back returns to login', async () => {
    const user = userEvent.setup();
    const { auth } = setup();
    await user.click(screen.getByRole('button', { name: 'Wachtwoord vergeten?' }));
    await user.type(screen.getByLabelText('E-mailadres'), 'geen-adres');
    await user.click(screen.getByRole('button', { name: 'Reset wachtwoord' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Email vereist', description: 'Voer een geldig emailadres in.' }));
    expect(auth.resetPasswordForEmail).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('E-mailadres'));
    await user.type(screen.getByLabelText('E-mailadres'), 'Klant@Example.nl');
    await user.click(screen.getByRole('button', { name: 'Reset wachtwoord' }));
    expect(await screen.findByText('Reset link verzonden naar klant@example.nl')).toBeInTheDocument();
    expect(lastToast()?.title).toBe('Reset email verzonden!');
    expect(auth.resetPasswordForEmail).toHaveBeenCalledWith('klant@example.nl', { redirectTo: 'http://localhost/auth/reset-password' });

    await user.click(screen.getByRole('button', { name: 'Terug naar inloggen' }));
    expect(screen.getByRole('button', { name: 'Inloggen' })).toBeInTheDocument();
  });
});
