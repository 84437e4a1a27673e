// Mollie Connect in the payments sandbox against the running stack, as the platform's edge
// functions and a tester's browser use it: OAuth (consent page, tokens), organizations and
// onboarding, client links, balances, routes, balance transfers and chargebacks, over real HTTP.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mollie, urls } from '../config.ts';
import { waitFor, withDatabase } from '../testing.ts';

const api = urls.mollie;
const root = api.replace(/\/v2$/, '');
const { authorize, tokens } = urls.mollieConnect;
const app = { id: mollie.connectClientId, secret: mollie.connectClientSecret, redirectUri: mollie.connectRedirectUri };
const basic = (id = app.id, secret = app.secret) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
const SCOPE = 'organizations.read onboarding.read onboarding.write balances.read payments.read';

const freshKey = () =>
  `test_${randomBytes(30)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .padEnd(30, 'x')
    .slice(0, 30)}`;

interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
  contentType: string | null;
}

async function call<T = Record<string, unknown>>(method: string, path: string, credential: string | null, body?: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
  const all: Record<string, string> = { ...headers };
  if (credential) all.authorization = `Bearer ${credential}`;
  if (body !== undefined) all['content-type'] = 'application/json';
  const response = await fetch(path.startsWith('http') ? path : `${api}${path}`, { method, headers: all, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as T, contentType: response.headers.get('content-type') };
}

// ---- webhook receiver ---------------------------------------------------------------------------

const calls: { path: string; body: string }[] = [];
let receiver: http.Server;
let hookBase: string;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      calls.push({ path: req.url ?? '/', body });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});

afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

let hooks = 0;
const newHook = () => {
  const path = `/connect-hook/${++hooks}`;
  return { url: `${hookBase}${path}`, calls: () => calls.filter((entry) => entry.path === path) };
};

// ---- helpers --------------------------------------------------------------------------------------

const authorizeUrl = (params: Record<string, string> = {}) =>
  `${authorize}?${new URLSearchParams({ client_id: app.id, redirect_uri: app.redirectUri, state: 'st8-abc', scope: SCOPE, response_type: 'code', approval_prompt: 'force', ...params })}`;

/** Submits the consent form as the browser does; answers the status and where the browser is sent. */
async function submitConsent(url: string, form: Record<string, string>) {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString(), redirect: 'manual' });
  await response.text();
  return { status: response.status, location: response.headers.get('location') ? new URL(response.headers.get('location')!) : null };
}

/** A new test organization that allowed the app: its code, from the consent page without a browser. */
async function newCode(scope = SCOPE, name = `Band ${randomBytes(3).toString('hex')}`) {
  const { status, location } = await submitConsent(authorizeUrl({ scope }), { decision: 'allow', organization: 'new', name, email: `${name.replace(/\s/g, '').toLowerCase()}@example.nl` });
  expect(status).toBe(303);
  expect(`${location!.origin}${location!.pathname}`).toBe(app.redirectUri);
  expect(location!.searchParams.get('state')).toBe('st8-abc');
  return { code: location!.searchParams.get('code')!, name };
}

async function tokenRequest(form: Record<string, string>, authorization: string | null = basic()) {
  const response = await fetch(tokens, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(authorization ? { authorization } : {}) },
    body: new URLSearchParams(form).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string | number>, contentType: response.headers.get('content-type') };
}

async function connectedOrganization(scope = SCOPE) {
  const { code, name } = await newCode(scope);
  const grant = await tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: app.redirectUri });
  expect(grant.status).toBe(200);
  const token = grant.body.access_token as string;
  const organization = await call<{ id: string; name: string }>('GET', '/organizations/me', token);
  expect(organization.status).toBe(200);
  return { token, refreshToken: grant.body.refresh_token as string, id: organization.body.id, name };
}

interface Payment {
  id: string;
  status: string;
  amountChargedBack?: { value: string };
  amountRemaining?: { value: string };
  _links: Record<string, { href: string } | undefined>;
}

