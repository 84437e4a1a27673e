// Mollie API v2's wire format as the sandbox speaks it: ids, amounts, timestamps, error bodies,
// input validation and the JSON representations of payments, refunds and lists. Pure functions,
// no I/O: store.ts keeps the rows, api.ts puts these shapes on the wire.
import { createHash, randomInt } from 'node:crypto';

export const HAL_JSON = 'application/hal+json; charset=utf-8';
export const DOCS = {
  errors: 'https://docs.mollie.com/overview/handling-errors',
  authentication: 'https://docs.mollie.com/overview/authentication',
  getPayment: 'https://docs.mollie.com/reference/v2/payments-api/get-payment',
  listPayments: 'https://docs.mollie.com/reference/v2/payments-api/list-payments',
  getRefund: 'https://docs.mollie.com/reference/v2/refunds-api/get-payment-refund',
  listRefunds: 'https://docs.mollie.com/reference/v2/refunds-api/list-payment-refunds',
};

export type PaymentStatus = 'open' | 'pending' | 'authorized' | 'paid' | 'canceled' | 'expired' | 'failed';
export type RefundStatus = 'queued' | 'pending' | 'processing' | 'refunded' | 'failed';

/** What the hosted checkout offers; Mollie's method ids. */
export const CHECKOUT_METHODS = ['ideal', 'creditcard', 'bancontact'] as const;
export type CheckoutMethod = (typeof CHECKOUT_METHODS)[number];
/** Methods Mollie knows but this sandbox does not offer (Mollie says "not activated" for those). */
const OTHER_MOLLIE_METHODS = [
  'applepay',
  'banktransfer',
  'belfius',
  'billie',
  'blik',
  'directdebit',
  'eps',
  'giftcard',
  'in3',
  'kbc',
  'klarna',
  'klarnapaylater',
  'klarnapaynow',
  'klarnasliceit',
  'mybank',
  'paypal',
  'paysafecard',
  'przelewy24',
  'riverty',
  'satispay',
  'trustly',
  'twint',
  'voucher',
];
export const LOCALES = [
  'en_US',
  'en_GB',
  'nl_NL',
  'nl_BE',
  'de_DE',
  'de_AT',
  'de_CH',
  'fr_FR',
  'fr_BE',
  'es_ES',
  'ca_ES',
  'pt_PT',
  'it_IT',
  'nb_NO',
  'sv_SE',
  'fi_FI',
  'da_DK',
  'is_IS',
  'hu_HU',
  'pl_PL',
  'lv_LV',
  'lt_LT',
];

/** Test-mode outcomes the checkout page offers, as Mollie's test payment screen does. */
export const TEST_OUTCOMES = ['paid', 'failed', 'canceled', 'expired', 'open'] as const;
export type TestOutcome = (typeof TEST_OUTCOMES)[number];

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const randomToken = (length: number) => Array.from({ length }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');

export const newPaymentId = () => `tr_${randomToken(10)}`;
export const newRefundId = () => `re_${randomToken(10)}`;
export const isPaymentId = (id: string) => /^tr_[A-Za-z0-9]{10}$/.test(id);

// ---- errors ---------------------------------------------------------------------------------

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized Request',
  403: 'Forbidden',
  409: 'Conflict',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Request Entity Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  500: 'Internal Server Error',
};

/** A Mollie error response: `{status, title, detail, field?, _links: {documentation}}`. */
export class MollieError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly field?: string,
    readonly documentation = DOCS.errors,
  ) {
    super(detail);
  }

  get body() {
    return {
      status: this.status,
      title: TITLES[this.status] ?? 'Error',
      detail: this.detail,
      ...(this.field ? { field: this.field } : {}),
      _links: { documentation: { href: this.documentation, type: 'text/html' } },
    };
  }
}

const invalid = (detail: string, field: string) => new MollieError(422, detail, field);

// ---- authentication -------------------------------------------------------------------------

/** The profile an API key belongs to; every test key of the right shape is its own profile. */
export type Authentication = { profileId: string } | { error: MollieError };

