// The Mollie API v2 subset under /v2: payments (create, get, list, cancel), their refunds, routes
// and chargebacks, and Mollie Connect's organizations, onboarding, balances, client links and
// balance transfers. Every answer is `application/hal+json`, errors in Mollie's shape; a POST
// with an Idempotency-Key answers a repeat with the first answer.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ConnectStore } from './connect-store.ts';
import {
  balanceJson,
  chargebackJson,
  clientLinkJson,
  CONNECT_DOCS,
  onboardingJson,
  organizationJson,
  parseNewClientLink,
  parseNewRoute,
  parseNewTransfer,
  routeJson,
  transferJson,
  type ConnectOrigin,
} from './connect-wire.ts';
import type { Scheduler } from './scheduler.ts';
import type { PaymentStore } from './store.ts';
import { DOCS, HAL_JSON, MollieError, authenticate, isPaymentId, listJson, organizationIdOfProfile, parseLimit, parseNewPayment, parseNewRefund, paymentJson, refundJson } from './wire.ts';

export interface ApiContext {
  store: PaymentStore;
  connect: ConnectStore;
  scheduler: Scheduler;
  expirySeconds: number;
  refundSeconds: number;
  routeSeconds: number;
  transferSeconds: number;
  /** The sandbox's one OAuth app. */
  clientId: string;
  /** The platform's organization access token, and the API key whose organization it is. */
  organizationAccessToken: string;
  apiKey: string;
}

/**
 * Who calls: an API key (a website profile of the platform's organization), the platform's
 * organization access token (every scope) or an app access token (the scopes its organization
 * granted). `owner` keys what an Idempotency-Key is unique within.
 */
export interface Caller {
  kind: 'key' | 'organization' | 'app';
  profileId: string;
  organizationId: string;
  scopes: Set<string> | null;
  owner: string;
}

const unauthorized = (detail: string) => new MollieError(401, detail, undefined, DOCS.authentication);

async function platformOf(ctx: ApiContext, profileId: string): Promise<string> {
  const organizationId = organizationIdOfProfile(profileId);
  const local = profileId === (authenticate(`Bearer ${ctx.apiKey}`) as { profileId?: string }).profileId;
  await ctx.connect.ensurePlatformOrganization(profileId, organizationId, {
    name: local ? 'Podium B.V.' : `Testorganisatie ${profileId}`,
    email: local ? 'betalingen@podium.nl' : `${profileId}@mollie-sandbox.test`,
  });
  return organizationId;
}

export async function authenticateCaller(ctx: ApiContext, authorization: string | undefined): Promise<Caller> {
  const bearer = /^Bearer\s+(access_\S+)\s*$/i.exec(authorization ?? '')?.[1];
  if (bearer === undefined) {
    const auth = authenticate(authorization);
    if ('error' in auth) throw auth.error;
    return { kind: 'key', profileId: auth.profileId, organizationId: await platformOf(ctx, auth.profileId), scopes: null, owner: auth.profileId };
  }
  if (bearer === ctx.organizationAccessToken) {
    const key = authenticate(`Bearer ${ctx.apiKey}`);
    if ('error' in key) throw key.error;
    return { kind: 'organization', profileId: key.profileId, organizationId: await platformOf(ctx, key.profileId), scopes: null, owner: key.profileId };
  }
  const token = await ctx.connect.accessToken(bearer);
  if (!token) throw unauthorized('Failed to authenticate: the access token is invalid or has been revoked');
  if (token.expired) throw unauthorized('Failed to authenticate: the access token has expired; use the refresh token for a new one');
  return {
    kind: 'app',
    profileId: token.profile_id,
    organizationId: token.organization_id,
    scopes: new Set(token.scope.split(' ')),
    owner: `${token.client_id}:${token.organization_id}`,
  };
}

/** Refuses a caller without `scope`; `keys` says whether API keys may call it (they have no scopes). */
function need(caller: Caller, scope: string, keys: boolean) {
  if (caller.kind === 'key' && !keys) throw new MollieError(403, 'This endpoint cannot be used with an API key; use an organization access token or an OAuth access token');
  if (caller.scopes && !caller.scopes.has(scope)) throw new MollieError(403, `The access token is missing the scope ${scope} this endpoint needs`);
}

interface Reply {
  status: number;
  body: unknown;
}

const MAX_BODY = 1024 * 1024;