async function paidPayment(key: string, value = '100.00', extra: Record<string, unknown> = {}) {
  const created = await call<Payment>('POST', '/payments', key, { amount: { currency: 'EUR', value }, description: 'Boeking Connect', redirectUrl: 'http://127.0.0.1:3000/klaar', ...extra });
  expect(created.status).toBe(201);
  const paid = await fetch(created.body._links.checkout!.href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'method=ideal&status=paid',
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  return created.body;
}

type Balance = { availableAmount: { value: string }; pendingAmount: { value: string } };
const cents = (amount: { value: string }) => Math.round(Number(amount.value) * 100);
const balanceOf = async (token: string) => {
  const answer = await call<Balance>('GET', '/balances/primary', token);
  expect(answer.status).toBe(200);
  return { available: cents(answer.body.availableAmount), pending: cents(answer.body.pendingAmount) };
};

// ---- OAuth ----------------------------------------------------------------------------------------

describe('Mollie Connect: authorize', () => {
  it('shows a Dutch, labelled consent page for a valid request', async () => {
    const response = await fetch(authorizeUrl());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('<html lang="nl">');
    expect(html).toContain('<button type="submit" name="decision" value="allow" class="primary">Toestaan</button>');
    expect(html).toContain('value="deny"');
    expect(html).toContain('<label for="new-name">');
    expect(html).toContain('<legend>Met welke testorganisatie log je in?</legend>');
    expect(html).toContain('balances.read');
  });

  it('shows an error page for an unknown client or a redirect_uri that is not registered (no redirect)', async () => {
    for (const params of [{ client_id: 'app_unknown' }, { redirect_uri: 'https://evil.example/callback' }] as Record<string, string>[]) {
      const response = await fetch(authorizeUrl(params), { redirect: 'manual' });
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(response.headers.get('content-type')).toContain('text/html');
    }
  });

  it('sends other problems back to the app as error=…&state=…', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ scope: 'payments.read everything.write' }, 'invalid_scope'],
      [{ approval_prompt: 'sometimes' }, 'invalid_request'],
    ];
    for (const [params, error] of cases) {
      const response = await fetch(authorizeUrl(params), { redirect: 'manual' });
      expect(response.status).toBe(303);
      const location = new URL(response.headers.get('location')!);
      expect(location.searchParams.get('error')).toBe(error);
      expect(location.searchParams.get('error_description')).toBeTruthy();
      expect(location.searchParams.get('state')).toBe('st8-abc');
    }
  });

  it("'Weigeren' goes back with error=access_denied and the state", async () => {
    const { status, location } = await submitConsent(authorizeUrl(), { decision: 'deny', organization: 'new' });
    expect(status).toBe(303);
    expect(location!.searchParams.get('error')).toBe('access_denied');
    expect(location!.searchParams.get('error_description')).toBeTruthy();
    expect(location!.searchParams.get('state')).toBe('st8-abc');
    expect(location!.searchParams.get('code')).toBeNull();
  });

  it('a new organization needs a name and an e-mail address', async () => {
    const { status } = await submitConsent(authorizeUrl(), { decision: 'allow', organization: 'new', name: '', email: 'geen-adres' });
    expect(status).toBe(422);
  });

  it('an existing organization can allow the app again and gets a new code', async () => {
    const first = await connectedOrganization();
    const { status, location } = await submitConsent(authorizeUrl(), { decision: 'allow', organization: first.id });
    expect(status).toBe(303);
    const grant = await tokenRequest({ grant_type: 'authorization_code', code: location!.searchParams.get('code')!, redirect_uri: app.redirectUri });
    expect(grant.status).toBe(200);
    expect((await call<{ id: string }>('GET', '/organizations/me', grant.body.access_token as string)).body.id).toBe(first.id);
  });
});