export function authenticate(authorization: string | undefined): Authentication {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match) {
    return { error: new MollieError(401, 'Missing authentication, or failed to authenticate', undefined, DOCS.authentication) };
  }
  const key = match[1]!;
  if (!/^test_[A-Za-z0-9]{30}$/.test(key)) {
    // Mollie answers an unknown key with the same title; the detail says what the sandbox accepts.
    const detail = key.startsWith('live_')
      ? 'Failed to authenticate: the local payments sandbox only accepts test API keys (test_ followed by 30 letters or digits)'
      : 'Failed to authenticate: invalid API key; a test API key is test_ followed by 30 letters or digits';
    return { error: new MollieError(401, detail, undefined, DOCS.authentication) };
  }
  return { profileId: profileIdOfKey(key) };
}

/** The website profile of a test key: every key of the right shape is its own profile. */
export function profileIdOfKey(key: string): string {
  const digest = createHash('sha256').update(key).digest();
  return `pfl_${Array.from(digest.subarray(0, 10), (byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('')}`;
}

/** The organization a key's profile belongs to (the platform's own, for the local key): `org_` and 8 digits. */
export function organizationIdOfProfile(profileId: string): string {
  const digest = createHash('sha256').update(`organization:${profileId}`).digest();
  return `org_${String(10_000_000 + (digest.readUInt32BE(0) % 90_000_000))}`;
}

// ---- amounts and timestamps ----------------------------------------------------------------

export interface Amount {
  currency: string;
  value: string;
}

export const MIN_CENTS = 1;
export const MAX_CENTS = 50_000_00;

export function formatAmount(currency: string, cents: number): Amount {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return { currency, value: `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}` };
}

/** Mollie's timestamps: ISO 8601 with seconds and an explicit offset, `2018-03-12T10:56:15+00:00`. */
export function formatTime(date: Date | string | null | undefined): string | undefined {
  if (!date) return undefined;
  return new Date(date).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/** Parses `{currency, value}`; `prefix` names the field in errors (`amount`). */
export function parseAmount(input: unknown, prefix: string, requiredDetail: string): { currency: string; cents: number } {
  if (input === undefined || input === null || input === '') throw invalid(requiredDetail, prefix);
  if (typeof input !== 'object' || Array.isArray(input)) throw invalid('The amount must be an object with a currency and a value', prefix);
  const { currency, value } = input as Record<string, unknown>;
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) throw invalid('The amount currency is invalid', `${prefix}.currency`);
  if (currency !== 'EUR') throw invalid(`The currency ${currency} is not supported by the local payments sandbox; use EUR`, `${prefix}.currency`);
  if (typeof value !== 'string' || !/^\d{1,10}\.\d{2}$/.test(value)) {
    throw invalid('The amount contains an invalid value; send a string with two decimals, such as "10.00"', `${prefix}.value`);
  }
  const [whole, fraction] = value.split('.') as [string, string];
  return { currency, cents: Number(whole) * 100 + Number(fraction) };
}

// ---- input validation -----------------------------------------------------------------------

export interface NewPayment {
  currency: string;
  amountCents: number;
  description: string;
  redirectUrl: string;
  cancelUrl: string | null;
  webhookUrl: string | null;
  method: CheckoutMethod | null;
  locale: string | null;
  metadata: unknown;
}

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

function optionalUrl(value: unknown, field: string, label: string): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || !isHttpUrl(value)) throw invalid(`The ${label} is invalid`, field);
  return value;
}

function metadataOf(value: unknown): unknown {
  if (value === undefined) return null;
  if (Buffer.byteLength(JSON.stringify(value)) > 1024) throw invalid('The metadata storage is currently limited to 1024 bytes', 'metadata');
  return value;
}

function descriptionOf(value: unknown, required: boolean): string {
  if (value === undefined || value === null || value === '') {
    if (required) throw invalid('The description is required', 'description');
    return '';
  }
  if (typeof value !== 'string') throw invalid('The description is invalid', 'description');
  if (value.length > 255) throw invalid('The description is too long; it can be at most 255 characters', 'description');
  return value;
}

