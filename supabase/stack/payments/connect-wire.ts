// Mollie Connect's wire format as the sandbox speaks it: OAuth scopes and errors, and the JSON of
// organizations, onboarding, balances, client links, routes, balance transfers and chargebacks,
// with the validation of what creates them. Pure functions, like wire.ts.
import { randomInt } from 'node:crypto';
import { formatAmount, formatTime, MollieError, parseAmount, MIN_CENTS, type Origin } from './wire.ts';

export const CONNECT_DOCS = {
  oauth: 'https://docs.mollie.com/reference/oauth-api',
  organization: 'https://docs.mollie.com/reference/get-organization',
  onboarding: 'https://docs.mollie.com/reference/get-onboarding-status',
  balance: 'https://docs.mollie.com/reference/get-balance',
  listBalances: 'https://docs.mollie.com/reference/list-balances',
  clientLink: 'https://docs.mollie.com/reference/create-client-link',
  route: 'https://docs.mollie.com/reference/payment-create-route',
  listRoutes: 'https://docs.mollie.com/reference/payment-list-routes',
  transfer: 'https://docs.mollie.com/reference/get-connect-balance-transfer',
  listTransfers: 'https://docs.mollie.com/reference/list-connect-balance-transfers',
  chargeback: 'https://docs.mollie.com/reference/get-chargeback',
  listChargebacks: 'https://docs.mollie.com/reference/list-chargebacks',
  permissions: 'https://docs.mollie.com/docs/permissions',
};

/** Mollie's OAuth permissions (docs: Permissions). */
export const SCOPES = [
  'payments.read',
  'payments.write',
  'refunds.read',
  'refunds.write',
  'customers.read',
  'customers.write',
  'mandates.read',
  'mandates.write',
  'subscriptions.read',
  'subscriptions.write',
  'profiles.read',
  'profiles.write',
  'invoices.read',
  'settlements.read',
  'orders.read',
  'orders.write',
  'shipments.read',
  'shipments.write',
  'organizations.read',
  'organizations.write',
  'onboarding.read',
  'onboarding.write',
  'payment-links.read',
  'payment-links.write',
  'balances.read',
  'terminals.read',
  'terminals.write',
  'clients.read',
  'clients.write',
  'balance-transfers.read',
  'balance-transfers.write',
] as const;

export const SCOPE_LABELS: Partial<Record<string, string>> = {
  'organizations.read': 'De gegevens van je organisatie bekijken',
  'organizations.write': 'De gegevens van je organisatie wijzigen',
  'onboarding.read': 'De status van je onboarding bekijken',
  'onboarding.write': 'Je onboarding-gegevens aanvullen',
  'payments.read': 'Je betalingen bekijken',
  'payments.write': 'Betalingen aanmaken',
  'refunds.read': 'Je terugbetalingen bekijken',
  'refunds.write': 'Terugbetalingen aanmaken',
  'balances.read': 'Je saldo bekijken',
  'balance-transfers.read': 'Saldo-overboekingen bekijken',
  'balance-transfers.write': 'Saldo-overboekingen aanmaken',
  'profiles.read': 'Je websiteprofielen bekijken',
  'settlements.read': 'Je uitbetalingen bekijken',
};

/** The scope string of an authorize request: space-separated, each one Mollie knows; null when not. */
export function parseScope(raw: string | null): string[] | null {
  const scopes = (raw ?? '').split(/[\s+]+/).filter(Boolean);
  if (scopes.length === 0 || scopes.some((scope) => !(SCOPES as readonly string[]).includes(scope))) return null;
  return [...new Set(scopes)];
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const token = (length: number) => Array.from({ length }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');

export const newOrganizationId = () => `org_${randomInt(10_000_000, 99_999_999)}`;
export const newBalanceId = () => `bal_${token(21)}`;
export const newAuthorizationCode = () => `auth_${token(30)}`;
export const newAccessToken = () => `access_${token(30)}`;
export const newRefreshToken = () => `refresh_${token(30)}`;
export const newClientLinkId = () => `cl_${token(21)}`;
export const newRouteId = () => `crt_${token(21)}`;
export const newTransferId = () => `cbtr_${token(21)}`;
export const newChargebackId = () => `chb_${token(10)}`;

/** An OAuth 2 error of the token endpoint: `{error, error_description}` as plain JSON (RFC 6749 §5.2). */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unauthorized_client' | 'unsupported_grant_type' | 'invalid_scope',
    readonly description: string,
  ) {
    super(description);
  }

  get body() {
    return { error: this.error, error_description: this.description };
  }
}