describe('Mollie Connect: tokens', () => {
  it('exchanges a code once for bearer tokens; a reused code is invalid_grant and revokes what it gave', async () => {
    const { code } = await newCode();
    const grant = await tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: app.redirectUri });
    expect(grant.status).toBe(200);
    expect(grant.contentType).toContain('application/json');
    expect(grant.body).toEqual({
      access_token: expect.stringMatching(/^access_\w{30}$/),
      refresh_token: expect.stringMatching(/^refresh_\w{30}$/),
      expires_in: 3600,
      token_type: 'bearer',
      scope: SCOPE,
    });
    expect((await call('GET', '/organizations/me', grant.body.access_token as string)).status).toBe(200);

    const again = await tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: app.redirectUri });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: 'invalid_grant', error_description: expect.any(String) });
    expect((await call('GET', '/organizations/me', grant.body.access_token as string)).status).toBe(401);
  });

  it('refuses a wrong secret or an unknown client with 401 invalid_client', async () => {
    const { code } = await newCode();
    for (const authorization of [basic(app.id, 'wrong-secret'), basic('app_other', app.secret), null]) {
      const answer = await tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: app.redirectUri }, authorization);
      expect(answer.status).toBe(401);
      expect(answer.body.error).toBe('invalid_client');
    }
    // The code was not spent by the refused attempts; the form's client_id/client_secret work too.
    const viaForm = await tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: app.redirectUri, client_id: app.id, client_secret: app.secret }, null);
    expect(viaForm.status).toBe(200);
  });

  it('refuses an unknown grant, a missing code, a code for another redirect_uri and an expired code', async () => {
    expect((await tokenRequest({ grant_type: 'password' })).body).toMatchObject({ error: 'unsupported_grant_type' });
    expect((await tokenRequest({ grant_type: 'authorization_code' })).body).toMatchObject({ error: 'invalid_request' });
    const { code } = await newCode();
    const wrongUri = await tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: 'http://127.0.0.1:3000/anders' });
    expect(wrongUri).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const late = await newCode();
    await withDatabase((client) => client.query(`update mollie_sandbox.oauth_codes set expires_at = now() - interval '1 second' where code = $1`, [late.code]));
    expect(await tokenRequest({ grant_type: 'authorization_code', code: late.code, redirect_uri: app.redirectUri })).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('an expired access token is 401 in Mollie’s shape; the refresh token gives a new one (and stays the same)', async () => {
    const organization = await connectedOrganization();
    await withDatabase((client) => client.query(`update mollie_sandbox.oauth_tokens set expires_at = now() - interval '1 second' where token = $1`, [organization.token]));
    const expired = await call('GET', '/organizations/me', organization.token);
    expect(expired.status).toBe(401);
    expect(expired.contentType).toContain('application/hal+json');
    expect(expired.body).toMatchObject({ status: 401, title: 'Unauthorized Request', detail: expect.stringContaining('expired'), _links: { documentation: expect.any(Object) } });

    const refreshed = await tokenRequest({ grant_type: 'refresh_token', refresh_token: organization.refreshToken });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toMatchObject({ token_type: 'bearer', expires_in: 3600, scope: SCOPE, refresh_token: organization.refreshToken });
    expect(refreshed.body.access_token).not.toBe(organization.token);
    expect((await call<{ id: string }>('GET', '/organizations/me', refreshed.body.access_token as string)).body.id).toBe(organization.id);

    expect(await tokenRequest({ grant_type: 'refresh_token', refresh_token: 'refresh_unknown' })).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect((await call('GET', '/organizations/me', 'access_unknownTokenxxxxxxxxxxxxxxxxxxxxx')).status).toBe(401);
  });

  it('a token without the scope an endpoint needs is 403; an API key cannot read organizations', async () => {
    const organization = await connectedOrganization('organizations.read');
    const forbidden = await call('GET', '/balances/primary', organization.token);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ status: 403, title: 'Forbidden', detail: expect.stringContaining('balances.read') });
    expect((await call('GET', '/onboarding/me', organization.token)).status).toBe(403);
    expect((await call('GET', '/organizations/me', freshKey())).status).toBe(403);
  });
});

