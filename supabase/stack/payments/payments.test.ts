// The payments sandbox against the running stack, as an edge function and a browser use it:
// Mollie's REST API over real HTTP, the hosted checkout page, and a local webhook receiver.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mollie, urls } from '../config.ts';
import { waitFor, withDatabase } from '../testing.ts';

const base = urls.mollie;

/** A fresh test key: its own Mollie profile, so lists hold only this file's payments. */
const freshKey = () =>
  `test_${randomBytes(30)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .padEnd(30, 'x')
    .slice(0, 30)}`;
const key = freshKey();

interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
  contentType: string | null;
}

async function api<T = Record<string, unknown>>(method: string, path: string, body?: unknown, apiKey: string | null = key): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (apiKey !== null) headers.authorization = `Bearer ${apiKey}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as T, contentType: response.headers.get('content-type') };
}

interface Payment {
  id: string;
  status: string;
  method: string | null;
  amount: { currency: string; value: string };
  paidAt?: string;
  failedAt?: string;
  canceledAt?: string;
  expiredAt?: string;
  expiresAt?: string;
  isCancelable?: boolean;
  amountRefunded?: { value: string };
  amountRemaining?: { value: string };
  metadata: unknown;
  _links: Record<string, { href: string } | null>;
}

// ---- webhook receiver ---------------------------------------------------------------------------

interface Call {
  path: string;
  contentType: string | undefined;
  body: string;
}

const calls: Call[] = [];
/** Per path: what the next calls get (a status, or 'drop' to cut the connection); 200 when empty. */
const plans = new Map<string, (number | 'drop')[]>();
let receiver: http.Server;
let hookBase: string;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const path = req.url ?? '/';
      calls.push({ path, contentType: req.headers['content-type'], body });
      const next = plans.get(path)?.shift() ?? 200;
      if (next === 'drop') return void req.socket.destroy();
      res.writeHead(next).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});

afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

let hookCount = 0;
const newHook = (plan: (number | 'drop')[] = []) => {
  const path = `/hook/${++hookCount}`;
  plans.set(path, plan);
  return { url: `${hookBase}${path}`, calls: () => calls.filter((call) => call.path === path) };
};

// ---- helpers --------------------------------------------------------------------------------------

const redirectUrl = 'http://127.0.0.1:3000/boekingen/42/betaald';

async function createPayment(extra: Record<string, unknown> = {}, apiKey = key) {
  const created = await api<Payment>(
    'POST',
    '/payments',
    {
      amount: { currency: 'EUR', value: '125.00' },
      description: 'Boeking #42 – The Jazz Cats, bruiloft',
      redirectUrl,
      ...extra,
    },
    apiKey,
  );
  expect(created.status).toBe(201);
  return created.body;
}

async function page(url: string) {
  const response = await fetch(url);
  return { status: response.status, html: await response.text(), contentType: response.headers.get('content-type') };
}

/** Submits a test outcome on the checkout page as the browser form does; returns where the browser is sent. */
async function choose(payment: Payment, status: string, method = 'ideal') {
  const response = await fetch(payment._links.checkout!.href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ method, status }).toString(),
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
  return response.headers.get('location');
}

const getPayment = async (id: string) => (await api<Payment>('GET', `/payments/${id}`)).body;

// ---- tests ------------------------------------------------------------------------------------

describe('payments sandbox: checkout flows', () => {
  it('create → Dutch checkout → iDEAL → paid: browser back at redirectUrl, webhook id=tr_…, payment paid', async () => {
    const hook = newHook();
    const payment = await createPayment({ webhookUrl: hook.url, metadata: { booking_id: 42 } });
    expect(payment.id).toMatch(/^tr_[A-Za-z0-9]{10}$/);
    expect(payment).toMatchObject({ status: 'open', method: null, isCancelable: true, metadata: { booking_id: 42 }, amount: { currency: 'EUR', value: '125.00' } });
    expect(Date.parse(payment.expiresAt!) - Date.now()).toBeGreaterThan(14 * 60_000);

    const methods = await page(payment._links.checkout!.href);
    expect(methods.status).toBe(200);
    expect(methods.contentType).toContain('text/html');
    expect(methods.html).toContain('<html lang="nl">');
    expect(methods.html).toContain('Kies je betaalmethode');
    expect(methods.html).toMatch(/€\s125,00/);
    for (const label of ['iDEAL', 'Creditcard', 'Bancontact']) expect(methods.html).toContain(label);

    const outcomes = await page(`${payment._links.checkout!.href}?method=ideal`);
    for (const label of ['Betaald', 'Mislukt', 'Geannuleerd', 'Verlopen', 'Open']) expect(outcomes.html).toContain(`<b>${label}</b>`);

    expect(await choose(payment, 'paid')).toBe(redirectUrl);
    const [call] = await waitFor(async () => hook.calls().length > 0 && hook.calls());
    expect(call).toMatchObject({ contentType: 'application/x-www-form-urlencoded', body: `id=${payment.id}` });

    const paid = await getPayment(payment.id);
    expect(paid).toMatchObject({ status: 'paid', method: 'ideal', amountRefunded: { value: '0.00' }, amountRemaining: { value: '125.00' } });
    expect(Date.now() - Date.parse(paid.paidAt!)).toBeLessThan(60_000);
    expect(paid._links.checkout).toBeUndefined();
    expect(paid.isCancelable).toBeUndefined();

    // Paying again is not possible: the page says it is done and nothing changes.
    const done = await page(payment._links.checkout!.href);
    expect(done.html).toContain('Deze betaling is afgerond');
    expect(await choose(payment, 'failed')).toContain(`/checkout/${payment.id}`);
    expect((await getPayment(payment.id)).status).toBe('paid');
  });

  it('a preset method skips the method step; failed sets failedAt and calls the webhook', async () => {
    const hook = newHook();
    const payment = await createPayment({ webhookUrl: hook.url, method: 'creditcard' });
    const checkout = await page(payment._links.checkout!.href);
    expect(checkout.html).not.toContain('Kies je betaalmethode');
    expect(checkout.html).toContain('Kies de status van deze testbetaling');
    expect(checkout.html).toContain('Creditcard');

    expect(await choose(payment, 'failed', 'bancontact')).toBe(redirectUrl);
    await waitFor(async () => hook.calls().length === 1);
    const failed = await getPayment(payment.id);
    expect(failed).toMatchObject({ status: 'failed', method: 'creditcard' });
    expect(failed.failedAt).toBeDefined();
    expect(failed.paidAt).toBeUndefined();
  });

  it('canceled sends the browser to cancelUrl (or redirectUrl without one) and calls the webhook', async () => {
    const hook = newHook();
    const cancelUrl = 'http://127.0.0.1:3000/boekingen/42/geannuleerd';
    const withCancel = await createPayment({ webhookUrl: hook.url, cancelUrl });
    expect(await choose(withCancel, 'canceled', 'bancontact')).toBe(cancelUrl);
    await waitFor(async () => hook.calls().length === 1);
    expect(await getPayment(withCancel.id)).toMatchObject({ status: 'canceled', method: 'bancontact', canceledAt: expect.any(String) });

    const withoutCancel = await createPayment();
    expect(await choose(withoutCancel, 'canceled')).toBe(redirectUrl);
  });

  it('expired from the checkout page sets expiredAt and calls the webhook', async () => {
    const hook = newHook();
    const payment = await createPayment({ webhookUrl: hook.url });
    expect(await choose(payment, 'expired')).toBe(redirectUrl);
    await waitFor(async () => hook.calls().length === 1);
    const expired = await getPayment(payment.id);
    expect(expired).toMatchObject({ status: 'expired', expiredAt: expect.any(String) });
    expect(expired.expiresAt).toBeUndefined();
  });

  it('"open" keeps the payment open (with the chosen method) and calls no webhook', async () => {
    const hook = newHook();
    const payment = await createPayment({ webhookUrl: hook.url });
    expect(await choose(payment, 'open', 'ideal')).toBe(redirectUrl);
    const open = await getPayment(payment.id);
    expect(open).toMatchObject({ status: 'open', method: 'ideal' });
    expect(open._links.checkout).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(hook.calls()).toHaveLength(0);
  });

  it('an open payment past expiresAt is expired on the next read, and its webhook is called', async () => {
    const hook = newHook();
    const payment = await createPayment({ webhookUrl: hook.url });
    await withDatabase((client) => client.query(`update mollie_sandbox.payments set expires_at = now() - interval '1 second' where id = $1`, [payment.id]));
    const expired = await getPayment(payment.id);
    expect(expired.status).toBe('expired');
    expect(expired.expiredAt).toBeDefined();
    await waitFor(async () => hook.calls().length === 1);
    expect(hook.calls()[0]!.body).toBe(`id=${payment.id}`);
  });

  it('retries a failing webhook (HTTP 503, then a dropped connection) until it answers 2xx, and logs each attempt', async () => {
    const hook = newHook([503, 'drop']);
    const payment = await createPayment({ webhookUrl: hook.url });
    await choose(payment, 'paid');
    await waitFor(async () => hook.calls().length >= 3, { timeoutMs: 15_000 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(hook.calls()).toHaveLength(3);
    expect(hook.calls().every((call) => call.body === `id=${payment.id}`)).toBe(true);

    const dashboard = await waitFor(async () => {
      const { html } = await page(payment._links.dashboard!.href);
      return html.includes('afgeleverd') && html;
    });
    expect(dashboard).toContain('<td>503</td>');
    expect(dashboard.match(/<tr><td>\d+<\/td>/g)).toHaveLength(3);
  });

  it('DELETE cancels an open payment once; then it is no longer cancelable', async () => {
    const hook = newHook();
    const payment = await createPayment({ webhookUrl: hook.url });
    const canceled = await api<Payment>('DELETE', `/payments/${payment.id}`);
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ status: 'canceled', canceledAt: expect.any(String) });
    await waitFor(async () => hook.calls().length === 1);
    const again = await api('DELETE', `/payments/${payment.id}`);
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ status: 422, title: 'Unprocessable Entity', detail: 'The payment cannot be canceled' });
  });
});

describe('payments sandbox: refunds', () => {
  it('partial then full refund; amountRemaining follows; over the remainder is 422; refunds settle and call the webhook', async () => {
    const hook = newHook();
    const payment = await createPayment({ amount: { currency: 'EUR', value: '100.00' }, webhookUrl: hook.url });

    const early = await api('POST', `/payments/${payment.id}/refunds`, { amount: { currency: 'EUR', value: '10.00' } });
    expect(early.status).toBe(422);
    expect(early.body.detail).toContain('cannot be refunded');

    await choose(payment, 'paid');
    await waitFor(async () => hook.calls().length === 1);

    const partial = await api<{ id: string; status: string; amount: { value: string }; paymentId: string; description: string }>('POST', `/payments/${payment.id}/refunds`, {
      amount: { currency: 'EUR', value: '30.00' },
      description: 'Korting geluidsinstallatie',
    });
    expect(partial.status).toBe(201);
    expect(partial.contentType).toContain('application/hal+json');
    expect(partial.body).toMatchObject({ resource: 'refund', status: 'pending', amount: { value: '30.00' }, paymentId: payment.id, description: 'Korting geluidsinstallatie' });
    expect(partial.body.id).toMatch(/^re_[A-Za-z0-9]{10}$/);
    expect(await getPayment(payment.id)).toMatchObject({ status: 'paid', amountRefunded: { value: '30.00' }, amountRemaining: { value: '70.00' } });

    const tooMuch = await api('POST', `/payments/${payment.id}/refunds`, { amount: { currency: 'EUR', value: '70.01' } });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body).toMatchObject({ title: 'Unprocessable Entity', detail: 'The specified amount cannot be refunded', field: 'amount.value' });

    const rest = await api('POST', `/payments/${payment.id}/refunds`, { amount: { currency: 'EUR', value: '70.00' } });
    expect(rest.status).toBe(201);
    const refunded = await getPayment(payment.id);
    expect(refunded).toMatchObject({ status: 'paid', amountRefunded: { value: '100.00' }, amountRemaining: { value: '0.00' } });
    expect(refunded._links.refunds).toBeDefined();
    expect((await api('POST', `/payments/${payment.id}/refunds`, { amount: { currency: 'EUR', value: '0.01' } })).status).toBe(422);

    const list = await api<{ count: number; _embedded: { refunds: { id: string }[] } }>('GET', `/payments/${payment.id}/refunds`);
    expect(list.body.count).toBe(2);
    expect(list.body._embedded.refunds.map((refund) => refund.id)).toEqual([rest.body.id, partial.body.id]);

    // Refunds settle after a moment (pending → refunded) and Mollie calls the payment's webhook each time.
    await waitFor(async () => hook.calls().length === 3, { timeoutMs: 15_000 });
    const settled = await api<{ status: string }>('GET', `/payments/${payment.id}/refunds/${partial.body.id}`);
    expect(settled.status).toBe(200);
    expect(settled.body.status).toBe('refunded');
    expect((await api('GET', `/payments/${payment.id}/refunds/re_0000000000`)).status).toBe(404);
  });
});

describe('payments sandbox: authentication', () => {
  const unauthorized = (detail: string | RegExp) => ({
    status: 401,
    title: 'Unauthorized Request',
    detail: typeof detail === 'string' ? detail : expect.stringMatching(detail),
    _links: { documentation: { href: 'https://docs.mollie.com/overview/authentication', type: 'text/html' } },
  });

  it("answers a missing key with Mollie's 401", async () => {
    for (const headers of [{}, { authorization: 'Basic dXNlcjpwYXNz' }] as Record<string, string>[]) {
      const response = await fetch(`${base}/payments`, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toContain('application/hal+json');
      expect(await response.json()).toEqual(unauthorized('Missing authentication, or failed to authenticate'));
    }
  });

  it('answers a malformed or live key with 401 "failed to authenticate"', async () => {
    for (const badKey of ['test_short', 'test_podiumLocalMollieSandboxKey00!', 'sk_live_abcdefghijabcdefghijabcdefghij']) {
      const answer = await api('GET', '/payments', undefined, badKey);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(unauthorized(/^Failed to authenticate: invalid API key/));
    }
    const live = await api('GET', '/payments', undefined, 'live_abcdefghijabcdefghijabcdefghij');
    expect(live.body).toEqual(unauthorized(/only accepts test API keys/));
  });

  it('scopes payments to the key that created them; the documented local key works', async () => {
    const payment = await createPayment();
    const other = await api('GET', `/payments/${payment.id}`, undefined, freshKey());
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ status: 404, title: 'Not Found', detail: `No payment exists with token ${payment.id}.` });
    expect((await api('DELETE', `/payments/${payment.id}`, undefined, freshKey())).status).toBe(404);

    const local = await api<{ _embedded: { payments: unknown[] } }>('GET', '/payments?limit=1', undefined, mollie.apiKey);
    expect(local.status).toBe(200);
  });
});

describe('payments sandbox: validation', () => {
  const valid = { amount: { currency: 'EUR', value: '10.00' }, description: 'Boeking #7', redirectUrl };
  const cases: [string, Record<string, unknown>, string][] = [
    ['no amount', { ...valid, amount: undefined }, 'amount'],
    ['an amount without two decimals', { ...valid, amount: { currency: 'EUR', value: '10' } }, 'amount.value'],
    ['a numeric amount', { ...valid, amount: { currency: 'EUR', value: 10 } }, 'amount.value'],
    ['a lowercase currency', { ...valid, amount: { currency: 'eur', value: '10.00' } }, 'amount.currency'],
    ['a zero amount', { ...valid, amount: { currency: 'EUR', value: '0.00' } }, 'amount'],
    ['no description', { ...valid, description: '' }, 'description'],
    ['no redirectUrl', { ...valid, redirectUrl: undefined }, 'redirectUrl'],
    ['a webhookUrl that is not http(s)', { ...valid, webhookUrl: 'ftp://example.org/hook' }, 'webhookUrl'],
    ['a cancelUrl that is no URL', { ...valid, cancelUrl: 'terug' }, 'cancelUrl'],
    ['a method the sandbox does not offer', { ...valid, method: 'paypal' }, 'method'],
    ['an unknown method', { ...valid, method: 'cash' }, 'method'],
    ['an unknown locale', { ...valid, locale: 'nl' }, 'locale'],
    ['metadata over 1024 bytes', { ...valid, metadata: { note: 'x'.repeat(1100) } }, 'metadata'],
  ];

  it.each(cases)('rejects %s with 422 naming the field', async (_name, body, field) => {
    const answer = await api('POST', '/payments', body);
    expect(answer.status).toBe(422);
    expect(answer.contentType).toContain('application/hal+json');
    expect(answer.body).toMatchObject({ status: 422, title: 'Unprocessable Entity', field, detail: expect.any(String) });
  });

  it('accepts a form-encoded body as Mollie does (amount[value]=…)', async () => {
    const response = await fetch(`${base}/payments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'amount[currency]=EUR&amount[value]=15.50&description=Boeking%20%239&redirectUrl=http%3A%2F%2F127.0.0.1%3A3000%2F&locale=nl_NL',
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ amount: { currency: 'EUR', value: '15.50' }, description: 'Boeking #9', locale: 'nl_NL' });
  });

  it('rejects a body that is not JSON with 400', async () => {
    const answer = await api('POST', '/payments', '{"amount":');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: 400, title: 'Bad Request' });
  });
});