// ---- rows and representations ---------------------------------------------------------------

export type OnboardingStatus = 'needs-data' | 'in-review' | 'completed';
export const ONBOARDING_STATUSES: OnboardingStatus[] = ['needs-data', 'in-review', 'completed'];

export interface OrganizationRow {
  id: string;
  profile_id: string;
  balance_id: string;
  created_at: Date;
  name: string;
  email: string;
  locale: string;
  street_and_number: string | null;
  postal_code: string | null;
  city: string | null;
  country: string;
  registration_number: string | null;
  vat_number: string | null;
  onboarding_status: OnboardingStatus;
  is_platform: boolean;
}

export interface BalanceRow {
  organization: OrganizationRow;
  available_cents: number;
  pending_cents: number;
}

export interface RouteRow {
  id: string;
  payment_id: string;
  destination_id: string;
  amount_cents: string | number;
  currency: string;
  description: string;
  created_at: Date;
  release_date: string | null;
  settles_at: Date;
}

export interface TransferRow {
  id: string;
  source_id: string;
  source_description: string;
  destination_id: string;
  destination_description: string;
  amount_cents: string | number;
  description: string;
  category: string | null;
  created_at: Date;
  executed_at: Date;
  /** executed_at has passed (a column of the query). */
  executed: boolean;
}

export interface ChargebackRow {
  id: string;
  payment_id: string;
  amount_cents: string | number;
  currency: string;
  reason_code: string;
  reason_description: string;
  created_at: Date;
  reversed_at: Date | null;
}

const link = (href: string, type = 'application/hal+json') => ({ href, type });

/** Where the sandbox's Connect pages are, beside `Origin`'s API. */
export interface ConnectOrigin extends Origin {
  base: string;
  organizationDashboard: (organizationId: string) => string;
}

export function organizationJson(row: OrganizationRow, origin: ConnectOrigin) {
  return {
    resource: 'organization',
    id: row.id,
    name: row.name,
    email: row.email,
    locale: row.locale,
    address: { streetAndNumber: row.street_and_number, postalCode: row.postal_code, city: row.city, country: row.country },
    registrationNumber: row.registration_number,
    vatNumber: row.vat_number,
    vatRegulation: row.country === 'NL' ? 'dutch' : 'shifted',
    _links: {
      self: link(`${origin.api}/organizations/${row.id}`),
      dashboard: link(origin.organizationDashboard(row.id), 'text/html'),
      documentation: link(CONNECT_DOCS.organization, 'text/html'),
    },
  };
}

export function onboardingJson(row: OrganizationRow, origin: ConnectOrigin) {
  return {
    resource: 'onboarding',
    name: row.name,
    signedUpAt: formatTime(row.created_at),
    status: row.onboarding_status,
    // Mollie lets an organization take payments once its data is in, and pays out once it is checked.
    canReceivePayments: row.onboarding_status !== 'needs-data',
    canReceiveSettlements: row.onboarding_status === 'completed',
    _links: {
      self: link(`${origin.api}/onboarding/me`),
      dashboard: link(origin.organizationDashboard(row.id), 'text/html'),
      organization: link(`${origin.api}/organizations/${row.id}`),
      documentation: link(CONNECT_DOCS.onboarding, 'text/html'),
    },
  };
}

export function balanceJson(balance: BalanceRow, origin: ConnectOrigin) {
  const { organization } = balance;
  return {
    resource: 'balance',
    id: organization.balance_id,
    mode: 'test',
    createdAt: formatTime(organization.created_at),
    currency: 'EUR',
    description: 'Primary balance',
    status: 'active',
    transferFrequency: 'daily',
    transferThreshold: formatAmount('EUR', 500),
    transferReference: null,
    transferDestination: { type: 'bank-account', beneficiaryName: organization.name, bankAccount: 'NL55INGB0000000000', bankAccountId: null },
    availableAmount: formatAmount('EUR', balance.available_cents),
    pendingAmount: formatAmount('EUR', balance.pending_cents),
    _links: {
      self: link(`${origin.api}/balances/${organization.balance_id}`),
      documentation: link(CONNECT_DOCS.balance, 'text/html'),
    },
  };
}

