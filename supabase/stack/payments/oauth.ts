// Mollie Connect's browser and token side: the authorize page (my.mollie.com/oauth2/authorize in
// production), where the tester picks or makes a test organization and allows or refuses the
// app; a client link's landing page (the same consent, its organization made beforehand); the
// token endpoint (api.mollie.com/oauth2/tokens); and the sandbox dashboard of an organization,
// where its onboarding moves on and its balance, routes and transfers show.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bodyOf, readBody, parseForm } from './api.ts';
import { dutchTime, escape, euro, page, redirect, sendHtml } from './checkout.ts';
import type { ConnectStore } from './connect-store.ts';
import { CHARGEBACK_REASONS, chargebackJson, OAuthError, ONBOARDING_STATUSES, onboardingJson, parseScope, SCOPE_LABELS, type ConnectOrigin, type OnboardingStatus } from './connect-wire.ts';
import type { Scheduler } from './scheduler.ts';
import type { PaymentStore } from './store.ts';
import { MollieError } from './wire.ts';

export interface OAuthApp {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  name: string;
}

export interface OAuthContext {
  store: PaymentStore;
  connect: ConnectStore;
  scheduler: Scheduler;
  app: OAuthApp;
  accessTokenSeconds: number;
}

const ONBOARDING_LABELS: Record<OnboardingStatus, string> = { 'needs-data': 'Gegevens nodig', 'in-review': 'In beoordeling', completed: 'Afgerond' };

function errorPage(res: ServerResponse, status: number, title: string, detail: string) {
  sendHtml(res, status, page(title, `<div class="card"><h1>${escape(title)}</h1><p>${escape(detail)}</p></div>`));
}

function withParams(target: string, params: Record<string, string | null>) {
  const url = new URL(target);
  for (const [name, value] of Object.entries(params)) if (value !== null) url.searchParams.set(name, value);
  return url.toString();
}

/** What an authorize request asks for, once it is valid enough to answer by redirect. */
interface Grant {
  redirectUri: string;
  /** The redirect_uri of the request itself (null: the app's registered one was meant). */
  requestedRedirectUri: string | null;
  state: string | null;
  scope: string[];
}

/**
 * Checks an authorize (or client link) request in the order OAuth prescribes: an unknown app or
 * a redirect URI that is not the app's is shown here (never redirected to); everything else goes
 * back to the app as `?error=…&error_description=…&state=…`.
 */
function checkRequest(ctx: OAuthContext, res: ServerResponse, query: URLSearchParams, options: { clientLink: boolean }): Grant | null {
  const clientId = query.get('client_id');
  if (!clientId || clientId !== ctx.app.clientId) {
    errorPage(res, 400, 'Onbekende app', `Er is geen app met client_id ${clientId ?? '(leeg)'} geregistreerd in de lokale Mollie-sandbox.`);
    return null;
  }
  const requested = options.clientLink ? null : query.get('redirect_uri');
  if (requested !== null && requested !== ctx.app.redirectUri) {
    errorPage(res, 400, 'Ongeldige redirect_uri', `De redirect_uri ${requested} is niet de geregistreerde redirect-URL van deze app (${ctx.app.redirectUri}).`);
    return null;
  }
  const state = query.get('state');
  const back = (error: string, description: string) => {
    redirect(res, withParams(ctx.app.redirectUri, { error, error_description: description, state }));
    return null;
  };
  if (!options.clientLink && query.get('response_type') !== 'code') return back('unsupported_response_type', 'The response_type must be code');
  const approval = query.get('approval_prompt');
  if (approval !== null && approval !== 'auto' && approval !== 'force') return back('invalid_request', 'The approval_prompt must be auto or force');
  if (!state) return back('invalid_request', 'The state parameter is required');
  const scope = parseScope(query.get('scope'));
  if (!scope) return back('invalid_scope', 'The requested scope is invalid, unknown, or malformed');
  return { redirectUri: ctx.app.redirectUri, requestedRedirectUri: requested, state, scope };
}

