// The payments sandbox: a Mollie API v2-compatible server in test mode, mounted by the gateway at
// /mollie (fully open there: Mollie clients send `Authorization: Bearer test_…`, no apikey).
// Edge functions reach it only through Mollie's REST API, with MOLLIE_API_URL as base URL:
//   /v2/payments…          the API (api.ts), state in the private schema mollie_sandbox (store.ts)
//   /v2/organizations, /v2/onboarding/me, /v2/balances, /v2/client-links, /v2/connect/balance-transfers,
//   /v2/payments/{id}/routes|chargebacks   Mollie Connect (connect-store.ts, connect-wire.ts)
//   /oauth2/authorize      the consent page (my.mollie.com in production), /oauth2/tokens (api.mollie.com)
//   /checkout/{id}         the hosted checkout page with the test-mode outcomes (checkout.ts)
//   /dashboard/payments/{id}  the payment, its refunds, chargebacks (with a button for one) and webhook calls
//   /dashboard/organizations/{id}  an organization's onboarding (buttons), balance, routes and transfers
//   /dashboard/client-link/{id}    where a client link leads: the consent for its organization
//   /health                for `stack status`
// Expiry, refund settling and webhook retries run on one timer (scheduler.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import { log } from '../log.ts';
import type { MountedService } from '../services.ts';
import { handleApi, sendHal } from './api.ts';
import { handleCheckout, handleDashboard } from './checkout.ts';
import { ConnectStore } from './connect-store.ts';
import type { ConnectOrigin } from './connect-wire.ts';
import { handleAuthorize, handleChargeback, handleClientLink, handleOnboardingChange, handleOrganizationDashboard, handleTokens } from './oauth.ts';
import { Scheduler } from './scheduler.ts';
import { PaymentStore } from './store.ts';
import { MollieError } from './wire.ts';

export interface PaymentsSettings {
  /** The gateway prefix, for the links the API hands out. */
  prefix: string;
  expirySeconds: number;
  refundSeconds: number;
  webhookTimeScale: number;
  webhookTimeoutMs: number;
  routeSeconds: number;
  transferSeconds: number;
  accessTokenSeconds: number;
  apiKey: string;
  organizationAccessToken: string;
  connectClientId: string;
  connectClientSecret: string;
  connectRedirectUri: string;
}

function originOf(req: IncomingMessage, prefix: string): ConnectOrigin {
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim();
  const proto = first(req.headers['x-forwarded-proto']) ?? 'http';
  const host = first(req.headers['x-forwarded-host']) ?? req.headers.host ?? '127.0.0.1';
  const base = `${proto}://${host}${prefix}`;
  return {
    base,
    api: `${base}/v2`,
    checkout: (id) => `${base}/checkout/${id}`,
    dashboard: (id) => `${base}/dashboard/payments/${id}`,
    organizationDashboard: (id) => `${base}/dashboard/organizations/${id}`,
  };
}

export function createPaymentsService(stack: { pool: pg.Pool }, settings: PaymentsSettings): MountedService {
  const store = new PaymentStore(stack.pool);
  const connect = new ConnectStore(stack.pool);
  const scheduler = new Scheduler(store, settings);
  const api = {
    store,
    connect,
    scheduler,
    expirySeconds: settings.expirySeconds,
    refundSeconds: settings.refundSeconds,
    routeSeconds: settings.routeSeconds,
    transferSeconds: settings.transferSeconds,
    clientId: settings.connectClientId,
    organizationAccessToken: settings.organizationAccessToken,
    apiKey: settings.apiKey,
  };
  const oauth = {
    store,
    connect,
    scheduler,
    accessTokenSeconds: settings.accessTokenSeconds,
    app: { clientId: settings.connectClientId, clientSecret: settings.connectClientSecret, redirectUri: settings.connectRedirectUri, name: 'Podium' },
  };
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
      const chargeback = /^\/dashboard\/payments\/([^/]+)\/chargebacks\/?$/.exec(url.pathname);
      if (chargeback && req.method === 'POST') return await handleChargeback(oauth, req, res, decodeURIComponent(chargeback[1]!), origin);
      if (url.pathname === '/oauth2/authorize') return await handleAuthorize(oauth, req, res, url);
      if (url.pathname === '/oauth2/tokens') return await handleTokens(oauth, req, res);
      const clientLink = /^\/dashboard\/client-link\/([^/]+)\/?$/.exec(url.pathname);
      if (clientLink) return await handleClientLink(oauth, req, res, url, decodeURIComponent(clientLink[1]!));
      const organization = /^\/dashboard\/organizations\/([^/]+)\/?$/.exec(url.pathname);
      if (organization && req.method === 'GET') return await handleOrganizationDashboard(oauth, res, decodeURIComponent(organization[1]!));
      const onboarding = /^\/dashboard\/organizations\/([^/]+)\/onboarding\/?$/.exec(url.pathname);
      if (onboarding && req.method === 'POST') return await handleOnboardingChange(oauth, req, res, decodeURIComponent(onboarding[1]!), origin);
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
