// The Instagram sandbox: a local stand-in for "Instagram API with Instagram Login", mounted by the
// gateway at /instagram (open: browsers and the edge function call it without an apikey), with
// one folder per Instagram host so each URL reads like the real one:
//   /www.instagram.com/oauth/authorize      GET: the consent page; POST: the person's choice,
//                                           back to redirect_uri with ?code=&state=#_ or the refusal
//   /api.instagram.com/oauth/access_token   POST (form): code → { access_token, user_id, permissions }
//   /graph.instagram.com[/vXX.X]/me         GET ?fields=user_id,username&access_token=
//   /www.instagram.com/accounts/manage_access  GET: a page to remove Podium from an account or
//                                           ask for its data to be deleted; POST: Meta's signed
//                                           callback to the app's deauthorize or data-deletion URL
//   /health                                 for `stack status`
// Codes, tokens and the rules live in sandbox.ts.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { sendJson } from '../http.ts';
import { log } from '../log.ts';
import type { MountedService } from '../services.ts';
import { signRequest } from '../../functions/_shared/instagram-signed-request.ts';
import { InstagramSandbox, isInstagramUsername, sandboxUserId, TEST_ACCOUNTS, type InstagramApp } from './sandbox.ts';

const MAX_BODY = 64 * 1024;

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  const type = String(req.headers['content-type'] ?? '');
  if (type.includes('application/json')) {
    const parsed = JSON.parse(text || '{}') as Record<string, unknown>;
    return Object.fromEntries(Object.entries(parsed).map(([key, value]) => [key, String(value)]));
  }
  return Object.fromEntries(new URLSearchParams(text));
}

const escapeHTML = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

function sendHTML(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(html) });
  res.end(html);
}

const graphError = (message: string, code: number) => ({ error: { message, type: 'OAuthException', code, fbtrace_id: randomBytes(9).toString('base64url') } });