describe('Mollie Connect: organizations and onboarding', () => {
  it('answers organizations/me, organizations/{id} and onboarding/me; the dashboard moves onboarding on', async () => {
    const organization = await connectedOrganization();
    const me = await call<Record<string, unknown>>('GET', '/organizations/me', organization.token);
    expect(me.body).toMatchObject({
      resource: 'organization',
      id: expect.stringMatching(/^org_\d+$/),
      name: organization.name,
      email: expect.stringContaining('@example.nl'),
      locale: 'nl_NL',
      address: { country: 'NL' },
      _links: { self: { href: `${api}/organizations/${organization.id}` }, dashboard: { href: `${root}/dashboard/organizations/${organization.id}` }, documentation: expect.any(Object) },
    });
    expect((await call('GET', `/organizations/${organization.id}`, organization.token)).body).toEqual(me.body);
    expect((await call('GET', '/organizations/org_12345', organization.token)).status).toBe(404);
    // The platform sees an organization connected to its app.
    expect((await call('GET', `/organizations/${organization.id}`, mollie.organizationAccessToken)).status).toBe(200);

    const onboarding = await call<Record<string, unknown>>('GET', '/onboarding/me', organization.token);
    expect(onboarding.body).toMatchObject({
      resource: 'onboarding',
      name: organization.name,
      status: 'needs-data',
      canReceivePayments: false,
      canReceiveSettlements: false,
      signedUpAt: expect.stringMatching(/\+00:00$/),
      _links: { dashboard: { href: `${root}/dashboard/organizations/${organization.id}` }, organization: { href: `${api}/organizations/${organization.id}` } },
    });

    const dashboard = await fetch(`${root}/dashboard/organizations/${organization.id}`);
    const html = await dashboard.text();
    expect(html).toContain(organization.name);
    expect(html).toContain('value="in-review"');
    const moved = await fetch(`${root}/dashboard/organizations/${organization.id}/onboarding`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'status=in-review',
      redirect: 'manual',
    });
    expect(moved.status).toBe(303);
    expect((await call('GET', '/onboarding/me', organization.token)).body).toMatchObject({ status: 'in-review', canReceivePayments: true, canReceiveSettlements: false });
    const completed = await call('POST', `${root}/dashboard/organizations/${organization.id}/onboarding`, null, { status: 'completed' });
    expect(completed.body).toMatchObject({ status: 'completed', canReceiveSettlements: true });
  });
});

describe('Mollie Connect: client links', () => {
  const link = {
    owner: { email: 'sanne@dejazzcats.nl', givenName: 'Sanne', familyName: 'de Vries', locale: 'nl_NL' },
    name: 'The Jazz Cats V.O.F.',
    address: { streetAndNumber: 'Oudegracht 12', postalCode: '3511 AP', city: 'Utrecht', country: 'NL' },
    registrationNumber: '87654321',
    vatNumber: 'NL123456789B01',
  };

  it('creates a client link with the organization access token; following it connects the pre-made organization', async () => {
    expect((await call('POST', '/client-links', freshKey(), link)).status).toBe(403);
    const invalid = await call('POST', '/client-links', mollie.organizationAccessToken, { ...link, owner: { ...link.owner, email: '' } });
    expect(invalid).toMatchObject({ status: 422, body: { field: 'owner.email' } });

    const created = await call<{ resource: string; id: string; _links: { clientLink: { href: string; type: string } } }>('POST', '/client-links', mollie.organizationAccessToken, link);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ resource: 'client-link', id: expect.stringMatching(/^cl_\w+$/), _links: { clientLink: { type: 'text/html' }, documentation: expect.any(Object) } });
    const href = `${created.body._links.clientLink.href}?${new URLSearchParams({ client_id: app.id, state: 'cl-state', scope: SCOPE, approval_prompt: 'force' })}`;

    const consent = await fetch(href);
    expect(consent.status).toBe(200);
    expect(await consent.text()).toContain('The Jazz Cats V.O.F.');

    const { status, location } = await submitConsent(href, { decision: 'allow' });
    expect(status).toBe(303);
    expect(location!.searchParams.get('state')).toBe('cl-state');
    const grant = await tokenRequest({ grant_type: 'authorization_code', code: location!.searchParams.get('code')!, redirect_uri: app.redirectUri });
    expect(grant.status).toBe(200);
    const organization = await call('GET', '/organizations/me', grant.body.access_token as string);
    expect(organization.body).toMatchObject({
      name: 'The Jazz Cats V.O.F.',
      email: 'sanne@dejazzcats.nl',
      address: { streetAndNumber: 'Oudegracht 12', postalCode: '3511 AP', city: 'Utrecht', country: 'NL' },
      registrationNumber: '87654321',
      vatNumber: 'NL123456789B01',
    });

    expect((await fetch(`${root}/dashboard/client-link/cl_doesnotexist?client_id=${app.id}&state=x&scope=onboarding.read`)).status).toBe(404);
  });
});

