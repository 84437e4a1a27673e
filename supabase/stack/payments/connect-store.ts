// Mollie Connect's state in `mollie_sandbox` (stack/sql/51-mollie-connect.sql): organizations,
// the app's authorizations, codes and tokens, client links, routes, balance transfers and
// chargebacks. A balance is never stored: it is summed from the rows that move money, so it is
// always what they say.
import type pg from 'pg';
import {
  newAccessToken,
  newAuthorizationCode,
  newBalanceId,
  newChargebackId,
  newClientLinkId,
  newOrganizationId,
  newRefreshToken,
  newRouteId,
  newTransferId,
  OAuthError,
  type BalanceRow,
  type ChargebackRow,
  type NewClientLink,
  type NewRoute,
  type NewTransfer,
  type OnboardingStatus,
  type OrganizationRow,
  type RouteRow,
  type TransferRow,
} from './connect-wire.ts';
import { MollieError } from './wire.ts';

/** Codes are single use and live ten minutes, as at Mollie. */
const CODE_SECONDS = 600;

export interface TokenGrant {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: 'bearer';
  scope: string;
}

export interface AccessTokenRow {
  organization_id: string;
  profile_id: string;
  client_id: string;
  scope: string;
  expired: boolean;
}

export interface NewOrganization {
  name: string;
  email: string;
  locale?: string | null;
  streetAndNumber?: string | null;
  postalCode?: string | null;
  city?: string | null;
  country?: string | null;
  registrationNumber?: string | null;
  vatNumber?: string | null;
  profileId?: string;
  isPlatform?: boolean;
  onboardingStatus?: OnboardingStatus;
}

const ROUTE_COLUMNS = `r.id, r.payment_id, r.destination_id, r.amount_cents, p.currency, r.description, r.created_at, to_char(r.release_date, 'YYYY-MM-DD') as release_date, r.settles_at`;
const TRANSFER_COLUMNS = `t.*, t.executed_at <= now() as executed`;
const CHARGEBACK_COLUMNS = `c.id, c.payment_id, c.amount_cents, p.currency, c.reason_code, c.reason_description, c.created_at, c.reversed_at`;

/**
 * An organization's balance from the rows: its profile's paid payments, less refunds, chargebacks,
 * routes out and transfers out; plus routes and transfers in. Money routed or transferred to it
 * is pending until it settles.
 */
const BALANCE_SQL = `
  select
    coalesce((select sum(p.amount_cents) from mollie_sandbox.payments p where p.profile_id = o.profile_id and p.status = 'paid'), 0)
    - coalesce((select sum(f.amount_cents) from mollie_sandbox.refunds f join mollie_sandbox.payments p on p.id = f.payment_id
                where p.profile_id = o.profile_id and f.status <> 'failed'), 0)
    - coalesce((select sum(c.amount_cents) from mollie_sandbox.chargebacks c join mollie_sandbox.payments p on p.id = c.payment_id
                where p.profile_id = o.profile_id and c.reversed_at is null), 0)
    - coalesce((select sum(r.amount_cents) from mollie_sandbox.routes r join mollie_sandbox.payments p on p.id = r.payment_id
                where p.profile_id = o.profile_id), 0)
    - coalesce((select sum(t.amount_cents) from mollie_sandbox.balance_transfers t where t.source_id = o.id), 0)
    + coalesce((select sum(r.amount_cents) from mollie_sandbox.routes r where r.destination_id = o.id and r.settles_at <= now()), 0)
    + coalesce((select sum(t.amount_cents) from mollie_sandbox.balance_transfers t where t.destination_id = o.id and t.executed_at <= now()), 0)
      as available_cents,
    coalesce((select sum(r.amount_cents) from mollie_sandbox.routes r where r.destination_id = o.id and r.settles_at > now()), 0)
    + coalesce((select sum(t.amount_cents) from mollie_sandbox.balance_transfers t where t.destination_id = o.id and t.executed_at > now()), 0)
      as pending_cents
  from mollie_sandbox.organizations o where o.id = $1`;

type Queryable = pg.Pool | pg.PoolClient;

async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

export class ConnectStore {
  /** Profiles whose organization row exists (so an API key's first call makes it, later ones do not write). */
  private readonly knownProfiles = new Set<string>();