export function sendHal(res: ServerResponse, status: number, body: unknown) {
  const payload = JSON.stringify(body);
  res.writeHead(status, { 'content-type': HAL_JSON, 'content-length': Buffer.byteLength(payload), 'cache-control': 'no-store' });
  res.end(payload);
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new MollieError(413, 'The request body is too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** `amount[currency]=EUR&amount[value]=10.00` → `{amount: {currency, value}}`, as Mollie reads form posts. */
export function parseForm(text: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const [head, ...rest] = key.split('[');
    let target = result;
    let name = head!;
    for (const part of rest) {
      const child = (target[name] ??= {}) as Record<string, unknown>;
      if (typeof child !== 'object') break;
      target = child;
      name = part.replace(/]$/, '');
    }
    target[name] = value;
  }
  return result;
}

/** A request body as JSON or as a form, the two encodings Mollie accepts. */
export async function bodyOf(req: IncomingMessage): Promise<Record<string, unknown>> {
  const text = await readBody(req);
  if (!text.trim()) return {};
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded') return parseForm(text);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new MollieError(400, 'The request body is not valid JSON');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new MollieError(400, 'The request body must be a JSON object');
  return parsed as Record<string, unknown>;
}

function methodNotAllowed(method: string, allowed: string[]): never {
  throw new MollieError(405, `The method ${method} is not allowed on this resource; allowed: ${allowed.join(', ')}`);
}

const noPayment = (id: string) => (isPaymentId(id) ? new MollieError(404, `No payment exists with token ${id}.`) : new MollieError(404, `The payment id is invalid`));
const notFound = (url: URL) => new MollieError(404, `The resource ${url.pathname} does not exist in the local payments sandbox`);

/** Handles `/v2/...` (prefix already removed from `path`). */
export async function handleApi(ctx: ApiContext, req: IncomingMessage, res: ServerResponse, url: URL, origin: ConnectOrigin) {
  const caller = await authenticateCaller(ctx, req.headers.authorization);
  const method = req.method ?? 'GET';
  // Everything below reads or changes state: first let time pass (expiry, refund settling).
  if (await ctx.scheduler.catchUp()) ctx.scheduler.wake();

  const rawKey = req.headers['idempotency-key'];
  const key = (Array.isArray(rawKey) ? rawKey[0] : rawKey)?.trim();
  if (method !== 'POST' || !key) {
    const reply = await route(ctx, req, url, origin, caller);
    return sendHal(res, reply.status, reply.body);
  }
  const request = `${method} ${url.pathname.replace(/\/+$/, '')}`;
  const earlier = await ctx.connect.claimIdempotencyKey(caller.owner, key, request);
  if (earlier) return sendHal(res, earlier.status, earlier.body);
  let reply: Reply;
  try {
    reply = await route(ctx, req, url, origin, caller);
  } catch (error) {
    await ctx.connect.forgetIdempotent(caller.owner, key);
    throw error;
  }
  if (reply.status < 300) await ctx.connect.rememberIdempotent(caller.owner, key, reply.status, reply.body);
  else await ctx.connect.forgetIdempotent(caller.owner, key);
  return sendHal(res, reply.status, reply.body);
}