function consentPage(
  ctx: OAuthContext,
  grant: Grant,
  choice: { fixed: { id: string; name: string; email: string } } | { organizations: { id: string; name: string; email: string }[] },
  problem?: string,
) {
  const scopes = grant.scope.map((scope) => `<li>${escape(SCOPE_LABELS[scope] ?? scope)} <small>(${escape(scope)})</small></li>`).join('');
  let who: string;
  if ('fixed' in choice) {
    who = `<input type="hidden" name="organization" value="${escape(choice.fixed.id)}">
<p>Organisatie: <b>${escape(choice.fixed.name)}</b> (${escape(choice.fixed.email)}, ${escape(choice.fixed.id)}), aangemaakt via de client link.</p>`;
  } else {
    const existing = choice.organizations
      .map(
        (organization, index) =>
          `<label class="radio"><input type="radio" name="organization" value="${escape(organization.id)}"${index === 0 ? ' checked' : ''}> ${escape(organization.name)} <small>(${escape(organization.email)}, ${escape(organization.id)})</small></label>`,
      )
      .join('\n');
    who = `<fieldset>
<legend>Met welke testorganisatie log je in?</legend>
${existing}
<label class="radio"><input type="radio" name="organization" value="new"${choice.organizations.length === 0 ? ' checked' : ''}> Een nieuwe testorganisatie</label>
</fieldset>
<label for="new-name">Naam van de nieuwe organisatie</label>
<input type="text" id="new-name" name="name" autocomplete="organization" maxlength="255">
<label for="new-email">E-mailadres</label>
<input type="email" id="new-email" name="email" autocomplete="email" maxlength="255">`;
  }
  return page(
    `${ctx.app.name} toegang geven`,
    `<div class="card">
<p class="merchant">Mollie Connect</p>
<h1>${escape(ctx.app.name)} wil toegang tot je Mollie-account</h1>
${problem ? `<p class="error" role="alert">${escape(problem)}</p>` : ''}
<form method="post">
${who}
<p>De app vraagt om:</p>
<ul class="scopes">${scopes}</ul>
<div class="actions">
<button type="submit" name="decision" value="allow" class="primary">Toestaan</button>
<button type="submit" name="decision" value="deny" class="secondary">Weigeren</button>
</div>
</form>
<p class="note">Na je keuze ga je terug naar ${escape(new URL(grant.redirectUri).host)}.</p>
</div>`,
  );
}

async function decide(ctx: OAuthContext, req: IncomingMessage, res: ServerResponse, grant: Grant, fixedOrganization: string | null) {
  const form = new URLSearchParams(await readBody(req));
  if (form.get('decision') !== 'allow') {
    return redirect(res, withParams(grant.redirectUri, { error: 'access_denied', error_description: 'The user denied access to your app', state: grant.state }));
  }
  let organizationId = fixedOrganization ?? form.get('organization');
  if (organizationId === 'new' || !organizationId) {
    const name = form.get('name')?.trim() ?? '';
    const email = form.get('email')?.trim() ?? '';
    if (!name || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      const organizations = await ctx.connect.consentOrganizations();
      return sendHtml(res, 422, consentPage(ctx, grant, { organizations }, 'Vul voor een nieuwe organisatie een naam en een geldig e-mailadres in.'));
    }
    organizationId = (await ctx.connect.createOrganization({ name: name.slice(0, 255), email: email.slice(0, 255) })).id;
  } else {
    const organization = await ctx.connect.organization(organizationId);
    if (!organization || organization.is_platform) return errorPage(res, 400, 'Onbekende organisatie', `Er is geen testorganisatie ${organizationId}.`);
  }
  const code = await ctx.connect.authorize({ organizationId, clientId: ctx.app.clientId, scope: grant.scope, redirectUri: grant.requestedRedirectUri });
  return redirect(res, withParams(grant.redirectUri, { code, state: grant.state }));
}

/** `/oauth2/authorize`: GET shows the consent page, POST is its answer. */
export async function handleAuthorize(ctx: OAuthContext, req: IncomingMessage, res: ServerResponse, url: URL) {
  if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'POST') return errorPage(res, 405, 'Niet toegestaan', 'Deze pagina kent alleen GET en POST.');
  const grant = checkRequest(ctx, res, url.searchParams, { clientLink: false });
  if (!grant) return;
  if (req.method === 'POST') return decide(ctx, req, res, grant, null);
  const organizations = await ctx.connect.consentOrganizations();
  return sendHtml(res, 200, consentPage(ctx, grant, { organizations }));
}

/** `/dashboard/client-link/{id}?client_id&state&scope[&approval_prompt]`: the consent for the link's organization. */
export async function handleClientLink(ctx: OAuthContext, req: IncomingMessage, res: ServerResponse, url: URL, linkId: string) {
  const organization = await ctx.connect.clientLinkOrganization(linkId);
  if (!organization) return errorPage(res, 404, 'Link niet gevonden', 'Deze client link bestaat niet (meer).');
  const grant = checkRequest(ctx, res, url.searchParams, { clientLink: true });
  if (!grant) return;
  if (req.method === 'POST') return decide(ctx, req, res, grant, organization.id);
  return sendHtml(res, 200, consentPage(ctx, grant, { fixed: organization }));
}

// ---- tokens -----------------------------------------------------------------------------------

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const payload = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(payload), 'cache-control': 'no-store', pragma: 'no-cache', ...headers });
  res.end(payload);
}