  constructor(private readonly pool: pg.Pool) {}

  // ---- organizations ------------------------------------------------------------------------

  async createOrganization(input: NewOrganization, db: Queryable = this.pool): Promise<OrganizationRow> {
    for (;;) {
      const id = newOrganizationId();
      const { rows } = await db.query<OrganizationRow>(
        `insert into mollie_sandbox.organizations
           (id, profile_id, balance_id, name, email, locale, street_and_number, postal_code, city, country, registration_number, vat_number, is_platform, onboarding_status)
         values ($1, $2, $3, $4, $5, coalesce($6, 'nl_NL'), $7, $8, $9, coalesce($10, 'NL'), $11, $12, $13, $14)
         on conflict (id) do nothing returning *`,
        [
          id,
          input.profileId ?? `pfl_${id.slice(4)}xx`,
          newBalanceId(),
          input.name,
          input.email,
          input.locale ?? null,
          input.streetAndNumber ?? null,
          input.postalCode ?? null,
          input.city ?? null,
          input.country ?? null,
          input.registrationNumber ?? null,
          input.vatNumber ?? null,
          input.isPlatform ?? false,
          input.onboardingStatus ?? 'needs-data',
        ],
      );
      if (rows[0]) return rows[0];
    }
  }

  /** The organization of an API key's profile (the platform's own), made on first use. */
  async ensurePlatformOrganization(profileId: string, id: string, details: { name: string; email: string }): Promise<void> {
    if (this.knownProfiles.has(profileId)) return;
    await this.pool.query(
      `insert into mollie_sandbox.organizations (id, profile_id, balance_id, name, email, is_platform, onboarding_status, registration_number, vat_number, street_and_number, postal_code, city)
       values ($1, $2, $3, $4, $5, true, 'completed', '12345678', 'NL001234567B01', 'Keizersgracht 1', '1015 CJ', 'Amsterdam')
       on conflict do nothing`,
      [id, profileId, newBalanceId(), details.name, details.email],
    );
    this.knownProfiles.add(profileId);
  }

  async organization(id: string): Promise<OrganizationRow | undefined> {
    const { rows } = await this.pool.query<OrganizationRow>(`select * from mollie_sandbox.organizations where id = $1`, [id]);
    return rows[0];
  }

  /** The organizations a tester can sign in as on the consent page (not the platforms), newest first. */
  async consentOrganizations(): Promise<OrganizationRow[]> {
    const { rows } = await this.pool.query<OrganizationRow>(`select * from mollie_sandbox.organizations where not is_platform order by seq desc limit 50`);
    return rows;
  }

  async setOnboarding(id: string, status: OnboardingStatus): Promise<boolean> {
    const { rowCount } = await this.pool.query(`update mollie_sandbox.organizations set onboarding_status = $2 where id = $1`, [id, status]);
    return (rowCount ?? 0) > 0;
  }

  async isAuthorized(organizationId: string, clientId: string, db: Queryable = this.pool): Promise<boolean> {
    const { rows } = await db.query(`select 1 from mollie_sandbox.authorizations where organization_id = $1 and client_id = $2`, [organizationId, clientId]);
    return rows.length > 0;
  }

  // ---- OAuth --------------------------------------------------------------------------------