async function route(ctx: ApiContext, req: IncomingMessage, url: URL, origin: ConnectOrigin, caller: Caller): Promise<Reply> {
  const method = req.method ?? 'GET';
  const parts = url.pathname.replace(/\/+$/, '').split('/').filter(Boolean).map(decodeURIComponent);
  // parts[0] is 'v2'
  const [, resource, ...rest] = parts;
  const self = selfWithQuery(`${origin.api}${url.pathname.replace(/^\/v2/, '')}`, url);

  switch (resource) {
    case 'payments':
      return payments(ctx, req, url, origin, caller, rest, self);
    case 'chargebacks': {
      if (rest.length > 0) throw notFound(url);
      if (method !== 'GET') methodNotAllowed(method, ['GET']);
      need(caller, 'payments.read', true);
      const limit = parseLimit(url.searchParams.get('limit'));
      const items = (await ctx.connect.chargebacksOfProfile(caller.profileId, limit)).map((row) => chargebackJson(row, origin));
      return { status: 200, body: listJson('chargebacks', items, { self, limit, documentation: CONNECT_DOCS.listChargebacks }) };
    }
    case 'organizations': {
      if (rest.length !== 1) throw notFound(url);
      if (method !== 'GET') methodNotAllowed(method, ['GET']);
      need(caller, 'organizations.read', false);
      const id = rest[0] === 'me' ? caller.organizationId : rest[0]!;
      // Your own organization, or (the platform) one that connected to the app.
      const visible = id === caller.organizationId || (caller.kind === 'organization' && (await ctx.connect.isAuthorized(id, ctx.clientId)));
      const organization = visible ? await ctx.connect.organization(id) : undefined;
      if (!organization) throw new MollieError(404, `No organization exists with token ${id}.`);
      return { status: 200, body: organizationJson(organization, origin) };
    }
    case 'onboarding': {
      if (rest.length !== 1 || rest[0] !== 'me') throw notFound(url);
      if (method !== 'GET') methodNotAllowed(method, ['GET']);
      need(caller, 'onboarding.read', false);
      const organization = await ctx.connect.organization(caller.organizationId);
      if (!organization) throw new MollieError(404, 'No organization exists for this token.');
      return { status: 200, body: onboardingJson(organization, origin) };
    }
    case 'balances': {
      if (rest.length > 1) throw notFound(url);
      if (method !== 'GET') methodNotAllowed(method, ['GET']);
      need(caller, 'balances.read', false);
      const balance = await ctx.connect.balance(caller.organizationId);
      if (!balance) throw new MollieError(404, 'No balance exists for this token.');
      if (rest.length === 0) {
        const currency = url.searchParams.get('currency');
        const items = currency && currency !== 'EUR' ? [] : [balanceJson(balance, origin)];
        return { status: 200, body: listJson('balances', items, { self, limit: parseLimit(url.searchParams.get('limit')), documentation: CONNECT_DOCS.listBalances }) };
      }
      if (rest[0] !== 'primary' && rest[0] !== balance.organization.balance_id) throw new MollieError(404, `No balance exists with token ${rest[0]}.`);
      return { status: 200, body: balanceJson(balance, origin) };
    }
    case 'client-links': {
      if (rest.length > 0) throw notFound(url);
      if (method !== 'POST') methodNotAllowed(method, ['POST']);
      // Mollie: with an organization access token (the partner's), not an API key.
      need(caller, 'clients.write', false);
      const id = await ctx.connect.createClientLink(caller.organizationId, parseNewClientLink(await bodyOf(req)));
      return { status: 201, body: clientLinkJson(id, origin) };
    }
    case 'connect': {
      if (rest[0] !== 'balance-transfers' || rest.length > 2) throw notFound(url);
      const transferId = rest[1];
      if (transferId === undefined) {
        if (method === 'POST') {
          need(caller, 'balance-transfers.write', false);
          const transfer = await ctx.connect.createTransfer(caller.organizationId, parseNewTransfer(await bodyOf(req)), { clientId: ctx.clientId, settleSeconds: ctx.transferSeconds });
          return { status: 201, body: transferJson(transfer, origin) };
        }
        if (method === 'GET') {
          need(caller, 'balance-transfers.read', false);
          const limit = parseLimit(url.searchParams.get('limit'));
          const items = (await ctx.connect.transfers(caller.organizationId, limit)).map((row) => transferJson(row, origin));
          return { status: 200, body: listJson('connect_balance_transfers', items, { self, limit, documentation: CONNECT_DOCS.listTransfers }) };
        }
        methodNotAllowed(method, ['GET', 'POST']);
      }
      if (method !== 'GET') methodNotAllowed(method, ['GET']);
      need(caller, 'balance-transfers.read', false);
      const transfer = await ctx.connect.transfer(transferId, caller.organizationId);
      if (!transfer) throw new MollieError(404, `No balance transfer exists with token ${transferId}.`);
      return { status: 200, body: transferJson(transfer, origin) };
    }
    default:
      throw notFound(url);
  }
}