// ---- money ----------------------------------------------------------------------------------------

describe('Mollie Connect: routes', () => {
  it('routes part of a paid payment to a connected organization: 201 route, 422 above the amount or unpaid, one route per Idempotency-Key', async () => {
    const key = freshKey();
    const artist = await connectedOrganization();
    const payment = await paidPayment(key, '100.00');
    const body = { amount: { currency: 'EUR', value: '60.00' }, description: 'Gage The Jazz Cats', destination: { type: 'organization', organizationId: artist.id } };

    const first = await call<Record<string, unknown>>('POST', `/payments/${payment.id}/routes`, key, body, { 'idempotency-key': 'route-1' });
    expect(first.status).toBe(201);
    expect(first.contentType).toContain('application/hal+json');
    expect(first.body).toMatchObject({
      resource: 'route',
      id: expect.stringMatching(/^crt_\w+$/),
      paymentId: payment.id,
      amount: { currency: 'EUR', value: '60.00' },
      description: 'Gage The Jazz Cats',
      destination: { type: 'organization', organizationId: artist.id },
      createdAt: expect.any(String),
      _links: { self: expect.any(Object), payment: { href: `${api}/payments/${payment.id}` } },
    });
    const retry = await call('POST', `/payments/${payment.id}/routes`, key, body, { 'idempotency-key': 'route-1' });
    expect(retry).toMatchObject({ status: 201, body: first.body });
    const list = await call<{ count: number; _embedded: { routes: { id: string }[] } }>('GET', `/payments/${payment.id}/routes`, key);
    expect(list.body.count).toBe(1);
    expect(list.body._embedded.routes[0]!.id).toBe(first.body.id);

    const tooMuch = await call('POST', `/payments/${payment.id}/routes`, key, { ...body, amount: { currency: 'EUR', value: '40.01' } });
    expect(tooMuch).toMatchObject({ status: 422, body: { title: 'Unprocessable Entity', field: 'amount.value' } });
    // A refund takes from what can still be routed.
    expect((await call('POST', `/payments/${payment.id}/refunds`, key, { amount: { currency: 'EUR', value: '30.00' } })).status).toBe(201);
    expect((await call('POST', `/payments/${payment.id}/routes`, key, { ...body, amount: { currency: 'EUR', value: '10.01' } })).status).toBe(422);
    expect((await call('POST', `/payments/${payment.id}/routes`, key, { ...body, amount: { currency: 'EUR', value: '10.00' } })).status).toBe(201);

    const open = await call<Payment>('POST', '/payments', key, { amount: { currency: 'EUR', value: '10.00' }, description: 'Open', redirectUrl: 'http://127.0.0.1:3000/' });
    const unpaid = await call('POST', `/payments/${open.body.id}/routes`, key, { ...body, amount: { currency: 'EUR', value: '1.00' } });
    expect(unpaid).toMatchObject({ status: 422, body: { detail: expect.stringContaining('status is open') } });

    const stranger = await call('POST', `/payments/${payment.id}/routes`, key, {
      ...body,
      amount: { currency: 'EUR', value: '1.00' },
      destination: { type: 'organization', organizationId: 'org_1234567' },
    });
    expect(stranger).toMatchObject({ status: 422, body: { field: 'destination.organizationId' } });
    expect((await call('POST', `/payments/${payment.id}/routes`, freshKey(), body)).status).toBe(404);

    // Routed money is pending for the artist first, then available.
    const early = await balanceOf(artist.token);
    expect(early.available + early.pending).toBe(7000);
    await waitFor(async () => (await balanceOf(artist.token)).available === 7000, { timeoutMs: 15_000 });
  });
});

