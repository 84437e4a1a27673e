// Mollie Connect, the server's half: the OAuth app's code exchange and token refresh (the secret
// never reaches a browser), an act's organization and onboarding as Mollie reports them, and its
// primary balance. The local stack's payments sandbox answers the same addresses; in production
// they are https://api.mollie.com/oauth2/tokens and https://api.mollie.com/v2 (README, 'Mollie').
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.119.1';
import { MollieApiError, toCents, type MollieAmount } from './mollie.ts';

export type OnboardingStatus = 'needs-data' | 'in-review' | 'completed';

/** What the portal shows of a connection (public.mollie_connections, camelCased). */
export interface Connection {
  organizationId: string;
  organizationName: string;
  onboardingStatus: OnboardingStatus;
  onboardingUrl: string | null;
  canReceiveSettlements: boolean;
}

export interface Tokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
  scope: string;
}

export interface ConnectConfig {
  clientId: string;
  clientSecret: string;
  tokensUrl: string;
  apiUrl: string;
}

/** The Mollie Connect app's settings, or null when the function is not set up for it. */
export function connectConfig(read: (name: string) => string | undefined = (name) => Deno.env.get(name)): ConnectConfig | null {
  const clientId = read('MOLLIE_CONNECT_CLIENT_ID')?.trim();
  const clientSecret = read('MOLLIE_CONNECT_CLIENT_SECRET')?.trim();
  if (!clientId || !clientSecret) return null;
  return {
    clientId,
    clientSecret,
    tokensUrl: read('MOLLIE_TOKENS_URL')?.trim() || 'https://api.mollie.com/oauth2/tokens',
    apiUrl: (read('MOLLIE_API_URL')?.trim() || 'https://api.mollie.com/v2').replace(/\/$/, ''),
  };
}

/** Mollie refused the code or the refresh token (invalid_grant): the artist has to connect again. */
export class ConnectRefused extends Error {}

async function tokenRequest(config: ConnectConfig, form: Record<string, string>): Promise<Tokens> {
  const response = await fetch(config.tokensUrl, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${btoa(`${config.clientId}:${config.clientSecret}`)}`,
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: new URLSearchParams(form).toString(),
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await response.json().catch(() => ({}))) as { access_token?: string; refresh_token?: string; expires_in?: number; scope?: string; error?: string; error_description?: string };
  if (!response.ok || !body.access_token) {
    if (response.status === 400 || response.status === 401 || body.error === 'invalid_grant') throw new ConnectRefused(`${body.error ?? response.status}: ${body.error_description ?? ''}`);
    throw new MollieApiError(response.status, body.error_description ?? body.error ?? 'token request failed');
  }
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token ?? form.refresh_token ?? '',
    // A minute early, so a token never runs out during a call.
    expiresAt: new Date(Date.now() + Math.max((body.expires_in ?? 3600) - 60, 0) * 1000),
    scope: body.scope ?? '',
  };
}

export const exchangeCode = (config: ConnectConfig, code: string, redirectUri: string) => tokenRequest(config, { grant_type: 'authorization_code', code, redirect_uri: redirectUri });

export const refreshTokens = (config: ConnectConfig, refreshToken: string) => tokenRequest(config, { grant_type: 'refresh_token', refresh_token: refreshToken });

async function asOrganization<T>(config: ConnectConfig, accessToken: string, path: string): Promise<T> {
  const response = await fetch(`${config.apiUrl}${path}`, { headers: { Authorization: `Bearer ${accessToken}`, accept: 'application/hal+json' }, signal: AbortSignal.timeout(15_000) });
  const text = await response.text();
  if (!response.ok) {
    let detail = text;
    try {
      detail = (JSON.parse(text) as { detail?: string }).detail ?? text;
    } catch {
      /* not JSON */
    }
    if (response.status === 401) throw new ConnectRefused(detail);
    throw new MollieApiError(response.status, detail);
  }
  return JSON.parse(text) as T;
}

/** The organization behind a token and its onboarding, as one connection. */
export async function readConnection(config: ConnectConfig, accessToken: string): Promise<Connection> {
  const [organization, onboarding] = await Promise.all([
    asOrganization<{ id: string; name?: string }>(config, accessToken, '/organizations/me'),
    asOrganization<{ status: OnboardingStatus; canReceiveSettlements?: boolean; _links?: { dashboard?: { href: string } } }>(config, accessToken, '/onboarding/me'),
  ]);
  return {
    organizationId: organization.id,
    organizationName: organization.name ?? '',
    onboardingStatus: onboarding.status,
    onboardingUrl: onboarding._links?.dashboard?.href ?? null,
    canReceiveSettlements: onboarding.canReceiveSettlements ?? onboarding.status === 'completed',
  };
}

/** Stores a connection (and new tokens) for an act: public.save_mollie_connection, service role. */
export async function saveConnection(db: SupabaseClient, artistId: string, connection: Connection, tokens?: Tokens): Promise<void> {
  const { error } = await db.rpc('save_mollie_connection', {
    artist_id: artistId,
    organization_id: connection.organizationId,
    organization_name: connection.organizationName,
    onboarding_status: connection.onboardingStatus,
    onboarding_url: connection.onboardingUrl,
    can_receive_settlements: connection.canReceiveSettlements,
    access_token: tokens?.accessToken ?? null,
    refresh_token: tokens?.refreshToken ?? null,
    expires_at: tokens?.expiresAt.toISOString() ?? null,
    scope: tokens?.scope ?? null,
  });
  if (error) throw new Error(`save_mollie_connection: ${error.code} ${error.message}`);
}

/**
 * An access token of the act's organization that is valid now: the stored one, or a refreshed
 * one (stored at once, so a rotated refresh token is never lost). Null when the act has none.
 */
export async function accessTokenOf(db: SupabaseClient, config: ConnectConfig, artistId: string): Promise<{ token: string; fresh?: Tokens } | null> {
  const { data, error } = await db.rpc('mollie_tokens_of', { artist_id: artistId });
  if (error) throw new Error(`mollie_tokens_of: ${error.code} ${error.message}`);
  const [stored] = (data ?? []) as { access_token: string; refresh_token: string; expires_at: string }[];
  if (!stored) return null;
  if (new Date(stored.expires_at).getTime() > Date.now()) return { token: stored.access_token };
  const fresh = await refreshTokens(config, stored.refresh_token);
  return { token: fresh.accessToken, fresh };
}

/**
 * Reads the act's connection from Mollie again (refreshing the token when it ran out) and stores
 * it; null when the act never connected.
 */
export async function refreshConnection(db: SupabaseClient, config: ConnectConfig, artistId: string): Promise<Connection | null> {
  const access = await accessTokenOf(db, config, artistId);
  if (!access) return null;
  const connection = await readConnection(config, access.token);
  await saveConnection(db, artistId, connection, access.fresh);
  return connection;
}

export interface Balance {
  currency: string;
  availableCents: number;
  pendingCents: number;
}

const cents = (amount: MollieAmount | undefined) => (amount ? toCents(amount.value.replace(/^-/, '')) * (amount.value.startsWith('-') ? -1 : 1) : 0);

/** The organization's primary balance, as Mollie keeps it. */
export async function primaryBalance(config: ConnectConfig, accessToken: string): Promise<Balance> {
  const balance = await asOrganization<{ currency: string; availableAmount: MollieAmount; pendingAmount: MollieAmount }>(config, accessToken, '/balances/primary');
  return { currency: balance.currency, availableCents: cents(balance.availableAmount), pendingCents: cents(balance.pendingAmount) };
}
