// The Edge Functions service behind /functions/v1: real Deno runs supabase/functions/<name>/index.ts,
// as `supabase functions serve` does with edge-runtime. The gateway mounts this handler open (no
// apikey needed: payment webhooks carry none); the handler answers 404 for what is no function,
// enforces each function's verify_jwt with Supabase's 401 bodies, and forwards the rest to the
// Deno runtime (runtime/main.ts), a supervised child that runs each function in its own worker.
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ManagedChild } from '../child.ts';
import type { RawServiceDecision } from '../gateway.ts';
import { jsonReply } from '../gateway-raw.ts';
import { sendJson } from '../http.ts';
import { log } from '../log.ts';
import type { ServiceHandler } from '../services.ts';
import { JWTError, verifyJWT } from '../auth/jwt.ts';
import { functionEnv, isServed, readFunctionsConfig, readSecrets, type FunctionsConfig, type ProjectEnv } from './settings.ts';

export interface FunctionsServiceOptions {
  /** The folder of functions (supabase/functions), holding deno.json and the .env files. */
  functionsDir: string;
  /** config.toml with the `[functions.<name>]` tables. */
  configFile: string;
  /** Loopback port of the Deno runtime. */
  port: number;
  /** Deno's module cache (DENO_DIR). */
  denoDir: string;
  jwtSecret: string;
  project: ProjectEnv;
  /** `dev`: every request first checks the folder and config.toml, so an edit counts from the next request on. */
  watch?: boolean;
}

export interface FunctionsService {
  handle: ServiceHandler;
  /** The same decisions from a request's head, for the gateway's fast path (not in watch mode). */
  rawDecision: RawServiceDecision;
  /** The Deno runtime, for the supervisor to start and report. */
  child: ManagedChild;
  /** Whether the Deno runtime answers. */
  healthy(): Promise<boolean>;
  close(): Promise<void>;
}

// The host's network settings (a proxy, a company CA, an npm mirror): Deno needs them to fetch
// npm packages, and the functions to reach the internet.
const NETWORK_ENV = [
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'NODE_EXTRA_CA_CERTS',
  'DENO_CERT',
  'DENO_TLS_CA_STORE',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'NPM_CONFIG_REGISTRY',
  'npm_config_registry',
  'DENO_AUTH_TOKENS',
];

const NOT_FOUND = { code: 'NOT_FOUND', message: 'Requested function was not found' };
const BAD_GATEWAY = { message: 'An invalid response was received from the upstream server' };

/** The deno binary of the npm `deno` package (copied into the package by its postinstall, else taken from the platform package). */
export function denoBinary(): string {
  const require = createRequire(import.meta.url);
  const packageDir = path.dirname(require.resolve('deno/package.json'));
  const copied = path.join(packageDir, process.platform === 'win32' ? 'deno.exe' : 'deno');
  if (existsSync(copied)) return copied;
  const installer = createRequire(path.join(packageDir, 'package.json'))('./install_api.cjs') as { runInstall(): string };
  return installer.runInstall();
}

/**
 * Tokens whose signature checked out, with their expiry (seconds; Infinity without one): a client
 * sends the same token with every invoke until it refreshes it, and the HMAC and two JSON parses
 * were most of what the gateway did for an invoke. Bounded; emptied when full.
 */
const verifiedTokens = new Map<string, number>();
const VERIFIED_TOKENS_LIMIT = 1000;

/** Why a request may not reach a verify_jwt function, in the words of Supabase's functions runtime; undefined when it may. */
export function authorizationRefusal(header: string | undefined, jwtSecret: string): string | undefined {
  if (!header) return 'Error: Missing authorization header';
  const [scheme, token] = header.split(' ');
  if (scheme !== 'Bearer' || !token) return "Error: Auth header is not 'Bearer {token}'";
  const key = `${jwtSecret}\n${token}`;
  const expires = verifiedTokens.get(key);
  if (expires !== undefined && expires > Date.now() / 1000) return undefined;
  try {
    const { exp } = verifyJWT(token, jwtSecret);
    if (verifiedTokens.size >= VERIFIED_TOKENS_LIMIT) verifiedTokens.clear();
    verifiedTokens.set(key, typeof exp === 'number' ? exp : Number.POSITIVE_INFINITY);
    return undefined;
  } catch (error) {
    verifiedTokens.delete(key);
    if (error instanceof JWTError) return 'Invalid JWT';
    throw error;
  }
}

/** Every file's path, size and mtime under the functions folder, plus config.toml's: changes when anything is edited. */
function fingerprint(functionsDir: string, configFile: string): string {
  const parts: string[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.isFile()) {
        const { size, mtimeMs } = statSync(full);
        parts.push(`${full}:${size}:${mtimeMs}`);
      }
    }
  };
  if (existsSync(functionsDir)) visit(functionsDir);
  if (existsSync(configFile)) parts.push(`${configFile}:${statSync(configFile).mtimeMs}`);
  return parts.join('\n');
}

const functionName = (url: string) => url.split('?')[0]!.split('/')[1] ?? '';

