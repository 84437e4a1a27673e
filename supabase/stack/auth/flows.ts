// The e-mail flows of GoTrue's mail.go: each one checks the send frequency and rate limits,
// mints an OTP and its token hash, mails the link and stores the hash on the user, all inside
// the caller's transaction (a failed send rolls the whole request back).
import type { IncomingMessage } from 'node:http';
import type pg from 'pg';
import type { AuthContext } from './context.ts';
import { AuthError, badRequest, clientIP, internal, tooMany, unprocessable } from './http.ts';
import { actionLink, type MailKind } from './mail.ts';
import { createOneTimeToken, generateOtp, tokenHash, type OneTimeTokenType, type UserRow } from './store.ts';

export type FlowType = 'pkce' | 'implicit';

const EMAIL_PATTERN = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** GoTrue's validateEmail; returns the address lower-cased as GoTrue stores it. */
export function validateEmail(email: string): string {
  if (email === '') throw badRequest('validation_failed', 'An email address is required');
  if (email.length > 255) throw badRequest('validation_failed', 'An email address is too long');
  if (!EMAIL_PATTERN.test(email)) throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  return email.toLowerCase();
}

function checkFrequency(ctx: AuthContext, sentAt: Date | null) {
  const frequencyMs = ctx.settings.emailMaxFrequencySeconds * 1000;
  if (sentAt && sentAt.getTime() + frequencyMs > Date.now()) {
    const left = Math.floor((sentAt.getTime() + frequencyMs - Date.now()) / 1000);
    throw tooMany('over_email_send_rate_limit', `For security purposes, you can only request this after ${left} seconds.`);
  }
}

function checkEmailRateLimit(ctx: AuthContext, req: IncomingMessage, address: string) {
  const { emailPerAddress, emailPerIp } = ctx.limiters;
  const ip = clientIP(req);
  if (!emailPerAddress.peek(address.toLowerCase()) || !emailPerIp.peek(ip)) {
    throw tooMany('over_email_send_rate_limit', 'email rate limit exceeded');
  }
  emailPerAddress.allow(address.toLowerCase());
  emailPerIp.allow(ip);
}

async function deliver(ctx: AuthContext, kind: MailKind, to: string, link: string, otp: string, failure: string, newEmail?: string) {
  try {
    await ctx.mailer.send({ kind, to, link, otp, newEmail });
  } catch (error) {
    console.error(`[auth] sending ${kind} mail to ${to} failed: ${(error as Error).message}`);
    throw internal(failure);
  }
}

const withPrefix = (hash: string, flow: FlowType) => (flow === 'pkce' ? `pkce_${hash}` : hash);

interface MailFlow {
  kind: MailKind;
  linkType: string;
  column: 'confirmation_token' | 'recovery_token';
  sentColumn: 'confirmation_sent_at' | 'recovery_sent_at';
  ott: OneTimeTokenType;
  failure: string;
  setInvited?: boolean;
}

const FLOWS: Record<'signup' | 'invite' | 'recovery' | 'magiclink', MailFlow> = {
  signup: {
    kind: 'signup',
    linkType: 'signup',
    column: 'confirmation_token',
    sentColumn: 'confirmation_sent_at',
    ott: 'confirmation_token',
    failure: 'Error sending confirmation email',
  },
  invite: {
    kind: 'invite',
    linkType: 'invite',
    column: 'confirmation_token',
    sentColumn: 'confirmation_sent_at',
    ott: 'confirmation_token',
    failure: 'Error sending invite email',
    setInvited: true,
  },
  recovery: {
    kind: 'recovery',
    linkType: 'recovery',
    column: 'recovery_token',
    sentColumn: 'recovery_sent_at',
    ott: 'recovery_token',
    failure: 'Error sending recovery email',
  },
  magiclink: {
    kind: 'magiclink',
    linkType: 'magiclink',
    column: 'recovery_token',
    sentColumn: 'recovery_sent_at',
    ott: 'recovery_token',
    failure: 'Error sending magic link email',
  },
};

