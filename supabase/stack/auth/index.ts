// The Auth service: a GoTrue v2-compatible server mounted by the gateway at /auth/v1.
// Routes are dispatched here; each area lives in its own module (routes-*.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import type { MountedService } from '../services.ts';
import { createLimiters, type AuthContext } from './context.ts';
import { AuthError, sendError, sendJSON } from './http.ts';
import { createMailer, type Mailer } from './mail.ts';
import * as account from './routes-account.ts';
import * as admin from './routes-admin.ts';
import * as disabled from './routes-disabled.ts';
import * as mfa from './routes-mfa.ts';
import { OAuthRoutes } from './routes-oauth.ts';
import { token } from './routes-token.ts';
import { verifyGet, verifyPost } from './routes-verify.ts';
import { loadSettings, type AuthSettingsOverrides } from './settings.ts';

export const GOTRUE_VERSION = 'v2.180.0-podium';

export interface AuthServiceOptions {
  /** Overrides for tests (rate limits, SMTP port, …); defaults come from the stack config and env. */
  settings?: AuthSettingsOverrides;
  /** A mailer to use instead of SMTP (tests). */
  mailer?: Mailer;
}

type Handler = (req: IncomingMessage, res: ServerResponse, url: URL, match: string) => Promise<void>;

interface Route {
  method: string;
  pattern: RegExp;
  handler: Handler;
}

