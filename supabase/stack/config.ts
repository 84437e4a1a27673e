// One place for the local stack's ports, keys and paths. Defaults mirror the Supabase CLI
// (its well-known JWT secret and demo keys), so app code written against `supabase start`
// runs unchanged here. Ports, URLs and keys come from @podium/shared's local defaults, which the
// apps, their builds and tests read too.
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { localInstagramApp, localMollieConnectApp, localPorts, localUrls } from '../../shared/src/local-stack.ts';
import { localKeys } from '../../shared/src/local-stack-node.ts';
import { organizationIdOfProfile, profileIdOfKey } from './payments/wire.ts';

const env = process.env;
const int = (value: string | undefined, fallback: number) => (value ? Number.parseInt(value, 10) : fallback);

export const paths = {
  root: fileURLToPath(new URL('../../', import.meta.url)),
  supabase: fileURLToPath(new URL('../', import.meta.url)),
  stack: fileURLToPath(new URL('./', import.meta.url)),
  get data() {
    return env.PODIUM_DATA_DIR ?? path.join(this.root, '.data');
  },
  get pgData() {
    return path.join(this.data, 'db');
  },
  get stateFile() {
    return path.join(this.data, 'stack.json');
  },
  get logFile() {
    return path.join(this.data, 'stack.log');
  },
  get functions() {
    return path.join(this.supabase, 'functions');
  },
  get configToml() {
    return path.join(this.supabase, 'config.toml');
  },
  /** Where `start` serves the apps' <dir>/dist from: the checkout, or a benchmark's own build (PODIUM_WEB_DIST_ROOT). */
  get webDistRoot() {
    return env.PODIUM_WEB_DIST_ROOT ?? this.root;
  },
  /** Deno's module cache (npm packages of the edge functions); shared by every stack of this checkout. */
  get denoCache() {
    return env.DENO_DIR ?? path.join(this.root, '.data', 'deno');
  },
  /**
   * The rendered seed images, named by a hash of what they are rendered from: shared by every
   * stack of this checkout, so a throwaway stack (a drill's, a bench's) uploads them without
   * rendering them again.
   */
  get seedMediaCache() {
    return env.PODIUM_SEED_MEDIA_CACHE ?? path.join(this.root, '.data', 'seed-media');
  },
};

export const ports = localPorts(env);

export const keys = localKeys(env);

export const db = {
  superuser: 'postgres',
  password: 'postgres',
  name: 'postgres',
  /** Set to use any PostgreSQL server instead of the embedded one. */
  externalUrl: env.DATABASE_URL,
  get url() {
    return this.externalUrl ?? `postgresql://${this.superuser}:${this.password}@127.0.0.1:${ports.db}/${this.name}`;
  },
  /** The role PostgREST connects as; it switches to anon/authenticated/service_role per request. */
  authenticatorPassword: 'postgres',
};

export const urls = localUrls(env, ports);

export const auth = {
  /** Redirect targets accepted besides the site URL (Supabase's `additional_redirect_urls`). */
  additionalRedirectUrls: (env.ADDITIONAL_REDIRECT_URLS ?? 'http://localhost:3000/**,http://127.0.0.1:3000/**')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean),
  jwtExpirySeconds: int(env.JWT_EXPIRY, 3600),
  enableConfirmations: env.ENABLE_EMAIL_CONFIRMATIONS !== 'false',
  senderAddress: env.SMTP_ADMIN_EMAIL ?? 'noreply@podium.nl',
  senderName: env.SMTP_SENDER_NAME ?? 'Podium',
};

const number = (value: string | undefined, fallback: number) => (value ? Number(value) : fallback);