/**
 * Sends a signup confirmation, invite, recovery or magic-link mail (sendConfirmation,
 * sendInvite, sendPasswordRecovery, sendMagicLink in GoTrue).
 */
export async function sendUserMail(ctx: AuthContext, req: IncomingMessage, tx: pg.PoolClient, user: UserRow, which: keyof typeof FLOWS, flow: FlowType, redirectTo: string) {
  const spec = FLOWS[which];
  const email = user.email ?? '';
  if (which !== 'invite') checkFrequency(ctx, user[spec.sentColumn]);
  checkEmailRateLimit(ctx, req, email);
  const otp = generateOtp(ctx.settings.otpLength);
  const token = withPrefix(tokenHash(email, otp), flow);
  const link = actionLink(ctx.settings.externalUrl, token, spec.linkType, redirectTo);
  await deliver(ctx, spec.kind, email, link, otp, spec.failure);
  await tx.query(
    `update auth.users set ${spec.column} = $2, ${spec.sentColumn} = now(),
        invited_at = case when $3 then now() else invited_at end, updated_at = now()
      where id = $1`,
    [user.id, token, spec.setInvited ?? false],
  );
  await createOneTimeToken(tx, user.id, email, token, spec.ott);
}

/** Sends the confirmation for an e-mail change to the new address (secure e-mail change off). */
export async function sendEmailChange(ctx: AuthContext, req: IncomingMessage, tx: pg.PoolClient, user: UserRow, newEmail: string, flow: FlowType, redirectTo: string) {
  checkFrequency(ctx, user.email_change_sent_at);
  checkEmailRateLimit(ctx, req, newEmail);
  const otp = generateOtp(ctx.settings.otpLength);
  const token = withPrefix(tokenHash(newEmail, otp), flow);
  const link = actionLink(ctx.settings.externalUrl, token, 'email_change', redirectTo);
  await deliver(ctx, 'email_change', newEmail, link, otp, 'Error sending email change email', newEmail);
  await tx.query(
    `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = '',
        email_change_confirm_status = 0, email_change_sent_at = now(), updated_at = now()
      where id = $1`,
    [user.id, newEmail, token],
  );
  await createOneTimeToken(tx, user.id, newEmail, token, 'email_change_token_new');
}

/** POST /reauthenticate: a code-only mail; the code, hashed, waits in reauthentication_token (sendReauthenticationOtp). */
export async function sendReauthentication(ctx: AuthContext, req: IncomingMessage, tx: pg.PoolClient, user: UserRow) {
  const email = user.email ?? '';
  checkFrequency(ctx, user.reauthentication_sent_at);
  checkEmailRateLimit(ctx, req, email);
  const otp = generateOtp(ctx.settings.otpLength);
  await deliver(ctx, 'reauthentication', email, '', otp, 'Error sending reauthentication email');
  await tx.query(`update auth.users set reauthentication_token = $2, reauthentication_sent_at = now(), updated_at = now() where id = $1`, [user.id, tokenHash(email, otp)]);
}

/** GoTrue's verifyReauthentication: the mailed code, within the OTP lifetime, used once. */
export async function verifyReauthentication(ctx: AuthContext, tx: pg.PoolClient, user: UserRow, nonce: string) {
  const { rows } = await tx.query<{ token: string | null; sent_at: Date | null }>(
    'select reauthentication_token as token, reauthentication_sent_at as sent_at from auth.users where id = $1 for update',
    [user.id],
  );
  const stored = rows[0];
  const fresh = stored?.sent_at && stored.sent_at.getTime() + ctx.settings.otpExpirySeconds * 1000 > Date.now();
  if (!stored?.token || !fresh || stored.token !== tokenHash(user.email ?? '', nonce)) {
    throw unprocessable('reauthentication_not_valid', 'Nonce has expired or is invalid');
  }
  await tx.query(`update auth.users set reauthentication_token = '', reauthentication_sent_at = null where id = $1`, [user.id]);
}

export function isAuthError(error: unknown): error is AuthError {
  return error instanceof AuthError;
}
