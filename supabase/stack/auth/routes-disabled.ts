// What config.toml leaves off (SAML SSO, Web3 and ID-token sign-in, MFA factors), answered as
// GoTrue answers it with those features disabled, so a supabase-js call gets GoTrue's error and
// error_code rather than a bare 404.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { requireUser, type AuthContext } from './context.ts';
import { badRequest, notFound, readParams, str, unprocessable } from './http.ts';

export async function sso(req: IncomingMessage): Promise<never> {
  await readParams(req);
  throw notFound('saml_provider_disabled', 'SAML 2.0 is disabled');
}

export async function web3Grant(req: IncomingMessage): Promise<never> {
  await readParams(req);
  throw unprocessable('web3_provider_disabled', 'Web3 provider is disabled');
}

/** Only Google signs in here, and only through the OAuth redirect (its sandbox has no ID tokens to verify). */
export async function idTokenGrant(req: IncomingMessage): Promise<never> {
  const params = await readParams(req);
  const provider = str(params, 'provider');
  if (provider !== 'google') throw badRequest('validation_failed', `Custom OIDC provider "${provider}" not allowed`);
  throw badRequest('provider_disabled', 'Provider (issuer "https://accounts.google.com") is not enabled');
}

const factorKinds: Record<string, [code: string, name: string]> = {
  totp: ['mfa_totp_enroll_not_enabled', 'TOTP'],
  phone: ['mfa_phone_enroll_not_enabled', 'Phone'],
  webauthn: ['mfa_webauthn_enroll_not_enabled', 'WebAuthn'],
};

export async function enrollFactor(ctx: AuthContext, req: IncomingMessage, _res: ServerResponse): Promise<never> {
  await requireUser(ctx, req);
  const kind = factorKinds[str(await readParams(req), 'factor_type')];
  if (!kind) throw badRequest('validation_failed', 'factor_type needs to be totp, phone or webauthn');
  throw unprocessable(kind[0], `MFA enroll is disabled for ${kind[1]}`);
}

/** Challenge, verify or unenroll: nobody can have a factor here. */
export async function factor(ctx: AuthContext, req: IncomingMessage): Promise<never> {
  await requireUser(ctx, req);
  throw notFound('mfa_factor_not_found', 'Factor not found');
}
