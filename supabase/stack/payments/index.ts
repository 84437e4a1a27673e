// The payments sandbox: a Mollie API v2-compatible server in test mode, mounted by the gateway at
// /mollie (fully open there: Mollie clients send `Authorization: Bearer test_…`, no apikey).
// Edge functions reach it only through Mollie's REST API, with MOLLIE_API_URL as base URL:
//   /v2/payments…          the API (api.ts), state in the private schema mollie_sandbox (store.ts)
//   /checkout/{id}         the hosted checkout page with the test-mode outcomes (checkout.ts)
//   /dashboard/payments/{id}  the payment, its refunds and every webhook call
//   /health                for `stack status`
// Expiry, refund settling and webhook retries run on one timer (scheduler.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import { log } from '../log.ts';
import type { MountedService } from '../services.ts';
import { handleApi, sendHal } from './api.ts';
import { handleCheckout, handleDashboard } from './checkout.ts';
import { Scheduler } from './scheduler.ts';
import { PaymentStore } from './store.ts';
import { MollieError, type Origin } from './wire.ts';

export interface PaymentsSettings {
  /** The gateway prefix, for the links the API hands out. */
  prefix: string;
  expirySeconds: number;
  refundSeconds: number;
  webhookTimeScale: number;
  webhookTimeoutMs: number;
}

function originOf(req: IncomingMessage, prefix: string): Origin {
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim();
  const proto = first(req.headers['x-forwarded-proto']) ?? 'http';
  const host = first(req.headers['x-forwarded-host']) ?? req.headers.host ?? '127.0.0.1';
  const base = `${proto}://${host}${prefix}`;
  return {
    api: `${base}/v2`,
    checkout: (id) => `${base}/checkout/${id}`,
    dashboard: (id) => `${base}/dashboard/payments/${id}`,
  };
}

export function createPaymentsService(stack: { pool: pg.Pool }, settings: PaymentsSettings): MountedService {
  const store = new PaymentStore(stack.pool);
  const scheduler = new Scheduler(store, settings);
  const api = { store, scheduler, expirySeconds: settings.expirySeconds, refundSeconds: settings.refundSeconds };
  // Webhooks queued before the last stop (or retries that fell due meanwhile) go out now.
  scheduler.wake();

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    try {
      const origin = originOf(req, settings.prefix);
      if (url.pathname === '/v2' || url.pathname.startsWith('/v2/')) return await handleApi(api, req, res, url, origin);
      const checkout = /^\/checkout\/([^/]+)\/?$/.exec(url.pathname);
      if (checkout) return await handleCheckout(api, req, res, url, decodeURIComponent(checkout[1]!), origin);
      const dashboard = /^\/dashboard\/payments\/([^/]+)\/?$/.exec(url.pathname);
      if (dashboard && req.method === 'GET') return await handleDashboard(api, res, decodeURIComponent(dashboard[1]!));
      if (url.pathname === '/health') return sendHal(res, 200, { status: 'ok', mode: 'test' });
      throw new MollieError(404, `The resource ${url.pathname} does not exist in the local payments sandbox`);
    } catch (error) {
      if (res.headersSent) return void res.destroy();
      if (error instanceof MollieError) return sendHal(res, error.status, error.body);
      log('payments', `${req.method} ${url.pathname} failed: ${(error as Error).stack ?? String(error)}`);
      sendHal(res, 500, new MollieError(500, 'An unexpected error occurred in the local payments sandbox; see the stack log').body);
    }
  };

  return { handle, close: () => scheduler.close() };
}
