// Form rules of SPEC 5: each returns the first failure as a toast title and description (SPEC 5.1
// checks in the spec's order), or null when the form may be submitted.
import { minimumPasswordLength } from './constants.ts';
import { messages } from './messages.ts';

export interface ValidationFailure {
  title: string;
  description: string;
}

export interface SignupForm {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  termsAccepted: boolean;
}

const blank = (value: string) => value.trim() === '';

/** SPEC 5.1, checked in this order; the first failure wins. */
export function validateSignup(form: SignupForm): ValidationFailure | null {
  const { signup } = messages;
  if (blank(form.firstName)) return signup.firstNameRequired;
  if (blank(form.lastName)) return signup.lastNameRequired;
  if (!form.email.includes('@')) return signup.invalidEmail;
  if (form.password.length < minimumPasswordLength) return signup.passwordTooShort;
  if (form.confirmPassword !== form.password) return signup.passwordsDiffer;
  if (!form.termsAccepted) return signup.termsNotAccepted;
  return null;
}

/** SPEC 5.1: the e-mail is trimmed and lowercased before signup (and, for the same account, before login). */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** SPEC 2.5 / 5.2: the login button is enabled only with a non-blank e-mail and a password with a non-blank character. */
export const canSubmitLogin = (email: string, password: string) => !blank(email) && !blank(password);

/** SPEC 5.2, forgot password: non-blank and containing '@'. */
export function validateForgotPasswordEmail(email: string): ValidationFailure | null {
  return blank(email) || !email.includes('@') ? messages.passwordReset.emailRequired : null;
}

/** SPEC 5.2, resend verification from the login dialog: the e-mail field must be filled. */
export function validateLoginResendEmail(email: string): ValidationFailure | null {
  return blank(email) ? messages.verification.loginResendEmailRequired : null;
}