function clientCredentials(req: IncomingMessage, form: Record<string, unknown>): { id: string; secret: string; basic: boolean } | null {
  const basic = /^Basic\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
  if (basic) {
    const decoded = Buffer.from(basic, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return null;
    return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)), basic: true };
  }
  if (typeof form.client_id === 'string' && typeof form.client_secret === 'string') return { id: form.client_id, secret: form.client_secret, basic: false };
  return null;
}

/** `POST /oauth2/tokens`: a code or a refresh token for an access token, with the app's credentials. */
export async function handleTokens(ctx: OAuthContext, req: IncomingMessage, res: ServerResponse) {
  if (req.method !== 'POST') return sendJson(res, 405, { error: 'invalid_request', error_description: 'Use POST' }, { allow: 'POST' });
  let form: Record<string, unknown>;
  try {
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    form = type === 'application/json' ? await bodyOf(req) : parseForm(await readBody(req));
  } catch {
    return sendJson(res, 400, new OAuthError(400, 'invalid_request', 'The request body could not be read').body);
  }
  try {
    const client = clientCredentials(req, form);
    if (!client || client.id !== ctx.app.clientId || client.secret !== ctx.app.clientSecret) {
      const error = new OAuthError(401, 'invalid_client', 'Client authentication failed');
      return sendJson(res, 401, error.body, client?.basic === false ? {} : { 'www-authenticate': 'Basic realm="Mollie OAuth"' });
    }
    const text = (name: string) => (typeof form[name] === 'string' && form[name] !== '' ? (form[name] as string) : null);
    const grantType = text('grant_type');
    if (!grantType) throw new OAuthError(400, 'invalid_request', 'The grant_type parameter is required');
    if (grantType === 'authorization_code') {
      const code = text('code');
      if (!code) throw new OAuthError(400, 'invalid_request', 'The code parameter is required');
      return sendJson(res, 200, await ctx.connect.exchangeCode(client.id, code, text('redirect_uri'), ctx.accessTokenSeconds));
    }
    if (grantType === 'refresh_token') {
      const refreshToken = text('refresh_token');
      if (!refreshToken) throw new OAuthError(400, 'invalid_request', 'The refresh_token parameter is required');
      return sendJson(res, 200, await ctx.connect.refresh(client.id, refreshToken, ctx.accessTokenSeconds));
    }
    throw new OAuthError(400, 'unsupported_grant_type', `The grant type ${grantType} is not supported`);
  } catch (error) {
    if (error instanceof OAuthError) return sendJson(res, error.status, error.body);
    throw error;
  }
}

// ---- dashboard of an organization ------------------------------------------------------------

/** `/dashboard/organizations/{id}`: the organization, its onboarding (with buttons to move it on), balance, routes and transfers. */
export async function handleOrganizationDashboard(ctx: OAuthContext, res: ServerResponse, organizationId: string) {
  if (await ctx.scheduler.catchUp()) ctx.scheduler.wake();
  const balance = await ctx.connect.balance(organizationId);
  if (!balance) return errorPage(res, 404, 'Organisatie niet gevonden', `Er is geen testorganisatie ${organizationId}.`);
  const { organization } = balance;
  const [routes, transfers] = await Promise.all([ctx.connect.routesOf(organizationId), ctx.connect.transfers(organizationId, 100)]);
  const buttons = ONBOARDING_STATUSES.map(
    (status) =>
      `<button type="submit" name="status" value="${status}" class="${status === organization.onboarding_status ? 'secondary' : 'primary'}"${status === organization.onboarding_status ? ' disabled' : ''}>${ONBOARDING_LABELS[status]}</button>`,
  ).join('\n');
  const routeTable =
    routes.length === 0
      ? '<p class="note">Geen routes.</p>'
      : `<table><thead><tr><th>Id</th><th>Betaling</th><th>Bedrag</th><th>Beschikbaar</th></tr></thead><tbody>${routes
          .map(
            (route) =>
              `<tr><td>${escape(route.id)}</td><td>${escape(route.payment_id)}</td><td>${route.incoming ? '+' : '−'}${escape(euro(route.currency, Number(route.amount_cents)))}</td><td>${escape(dutchTime(route.settles_at))}</td></tr>`,
          )
          .join('')}</tbody></table>`;
  const transferTable =
    transfers.length === 0
      ? '<p class="note">Geen saldo-overboekingen.</p>'
      : `<table><thead><tr><th>Id</th><th>Van → naar</th><th>Bedrag</th><th>Status</th></tr></thead><tbody>${transfers
          .map(
            (transfer) =>
              `<tr><td>${escape(transfer.id)}</td><td>${escape(transfer.source_id)} → ${escape(transfer.destination_id)}</td><td>${escape(euro('EUR', Number(transfer.amount_cents)))}</td><td>${transfer.executed ? 'succeeded' : 'created'}</td></tr>`,
          )
          .join('')}</tbody></table>`;
  const field = (label: string, value: string | null | undefined) => (value ? `<dt>${label}</dt><dd>${escape(value)}</dd>` : '');
  return sendHtml(
    res,
    200,
    page(
      `Organisatie ${organization.name}`,
      `<div class="card">
<p class="merchant">Mollie-organisatie${organization.is_platform ? ' (platform)' : ''}</p>
<h1>${escape(organization.name)}</h1>
<dl>
${field('Id', organization.id)}${field('E-mail', organization.email)}${field('Profiel', organization.profile_id)}${field('Saldo', organization.balance_id)}
${field('Adres', [organization.street_and_number, organization.postal_code, organization.city, organization.country].filter(Boolean).join(', '))}
${field('KvK', organization.registration_number)}${field('Btw', organization.vat_number)}${field('Aangemeld', dutchTime(organization.created_at))}
</dl>
<h2 id="onboarding">Onboarding: ${ONBOARDING_LABELS[organization.onboarding_status]}</h2>
<form method="post" action="${escape(organization.id)}/onboarding" aria-labelledby="onboarding">
<div class="actions">${buttons}</div>
</form>
<h2>Saldo</h2>
<dl><dt>Beschikbaar</dt><dd>${escape(euro('EUR', balance.available_cents))}</dd><dt>In afwachting</dt><dd>${escape(euro('EUR', balance.pending_cents))}</dd></dl>
<h2>Routes</h2>
${routeTable}
<h2>Saldo-overboekingen</h2>
${transferTable}
</div>`,
    ),
  );
}

