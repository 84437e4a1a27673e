import { describe, expect, it } from 'vitest';
import { specText } from './spec-text.test-support.ts';
import { canSubmitLogin, normalizeEmail, validateForgotPasswordEmail, validateLoginResendEmail, validateSignup, type SignupForm } from './validation.ts';

const valid: SignupForm = {
  firstName: 'Anna',
  lastName: 'de Vries',
  email: 'anna@example.nl',
  password: 'geheim1',
  confirmPassword: 'geheim1',
  termsAccepted: true,
};

describe('SPEC 5.1: signup rules, in order', () => {
  // Each row breaks its own rule and every later one, so only the order decides which message shows.
  it.each<[number, string, Partial<SignupForm>, string, string]>([
    [1, 'first name non-blank', { firstName: '  ' }, 'Voornaam vereist', 'Vul je voornaam in'],
    [2, 'last name non-blank', { lastName: '' }, 'Achternaam vereist', 'Vul je achternaam in'],
    [3, "e-mail contains '@'", { email: 'anna.example.nl' }, 'Ongeldig e-mailadres', 'Vul een geldig e-mailadres in'],
    [4, 'password at least 6 characters', { password: '12345', confirmPassword: '12345' }, 'Wachtwoord te kort', 'Wachtwoord moet minimaal 6 karakters lang zijn'],
    [5, 'confirm password equals password', { confirmPassword: 'geheim2' }, 'Wachtwoorden komen niet overeen', 'Controleer je wachtwoord'],
    [6, 'terms accepted', { termsAccepted: false }, 'Algemene voorwaarden', 'Je moet de algemene voorwaarden accepteren om door te gaan'],
  ])('rule %i (%s): %s', (number, rule, broken, title, description) => {
    expect(specText).toContain(`| ${number} | ${rule} | '${title}' | '${description}' |`);
    expect(validateSignup({ ...valid, ...broken })).toEqual({ title, description });
  });

  it('reports the first failure when several rules fail', () => {
    const allBroken: SignupForm = { firstName: '', lastName: '', email: 'x', password: '1', confirmPassword: '2', termsAccepted: false };
    expect(validateSignup(allBroken)?.title).toBe('Voornaam vereist');
    expect(validateSignup({ ...allBroken, firstName: 'A' })?.title).toBe('Achternaam vereist');
    expect(validateSignup({ ...allBroken, firstName: 'A', lastName: 'B' })?.title).toBe('Ongeldig e-mailadres');
    expect(validateSignup({ ...allBroken, firstName: 'A', lastName: 'B', email: 'a@b' })?.title).toBe('Wachtwoord te kort');
  });

  it('accepts a valid form, with exactly 6 characters', () => {
    expect(validateSignup(valid)).toBeNull();
    expect(validateSignup({ ...valid, password: '123456', confirmPassword: '123456' })).toBeNull();
  });

  it('trims and lowercases the e-mail', () => {
    expect(normalizeEmail('  Anna.De.Vries@Example.NL ')).toBe('anna.de.vries@example.nl');
  });
});

describe('SPEC 5.2: other rules', () => {
  it.each<[string, string, boolean]>([
    ['anna@example.nl', 'x', true],
    ['anna@example.nl', ' x ', true],
    ['anna@example.nl', '   ', false],
    ['anna@example.nl', '', false],
    ['  ', 'geheim', false],
    ['', 'geheim', false],
  ])('login button with e-mail %o and password %o enabled: %s', (email, password, enabled) => {
    expect(canSubmitLogin(email, password)).toBe(enabled);
  });

  it.each<[string, boolean]>([
    ['anna@example.nl', true],
    ['anna', false],
    ['', false],
    ['   ', false],
  ])('forgot password with %o passes: %s', (email, passes) => {
    expect(validateForgotPasswordEmail(email)).toEqual(passes ? null : { title: 'Email vereist', description: 'Voer een geldig emailadres in.' });
  });

  it.each<[string, boolean]>([
    ['anna@example.nl', true],
    [' ', false],
    ['', false],
  ])('resend from the login dialog with %o passes: %s', (email, passes) => {
    expect(validateLoginResendEmail(email)).toEqual(passes ? null : { title: 'Email vereist', description: 'Voer eerst je emailadres in.' });
  });
});