/** The body of `POST /v2/payments`, checked in Mollie's order; the first problem is the answer. */
export function parseNewPayment(body: Record<string, unknown>): NewPayment {
  const amount = parseAmount(body.amount, 'amount', 'The amount is required for payments');
  if (amount.cents < MIN_CENTS) throw invalid('The amount is lower than the minimum', 'amount');
  if (amount.cents > MAX_CENTS) throw invalid('The amount is higher than the maximum', 'amount');
  const description = descriptionOf(body.description, true);
  if (body.redirectUrl === undefined || body.redirectUrl === null || body.redirectUrl === '') {
    throw invalid('The redirect URL is required for one-off payments', 'redirectUrl');
  }
  const redirectUrl = optionalUrl(body.redirectUrl, 'redirectUrl', 'redirect URL')!;
  const cancelUrl = optionalUrl(body.cancelUrl, 'cancelUrl', 'cancel URL');
  const webhookUrl = optionalUrl(body.webhookUrl, 'webhookUrl', 'webhook URL');

  let method: CheckoutMethod | null = null;
  if (body.method !== undefined && body.method !== null && body.method !== '') {
    const wanted = Array.isArray(body.method) && body.method.length === 1 ? body.method[0] : body.method;
    if (typeof wanted !== 'string') throw invalid('The payment method is invalid', 'method');
    if ((CHECKOUT_METHODS as readonly string[]).includes(wanted)) method = wanted as CheckoutMethod;
    else if (OTHER_MOLLIE_METHODS.includes(wanted)) throw invalid(`The payment method ${wanted} is not activated in the local payments sandbox`, 'method');
    else throw invalid('The payment method is invalid', 'method');
  }

  let locale: string | null = null;
  if (body.locale !== undefined && body.locale !== null && body.locale !== '') {
    if (typeof body.locale !== 'string' || !LOCALES.includes(body.locale)) throw invalid('The locale is invalid', 'locale');
    locale = body.locale;
  }

  return { currency: amount.currency, amountCents: amount.cents, description, redirectUrl, cancelUrl, webhookUrl, method, locale, metadata: metadataOf(body.metadata) };
}

export interface NewRefund {
  currency: string;
  amountCents: number;
  description: string;
  metadata: unknown;
}

export function parseNewRefund(body: Record<string, unknown>): NewRefund {
  const amount = parseAmount(body.amount, 'amount', 'The amount is required for refunds');
  if (amount.cents < MIN_CENTS) throw invalid('The amount is lower than the minimum', 'amount');
  return { currency: amount.currency, amountCents: amount.cents, description: descriptionOf(body.description, false), metadata: metadataOf(body.metadata) };
}

/** `?limit=` of list endpoints: 1–250, 50 when absent. */
export function parseLimit(raw: string | null): number {
  if (raw === null || raw === '') return 50;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 250) throw new MollieError(400, 'The limit must be a number between 1 and 250', 'limit');
  return Number(raw);
}

// ---- representations ------------------------------------------------------------------------

export interface PaymentRow {
  id: string;
  profile_id: string;
  created_at: Date;
  status: PaymentStatus;
  currency: string;
  amount_cents: string | number;
  description: string;
  method: string | null;
  locale: string | null;
  metadata: unknown;
  redirect_url: string;
  cancel_url: string | null;
  webhook_url: string | null;
  expires_at: Date;
  paid_at: Date | null;
  canceled_at: Date | null;
  expired_at: Date | null;
  failed_at: Date | null;
  /** Sum of the payment's refunds that did not fail (a column of the query, not the table). */
  refunded_cents: string | number;
  refund_count: string | number;
  /** Sum and number of the payment's chargebacks that were not reversed. */
  charged_back_cents: string | number;
  chargeback_count: string | number;
}

export interface RefundRow {
  id: string;
  payment_id: string;
  created_at: Date;
  amount_cents: string | number;
  currency: string;
  description: string;
  metadata: unknown;
  status: RefundStatus;
}

const link = (href: string, type = 'application/hal+json') => ({ href, type });