describe('payments sandbox: storage', () => {
  it('keeps its state in a schema the API roles cannot reach', async () => {
    for (const role of ['anon', 'authenticated', 'service_role']) {
      const denied = await withDatabase(async (client) => {
        await client.query(`set role ${role}`);
        return client.query('select count(*) from mollie_sandbox.payments').then(
          () => 'allowed',
          (error: { code?: string }) => error.code,
        );
      });
      expect(denied, role).toBe('42501');
    }
  });
});

describe('payments sandbox: lists', () => {
  it('pages newest first with from/limit and previous/next links, per profile', async () => {
    const pagingKey = freshKey();
    const created: string[] = [];
    for (let i = 1; i <= 5; i++) created.push((await createPayment({ description: `Boeking #${i}` }, pagingKey)).id);
    const newestFirst = [...created].reverse();

    type List = { count: number; _embedded: { payments: Payment[] }; _links: { self: { href: string }; next: { href: string } | null; previous: { href: string } | null } };
    const fetchList = async (url: string) => {
      const response = await fetch(url, { headers: { authorization: `Bearer ${pagingKey}` } });
      expect(response.status).toBe(200);
      return (await response.json()) as List;
    };

    const first = await fetchList(`${base}/payments?limit=2`);
    expect(first.count).toBe(2);
    expect(first._embedded.payments.map((payment) => payment.id)).toEqual(newestFirst.slice(0, 2));
    expect(first._links.previous).toBeNull();
    expect(first._links.next!.href).toContain(`from=${newestFirst[2]}`);

    const second = await fetchList(first._links.next!.href);
    expect(second._embedded.payments.map((payment) => payment.id)).toEqual(newestFirst.slice(2, 4));
    expect(second._links.previous!.href).toContain(`from=${newestFirst[0]}`);

    const third = await fetchList(second._links.next!.href);
    expect(third._embedded.payments.map((payment) => payment.id)).toEqual(newestFirst.slice(4));
    expect(third._links.next).toBeNull();

    const all = await fetchList(`${base}/payments`);
    expect(all.count).toBe(5);

    const badLimit = await api('GET', '/payments?limit=0', undefined, pagingKey);
    expect(badLimit.status).toBe(400);
    expect(badLimit.body).toMatchObject({ field: 'limit' });
    expect((await api('GET', `/payments?from=${newestFirst[0]}`)).status).toBe(400);
  });
});