describe('Mollie Connect: balances and balance transfers', () => {
  it("the platform's balance is paid − refunds − chargebacks − routes − transfers out; transfers above the balance are refused", async () => {
    const platform = mollie.organizationAccessToken;
    const artist = await connectedOrganization();
    const before = await balanceOf(platform);

    const list = await call<{ count: number; _embedded: { balances: { id: string; resource: string }[] } }>('GET', '/balances', platform);
    expect(list.body.count).toBe(1);
    const primary = await call<Record<string, unknown>>('GET', '/balances/primary', platform);
    expect(primary.body).toMatchObject({
      resource: 'balance',
      id: expect.stringMatching(/^bal_\w+$/),
      mode: 'test',
      currency: 'EUR',
      status: 'active',
      transferFrequency: expect.any(String),
      transferThreshold: { currency: 'EUR' },
      transferDestination: { type: 'bank-account' },
      createdAt: expect.any(String),
      _links: { self: expect.any(Object) },
    });
    expect((await call('GET', `/balances/${primary.body.id as string}`, platform)).body).toEqual(primary.body);
    expect((await call('GET', '/balances/bal_somebodyElse000000000', platform)).status).toBe(404);

    const payment = await paidPayment(mollie.apiKey, '200.00');
    await call('POST', `/payments/${payment.id}/refunds`, mollie.apiKey, { amount: { currency: 'EUR', value: '20.00' } });
    await call('POST', `${root}/dashboard/payments/${payment.id}/chargebacks`, null, { amount: '5.00' });
    await call('POST', `/payments/${payment.id}/routes`, mollie.apiKey, {
      amount: { currency: 'EUR', value: '100.00' },
      description: 'Gage',
      destination: { type: 'organization', organizationId: artist.id },
    });

    const transferBody = {
      amount: { currency: 'EUR', value: '25.00' },
      description: 'Gage (BANDS-deel)',
      source: { type: 'organization', id: mollie.platformOrganizationId, description: 'Uitbetaling act' },
      destination: { type: 'organization', id: artist.id, description: 'Gage Podium' },
      category: 'manual_correction',
    };
    const transfer = await call<Record<string, unknown>>('POST', '/connect/balance-transfers', mollie.organizationAccessToken, transferBody, { 'idempotency-key': `transfer-${artist.id}` });
    expect(transfer.status).toBe(201);
    expect(transfer.body).toMatchObject({
      resource: 'connect-balance-transfer',
      id: expect.stringMatching(/^cbtr_\w+$/),
      amount: { currency: 'EUR', value: '25.00' },
      description: 'Gage (BANDS-deel)',
      source: { type: 'organization', id: mollie.platformOrganizationId, description: 'Uitbetaling act' },
      destination: { type: 'organization', id: artist.id, description: 'Gage Podium' },
      status: 'created',
      category: 'manual_correction',
      createdAt: expect.any(String),
    });
    expect((await call('POST', '/connect/balance-transfers', mollie.organizationAccessToken, transferBody, { 'idempotency-key': `transfer-${artist.id}` })).body).toEqual(transfer.body);

    const after = await balanceOf(platform);
    expect(after.available - before.available).toBe(20000 - 2000 - 500 - 10000 - 2500);

    const done = await waitFor(async () => {
      const answer = await call<{ status: string; executedAt?: string }>('GET', `/connect/balance-transfers/${transfer.body.id as string}`, mollie.organizationAccessToken);
      return answer.body.status === 'succeeded' && answer.body;
    });
    expect(done.executedAt).toEqual(expect.any(String));
    const listed = await call<{ _embedded: { connect_balance_transfers: { id: string }[] } }>('GET', '/connect/balance-transfers', mollie.organizationAccessToken);
    expect(listed.body._embedded.connect_balance_transfers.filter((entry) => entry.id === transfer.body.id)).toHaveLength(1);

    // The artist holds 100 routed + 25 transferred; it cannot send more than that on.
    await waitFor(async () => (await balanceOf(artist.token)).available === 12500, { timeoutMs: 15_000 });
    const tooMuch = await call('POST', '/connect/balance-transfers', mollie.organizationAccessToken, {
      ...transferBody,
      amount: { currency: 'EUR', value: '125.01' },
      source: { type: 'organization', id: artist.id },
      destination: { type: 'organization', id: mollie.platformOrganizationId },
    });
    expect(tooMuch).toMatchObject({ status: 422, body: { detail: expect.stringContaining('insufficient funds') } });
    expect(
      (
        await call('POST', '/connect/balance-transfers', mollie.organizationAccessToken, {
          ...transferBody,
          destination: { type: 'organization', id: 'org_1234567' },
        })
      ).status,
    ).toBe(422);
    expect((await balanceOf(artist.token)).available).toBe(12500);
    // As at Mollie, balance transfers take an access token, never a profile's API key.
    expect(await call('POST', '/connect/balance-transfers', mollie.apiKey, transferBody, { 'idempotency-key': `transfer-key-${artist.id}` })).toMatchObject({ status: 403 });
    expect((await call('GET', '/connect/balance-transfers', mollie.apiKey)).status).toBe(403);
  });
});