interface ConsentInput {
  action: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  state: string;
  error?: string;
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="nl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHTML(title)}</title>
<style>
  body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center; background: #fafafa; font-family: -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif; color: #262626; }
  main { width: 100%; max-width: 400px; background: #fff; border: 1px solid #dbdbdb; border-radius: 12px; padding: 32px 36px 24px; box-sizing: border-box; }
  .brand { font-size: 26px; font-weight: 700; font-style: italic; background: linear-gradient(90deg, #8a3ab9, #c2185b, #e65100); -webkit-background-clip: text; background-clip: text; color: transparent; }
  .badge { display: inline-block; margin-left: 8px; padding: 2px 8px; border-radius: 10px; background: #fef7e0; color: #6b5200; font-size: 12px; font-style: normal; font-weight: 500; vertical-align: middle; -webkit-text-fill-color: #6b5200; }
  h1 { font-size: 18px; font-weight: 600; margin: 18px 0 6px; }
  p { font-size: 14px; line-height: 1.45; color: #4a4a4a; margin: 0 0 14px; }
  .account button { width: 100%; display: flex; align-items: center; gap: 12px; padding: 10px 6px; border: 0; border-bottom: 1px solid #efefef; background: none; cursor: pointer; text-align: left; font: inherit; color: inherit; }
  .account button:hover { background: #fafafa; }
  .avatar { flex: none; width: 34px; height: 34px; border-radius: 50%; background: linear-gradient(45deg, #f09433, #dc2743, #bc1888); color: #fff; display: flex; align-items: center; justify-content: center; font-size: 14px; font-weight: 600; }
  label { display: block; font-size: 13px; font-weight: 600; margin: 18px 0 6px; }
  input[type=text] { width: 100%; box-sizing: border-box; padding: 10px 12px; border: 1px solid #8e8e8e; border-radius: 6px; font: inherit; }
  .actions { display: flex; justify-content: space-between; gap: 12px; margin-top: 18px; }
  .primary { flex: 1; background: #0064e0; color: #fff; border: 0; border-radius: 8px; padding: 10px 16px; font: inherit; font-weight: 600; cursor: pointer; }
  .secondary { flex: 1; background: #efefef; color: #262626; border: 0; border-radius: 8px; padding: 10px 16px; font: inherit; font-weight: 600; cursor: pointer; }
  .error { background: #fdecea; color: #a4161a; padding: 8px 12px; border-radius: 6px; font-size: 13px; }
  footer { margin-top: 22px; font-size: 12px; color: #595959; line-height: 1.5; }
  code { font-size: 11px; background: #f2f2f2; padding: 1px 4px; border-radius: 3px; word-break: break-all; }
</style>
</head>
<body>
<main>
  <div class="brand">Instagram<span class="badge">lokale sandbox</span></div>
  ${body}
</main>
</body>
</html>`;
}

export function consentPage(input: ConsentInput): string {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${escapeHTML(name)}" value="${escapeHTML(value)}">`;
  const carried = [hidden('client_id', input.clientId), hidden('redirect_uri', input.redirectUri), hidden('response_type', 'code'), hidden('scope', input.scope), hidden('state', input.state)].join(
    '',
  );
  const accounts = TEST_ACCOUNTS.map(
    (username) => `
  <form method="post" action="${escapeHTML(input.action)}" class="account">
    ${carried}${hidden('username', username)}
    <button type="submit" name="decision" value="allow" aria-label="Doorgaan als ${escapeHTML(username)}">
      <span class="avatar" aria-hidden="true">${escapeHTML(username[0]!.toUpperCase())}</span>
      <span><strong>${escapeHTML(username)}</strong></span>
    </button>
  </form>`,
  ).join('');
  return page(
    'Instagram koppelen aan Podium (lokale sandbox)',
    `<h1>Podium wil je Instagram-account koppelen</h1>
  <p>Podium krijgt je gebruikersnaam en je Instagram-ID (<code>${escapeHTML(input.scope)}</code>), om die op je artiestenpagina te tonen. Kies een testaccount of typ een gebruikersnaam.</p>
  ${input.error ? `<p class="error" role="alert">${escapeHTML(input.error)}</p>` : ''}
  ${accounts}
  <form method="post" action="${escapeHTML(input.action)}">
    ${carried}
    <label for="username">Gebruikersnaam</label>
    <input id="username" name="username" type="text" autocomplete="off" autocapitalize="none" spellcheck="false" maxlength="30" placeholder="bijv. jouw.band" required>
    <div class="actions">
      <button class="secondary" type="submit" name="decision" value="deny" formnovalidate>Weigeren</button>
      <button class="primary" type="submit" name="decision" value="allow">Toestaan</button>
    </div>
  </form>
  <footer>
    Dit is de <strong>lokale Instagram-sandbox</strong> van de Podium-ontwikkelstack (local stand-in for Instagram's authorization window): er wordt geen contact gemaakt met Instagram.
    <br>Terug naar: <code>${escapeHTML(input.redirectUri)}</code>
  </footer>`,
  );
}

function errorPage(message: string): string {
  return page(
    'Fout · Instagram (lokale sandbox)',
    `<h1>Deze link werkt niet</h1><p class="error" role="alert">${escapeHTML(message)}</p><p>De app die je hierheen stuurde is niet goed ingesteld (client_id of redirect_uri).</p>`,
  );
}

/** Where the person goes back to: redirect_uri with Instagram's parameters and its trailing `#_`. */
function back(redirectUri: string, params: Record<string, string>): string {
  const target = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) if (value !== '') target.searchParams.set(key, value);
  target.hash = '_';
  return target.toString();
}

/** The app's "Deauthorize callback URL" and "Data deletion request URL", as set in Meta's dashboard. */
export interface InstagramCallbacks {
  deauthorize: string;
  dataDeletion: string;
}

function manageAccessPage(action: string, outcome?: { error?: boolean; text: string }): string {
  return page(
    'Apps en websites · Instagram (lokale sandbox)',
    `<h1>Podium verwijderen uit je Instagram-account</h1>
  <p>Zoals onder Instellingen → Apps en websites: Instagram meldt het Podium (ondertekend met het app-geheim), en Podium haalt de koppeling van je act.</p>
  ${outcome ? `<p${outcome.error ? ' class="error" role="alert"' : ' role="status"'}>${escapeHTML(outcome.text)}</p>` : ''}
  <form method="post" action="${escapeHTML(action)}">
    <label for="username">Gebruikersnaam</label>
    <input id="username" name="username" type="text" autocomplete="off" autocapitalize="none" spellcheck="false" maxlength="30" required>
    <div class="actions">
      <button class="secondary" type="submit" name="decision" value="delete">Gegevens laten verwijderen</button>
      <button class="primary" type="submit" name="decision" value="remove">Verwijderen</button>
    </div>
  </form>
  <footer>Dit is de <strong>lokale Instagram-sandbox</strong> van de Podium-ontwikkelstack: er wordt geen contact gemaakt met Instagram.</footer>`,
  );
}

export function createInstagramService(app: InstagramApp, settings: { prefix: string; callbacks?: InstagramCallbacks }): MountedService & { sandbox: InstagramSandbox } {
  const sandbox = new InstagramSandbox(app);

  const manageAccess = async (req: IncomingMessage, res: ServerResponse) => {
    const action = `${settings.prefix}/www.instagram.com/accounts/manage_access`;
    if (req.method !== 'POST') return sendHTML(res, 200, manageAccessPage(action));
    const params = await readForm(req);
    const username = (params.username ?? '').trim().replace(/^@/, '');
    if (!isInstagramUsername(username)) {
      return sendHTML(res, 400, manageAccessPage(action, { error: true, text: 'Vul een geldige gebruikersnaam in.' }));
    }
    if (!settings.callbacks) return sendHTML(res, 503, manageAccessPage(action, { error: true, text: 'Deze app heeft geen callback-adressen ingesteld.' }));
    const target = params.decision === 'delete' ? settings.callbacks.dataDeletion : settings.callbacks.deauthorize;
    const signed = await signRequest({ algorithm: 'HMAC-SHA256', issued_at: Math.floor(Date.now() / 1000), user_id: sandboxUserId(username) }, app.clientSecret);
    let answer: Response;
    try {
      answer = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ signed_request: signed }).toString(),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      log('instagram', `callback to ${target} failed: ${(error as Error).message}`);
      return sendHTML(res, 502, manageAccessPage(action, { error: true, text: 'Podium was niet bereikbaar.' }));
    }
    const body = (await answer.json().catch(() => ({}))) as { confirmation_code?: string; url?: string };
    if (!answer.ok) return sendHTML(res, 502, manageAccessPage(action, { error: true, text: `Podium antwoordde ${answer.status}.` }));
    const text =
      params.decision === 'delete'
        ? `Podium heeft het verzoek ontvangen (bevestigingscode ${body.confirmation_code ?? '?'}); de status staat op ${body.url ?? '?'}.`
        : `Podium is verwijderd uit @${username.toLowerCase()}.`;
    sendHTML(res, 200, manageAccessPage(action, { text }));
  };

  const authorize = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const params = req.method === 'POST' ? await readForm(req) : Object.fromEntries(url.searchParams);
    const clientId = params.client_id ?? '';
    const redirectUri = params.redirect_uri ?? '';
    const problem = sandbox.authorizeProblem({ clientId, redirectUri, responseType: params.response_type ?? '' });
    if (problem) return sendHTML(res, 400, errorPage(problem));
    const state = params.state ?? '';
    const scope = params.scope ?? 'instagram_business_basic';
    const action = `${settings.prefix}/www.instagram.com/oauth/authorize`;
    if (req.method !== 'POST') return sendHTML(res, 200, consentPage({ action, clientId, redirectUri, scope, state }));

    if (params.decision === 'deny') {
      const target = back(redirectUri, { error: 'access_denied', error_reason: 'user_denied', error_description: 'The user denied your request.', state });
      res.writeHead(302, { location: target, 'cache-control': 'no-store' });
      return void res.end();
    }
    const username = (params.username ?? '').trim().replace(/^@/, '');
    if (!isInstagramUsername(username)) {
      const error = 'Vul een geldige gebruikersnaam in: hoogstens 30 letters, cijfers, punten of liggende streepjes.';
      return sendHTML(res, 400, consentPage({ action, clientId, redirectUri, scope, state, error }));
    }
    const code = sandbox.issueCode(clientId, redirectUri, username, scope);
    res.writeHead(302, { location: back(redirectUri, { code, state }), 'cache-control': 'no-store' });
    res.end();
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    try {
      if (url.pathname === '/www.instagram.com/oauth/authorize' && (req.method === 'GET' || req.method === 'POST')) return await authorize(req, res, url);
      if (url.pathname === '/www.instagram.com/accounts/manage_access' && (req.method === 'GET' || req.method === 'POST')) return await manageAccess(req, res);
      if (url.pathname === '/api.instagram.com/oauth/access_token') {
        if (req.method !== 'POST') return sendJson(res, 405, { error_type: 'OAuthException', code: 405, error_message: 'Unsupported method, use POST' });
        const result = sandbox.exchange(await readForm(req));
        return sendJson(res, result.ok ? 200 : 400, result.body);
      }
      if (/^\/graph\.instagram\.com(\/v\d+\.\d+)?\/me$/.test(url.pathname) && req.method === 'GET') {
        const token = url.searchParams.get('access_token') ?? /^Bearer\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''))?.[1];
        if (!token) return sendJson(res, 400, graphError('An active access token must be used to query information about the current user.', 2500));
        const user = sandbox.userOf(token);
        if (!user) return sendJson(res, 400, graphError('Invalid OAuth access token - Cannot parse access token', 190));
        const fields = (url.searchParams.get('fields') ?? 'id').split(',').map((field) => field.trim());
        const known: Record<string, string> = { id: user.userId, user_id: user.userId, username: user.username };
        const body: Record<string, string> = {};
        for (const field of fields) if (known[field] !== undefined) body[field] = known[field];
        body.id = user.userId;
        return sendJson(res, 200, body);
      }
      if (url.pathname === '/health') return sendJson(res, 200, { status: 'ok' });
      sendJson(res, 404, graphError(`Unknown path components: ${url.pathname}`, 2500));
    } catch (error) {
      if (res.headersSent) return void res.destroy();
      log('instagram', `${req.method} ${url.pathname} failed: ${(error as Error).stack ?? String(error)}`);
      sendJson(res, 400, { error_type: 'OAuthException', code: 400, error_message: 'The request could not be read' });
    }
  };

  return { handle, sandbox, close: async () => undefined };
}