const wantsJson = (req: IncomingMessage) => (req.headers['content-type'] ?? '').toLowerCase().startsWith('application/json');

/** `POST /dashboard/organizations/{id}/onboarding` with `status` (a form, or JSON for tests). */
export async function handleOnboardingChange(ctx: OAuthContext, req: IncomingMessage, res: ServerResponse, organizationId: string, origin: ConnectOrigin) {
  const json = wantsJson(req);
  const body = json ? await bodyOf(req) : parseForm(await readBody(req));
  const status = body.status;
  if (typeof status !== 'string' || !(ONBOARDING_STATUSES as string[]).includes(status)) throw new MollieError(422, 'The status must be needs-data, in-review or completed', 'status');
  if (!(await ctx.connect.setOnboarding(organizationId, status as OnboardingStatus))) throw new MollieError(404, `No organization exists with token ${organizationId}.`);
  if (!json) return redirect(res, origin.organizationDashboard(organizationId));
  const organization = (await ctx.connect.organization(organizationId))!;
  const payload = JSON.stringify(onboardingJson(organization, origin));
  res.writeHead(200, { 'content-type': 'application/hal+json; charset=utf-8', 'content-length': Buffer.byteLength(payload) });
  res.end(payload);
}

/** `POST /dashboard/payments/{id}/chargebacks` with `amount` ("12.50", or Mollie's amount object) and `reason`: a test chargeback. */
export async function handleChargeback(ctx: OAuthContext, req: IncomingMessage, res: ServerResponse, paymentId: string, origin: ConnectOrigin) {
  const json = wantsJson(req);
  const body = json ? await bodyOf(req) : parseForm(await readBody(req));
  const raw = typeof body.amount === 'object' && body.amount !== null ? (body.amount as { value?: unknown }).value : body.amount;
  let cents: number | null = null;
  if (raw !== undefined && raw !== null && raw !== '') {
    const match = typeof raw === 'string' ? /^(\d{1,10})(?:[.,](\d{2}))?$/.exec(raw.trim()) : null;
    if (!match) throw new MollieError(422, 'The amount is invalid; send a value such as "10.00"', 'amount.value');
    cents = Number(match[1]) * 100 + Number(match[2] ?? 0);
  }
  const code = typeof body.reason === 'string' && body.reason in CHARGEBACK_REASONS ? body.reason : 'MD06';
  const chargeback = await ctx.connect.createChargeback(paymentId, cents, { code, description: CHARGEBACK_REASONS[code]! });
  ctx.scheduler.wake();
  if (!json) return redirect(res, origin.dashboard(paymentId));
  const payload = JSON.stringify(chargebackJson(chargeback, origin));
  res.writeHead(201, { 'content-type': 'application/hal+json; charset=utf-8', 'content-length': Buffer.byteLength(payload) });
  res.end(payload);
}
