// The Mollie API v2 subset under /v2: payments (create, get, list, cancel) and their refunds
// (create, get, list). Every answer is `application/hal+json`, errors in Mollie's shape.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Scheduler } from './scheduler.ts';
import type { PaymentStore } from './store.ts';
import { DOCS, HAL_JSON, MollieError, authenticate, isPaymentId, listJson, parseLimit, parseNewPayment, parseNewRefund, paymentJson, refundJson, type Origin } from './wire.ts';

export interface ApiContext {
  store: PaymentStore;
  scheduler: Scheduler;
  expirySeconds: number;
  refundSeconds: number;
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
async function bodyOf(req: IncomingMessage): Promise<Record<string, unknown>> {
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

/** Handles `/v2/...` (prefix already removed from `path`). */
export async function handleApi(ctx: ApiContext, req: IncomingMessage, res: ServerResponse, url: URL, origin: Origin) {
  const auth = authenticate(req.headers.authorization);
  if ('error' in auth) throw auth.error;
  const { profileId } = auth;
  const method = req.method ?? 'GET';
  const parts = url.pathname.replace(/\/+$/, '').split('/').filter(Boolean).map(decodeURIComponent);
  // parts[0] is 'v2'
  const [, resource, paymentId, sub, refundId, ...extra] = parts;
  if (resource !== 'payments' || extra.length > 0 || (sub !== undefined && sub !== 'refunds')) {
    throw new MollieError(404, `The resource ${url.pathname} does not exist in the local payments sandbox`);
  }
  // Everything below reads or changes state: first let time pass (expiry, refund settling).
  if (await ctx.scheduler.catchUp()) ctx.scheduler.wake();

  const self = `${origin.api}${url.pathname.replace(/^\/v2/, '')}`;

  if (paymentId === undefined) {
    if (method === 'POST') {
      const payment = await ctx.store.createPayment(profileId, parseNewPayment(await bodyOf(req)), ctx.expirySeconds);
      ctx.scheduler.wake();
      return sendHal(res, 201, paymentJson(payment, origin));
    }
    if (method === 'GET') {
      const limit = parseLimit(url.searchParams.get('limit'));
      const page = await ctx.store.listPayments(profileId, url.searchParams.get('from'), limit);
      const items = page.items.map((row) => paymentJson(row, origin));
      return sendHal(res, 200, listJson('payments', items, { ...page, self: selfWithQuery(self, url), limit, documentation: DOCS.listPayments }));
    }
    methodNotAllowed(method, ['GET', 'POST']);
  }

  if (sub === undefined) {
    if (method === 'GET') {
      const payment = await ctx.store.payment(paymentId, profileId);
      if (!payment) throw noPayment(paymentId);
      return sendHal(res, 200, paymentJson(payment, origin));
    }
    if (method === 'DELETE') {
      const canceled = await ctx.store.finish(paymentId, 'canceled', { profileId });
      if (!canceled) {
        if (!(await ctx.store.payment(paymentId, profileId))) throw noPayment(paymentId);
        throw new MollieError(422, 'The payment cannot be canceled');
      }
      ctx.scheduler.wake();
      return sendHal(res, 200, paymentJson(canceled, origin));
    }
    methodNotAllowed(method, ['GET', 'DELETE']);
  }

  // /v2/payments/{id}/refunds[/{refundId}]
  if (refundId === undefined) {
    if (method === 'POST') {
      const input = parseNewRefund(await bodyOf(req));
      if (!isPaymentId(paymentId)) throw noPayment(paymentId);
      const refund = await ctx.store.createRefund(profileId, paymentId, input, ctx.refundSeconds);
      ctx.scheduler.wake();
      return sendHal(res, 201, refundJson(refund, origin));
    }
    if (method === 'GET') {
      if (!(await ctx.store.payment(paymentId, profileId))) throw noPayment(paymentId);
      const limit = parseLimit(url.searchParams.get('limit'));
      const page = await ctx.store.listRefunds(paymentId, url.searchParams.get('from'), limit);
      const items = page.items.map((row) => refundJson(row, origin));
      return sendHal(res, 200, listJson('refunds', items, { ...page, self: selfWithQuery(self, url), limit, documentation: DOCS.listRefunds }));
    }
    methodNotAllowed(method, ['GET', 'POST']);
  }

  if (method !== 'GET') methodNotAllowed(method, ['GET']);
  if (!(await ctx.store.payment(paymentId, profileId))) throw noPayment(paymentId);
  const refund = await ctx.store.refund(paymentId, refundId);
  if (!refund) throw new MollieError(404, `No refund exists with token ${refundId}.`);
  return sendHal(res, 200, refundJson(refund, origin));
}

function selfWithQuery(self: string, url: URL) {
  return url.search ? `${self}${url.search}` : self;
}