export function clientLinkJson(id: string, origin: ConnectOrigin) {
  return {
    resource: 'client-link',
    id,
    _links: {
      clientLink: link(`${origin.base}/dashboard/client-link/${id}`, 'text/html'),
      documentation: link(CONNECT_DOCS.clientLink, 'text/html'),
    },
  };
}

export function routeJson(row: RouteRow, origin: ConnectOrigin) {
  return {
    resource: 'route',
    id: row.id,
    mode: 'test',
    paymentId: row.payment_id,
    amount: formatAmount(row.currency, Number(row.amount_cents)),
    description: row.description,
    destination: { type: 'organization', organizationId: row.destination_id },
    createdAt: formatTime(row.created_at),
    releaseDate: row.release_date,
    _links: {
      self: link(`${origin.api}/payments/${row.payment_id}/routes/${row.id}`),
      payment: link(`${origin.api}/payments/${row.payment_id}`),
      documentation: link(CONNECT_DOCS.route, 'text/html'),
    },
  };
}

export function transferJson(row: TransferRow, origin: ConnectOrigin) {
  return {
    resource: 'connect-balance-transfer',
    id: row.id,
    mode: 'test',
    amount: formatAmount('EUR', Number(row.amount_cents)),
    description: row.description,
    source: { type: 'organization', id: row.source_id, description: row.source_description },
    destination: { type: 'organization', id: row.destination_id, description: row.destination_description },
    status: row.executed ? 'succeeded' : 'created',
    statusReason: row.executed ? { code: 'success', message: 'De overboeking is uitgevoerd.' } : { code: 'request_created', message: 'De overboeking is aangemaakt.' },
    ...(row.category ? { category: row.category } : {}),
    createdAt: formatTime(row.created_at),
    ...(row.executed ? { executedAt: formatTime(row.executed_at) } : {}),
    _links: {
      self: link(`${origin.api}/connect/balance-transfers/${row.id}`),
      documentation: link(CONNECT_DOCS.transfer, 'text/html'),
    },
  };
}

export function chargebackJson(row: ChargebackRow, origin: Origin) {
  const cents = Number(row.amount_cents);
  return {
    resource: 'chargeback',
    id: row.id,
    mode: 'test',
    amount: formatAmount(row.currency, cents),
    settlementAmount: formatAmount(row.currency, -cents),
    createdAt: formatTime(row.created_at),
    reason: { code: row.reason_code, description: row.reason_description },
    reversedAt: formatTime(row.reversed_at) ?? null,
    paymentId: row.payment_id,
    _links: {
      self: link(`${origin.api}/payments/${row.payment_id}/chargebacks/${row.id}`),
      payment: link(`${origin.api}/payments/${row.payment_id}`),
      documentation: link(CONNECT_DOCS.chargeback, 'text/html'),
    },
  };
}

// ---- input ----------------------------------------------------------------------------------

const invalid = (detail: string, field: string) => new MollieError(422, detail, field);

function text(value: unknown, field: string, label: string, options: { required?: boolean; max?: number } = {}): string | null {
  if (value === undefined || value === null || value === '') {
    if (options.required) throw invalid(`The ${label} is required`, field);
    return null;
  }
  if (typeof value !== 'string') throw invalid(`The ${label} is invalid`, field);
  if (value.length > (options.max ?? 255)) throw invalid(`The ${label} is too long`, field);
  return value;
}

const objectOf = (value: unknown, field: string, label: string): Record<string, unknown> => {
  if (value === undefined || value === null || value === '') throw invalid(`The ${label} is required`, field);
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid(`The ${label} is invalid`, field);
  return value as Record<string, unknown>;
};

export interface NewRoute {
  amountCents: number;
  currency: string;
  description: string;
  organizationId: string;
  releaseDate: string | null;
}

