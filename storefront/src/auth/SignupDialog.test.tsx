// SPEC 2.4 / 5.1 / 8.2: the signup form checks its rules in the spec's order, one toast per
// press; the button reads 'Aanmaken...' while submitting; 'already registered' switches to login
// after 2 s.
import { toastStore } from '@podium/shared/toast';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth } from '../test/fake-auth.ts';
import { renderWithApp } from '../test/render.tsx';
import { SignupForm } from './SignupDialog.tsx';

const lastToast = () => toastStore.getSnapshot()[0];

function setup() {
  const fake = fakeAuth();
  const onSignedUp = vi.fn();
  const onSwitchToLogin = vi.fn();
  renderWithApp(<SignupForm role="customer" getActions={fake.getActions} onSignedUp={onSignedUp} onSwitchToLogin={onSwitchToLogin} />);
  const field = (label: string) => screen.getByLabelText(label);
  const submit = () => screen.getByRole('button', { name: /Account Aanmaken|Aanmaken\.\.\./ });
  return { ...fake, onSignedUp, onSwitchToLogin, field, submit };
}

beforeEach(() => toastStore.dismiss());

describe('the signup form', () => {
  it('has every field of SPEC 2.4, with the terms linking to /terms and /privacy in a new tab', () => {
    setup();
    for (const label of ['Voornaam', 'Achternaam', 'E-mailadres', 'Wachtwoord', 'Bevestig wachtwoord', 'Referral Code (optioneel)']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Aanmelden met Google' })).toBeInTheDocument();
    expect(screen.getByText(/verdien je BANDS/)).toBeInTheDocument();
    const terms = screen.getByRole('link', { name: 'algemene voorwaarden' });
    expect(terms).toHaveAttribute('href', '/terms');
    expect(terms).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'privacybeleid' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'privacybeleid' })).toHaveAttribute('target', '_blank');
  });

  it('checks the rules in order: each press shows the first failing rule', async () => {
    const user = userEvent.setup();
    const { auth, field, submit } = setup();
    const press = async () => {
      await user.click(submit());
      return lastToast();
    };
    expect(await press()).toMatchObject({ title: 'Voornaam vereist', description: 'Vul je voornaam in', variant: 'destructive' });
    await user.type(field('Voornaam'), 'Sanne');
    expect(await press()).toMatchObject({ title: 'Achternaam vereist', description: 'Vul je achternaam in' });
    await user.type(field('Achternaam'), 'de Vries');
    expect(await press()).toMatchObject({ title: 'Ongeldig e-mailadres', description: 'Vul een geldig e-mailadres in' });
    await user.type(field('E-mailadres'), 'sanne@example.nl');
    await user.type(field('Wachtwoord'), '12345');
    expect(await press()).toMatchObject({ title: 'Wachtwoord te kort', description: 'Wachtwoord moet minimaal 6 karakters lang zijn' });
    await user.type(field('Wachtwoord'), '6');
    await user.type(field('Bevestig wachtwoord'), '654321');
    expect(await press()).toMatchObject({ title: 'Wachtwoorden komen niet overeen', description: 'Controleer je wachtwoord' });
    await user.clear(field('Bevestig wachtwoord'));
    await user.type(field('Bevestig wachtwoord'), '123456');
    expect(await press()).toMatchObject({ title: 'Algemene voorwaarden', description: 'Je moet de algemene voorwaarden accepteren om door te gaan' });
    expect(auth.signUp).not.toHaveBeenCalled();
  });

  it("reads 'Aanmaken...' while submitting, then toasts, resets and closes", async () => {
    const user = userEvent.setup();
    const { auth, field, submit, onSignedUp } = setup();
    let finish: (value: unknown) => void = () => {};
    auth.signUp.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    await user.type(field('Voornaam'), 'Sanne');
    await user.type(field('Achternaam'), 'de Vries');
    await user.type(field('E-mailadres'), ' Sanne@Example.nl ');
    await user.type(field('Wachtwoord'), 'geheim123');
    await user.type(field('Bevestig wachtwoord'), 'geheim123');
    await user.type(field('Referral Code (optioneel)'), 'VRIEND42');
    await user.click(screen.getByRole('checkbox'));
    await user.click(submit());
    await waitFor(() => expect(submit()).toHaveTextContent('Aanmaken...'));
    expect(submit()).toBeDisabled();
    await act(async () => finish({ data: { user: { id: 'n1', identities: [{}] }, session: null }, error: null }));
    await waitFor(() => expect(onSignedUp).toHaveBeenCalledOnce());
    expect(lastToast()?.title).toBe('Account aangemaakt!');
    expect(auth.signUp).toHaveBeenCalledWith(
      expect.objectContaining({
        email: 'sanne@example.nl',
        options: expect.objectContaining({ data: { first_name: 'Sanne', last_name: 'de Vries', role: 'customer', terms_accepted: true } }),
      }),
    );
    expect(window.localStorage.getItem('pendingReferralCode')).toBe('VRIEND42');
    expect(field('Voornaam')).toHaveValue('');
  });

  it('switches to the login dialog 2 s after "already registered"', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const { auth, field, onSwitchToLogin } = setup();
      auth.signUp.mockResolvedValue({ data: { user: null, session: null }, error: Object.assign(new Error('User already registered'), { code: 'user_already_exists' }) });
      fireEvent.change(field('Voornaam'), { target: { value: 'Sanne' } });
      fireEvent.change(field('Achternaam'), { target: { value: 'de Vries' } });
      fireEvent.change(field('E-mailadres'), { target: { value: 'sanne@example.nl' } });
      fireEvent.change(field('Wachtwoord'), { target: { value: 'geheim123' } });
      fireEvent.change(field('Bevestig wachtwoord'), { target: { value: 'geheim123' } });
      await user.click(screen.getByRole('checkbox'));
      await user.click(screen.getByRole('button', { name: 'Account Aanmaken' }));
      await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Account bestaat al', description: 'Er bestaat al een account met dit e-mailadres. Ga naar inloggen.' }));
      await act(async () => vi.advanceTimersByTime(1_900));
      expect(onSwitchToLogin).not.toHaveBeenCalled();
      await act(async () => vi.advanceTimersByTime(200));
      expect(onSwitchToLogin).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });
});
