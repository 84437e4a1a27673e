// The rules of the profile forms, checked before anything is sent: names, the photo file, a new
// e-mail address and a new password; and what the auth server's refusals mean in Dutch. The
// database checks names and phone again (its own Dutch message for a bad number, SQLSTATE 22023).
import { minimumPasswordLength } from '@podium/shared/constants';
import { messages } from '@podium/shared/messages';
import { invalidDutchPhoneMessage, normalizeDutchPhone } from '@podium/shared/phone';
import { profileMessages, profileNameMaxLength } from '@podium/shared/account';
import { normalizeEmail } from '@podium/shared/validation';

/** The border of a field with a problem (the slim theme has no border.error token). */
export const invalidBorder = 'red.600';

export type NameField = 'firstName' | 'lastName';

/** SPEC 5.1's wording for a missing name ('Vul je voornaam in'), the database's own for a long one. */
export function nameProblems(draft: { firstName: string; lastName: string }): Partial<Record<NameField, string>> {
  const problems: Partial<Record<NameField, string>> = {};
  const first = draft.firstName.trim();
  const last = draft.lastName.trim();
  if (!first) problems.firstName = messages.signup.firstNameRequired.description;
  else if (first.length > profileNameMaxLength) problems.firstName = profileMessages.firstNameTooLong;
  if (!last) problems.lastName = messages.signup.lastNameRequired.description;
  else if (last.length > profileNameMaxLength) problems.lastName = profileMessages.lastNameTooLong;
  return problems;
}

/** An optional Dutch phone number: blank is fine, anything else must be one the database takes (its own words). */
export function phoneProblem(input: string): string | null {
  if (!input.trim()) return null;
  return normalizeDutchPhone(input) ? null : invalidDutchPhoneMessage;
}

/** What the avatars bucket takes (supabase/migrations/20261122001200_storage.sql): images up to 5 MB. */
export const avatarLimits = {
  maxBytes: 5 * 1024 * 1024,
  types: ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as readonly string[],
};

/** A chosen photo file refused before anything is uploaded, or null when it may be cropped. */
export function avatarFileProblem(file: { type: string; size: number }): string | null {
  if (!avatarLimits.types.includes(file.type)) return 'Kies een foto (JPG, PNG, WebP of AVIF).';
  if (file.size > avatarLimits.maxBytes) return `Deze foto is groter dan ${avatarLimits.maxBytes / 1024 / 1024} MB. Kies een kleinere foto.`;
  return null;
}

/** A new e-mail address: SPEC 5.1's rule (it contains '@'), and not the address the account already has. */
export function emailChangeProblem(next: string, current: string | null | undefined): string | null {
  const email = normalizeEmail(next);
  if (!email || !email.includes('@')) return messages.signup.invalidEmail.description;
  if (current && email === normalizeEmail(current)) return 'Dit is al je e-mailadres.';
  return null;
}

export type PasswordField = 'password' | 'confirm';

/** SPEC 5.1's password rules (at least 6 characters; the confirmation equals it), at their fields. */
export function passwordChangeProblems(draft: { password: string; confirm: string }): Partial<Record<PasswordField, string>> {
  const problems: Partial<Record<PasswordField, string>> = {};
  if (draft.password.length < minimumPasswordLength) problems.password = messages.signup.passwordTooShort.description;
  else if (draft.confirm !== draft.password) problems.confirm = messages.signup.passwordsDiffer.title;
  return problems;
}

/** The auth server's refusal of an e-mail or password change, in Dutch and at the field it concerns. */
export function accountUpdateProblem(error: { code?: string | undefined; message?: string; status?: number | undefined }): { field: 'email' | 'password' | null; text: string } {
  const code = error.code ?? '';
  if (code === 'email_exists' || code === 'user_already_exists') return { field: 'email', text: 'Er bestaat al een account met dit e-mailadres.' };
  if (code === 'email_address_invalid' || (code === 'validation_failed' && /email/i.test(error.message ?? ''))) {
    return { field: 'email', text: messages.signup.invalidEmail.description };
  }
  if (code === 'same_password') return { field: 'password', text: 'Je nieuwe wachtwoord moet anders zijn dan je huidige wachtwoord.' };
  if (code === 'weak_password') return { field: 'password', text: messages.signup.passwordTooShort.description };
  if (code === 'reauthentication_needed') return { field: 'password', text: 'Log voor de zekerheid opnieuw in en wijzig daarna je wachtwoord.' };
  if (code === 'over_email_send_rate_limit' || error.status === 429) {
    return { field: 'email', text: 'Je hebt zojuist al een mail gekregen. Wacht een minuut en probeer het dan opnieuw.' };
  }
  return { field: null, text: 'Er ging iets mis. Probeer het opnieuw.' };
}