export function createAuthService(stack: { pool: pg.Pool }, options: AuthServiceOptions = {}): MountedService {
  const settings = loadSettings(options.settings);
  const mailer = options.mailer ?? createMailer(settings);
  const ctx: AuthContext = { pool: stack.pool, settings, mailer, limiters: createLimiters(settings) };
  const oauth = new OAuthRoutes(ctx);

  const routes: Route[] = [];
  const on = (method: string, path: string | RegExp, handler: Handler) => routes.push({ method, pattern: typeof path === 'string' ? new RegExp(`^${path}/?$`) : path, handler });

  on('GET', '/health', async (_req, res) => sendJSON(res, 200, { version: GOTRUE_VERSION, name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' }));
  on('GET', '/settings', async (_req, res) => sendJSON(res, 200, settingsBody(ctx)));
  on('POST', '/signup', (req, res, url) => account.signup(ctx, req, res, url));
  on('POST', '/token', (req, res, url) => token(ctx, req, res, url));
  on('POST', '/recover', (req, res, url) => account.recover(ctx, req, res, url));
  on('POST', '/resend', (req, res, url) => account.resend(ctx, req, res, url));
  on('POST', '/otp', (req, res, url) => account.otp(ctx, req, res, url));
  on('POST', '/magiclink', (req, res, url) => account.otp(ctx, req, res, url));
  on('GET', '/verify', (req, res, url) => verifyGet(ctx, req, res, url));
  on('POST', '/verify', (req, res) => verifyPost(ctx, req, res));
  on('GET', '/user', (req, res) => account.getUser(ctx, req, res));
  on('GET', '/user/identities/authorize', (req, res, url) => oauth.linkIdentity(req, res, url));
  on('DELETE', /^\/user\/identities\/([^/]+)\/?$/, (req, res, _url, id) => oauth.unlinkIdentity(req, res, id));
  on('PUT', '/user', (req, res, url) => account.updateUser(ctx, req, res, url));
  // supabase-js sends GET, as GoTrue routes it; POST is accepted too.
  on('GET', '/reauthenticate', (req, res) => account.reauthenticate(ctx, req, res));
  on('POST', '/reauthenticate', (req, res) => account.reauthenticate(ctx, req, res));
  on('POST', '/logout', (req, res, url) => account.logout(ctx, req, res, url));
  on('POST', '/invite', (req, res, url) => admin.invite(ctx, req, res, url));
  on('GET', '/authorize', (req, res, url) => oauth.authorize(req, res, url));
  on('GET', '/callback', (req, res, url) => oauth.callback(req, res, url));
  on('POST', '/callback', (req, res, url) => oauth.callback(req, res, url));
  on('GET', /^\/sandbox-idp(\/.*)$/, (req, res, url, path) => oauth.sandbox(req, res, url, path));
  on('POST', /^\/sandbox-idp(\/.*)$/, (req, res, url, path) => oauth.sandbox(req, res, url, path));
  on('GET', '/admin/users', (req, res, url) => admin.listUsers(ctx, req, res, url));
  on('POST', '/admin/users', (req, res) => admin.createUser(ctx, req, res));
  on('GET', /^\/admin\/users\/([^/]+)\/?$/, (req, res, _url, id) => admin.getUserById(ctx, req, res, id));
  on('PUT', /^\/admin\/users\/([^/]+)\/?$/, (req, res, _url, id) => admin.updateUserById(ctx, req, res, id));
  on('DELETE', /^\/admin\/users\/([^/]+)\/?$/, (req, res, _url, id) => admin.deleteUserById(ctx, req, res, id));
  on('POST', '/sso', (req) => disabled.sso(req));
  on('POST', '/factors', (req, res) => mfa.enroll(ctx, req, res));
  on('POST', /^\/factors\/([^/]+)\/challenge\/?$/, (req, res, _url, id) => mfa.challenge(ctx, req, res, id));
  on('POST', /^\/factors\/([^/]+)\/verify\/?$/, (req, res, _url, id) => mfa.verify(ctx, req, res, id));
  on('DELETE', /^\/factors\/([^/]+)\/?$/, (req, res, _url, id) => mfa.unenroll(ctx, req, res, id));
  on('GET', /^\/admin\/users\/([^/]+)\/factors\/?$/, (req, res, _url, id) => mfa.adminListFactors(ctx, req, res, id));
  on('DELETE', /^\/admin\/users\/([^/]+\/factors\/[^/]+)\/?$/, (req, res, _url, ids) => mfa.adminDeleteFactor(ctx, req, res, ...(ids.split('/factors/') as [string, string])));
  on('POST', '/admin/generate_link', (req, res, url) => admin.generateLink(ctx, req, res, url));

  async function handle(req: IncomingMessage, res: ServerResponse) {
    try {
      const url = new URL(req.url ?? '/', 'http://auth.local');
      const path = url.pathname.replace(/\/{2,}/g, '/');
      const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
      let pathMatched = false;
      for (const route of routes) {
        const match = route.pattern.exec(path);
        if (!match) continue;
        pathMatched = true;
        if (route.method !== method) continue;
        await route.handler(req, res, url, decodeURIComponent(match[1] ?? ''));
        return;
      }
      if (pathMatched) throw new AuthError(405, 'method_not_allowed', 'Method Not Allowed');
      throw new AuthError(404, 'not_found', 'Not Found');
    } catch (error) {
      if (error instanceof AuthError) {
        if (!res.headersSent) drain(req);
        return sendError(req, res, error);
      }
      if (error instanceof URIError) return sendError(req, res, new AuthError(400, 'validation_failed', 'Malformed URL'));
      // Text the database cannot hold (a NUL in a token, e-mail or code: 22021, 22P05) came from the request.
      const sqlState = (error as { code?: unknown } | null)?.code;
      if (sqlState === '22021' || sqlState === '22P05') {
        return sendError(req, res, new AuthError(400, 'validation_failed', 'Invalid characters in the request'));
      }
      console.error('[auth] unexpected error:', error);
      if (!res.headersSent) {
        sendError(req, res, new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'));
      } else {
        res.end();
      }
    }
  }

  return {
    handle,
    async close() {
      mailer.close();
    },
  };
}

/** Lets an unread request body go, so the connection can be reused after an early error. */
function drain(req: IncomingMessage) {
  if (!req.readableEnded) req.resume();
}

function settingsBody(ctx: AuthContext) {
  const providers = [
    'anonymous_users',
    'apple',
    'azure',
    'bitbucket',
    'discord',
    'facebook',
    'snapchat',
    'figma',
    'fly',
    'github',
    'gitlab',
    'google',
    'keycloak',
    'kakao',
    'linkedin',
    'linkedin_oidc',
    'notion',
    'spotify',
    'slack',
    'slack_oidc',
    'workos',
    'twitch',
    'twitter',
    'email',
    'phone',
    'zoom',
  ];
  const external = Object.fromEntries(providers.map((name) => [name, name === 'email' || name === 'google']));
  return {
    external,
    disable_signup: false,
    mailer_autoconfirm: !ctx.settings.enableConfirmations,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
    passkeys_enabled: false,
  };
}