/** The payments sandbox (payments/): a Mollie API v2 subset in test mode. */
export const mollie = {
  /** The local test key shown by `stack status`; any `test_` key of 30 letters or digits is accepted. */
  apiKey: env.MOLLIE_API_KEY ?? 'test_podiumLocalMollieSandboxKey000',
  /** Open payments expire after this, as most methods do on Mollie (15 minutes). */
  expirySeconds: number(env.MOLLIE_SANDBOX_EXPIRY_SECONDS, 15 * 60),
  /** Mollie's webhook retry schedule (10 calls over about 26 hours) multiplied by this; 0.001 makes 26 h about 90 s. */
  webhookTimeScale: number(env.MOLLIE_SANDBOX_WEBHOOK_TIME_SCALE, 0.001),
  /** How long a webhook call may take before it counts as failed (Mollie waits 15 s). */
  webhookTimeoutMs: number(env.MOLLIE_SANDBOX_WEBHOOK_TIMEOUT_MS, 15_000),
  /** How long a refund stays `pending` before it becomes `refunded`. */
  refundSeconds: number(env.MOLLIE_SANDBOX_REFUND_SECONDS, 2),
  /** How long routed money stays in the destination's pendingAmount before it is available. */
  routeSeconds: number(env.MOLLIE_SANDBOX_ROUTE_SECONDS, 2),
  /** How long a Connect balance transfer stays `created` before it has `succeeded`. */
  transferSeconds: number(env.MOLLIE_SANDBOX_TRANSFER_SECONDS, 1),
  /** Lifetime of an OAuth access token (Mollie: one hour); refresh tokens do not expire. */
  accessTokenSeconds: number(env.MOLLIE_SANDBOX_ACCESS_TOKEN_SECONDS, 3600),
  /** The organization access token of the platform's own organization (Mollie Dashboard → Developers → Organization access tokens). */
  organizationAccessToken: env.MOLLIE_ORGANIZATION_ACCESS_TOKEN ?? 'access_podiumLocalOrganizationToken00',
  /**
   * The one OAuth app (Mollie Connect) the sandbox knows: Podium's, as registered in Mollie
   * Dashboard → Developers → Your apps. Its redirect URI is the mollie-connect function's
   * /callback, which sends the artist on to the portal's return page.
   */
  connectClientId: env.MOLLIE_CONNECT_CLIENT_ID ?? localMollieConnectApp.clientId,
  connectClientSecret: env.MOLLIE_CONNECT_CLIENT_SECRET ?? 'podium-local-mollie-connect-secret',
  connectRedirectUri: env.MOLLIE_CONNECT_REDIRECT_URI ?? urls.mollieConnect.redirect,
  /** The platform's organization: the one the API key's profile belongs to. */
  get platformOrganizationId(): string {
    return organizationIdOfProfile(profileIdOfKey(this.apiKey));
  },
};

/**
 * The Instagram sandbox's one app (instagram/): its id (public, the apps' default too) and secret
 * (the edge function's INSTAGRAM_CLIENT_SECRET, never a browser's). Its valid redirect URI is the
 * site's /auth/instagram/callback, on the site origin or any loopback port (the Vite dev servers).
 */
export const instagram = {
  clientId: env.INSTAGRAM_CLIENT_ID ?? localInstagramApp.clientId,
  clientSecret: env.INSTAGRAM_CLIENT_SECRET ?? 'podium-local-instagram-sandbox-secret',
  callbackPath: '/auth/instagram/callback',
  isRegisteredRedirect(uri: string): boolean {
    let url: URL;
    try {
      url = new URL(uri);
    } catch {
      return false;
    }
    if (url.pathname !== this.callbackPath || url.search || url.hash) return false;
    const loopback = url.protocol === 'http:' && ['127.0.0.1', 'localhost'].includes(url.hostname);
    return loopback || url.origin === new URL(urls.site).origin;
  },
};

/**
 * The environment of a second, throwaway stack (benchmarks, CLI tests) on ports from `base`
 * up: below the ephemeral range, where no open client socket can hold one.
 */
export function isolatedStackEnv(dataDir: string, base: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PODIUM_DATA_DIR: dataDir,
    PODIUM_API_PORT: String(base + 1),
    PODIUM_DB_PORT: String(base + 2),
    PODIUM_MAIL_PORT: String(base + 4),
    PODIUM_SMTP_PORT: String(base + 5),
    PODIUM_POSTGREST_PORT: String(base + 10),
    PODIUM_POSTGREST_ADMIN_PORT: String(base + 11),
    PODIUM_FUNCTIONS_PORT: String(base + 14),
    PODIUM_REALTIME_PORT: String(base + 12),
    PODIUM_AUTH_PORT: String(base + 15),
    PODIUM_PAYMENTS_PORT: String(base + 16),
    PODIUM_WEB_PORT: String(base + 20),
    PODIUM_DEV_PORT_OFFSET: String(base + 100 - 5173),
    SITE_URL: `http://127.0.0.1:${base + 20}`,
  };
}