async function payments(ctx: ApiContext, req: IncomingMessage, url: URL, origin: ConnectOrigin, caller: Caller, rest: string[], self: string): Promise<Reply> {
  const method = req.method ?? 'GET';
  const { profileId } = caller;
  const [paymentId, sub, subId, ...extra] = rest;
  if (extra.length > 0 || (sub !== undefined && !['refunds', 'routes', 'chargebacks'].includes(sub)) || (sub === 'routes' && subId !== undefined)) throw notFound(url);

  if (paymentId === undefined) {
    if (method === 'POST') {
      need(caller, 'payments.write', true);
      const payment = await ctx.store.createPayment(profileId, parseNewPayment(await bodyOf(req)), ctx.expirySeconds);
      ctx.scheduler.wake();
      return { status: 201, body: paymentJson(payment, origin) };
    }
    if (method === 'GET') {
      need(caller, 'payments.read', true);
      const limit = parseLimit(url.searchParams.get('limit'));
      const page = await ctx.store.listPayments(profileId, url.searchParams.get('from'), limit);
      const items = page.items.map((row) => paymentJson(row, origin));
      return { status: 200, body: listJson('payments', items, { ...page, self, limit, documentation: DOCS.listPayments }) };
    }
    methodNotAllowed(method, ['GET', 'POST']);
  }

  if (sub === undefined) {
    if (method === 'GET') {
      need(caller, 'payments.read', true);
      const payment = await ctx.store.payment(paymentId, profileId);
      if (!payment) throw noPayment(paymentId);
      return { status: 200, body: paymentJson(payment, origin) };
    }
    if (method === 'DELETE') {
      need(caller, 'payments.write', true);
      const canceled = await ctx.store.finish(paymentId, 'canceled', { profileId });
      if (!canceled) {
        if (!(await ctx.store.payment(paymentId, profileId))) throw noPayment(paymentId);
        throw new MollieError(422, 'The payment cannot be canceled');
      }
      ctx.scheduler.wake();
      return { status: 200, body: paymentJson(canceled, origin) };
    }
    methodNotAllowed(method, ['GET', 'DELETE']);
  }

  if (sub === 'routes') {
    if (method === 'POST') {
      need(caller, 'payments.write', true);
      const input = parseNewRoute(await bodyOf(req));
      if (!isPaymentId(paymentId)) throw noPayment(paymentId);
      const created = await ctx.connect.createRoute(profileId, paymentId, input, { clientId: ctx.clientId, settleSeconds: ctx.routeSeconds });
      return { status: 201, body: routeJson(created, origin) };
    }
    if (method === 'GET') {
      need(caller, 'payments.read', true);
      if (!(await ctx.store.payment(paymentId, profileId))) throw noPayment(paymentId);
      const items = (await ctx.connect.routes(paymentId)).map((row) => routeJson(row, origin));
      return { status: 200, body: listJson('routes', items, { self, limit: 250, documentation: CONNECT_DOCS.listRoutes }) };
    }
    methodNotAllowed(method, ['GET', 'POST']);
  }

  if (sub === 'chargebacks') {
    if (method !== 'GET') methodNotAllowed(method, ['GET']);
    need(caller, 'payments.read', true);
    if (!(await ctx.store.payment(paymentId, profileId))) throw noPayment(paymentId);
    const chargebacks = await ctx.connect.chargebacks(paymentId);
    if (subId === undefined) {
      const items = chargebacks.map((row) => chargebackJson(row, origin));
      return { status: 200, body: listJson('chargebacks', items, { self, limit: 250, documentation: CONNECT_DOCS.listChargebacks }) };
    }
    const chargeback = chargebacks.find((row) => row.id === subId);
    if (!chargeback) throw new MollieError(404, `No chargeback exists with token ${subId}.`);
    return { status: 200, body: chargebackJson(chargeback, origin) };
  }

  // /v2/payments/{id}/refunds[/{refundId}]
  if (subId === undefined) {
    if (method === 'POST') {
      need(caller, 'refunds.write', true);
      const input = parseNewRefund(await bodyOf(req));
      if (!isPaymentId(paymentId)) throw noPayment(paymentId);
      const refund = await ctx.store.createRefund(profileId, paymentId, input, ctx.refundSeconds);
      ctx.scheduler.wake();
      return { status: 201, body: refundJson(refund, origin) };
    }
    if (method === 'GET') {
      need(caller, 'refunds.read', true);
      if (!(await ctx.store.payment(paymentId, profileId))) throw noPayment(paymentId);
      const limit = parseLimit(url.searchParams.get('limit'));
      const page = await ctx.store.listRefunds(paymentId, url.searchParams.get('from'), limit);
      const items = page.items.map((row) => refundJson(row, origin));
      return { status: 200, body: listJson('refunds', items, { ...page, self, limit, documentation: DOCS.listRefunds }) };
    }
    methodNotAllowed(method, ['GET', 'POST']);
  }

  if (method !== 'GET') methodNotAllowed(method, ['GET']);
  need(caller, 'refunds.read', true);
  if (!(await ctx.store.payment(paymentId, profileId))) throw noPayment(paymentId);
  const refund = await ctx.store.refund(paymentId, subId);
  if (!refund) throw new MollieError(404, `No refund exists with token ${subId}.`);
  return { status: 200, body: refundJson(refund, origin) };
}

function selfWithQuery(self: string, url: URL) {
  return url.search ? `${self}${url.search}` : self;
}