export function createFunctionsService(options: FunctionsServiceOptions): FunctionsService {
  const { functionsDir, configFile, port, jwtSecret } = options;
  const runtimeUrl = `http://127.0.0.1:${port}`;
  // Each booted function also listens on <socketDir>/<name>.sock; the gateway's fast path sends
  // an invoke there, a hop fewer than through the runtime's main service (which boots workers and
  // is where an invoke goes while its function has no socket). Short: a socket path has 107 bytes.
  const socketDir = path.join(os.tmpdir(), `podium-fn-sockets-${port}`);
  rmSync(socketDir, { recursive: true, force: true });
  mkdirSync(socketDir, { recursive: true, mode: 0o700 });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

  let config: FunctionsConfig = () => ({ verifyJwt: true, enabled: true });
  let env: Record<string, string> = {};
  const load = () => {
    config = readFunctionsConfig(configFile);
    const { secrets, skipped } = readSecrets(functionsDir);
    for (const name of skipped) log('functions', `secret ${name} skipped: names starting with SUPABASE_ are reserved`);
    const network = Object.fromEntries(NETWORK_ENV.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])));
    env = { ...network, ...functionEnv(options.project, secrets) };
  };
  load();
  let seen = options.watch ? fingerprint(functionsDir, configFile) : '';

  const healthy = async () => {
    const response = await fetch(`${runtimeUrl}/_internal/health`, { signal: AbortSignal.timeout(2000) }).catch(() => undefined);
    return response?.status === 200;
  };

  const runtime = fileURLToPath(new URL('./runtime/main.ts', import.meta.url));
  // HOME lets Deno find ~/.npmrc (a registry mirror); the functions don't see it, as on Supabase.
  const internalEnv = { DENO_DIR: options.denoDir, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1', ...(process.env.HOME ? { HOME: process.env.HOME } : {}) };
  const child = new ManagedChild({
    name: 'functions',
    command: denoBinary(),
    args: [
      'run',
      '--allow-all',
      '--no-prompt',
      // request.signal aborts only when the client goes away (not after every response).
      '--unstable-no-legacy-abort',
      `--config=${path.join(functionsDir, 'deno.json')}`,
      runtime,
      JSON.stringify({ port, functionsDir, socketDir, internalEnv: Object.keys(internalEnv) }),
    ],
    // The functions see exactly this environment (the runtime removes the internal part), as on Supabase.
    options: { env: { ...env, ...internalEnv }, cwd: functionsDir },
    healthy,
    startTimeoutMs: 60_000,
  });

  // In dev, an edit anywhere under the folder (a function, _shared, .env) or in config.toml
  // retires every worker before this request is served; one check at a time.
  let refreshing: Promise<void> = Promise.resolve();
  const refresh = () =>
    (refreshing = refreshing.then(async () => {
      const now = fingerprint(functionsDir, configFile);
      if (now === seen) return;
      load();
      const response = await fetch(`${runtimeUrl}/_internal/reload`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ env }),
      });
      if (!response.ok) throw new Error(`reload failed with ${response.status}`);
      seen = now;
      log('functions', 'reloaded after a change under supabase/functions');
    }));

  const forward = (req: IncomingMessage, res: ServerResponse) => {
    const upstream = http.request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers, agent }, (response) => {
      res.writeHead(response.statusCode ?? 502, response.headers);
      response.pipe(res);
    });
    upstream.on('error', (error) => {
      log('functions', `runtime unreachable: ${error.message}`);
      if (!res.headersSent) sendJson(res, 502, BAD_GATEWAY);
      else res.destroy();
    });
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  };

  // Outside watch mode a function found is taken as there for a second: its folder is looked up
  // (a file system call) once a second rather than on every invoke. A new folder is found at once.
  const foundAt = new Map<string, number>();
  const served = (name: string) => {
    if (options.watch) return isServed(functionsDir, config, name);
    const now = performance.now();
    if (now - (foundAt.get(name) ?? Number.NEGATIVE_INFINITY) < 1000) return true;
    if (!isServed(functionsDir, config, name)) return false;
    foundAt.set(name, now);
    return true;
  };

  /** What no function answers: 404 for what is no function, 401 where verify_jwt refuses. */
  const refusal = (method: string, url: string, authorization: string | undefined): { status: number; body: unknown } | undefined => {
    const name = functionName(url);
    if (!served(name)) return { status: 404, body: NOT_FOUND };
    // Preflights never carry credentials; Supabase lets them through to the function.
    if (method !== 'OPTIONS' && config(name).verifyJwt) {
      const refused = authorizationRefusal(authorization, jwtSecret);
      if (refused) return { status: 401, body: { msg: refused } };
    }
    return undefined;
  };

  const handle: ServiceHandler = async (req, res) => {
    if (options.watch) await refresh().catch((error: Error) => log('functions', error.message));
    const refused = refusal(req.method ?? 'GET', req.url ?? '/', req.headers.authorization);
    if (refused) return sendJson(res, refused.status, refused.body);
    forward(req, res);
  };

  // An invoke forwarded as bytes costs the gateway less than node:http's parsing on both sides;
  // in watch mode every request first looks for edits, which is the handler's.
  const rawDecision: RawServiceDecision = (method, url, headers) => {
    if (options.watch) return undefined;
    const refused = refusal(method, url, headers.authorization);
    if (refused) return { reply: jsonReply(refused.status, refused.body) };
    return { port, socket: path.join(socketDir, `${functionName(url)}.sock`) };
  };

  return {
    handle,
    rawDecision,
    child,
    healthy,
    async close() {
      await child.stop();
      agent.destroy();
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