  /** The organization allows the app (scopes add up over consents) and gets a code for it. */
  async authorize(input: { organizationId: string; clientId: string; scope: string[]; redirectUri: string | null }): Promise<string> {
    return inTransaction(this.pool, async (client) => {
      await client.query(
        `insert into mollie_sandbox.authorizations (organization_id, client_id, scope) values ($1, $2, $3)
         on conflict (organization_id, client_id) do update set scope = (
           select string_agg(distinct s, ' ') from unnest(string_to_array(authorizations.scope || ' ' || excluded.scope, ' ')) s where s <> ''
         )`,
        [input.organizationId, input.clientId, input.scope.join(' ')],
      );
      const code = newAuthorizationCode();
      await client.query(
        `insert into mollie_sandbox.oauth_codes (code, client_id, organization_id, redirect_uri, scope, expires_at)
         values ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
        [code, input.clientId, input.organizationId, input.redirectUri, input.scope.join(' '), CODE_SECONDS],
      );
      return code;
    });
  }

  private async issue(db: Queryable, grant: { clientId: string; organizationId: string; scope: string; code: string | null; refreshToken?: string }, accessSeconds: number): Promise<TokenGrant> {
    const access = newAccessToken();
    await db.query(
      `insert into mollie_sandbox.oauth_tokens (token, kind, client_id, organization_id, scope, code, expires_at)
       values ($1, 'access', $2, $3, $4, $5, now() + make_interval(secs => $6::double precision))`,
      [access, grant.clientId, grant.organizationId, grant.scope, grant.code, accessSeconds],
    );
    let refresh = grant.refreshToken;
    if (!refresh) {
      refresh = newRefreshToken();
      await db.query(`insert into mollie_sandbox.oauth_tokens (token, kind, client_id, organization_id, scope, code) values ($1, 'refresh', $2, $3, $4, $5)`, [
        refresh,
        grant.clientId,
        grant.organizationId,
        grant.scope,
        grant.code,
      ]);
    }
    return { access_token: access, refresh_token: refresh, expires_in: accessSeconds, token_type: 'bearer', scope: grant.scope };
  }

  async exchangeCode(clientId: string, code: string, redirectUri: string | null, accessSeconds: number): Promise<TokenGrant> {
    return inTransaction(this.pool, async (client) => {
      const { rows } = await client.query<{ client_id: string; organization_id: string; redirect_uri: string | null; scope: string; used: boolean; expired: boolean }>(
        `select client_id, organization_id, redirect_uri, scope, used_at is not null as used, expires_at <= now() as expired
         from mollie_sandbox.oauth_codes where code = $1 for update`,
        [code],
      );
      const row = rows[0];
      if (!row || row.client_id !== clientId) throw new OAuthError(400, 'invalid_grant', 'The authorization code is invalid');
      if (row.used) {
        // A code seen twice may have been stolen: what it gave stops working (RFC 6749 §4.1.2).
        await client.query(`update mollie_sandbox.oauth_tokens set revoked_at = now() where code = $1 and revoked_at is null`, [code]);
        return 'used' as const;
      }
      if (row.expired) throw new OAuthError(400, 'invalid_grant', 'The authorization code has expired');
      if (row.redirect_uri !== null && row.redirect_uri !== redirectUri) throw new OAuthError(400, 'invalid_grant', 'The redirect_uri does not match the one of the authorization request');
      await client.query(`update mollie_sandbox.oauth_codes set used_at = now() where code = $1`, [code]);
      return this.issue(client, { clientId, organizationId: row.organization_id, scope: row.scope, code }, accessSeconds);
    }).then((result) => {
      // Thrown after the commit, so the revocation stays.
      if (result === 'used') throw new OAuthError(400, 'invalid_grant', 'The authorization code has already been used');
      return result;
    });
  }

  /** A new access token for a refresh token; Mollie's refresh tokens do not expire and are not replaced. */
  async refresh(clientId: string, refreshToken: string, accessSeconds: number): Promise<TokenGrant> {
    const { rows } = await this.pool.query<{ organization_id: string; scope: string; code: string | null }>(
      `select organization_id, scope, code from mollie_sandbox.oauth_tokens
       where token = $1 and kind = 'refresh' and client_id = $2 and revoked_at is null`,
      [refreshToken, clientId],
    );
    const row = rows[0];
    if (!row) throw new OAuthError(400, 'invalid_grant', 'The refresh token is invalid or has been revoked');
    return this.issue(this.pool, { clientId, organizationId: row.organization_id, scope: row.scope, code: row.code, refreshToken }, accessSeconds);
  }

  async accessToken(token: string): Promise<AccessTokenRow | undefined> {
    const { rows } = await this.pool.query<AccessTokenRow>(
      `select t.organization_id, o.profile_id, t.client_id, t.scope, t.expires_at <= now() as expired
       from mollie_sandbox.oauth_tokens t join mollie_sandbox.organizations o on o.id = t.organization_id
       where t.token = $1 and t.kind = 'access' and t.revoked_at is null`,
      [token],
    );
    return rows[0];
  }

  // ---- client links -------------------------------------------------------------------------

  async createClientLink(createdBy: string, input: NewClientLink): Promise<string> {
    return inTransaction(this.pool, async (client) => {
      const organization = await this.createOrganization(
        {
          name: input.name,
          email: input.owner.email,
          locale: input.owner.locale,
          streetAndNumber: input.address.streetAndNumber,
          postalCode: input.address.postalCode,
          city: input.address.city,
          country: input.address.country,
          registrationNumber: input.registrationNumber,
          vatNumber: input.vatNumber,
        },
        client,
      );
      const id = newClientLinkId();
      await client.query(`insert into mollie_sandbox.client_links (id, organization_id, created_by) values ($1, $2, $3)`, [id, organization.id, createdBy]);
      return id;
    });
  }

  async clientLinkOrganization(id: string): Promise<OrganizationRow | undefined> {
    const { rows } = await this.pool.query<OrganizationRow>(`select o.* from mollie_sandbox.client_links l join mollie_sandbox.organizations o on o.id = l.organization_id where l.id = $1`, [id]);
    return rows[0];
  }

  // ---- balances -----------------------------------------------------------------------------

  async balance(organizationId: string, db: Queryable = this.pool): Promise<BalanceRow | undefined> {
    const organization = (await db.query<OrganizationRow>(`select * from mollie_sandbox.organizations where id = $1`, [organizationId])).rows[0];
    if (!organization) return undefined;
    const { rows } = await db.query<{ available_cents: string; pending_cents: string }>(BALANCE_SQL, [organizationId]);
    return { organization, available_cents: Number(rows[0]?.available_cents ?? 0), pending_cents: Number(rows[0]?.pending_cents ?? 0) };
  }

  // ---- routes -------------------------------------------------------------------------------

  async createRoute(profileId: string, paymentId: string, input: NewRoute, options: { clientId: string; settleSeconds: number }): Promise<RouteRow> {
    return inTransaction(this.pool, async (client) => {
      // The payment's row lock serialises its routes, refunds and chargebacks' checks.
      const { rows: payments } = await client.query<{ status: string; currency: string; amount_cents: string }>(
        `select status, currency, amount_cents from mollie_sandbox.payments where id = $1 and profile_id = $2 for update`,
        [paymentId, profileId],
      );
      const payment = payments[0];
      if (!payment) throw new MollieError(404, `No payment exists with token ${paymentId}.`);
      if (payment.status !== 'paid') throw new MollieError(422, `The payment cannot be routed, because its status is ${payment.status}`);
      if (input.currency !== payment.currency) throw new MollieError(422, 'The route currency must be the currency of the payment', 'amount.currency');
      const destination = (await client.query<{ id: string }>(`select id from mollie_sandbox.organizations where id = $1`, [input.organizationId])).rows[0];
      if (!destination || !(await this.isAuthorized(destination.id, options.clientId, client))) {
        throw new MollieError(422, 'The destination organization is not connected to your app', 'destination.organizationId');
      }
      const { rows: taken } = await client.query<{ cents: string }>(
        `select coalesce((select sum(amount_cents) from mollie_sandbox.refunds where payment_id = $1 and status <> 'failed'), 0)
              + coalesce((select sum(amount_cents) from mollie_sandbox.chargebacks where payment_id = $1 and reversed_at is null), 0)
              + coalesce((select sum(amount_cents) from mollie_sandbox.routes where payment_id = $1), 0) as cents`,
        [paymentId],
      );
      if (input.amountCents > Number(payment.amount_cents) - Number(taken[0]?.cents ?? 0)) {
        throw new MollieError(422, 'The amount of the route exceeds the amount of the payment that is left to route', 'amount.value');
      }
      const { rows } = await client.query<RouteRow>(
        `with created as (
           insert into mollie_sandbox.routes (id, payment_id, destination_id, amount_cents, description, release_date, settles_at)
           values ($1, $2, $3, $4, $5, $6::date, greatest(now() + make_interval(secs => $7::double precision), coalesce($6::date::timestamptz, now())))
           returning *
         )
         select ${ROUTE_COLUMNS} from created r join mollie_sandbox.payments p on p.id = r.payment_id`,
        [newRouteId(), paymentId, destination.id, input.amountCents, input.description, input.releaseDate, options.settleSeconds],
      );
      return rows[0]!;
    });
  }

  async routes(paymentId: string): Promise<RouteRow[]> {
    const { rows } = await this.pool.query<RouteRow>(
      `select ${ROUTE_COLUMNS} from mollie_sandbox.routes r join mollie_sandbox.payments p on p.id = r.payment_id where r.payment_id = $1 order by r.seq desc`,
      [paymentId],
    );
    return rows;
  }

  /** Routes into an organization, and out of its profile's payments (for its dashboard page). */
  async routesOf(organizationId: string): Promise<(RouteRow & { incoming: boolean })[]> {
    const { rows } = await this.pool.query<RouteRow & { incoming: boolean }>(
      `select ${ROUTE_COLUMNS}, r.destination_id = o.id as incoming
       from mollie_sandbox.organizations o
       join mollie_sandbox.routes r on r.destination_id = o.id or r.payment_id in (select id from mollie_sandbox.payments where profile_id = o.profile_id)
       join mollie_sandbox.payments p on p.id = r.payment_id
       where o.id = $1 order by r.seq desc limit 100`,
      [organizationId],
    );
    return rows;
  }

  // ---- balance transfers --------------------------------------------------------------------

  async createTransfer(initiatorId: string, input: NewTransfer, options: { clientId: string; settleSeconds: number }): Promise<TransferRow> {
    return inTransaction(this.pool, async (client) => {
      // Both parties locked in one order, so two transfers cannot both spend the same money.
      const { rows: parties } = await client.query<{ id: string }>(`select id from mollie_sandbox.organizations where id = any($1::text[]) order by id for update`, [
        [input.source.id, input.destination.id],
      ]);
      for (const [party, field] of [
        [input.source.id, 'source.id'],
        [input.destination.id, 'destination.id'],
      ] as const) {
        if (!parties.some((row) => row.id === party)) throw new MollieError(422, `The organization ${party} does not exist`, field);
        if (party !== initiatorId && !(await this.isAuthorized(party, options.clientId, client))) {
          throw new MollieError(422, `The organization ${party} is not connected to your app`, field);
        }
      }
      const balance = await this.balance(input.source.id, client);
      if (input.amountCents > (balance?.available_cents ?? 0)) throw new MollieError(422, 'The source balance has insufficient funds for this transfer', 'amount.value');
      const { rows } = await client.query<TransferRow>(
        `insert into mollie_sandbox.balance_transfers
           (id, source_id, source_description, destination_id, destination_description, initiator_id, amount_cents, description, category, executed_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, now() + make_interval(secs => $10::double precision))
         returning *, executed_at <= now() as executed`,
        [
          newTransferId(),
          input.source.id,
          input.source.description,
          input.destination.id,
          input.destination.description,
          initiatorId,
          input.amountCents,
          input.description,
          input.category,
          options.settleSeconds,
        ],
      );
      return rows[0]!;
    });
  }

  /** Transfers an organization made or took part in, newest first. */
  async transfers(organizationId: string, limit = 250): Promise<TransferRow[]> {
    const { rows } = await this.pool.query<TransferRow>(
      `select ${TRANSFER_COLUMNS} from mollie_sandbox.balance_transfers t
       where $1 in (t.initiator_id, t.source_id, t.destination_id) order by t.seq desc limit $2`,
      [organizationId, limit],
    );
    return rows;
  }

  async transfer(id: string, organizationId: string): Promise<TransferRow | undefined> {
    const { rows } = await this.pool.query<TransferRow>(
      `select ${TRANSFER_COLUMNS} from mollie_sandbox.balance_transfers t where t.id = $1 and $2 in (t.initiator_id, t.source_id, t.destination_id)`,
      [id, organizationId],
    );
    return rows[0];
  }

  // ---- chargebacks --------------------------------------------------------------------------

  /** A chargeback of (part of) a paid payment; the payment's webhook hears of it. */
  async createChargeback(paymentId: string, amountCents: number | null, reason: { code: string; description: string }): Promise<ChargebackRow> {
    return inTransaction(this.pool, async (client) => {
      const { rows: payments } = await client.query<{ status: string; amount_cents: string; webhook_url: string | null }>(
        `select status, amount_cents, webhook_url from mollie_sandbox.payments where id = $1 for update`,
        [paymentId],
      );
      const payment = payments[0];
      if (!payment) throw new MollieError(404, `No payment exists with token ${paymentId}.`);
      if (payment.status !== 'paid') throw new MollieError(422, `Only a paid payment can be charged back; its status is ${payment.status}`);
      const { rows: sums } = await client.query<{ cents: string }>(`select coalesce(sum(amount_cents), 0) as cents from mollie_sandbox.chargebacks where payment_id = $1 and reversed_at is null`, [
        paymentId,
      ]);
      const left = Number(payment.amount_cents) - Number(sums[0]?.cents ?? 0);
      const cents = amountCents ?? left;
      if (cents < 1 || cents > left) throw new MollieError(422, 'The chargeback amount is more than what is left of the payment', 'amount.value');
      const { rows } = await client.query<ChargebackRow>(
        `with created as (
           insert into mollie_sandbox.chargebacks (id, payment_id, amount_cents, reason_code, reason_description) values ($1, $2, $3, $4, $5) returning *
         ), queued as (
           insert into mollie_sandbox.webhook_deliveries (payment_id, url, event, next_attempt_at)
           select payment_id, $6, 'chargeback ' || id || ' received', now() from created where $6::text is not null
         )
         select ${CHARGEBACK_COLUMNS} from created c join mollie_sandbox.payments p on p.id = c.payment_id`,
        [newChargebackId(), paymentId, cents, reason.code, reason.description, payment.webhook_url],
      );
      return rows[0]!;
    });
  }

  async chargebacks(paymentId: string): Promise<ChargebackRow[]> {
    const { rows } = await this.pool.query<ChargebackRow>(
      `select ${CHARGEBACK_COLUMNS} from mollie_sandbox.chargebacks c join mollie_sandbox.payments p on p.id = c.payment_id where c.payment_id = $1 order by c.seq desc`,
      [paymentId],
    );
    return rows;
  }

  async chargebacksOfProfile(profileId: string, limit: number): Promise<ChargebackRow[]> {
    const { rows } = await this.pool.query<ChargebackRow>(
      `select ${CHARGEBACK_COLUMNS} from mollie_sandbox.chargebacks c join mollie_sandbox.payments p on p.id = c.payment_id
       where p.profile_id = $1 order by c.seq desc limit $2`,
      [profileId, limit],
    );
    return rows;
  }

  // ---- Idempotency-Key ----------------------------------------------------------------------

  /**
   * Claims a key for one request. Answers the stored response of an earlier request with it, or
   * null when this request is the first (then `remember` or `forget` must follow). A request
   * still running under the key is waited for.
   */
  async claimIdempotencyKey(owner: string, key: string, request: string): Promise<{ status: number; body: unknown } | null> {
    for (let waited = 0; ; waited += 100) {
      const { rowCount } = await this.pool.query(`insert into mollie_sandbox.idempotency_keys (owner, key, request) values ($1, $2, $3) on conflict do nothing`, [owner, key, request]);
      if (rowCount) return null;
      const { rows } = await this.pool.query<{ request: string; status: number | null; body: unknown }>(
        `select request, status, body from mollie_sandbox.idempotency_keys where owner = $1 and key = $2`,
        [owner, key],
      );
      const row = rows[0];
      if (!row) continue;
      if (row.request !== request) throw new MollieError(422, 'The Idempotency-Key was already used for a different request', 'Idempotency-Key');
      if (row.status !== null) return { status: row.status, body: row.body };
      if (waited > 15_000) throw new MollieError(409, 'A request with this Idempotency-Key is still being processed');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async rememberIdempotent(owner: string, key: string, status: number, body: unknown): Promise<void> {
    await this.pool.query(`update mollie_sandbox.idempotency_keys set status = $3, body = $4::jsonb where owner = $1 and key = $2`, [owner, key, status, JSON.stringify(body)]);
  }

  async forgetIdempotent(owner: string, key: string): Promise<void> {
    await this.pool.query(`delete from mollie_sandbox.idempotency_keys where owner = $1 and key = $2 and status is null`, [owner, key]);
  }
}
