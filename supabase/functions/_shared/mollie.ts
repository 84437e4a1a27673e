// Mollie API v2 with the server key: the stack's sandbox locally, https://api.mollie.com/v2 in
// production. Only MOLLIE_API_URL and MOLLIE_API_KEY differ between the two.

export type MolliePaymentStatus = 'open' | 'pending' | 'authorized' | 'paid' | 'canceled' | 'expired' | 'failed';

export interface MollieAmount {
  currency: string;
  value: string;
}

export interface MolliePayment {
  id: string;
  status: MolliePaymentStatus;
  amount: MollieAmount;
  amountRefunded?: MollieAmount;
  amountRemaining?: MollieAmount;
  /** Present once a bank or card issuer took (part of) the payment back. */
  amountChargedBack?: MollieAmount;
  method: string | null;
  metadata: unknown;
  _links: { checkout?: { href: string }; chargebacks?: { href: string } };
}

/** A chargeback of a payment: its bank or card issuer gave (part of) it back to the customer. */
export interface MollieChargeback {
  id: string;
  paymentId: string;
  amount: MollieAmount;
  reason?: { code: string; description: string } | null;
  createdAt: string;
  reversedAt?: string | null;
}

export interface MollieRefund {
  id: string;
  status: 'queued' | 'pending' | 'processing' | 'refunded' | 'failed' | 'canceled';
  amount: MollieAmount;
  description: string;
  metadata: unknown;
  paymentId: string;
}

/** A route of a payment's money to a connected organization (delayed routing, Mollie Connect). */
export interface MollieRoute {
  id: string;
  paymentId: string;
  amount: MollieAmount;
  description?: string;
  destination: { type: 'organization'; organizationId: string };
}

/** Money moved from one organization's balance to another's (Mollie Connect balance transfers). */
export interface MollieBalanceTransfer {
  id: string;
  amount: MollieAmount;
  status: string;
  source: { type: 'organization'; id: string };
  destination: { type: 'organization'; id: string };
}

/** Mollie answered with an error status (404 for an unknown id, 422 for invalid input, ...). */
export class MollieApiError extends Error {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(`Mollie ${status}: ${detail}`);
  }
}

/** Cents as Mollie's amount string: 12345 → "123.45". */
export function toMollieValue(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Mollie's amount string in cents, without floating point: "123.45" → 12345. */
export function toCents(value: string): number {
  const match = /^(\d+)\.(\d{2})$/.exec(value);
  if (!match) throw new Error(`unexpected Mollie amount ${value}`);
  return Number(match[1]) * 100 + Number(match[2]);
}

/**
 * The Mollie API with the website profile's API key (payments, refunds, routes), or with another
 * credential: the platform's organization access token for what belongs to the organization, as
 * Connect's balance transfers do (Mollie refuses API keys there).
 */
export function createMollie(credential: { key?: string; name?: string } = {}) {
  const base = (Deno.env.get('MOLLIE_API_URL') ?? 'https://api.mollie.com/v2').replace(/\/$/, '');
  const name = credential.name ?? 'MOLLIE_API_KEY';
  const key = credential.key ?? Deno.env.get(name);
  if (!key) throw new Error(`${name} is not set`);

  async function call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { Authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    if (!response.ok) {
      let detail = text;
      try {
        detail = (JSON.parse(text) as { detail?: string }).detail ?? text;
      } catch {
        /* not JSON: keep the text */
      }
      throw new MollieApiError(response.status, detail);
    }
    return JSON.parse(text) as T;
  }

  return {
    createPayment: (input: {
      amount: MollieAmount;
      description: string;
      redirectUrl: string;
      cancelUrl: string;
      webhookUrl: string;
      metadata: Record<string, string>;
      locale: string;
      /** Preselects the method on Mollie's page (the customer chose it at our checkout). */
      method?: string;
    }) => call<MolliePayment>('POST', '/payments', input),
    getPayment: (id: string) => call<MolliePayment>('GET', `/payments/${encodeURIComponent(id)}`),
    cancelPayment: (id: string) => call<MolliePayment>('DELETE', `/payments/${encodeURIComponent(id)}`),
    /** A refund of (part of) a paid payment; Mollie answers a repeated Idempotency-Key with the first refund. */
    createRefund: (paymentId: string, input: { amount: MollieAmount; description: string; metadata: Record<string, string> }, idempotencyKey: string) =>
      call<MollieRefund>('POST', `/payments/${encodeURIComponent(paymentId)}/refunds`, input, { 'Idempotency-Key': idempotencyKey }),
    /** The payment's refunds, newest first (up to 250: a booking's payment has a handful at most). */
    listRefunds: async (paymentId: string) =>
      (await call<{ _embedded?: { refunds?: MollieRefund[] } }>('GET', `/payments/${encodeURIComponent(paymentId)}/refunds?limit=250`))._embedded?.refunds ?? [],
    /** The payment's chargebacks (up to 250: a payment is charged back once or a few times at most). */
    listChargebacks: async (paymentId: string) =>
      (await call<{ _embedded?: { chargebacks?: MollieChargeback[] } }>('GET', `/payments/${encodeURIComponent(paymentId)}/chargebacks?limit=250`))._embedded?.chargebacks ?? [],
    /** Routes part of a paid payment to an organization; a repeated Idempotency-Key answers the first route. */
    createRoute: (paymentId: string, input: { amount: MollieAmount; description: string; destination: { type: 'organization'; organizationId: string } }, idempotencyKey: string) =>
      call<MollieRoute>('POST', `/payments/${encodeURIComponent(paymentId)}/routes`, input, { 'Idempotency-Key': idempotencyKey }),
    listRoutes: async (paymentId: string) => (await call<{ _embedded?: { routes?: MollieRoute[] } }>('GET', `/payments/${encodeURIComponent(paymentId)}/routes`))._embedded?.routes ?? [],
    /** Moves money from the platform's balance to an organization's; a repeated Idempotency-Key answers the first transfer. */
    createBalanceTransfer: (
      input: { amount: MollieAmount; description: string; source: { type: 'organization'; id: string }; destination: { type: 'organization'; id: string }; category?: string },
      idempotencyKey: string,
    ) => call<MollieBalanceTransfer>('POST', '/connect/balance-transfers', input, { 'Idempotency-Key': idempotencyKey }),
  };
}
