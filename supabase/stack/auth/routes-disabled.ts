// What config.toml leaves off (SAML SSO, Web3 and ID-token sign-in), answered as
// GoTrue answers it with those features disabled, so a supabase-js call gets GoTrue's error and
// error_code rather than a bare 404.
import type { IncomingMessage } from 'node:http';
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