/** Where the sandbox is reached, as the client reached it: `http://127.0.0.1:54321/mollie`. */
export interface Origin {
  api: string;
  checkout: (paymentId: string) => string;
  dashboard: (paymentId: string) => string;
}

export const isFinal = (status: PaymentStatus) => status === 'paid' || status === 'canceled' || status === 'expired' || status === 'failed';

export function paymentJson(row: PaymentRow, origin: Origin) {
  const cents = Number(row.amount_cents);
  const refunded = Number(row.refunded_cents);
  const chargedBack = Number(row.charged_back_cents ?? 0);
  const chargebacks = Number(row.chargeback_count ?? 0);
  const refundable = row.status === 'paid';
  const self = `${origin.api}/payments/${row.id}`;
  return {
    resource: 'payment',
    id: row.id,
    mode: 'test',
    createdAt: formatTime(row.created_at),
    amount: formatAmount(row.currency, cents),
    description: row.description,
    method: row.method,
    metadata: row.metadata ?? null,
    status: row.status,
    ...(isFinal(row.status) ? {} : { isCancelable: row.status === 'open' }),
    ...(row.status === 'open' ? { expiresAt: formatTime(row.expires_at) } : {}),
    paidAt: formatTime(row.paid_at),
    canceledAt: formatTime(row.canceled_at),
    expiredAt: formatTime(row.expired_at),
    failedAt: formatTime(row.failed_at),
    ...(refundable ? { amountRefunded: formatAmount(row.currency, refunded), amountRemaining: formatAmount(row.currency, Math.max(cents - refunded - chargedBack, 0)) } : {}),
    ...(chargebacks > 0 ? { amountChargedBack: formatAmount(row.currency, chargedBack) } : {}),
    ...(row.locale ? { locale: row.locale } : {}),
    profileId: row.profile_id,
    sequenceType: 'oneoff',
    redirectUrl: row.redirect_url,
    ...(row.cancel_url ? { cancelUrl: row.cancel_url } : {}),
    ...(row.webhook_url ? { webhookUrl: row.webhook_url } : {}),
    _links: {
      self: link(self),
      ...(row.status === 'open' ? { checkout: link(origin.checkout(row.id), 'text/html') } : {}),
      dashboard: link(origin.dashboard(row.id), 'text/html'),
      ...(Number(row.refund_count) > 0 ? { refunds: link(`${self}/refunds`) } : {}),
      ...(chargebacks > 0 ? { chargebacks: link(`${self}/chargebacks`) } : {}),
      documentation: link(DOCS.getPayment, 'text/html'),
    },
  };
}

export function refundJson(row: RefundRow, origin: Origin) {
  const cents = Number(row.amount_cents);
  return {
    resource: 'refund',
    id: row.id,
    mode: 'test',
    amount: formatAmount(row.currency, cents),
    settlementAmount: formatAmount(row.currency, -cents),
    description: row.description,
    metadata: row.metadata ?? null,
    status: row.status,
    paymentId: row.payment_id,
    createdAt: formatTime(row.created_at),
    _links: {
      self: link(`${origin.api}/payments/${row.payment_id}/refunds/${row.id}`),
      payment: link(`${origin.api}/payments/${row.payment_id}`),
      documentation: link(DOCS.getRefund, 'text/html'),
    },
  };
}

/** A page of a list: `{count, _embedded: {<name>: [...]}, _links: {self, previous, next, documentation}}`. */
export function listJson<T>(name: string, items: T[], page: { self: string; previousFrom?: string; nextFrom?: string; limit: number; documentation: string }) {
  const at = (from: string) => {
    const url = new URL(page.self);
    url.searchParams.set('from', from);
    url.searchParams.set('limit', String(page.limit));
    return link(url.toString());
  };
  return {
    count: items.length,
    _embedded: { [name]: items },
    _links: {
      self: link(page.self),
      previous: page.previousFrom ? at(page.previousFrom) : null,
      next: page.nextFrom ? at(page.nextFrom) : null,
      documentation: link(page.documentation, 'text/html'),
    },
  };
}