export function parseNewRoute(body: Record<string, unknown>): NewRoute {
  const amount = parseAmount(body.amount, 'amount', 'The amount is required for routes');
  if (amount.cents < MIN_CENTS) throw invalid('The amount is lower than the minimum', 'amount');
  const description = text(body.description, 'description', 'description', { required: true })!;
  const destination = objectOf(body.destination, 'destination', 'destination');
  if (destination.type !== 'organization') throw invalid("The destination type is invalid; only 'organization' is supported", 'destination.type');
  const organizationId = text(destination.organizationId, 'destination.organizationId', 'destination organization', { required: true })!;
  let releaseDate: string | null = null;
  if (body.releaseDate !== undefined && body.releaseDate !== null && body.releaseDate !== '') {
    if (typeof body.releaseDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(body.releaseDate) || Number.isNaN(Date.parse(body.releaseDate))) {
      throw invalid('The release date is invalid; use YYYY-MM-DD', 'releaseDate');
    }
    releaseDate = body.releaseDate;
  }
  return { amountCents: amount.cents, currency: amount.currency, description, organizationId, releaseDate };
}

export const TRANSFER_CATEGORIES = ['invoice_collection', 'purchase', 'chargeback', 'refund', 'service_penalty', 'discount_compensation', 'manual_correction', 'other_fee'] as const;

export interface NewTransfer {
  amountCents: number;
  description: string;
  source: { id: string; description: string };
  destination: { id: string; description: string };
  category: string | null;
}

function party(value: unknown, field: 'source' | 'destination') {
  const party = objectOf(value, field, field);
  if (party.type !== 'organization') throw invalid("The party type is invalid; only 'organization' is supported", `${field}.type`);
  const id = text(party.id, `${field}.id`, `${field} id`, { required: true })!;
  return { id, description: text(party.description, `${field}.description`, `${field} description`) ?? '' };
}

export function parseNewTransfer(body: Record<string, unknown>): NewTransfer {
  const amount = parseAmount(body.amount, 'amount', 'The amount is required for balance transfers');
  if (amount.cents < MIN_CENTS) throw invalid('The amount is lower than the minimum', 'amount');
  const description = text(body.description, 'description', 'description', { required: true })!;
  const source = party(body.source, 'source');
  const destination = party(body.destination, 'destination');
  if (source.id === destination.id) throw invalid('The source and the destination must be different organizations', 'destination.id');
  const category = text(body.category, 'category', 'category');
  if (category !== null && !(TRANSFER_CATEGORIES as readonly string[]).includes(category)) throw invalid('The category is invalid', 'category');
  return { amountCents: amount.cents, description, source, destination, category };
}

export interface NewClientLink {
  owner: { email: string; givenName: string; familyName: string; locale: string | null };
  name: string;
  address: { streetAndNumber: string | null; postalCode: string | null; city: string | null; country: string };
  registrationNumber: string | null;
  vatNumber: string | null;
}

export function parseNewClientLink(body: Record<string, unknown>): NewClientLink {
  const owner = objectOf(body.owner, 'owner', 'owner');
  const email = text(owner.email, 'owner.email', 'owner email', { required: true })!;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw invalid('The owner email is invalid', 'owner.email');
  const givenName = text(owner.givenName, 'owner.givenName', 'owner given name', { required: true })!;
  const familyName = text(owner.familyName, 'owner.familyName', 'owner family name', { required: true })!;
  const locale = text(owner.locale, 'owner.locale', 'owner locale');
  if (locale !== null && !/^[a-z]{2}_[A-Z]{2}$/.test(locale)) throw invalid('The owner locale is invalid', 'owner.locale');
  const name = text(body.name, 'name', 'name', { required: true })!;
  const address = objectOf(body.address, 'address', 'address');
  const country = text(address.country, 'address.country', 'country', { required: true })!;
  if (!/^[A-Z]{2}$/.test(country)) throw invalid('The country is invalid; use ISO 3166-1 alpha-2', 'address.country');
  return {
    owner: { email, givenName, familyName, locale },
    name,
    address: {
      streetAndNumber: text(address.streetAndNumber, 'address.streetAndNumber', 'street and number'),
      postalCode: text(address.postalCode, 'address.postalCode', 'postal code'),
      city: text(address.city, 'address.city', 'city'),
      country,
    },
    registrationNumber: text(body.registrationNumber, 'registrationNumber', 'registration number'),
    vatNumber: text(body.vatNumber, 'vatNumber', 'VAT number'),
  };
}

/** Reasons the dashboard offers for a test chargeback (SEPA return codes, as Mollie reports them). */
export const CHARGEBACK_REASONS: Record<string, string> = {
  MD06: 'Refund request by end customer',
  AC04: 'Account closed',
  MS02: 'Refusal by the debtor',
  FR01: 'Fraud',
};
