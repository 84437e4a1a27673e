import { describe, expect, it } from 'vitest';
import { accountUpdateProblem, avatarFileProblem, emailChangeProblem, nameProblems, passwordChangeProblems, phoneProblem } from './profile-form.ts';

describe('nameProblems', () => {
  it("uses SPEC 5.1's words for missing names", () => {
    expect(nameProblems({ firstName: ' ', lastName: '' })).toEqual({ firstName: 'Vul je voornaam in', lastName: 'Vul je achternaam in' });
    expect(nameProblems({ firstName: 'Jan', lastName: 'de Vries' })).toEqual({});
  });
  it('refuses names over the 100 characters the database keeps', () => {
    expect(nameProblems({ firstName: 'a'.repeat(101), lastName: 'b'.repeat(100) })).toEqual({ firstName: 'Je voornaam mag maximaal 100 tekens lang zijn.' });
  });
});

describe('phoneProblem', () => {
  it('leaves a blank number alone and takes Dutch numbers as people type them', () => {
    for (const typed of ['', '   ', '06 12345678', '06-1234 5678', '+31 6 12345678', '0031612345678', '020 123 4567', '+31 (0)20 1234567']) expect(phoneProblem(typed)).toBeNull();
  });
  it("refuses anything else with the database's own words", () => {
    for (const typed of ['12345', '+32 470 12 34 56', '06 1234567', 'bel me']) expect(phoneProblem(typed)).toBe('Vul een geldig Nederlands telefoonnummer in, bijvoorbeeld 06 12345678.');
  });
});

describe('avatarFileProblem', () => {
  it('takes the images the avatars bucket takes, up to 5 MB', () => {
    expect(avatarFileProblem({ type: 'image/png', size: 5 * 1024 * 1024 })).toBeNull();
    expect(avatarFileProblem({ type: 'image/webp', size: 10 })).toBeNull();
  });
  it('refuses other files and larger photos before anything is uploaded', () => {
    expect(avatarFileProblem({ type: 'text/plain', size: 10 })).toBe('Kies een foto (JPG, PNG, WebP of AVIF).');
    expect(avatarFileProblem({ type: 'image/gif', size: 10 })).toBe('Kies een foto (JPG, PNG, WebP of AVIF).');
    expect(avatarFileProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe('Deze foto is groter dan 5 MB. Kies een kleinere foto.');
  });
});

describe('emailChangeProblem', () => {
  it("needs an '@' (SPEC 5.1) and another address than the current one", () => {
    expect(emailChangeProblem('geen-adres', 'a@b.nl')).toBe('Vul een geldig e-mailadres in');
    expect(emailChangeProblem('  ', 'a@b.nl')).toBe('Vul een geldig e-mailadres in');
    expect(emailChangeProblem(' A@B.nl ', 'a@b.nl')).toBe('Dit is al je e-mailadres.');
    expect(emailChangeProblem('nieuw@b.nl', 'a@b.nl')).toBeNull();
  });
});

describe('passwordChangeProblems', () => {
  it('checks the length first, then the confirmation (SPEC 5.1)', () => {
    expect(passwordChangeProblems({ password: 'kort', confirm: 'anders' })).toEqual({ password: 'Wachtwoord moet minimaal 6 karakters lang zijn' });
    expect(passwordChangeProblems({ password: 'geheim1', confirm: 'geheim2' })).toEqual({ confirm: 'Wachtwoorden komen niet overeen' });
    expect(passwordChangeProblems({ password: 'geheim1', confirm: 'geheim1' })).toEqual({});
  });
});

describe('accountUpdateProblem', () => {
  it('puts what the auth server refuses in Dutch at its field', () => {
    expect(accountUpdateProblem({ code: 'email_exists', message: 'A user with this email address has already been registered' })).toEqual({
      field: 'email',
      text: 'Er bestaat al een account met dit e-mailadres.',
    });
    expect(accountUpdateProblem({ code: 'validation_failed', message: 'Unable to validate email address: invalid format' }).field).toBe('email');
    expect(accountUpdateProblem({ code: 'same_password', message: '' })).toEqual({ field: 'password', text: 'Je nieuwe wachtwoord moet anders zijn dan je huidige wachtwoord.' });
    expect(accountUpdateProblem({ code: 'weak_password', message: '' }).text).toBe('Wachtwoord moet minimaal 6 karakters lang zijn');
    expect(accountUpdateProblem({ code: 'over_email_send_rate_limit', message: '', status: 429 }).field).toBe('email');
    expect(accountUpdateProblem({ message: 'Failed to fetch' })).toEqual({ field: null, text: 'Er ging iets mis. Probeer het opnieuw.' });
  });
});