describe('Mollie Connect: chargebacks', () => {
  it('a dashboard chargeback shows on the payment, in the chargeback lists and calls the webhook', async () => {
    const key = freshKey();
    const hook = newHook();
    const payment = await paidPayment(key, '80.00', { webhookUrl: hook.url });
    await waitFor(async () => hook.calls().length === 1);

    const page = await (await fetch(payment._links.dashboard!.href)).text();
    expect(page).toContain('Terugboeking (chargeback)');
    expect(page).toContain('<label for="chargeback-amount">');

    const created = await call<Record<string, unknown>>('POST', `${root}/dashboard/payments/${payment.id}/chargebacks`, null, { amount: '25.00' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      resource: 'chargeback',
      id: expect.stringMatching(/^chb_\w+$/),
      amount: { currency: 'EUR', value: '25.00' },
      settlementAmount: { currency: 'EUR', value: '-25.00' },
      paymentId: payment.id,
      reason: { code: expect.any(String), description: expect.any(String) },
      reversedAt: null,
      createdAt: expect.any(String),
    });
    await waitFor(async () => hook.calls().length === 2);
    expect(hook.calls()[1]!.body).toBe(`id=${payment.id}`);

    const charged = await call<Payment>('GET', `/payments/${payment.id}`, key);
    expect(charged.body).toMatchObject({ amountChargedBack: { value: '25.00' }, amountRemaining: { value: '55.00' } });
    expect(charged.body._links.chargebacks!.href).toBe(`${api}/payments/${payment.id}/chargebacks`);

    const list = await call<{ count: number; _embedded: { chargebacks: { id: string }[] } }>('GET', `/payments/${payment.id}/chargebacks`, key);
    expect(list.body.count).toBe(1);
    expect((await call('GET', `/payments/${payment.id}/chargebacks/${created.body.id as string}`, key)).body).toEqual(created.body);
    expect((await call('GET', `/payments/${payment.id}/chargebacks/chb_0000000000`, key)).status).toBe(404);
    const all = await call<{ _embedded: { chargebacks: { id: string }[] } }>('GET', '/chargebacks', key);
    expect(all.body._embedded.chargebacks.map((entry) => entry.id)).toEqual([created.body.id]);

    const form = await fetch(`${root}/dashboard/payments/${payment.id}/chargebacks`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'amount=55.00&reason=AC04',
      redirect: 'manual',
    });
    expect(form.status).toBe(303);
    expect((await call('POST', `${root}/dashboard/payments/${payment.id}/chargebacks`, null, { amount: '0.01' })).status).toBe(422);
    expect((await call('GET', `/payments/${payment.id}`, key)).body).toMatchObject({ amountChargedBack: { value: '80.00' } });
  });
});

describe('Idempotency-Key', () => {
  it('a repeated POST /payments with the same key answers the first payment and creates nothing', async () => {
    const key = freshKey();
    const body = { amount: { currency: 'EUR', value: '12.00' }, description: 'Eén keer', redirectUrl: 'http://127.0.0.1:3000/' };
    const [first, second] = await Promise.all([
      call<{ id: string }>('POST', '/payments', key, body, { 'idempotency-key': 'pay-1' }),
      call<{ id: string }>('POST', '/payments', key, body, { 'idempotency-key': 'pay-1' }),
    ]);
    expect(first.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    expect((await call<{ count: number }>('GET', '/payments', key)).body.count).toBe(1);
    const other = await call<{ id: string }>('POST', '/payments', key, body, { 'idempotency-key': 'pay-2' });
    expect(other.body.id).not.toBe(first.body.id);
  });
});
