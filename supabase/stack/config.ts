// One place for the local stack's ports, keys and paths. Defaults mirror the Supabase CLI
// (its well-known JWT secret and demo keys), so app code written against `supabase start`
// runs unchanged here.
import { fileURLToPath } from 'node:url';
import path from 'node:path';
// A relative path, not the package name: the apps' Vite configs import this file and bundle only relative imports.
import { localSupabase } from '../../shared/src/local-stack.ts';

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
  /** Deno's module cache (npm packages of the edge functions); shared by every stack of this checkout. */
  get denoCache() {
    return env.DENO_DIR ?? path.join(this.root, '.data', 'deno');
  },
};

// PODIUM_PORT_BASE moves every port at once (base+1 API, base+2 DB, ...), for a second stack
// beside the default one; a single PODIUM_*_PORT still wins over it.
const base = env.PODIUM_PORT_BASE ? Number.parseInt(env.PODIUM_PORT_BASE, 10) : undefined;
const port = (name: string, fallback: number, offset: number) =>
  int(env[`PODIUM_${name}_PORT`], base === undefined ? fallback : base + offset);

export const ports = {
  gateway: port('API', 54321, 1),
  db: port('DB', 54322, 2),
  mail: port('MAIL', 54324, 4),
  smtp: port('SMTP', 54325, 5),
  web: port('WEB', 3000, 20),
  // Internal, loopback only, always behind the gateway. Below Linux's ephemeral range
  // (32768-60999), so a restarted PostgREST never finds its port taken by a client socket.
  postgrest: port('POSTGREST', 28330, 10),
  postgrestAdmin: port('POSTGREST_ADMIN', 28331, 11),
  functions: port('FUNCTIONS', 28334, 14),
  realtime: port('REALTIME', 28332, 12),
};

export const keys = {
  jwtSecret: env.JWT_SECRET ?? 'super-secret-jwt-token-with-at-least-32-characters-long',
  // The same demo key the apps fall back to when no environment is set.
  anon: env.SUPABASE_ANON_KEY ?? localSupabase.anonKey,
  serviceRole:
    env.SUPABASE_SERVICE_ROLE_KEY ??
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU',
};

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

export const urls = {
  get api() {
    return env.API_EXTERNAL_URL ?? `http://127.0.0.1:${ports.gateway}`;
  },
  get site() {
    return env.SITE_URL ?? `http://127.0.0.1:${ports.web}`;
  },
  get mail() {
    return `http://127.0.0.1:${ports.mail}`;
  },
  /** The payments sandbox's Mollie API base: what production has as https://api.mollie.com/v2. */
  get mollie() {
    return `${this.api}/mollie/v2`;
  },
};

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
    PODIUM_WEB_PORT: String(base + 20),
    PODIUM_DEV_PORT_OFFSET: String(base + 100 - 5173),
    SITE_URL: `http://127.0.0.1:${base + 20}`,
  };
}
