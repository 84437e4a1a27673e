// The sandbox's state in the private `mollie_sandbox` schema (stack/sql/50-mollie-sandbox.sql).
// Every status change and the webhook delivery it causes are written in one statement, so a
// crash never leaves a change that nobody will be told about.
import type pg from 'pg';
import { MollieError, newPaymentId, newRefundId, type CheckoutMethod, type NewPayment, type NewRefund, type PaymentRow, type RefundRow } from './wire.ts';

const PAYMENT_COLUMNS = `p.*, coalesce(r.refunded_cents, 0) as refunded_cents, coalesce(r.refund_count, 0) as refund_count,
  coalesce(c.charged_back_cents, 0) as charged_back_cents, coalesce(c.chargeback_count, 0) as chargeback_count`;
const PAYMENT_FROM = `mollie_sandbox.payments p
  left join lateral (
    select sum(amount_cents) as refunded_cents, count(*) as refund_count
    from mollie_sandbox.refunds where payment_id = p.id and status <> 'failed'
  ) r on true
  left join lateral (
    select sum(amount_cents) as charged_back_cents, count(*) as chargeback_count
    from mollie_sandbox.chargebacks where payment_id = p.id and reversed_at is null
  ) c on true`;
const REFUND_COLUMNS = `f.id, f.payment_id, f.created_at, f.amount_cents, p.currency, f.description, f.metadata, f.status`;

/** Final outcomes a payment can reach from `open`, with the timestamp column each one sets. */
const OUTCOME_COLUMN = { paid: 'paid_at', failed: 'failed_at', canceled: 'canceled_at', expired: 'expired_at' } as const;
export type FinalOutcome = keyof typeof OUTCOME_COLUMN;

export interface Page<T> {
  items: T[];
  nextFrom?: string;
  previousFrom?: string;
}

export interface DueDelivery {
  id: string;
  payment_id: string;
  url: string;
  event: string;
  attempts: number;
}

export interface DeliveryLog {
  id: string;
  event: string;
  url: string;
  created_at: Date;
  attempts: number;
  delivered_at: Date | null;
  gave_up_at: Date | null;
  next_attempt_at: Date | null;
  log: { attempt: number; at: string; response_status: number | null; error: string | null; duration_ms: number }[];
}

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/**
 * Mollie's side of payments the database already records (the seed's history): each paid
 * payment of `public.payments` the sandbox does not know becomes a paid sandbox payment of the
 * local key's profile, with its refund when part of it came back. Without this, a refund of a
 * seeded booking (or any lookup by the webhook) met 'No payment exists'. Idempotent.
 */
export async function registerRecordedPayments(pool: pg.Pool, profileId: string, urls: { site: string; webhook: string }): Promise<number> {
  const { rowCount } = await pool.query(
    `with registered as (
       insert into mollie_sandbox.payments
         (id, profile_id, created_at, status, currency, amount_cents, description, method, locale, metadata, redirect_url, cancel_url, webhook_url, expires_at, paid_at)
       select p.provider_payment_id, $1, p.created_at, 'paid', p.currency, p.amount_cents,
              left('Podium boeking ' || coalesce(a.name, left(b.id::text, 8)) || ' op ' || to_char(b.starts_at at time zone 'Europe/Amsterdam', 'FMDD-MM-YYYY'), 255),
              p.method, 'nl_NL', jsonb_build_object('bookingId', b.id),
              $2 || '/checkout/success?booking=' || b.id, $2 || '/booking/' || b.id || '/checkout', $3,
              p.created_at + interval '15 minutes', coalesce(p.paid_at, p.created_at)
         from public.payments p
         join public.bookings b on b.id = p.booking_id
         left join public.artists a on a.id = b.artist_id
        where p.provider = 'mollie' and p.status = 'paid' and p.amount_cents > 0 and p.provider_payment_id ~ '^tr_[A-Za-z0-9]{10}$'
       on conflict (id) do nothing
       returning id
     )
     insert into mollie_sandbox.refunds (id, payment_id, created_at, amount_cents, description, status, settles_at)
     select 're_' || left(md5(p.provider_payment_id), 10), p.provider_payment_id, coalesce(b.cancelled_at, p.updated_at),
            p.refunded_cents, 'Terugbetaling Podium boeking', 'refunded', coalesce(b.cancelled_at, p.updated_at)
       from registered
       join public.payments p on p.provider_payment_id = registered.id
       join public.bookings b on b.id = p.booking_id
      where p.refunded_cents > 0
     on conflict (id) do nothing`,
    [profileId, urls.site.replace(/\/$/, ''), urls.webhook],
  );
  return rowCount ?? 0;
}

export class PaymentStore {
  constructor(private readonly pool: pg.Pool) {}

  async createPayment(profileId: string, input: NewPayment, expirySeconds: number): Promise<PaymentRow> {
    const { rows } = await this.pool.query<PaymentRow>(
      `with created as (
         insert into mollie_sandbox.payments
           (id, profile_id, currency, amount_cents, description, method, locale, metadata, redirect_url, cancel_url, webhook_url, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11, now() + make_interval(secs => $12::double precision))
         returning *
       )
       select created.*, 0 as refunded_cents, 0 as refund_count, 0 as charged_back_cents, 0 as chargeback_count from created`,
      [
        newPaymentId(),
        profileId,
        input.currency,
        input.amountCents,
        input.description,
        input.method,
        input.locale,
        json(input.metadata),
        input.redirectUrl,
        input.cancelUrl,
        input.webhookUrl,
        expirySeconds,
      ],
    );
    return rows[0]!;
  }

  /** A payment as its own profile sees it; `profileId` undefined for the checkout page (the id is the secret). */
  async payment(id: string, profileId?: string): Promise<PaymentRow | undefined> {
    const { rows } = await this.pool.query<PaymentRow>(`select ${PAYMENT_COLUMNS} from ${PAYMENT_FROM} where p.id = $1 and ($2::text is null or p.profile_id = $2)`, [id, profileId ?? null]);
    return rows[0];
  }

  /** Newest first, `limit` from the payment `from` (inclusive), as Mollie pages. */
  async listPayments(profileId: string, from: string | null, limit: number): Promise<Page<PaymentRow>> {
    const start = await this.seqOf('payments', 'profile_id', profileId, from);
    const { rows } = await this.pool.query<PaymentRow>(
      `select ${PAYMENT_COLUMNS} from ${PAYMENT_FROM}
       where p.profile_id = $1 and ($2::bigint is null or p.seq <= $2) order by p.seq desc limit $3`,
      [profileId, start, limit + 1],
    );
    const before =
      start === null
        ? []
        : (await this.pool.query<{ id: string }>(`select id from mollie_sandbox.payments where profile_id = $1 and seq > $2 order by seq asc limit $3`, [profileId, start, limit])).rows;
    return { items: rows.slice(0, limit), nextFrom: rows[limit]?.id, previousFrom: before.at(-1)?.id };
  }

  private async seqOf(table: 'payments' | 'refunds', owner: 'profile_id' | 'payment_id', ownerId: string, id: string | null) {
    if (id === null) return null;
    const { rows } = await this.pool.query<{ seq: string }>(`select seq from mollie_sandbox.${table} where id = $1 and ${owner} = $2`, [id, ownerId]);
    if (!rows[0]) throw new MollieError(400, `The 'from' parameter does not point to an existing ${table === 'payments' ? 'payment' : 'refund'}`, 'from');
    return rows[0].seq;
  }

  /** The customer picked a method on the checkout page (only while the payment is open). */
  async chooseMethod(id: string, method: CheckoutMethod): Promise<void> {
    await this.pool.query(`update mollie_sandbox.payments set method = $2 where id = $1 and status = 'open'`, [id, method]);
  }

  /**
   * Moves an open payment to a final status and queues the webhook call; undefined when the
   * payment was no longer open (or is not this profile's).
   */
  async finish(id: string, outcome: FinalOutcome, options: { method?: CheckoutMethod; profileId?: string } = {}): Promise<PaymentRow | undefined> {
    const column = OUTCOME_COLUMN[outcome];
    const { rows } = await this.pool.query<PaymentRow>(
      `with changed as (
         update mollie_sandbox.payments set status = $2, ${column} = now(), method = coalesce($3, method)
         where id = $1 and status = 'open' and ($4::text is null or profile_id = $4)
         returning *
       ), queued as (
         insert into mollie_sandbox.webhook_deliveries (payment_id, url, event, next_attempt_at)
         select id, webhook_url, status, now() from changed where webhook_url is not null
       )
       select changed.*, 0 as refunded_cents, 0 as refund_count, 0 as charged_back_cents, 0 as chargeback_count from changed`,
      [id, outcome, options.method ?? null, options.profileId ?? null],
    );
    return rows[0];
  }

  /** Open payments past `expiresAt` become expired (each announced to its webhook); how many did. */
  async expireDue(): Promise<number> {
    const { rows } = await this.pool.query<{ expired: string }>(
      `with expired as (
         update mollie_sandbox.payments set status = 'expired', expired_at = expires_at
         where status = 'open' and expires_at <= now()
         returning id, webhook_url
       ), queued as (
         insert into mollie_sandbox.webhook_deliveries (payment_id, url, event, next_attempt_at)
         select id, webhook_url, 'expired', now() from expired where webhook_url is not null
       )
       select count(*) as expired from expired`,
    );
    return Number(rows[0]?.expired ?? 0);
  }

  /** Pending refunds whose time has come become refunded, and the payment's webhook hears of it. */
  async settleRefunds(): Promise<number> {
    const { rows } = await this.pool.query<{ settled: string }>(
      `with settled as (
         update mollie_sandbox.refunds set status = 'refunded'
         where status = 'pending' and settles_at <= now()
         returning id, payment_id
       ), queued as (
         insert into mollie_sandbox.webhook_deliveries (payment_id, url, event, next_attempt_at)
         select p.id, p.webhook_url, 'refund ' || s.id || ' refunded', now()
         from settled s join mollie_sandbox.payments p on p.id = s.payment_id where p.webhook_url is not null
       )
       select count(*) as settled from settled`,
    );
    return Number(rows[0]?.settled ?? 0);
  }

  async createRefund(profileId: string, paymentId: string, input: NewRefund, settleSeconds: number): Promise<RefundRow> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      // The row lock serialises refunds of one payment, so two at once cannot both take the remainder.
      const { rows: payments } = await client.query<{ status: string; currency: string; amount_cents: string }>(
        `select status, currency, amount_cents from mollie_sandbox.payments where id = $1 and profile_id = $2 for update`,
        [paymentId, profileId],
      );
      const payment = payments[0];
      if (!payment) throw new MollieError(404, `No payment exists with token ${paymentId}.`);
      if (payment.status !== 'paid') throw new MollieError(422, `The payment cannot be refunded, because its status is ${payment.status}`);
      if (input.currency !== payment.currency) throw new MollieError(422, 'The refund currency must be the currency of the payment', 'amount.currency');
      const { rows: sums } = await client.query<{ refunded: string }>(
        `select coalesce((select sum(amount_cents) from mollie_sandbox.refunds where payment_id = $1 and status <> 'failed'), 0)
              + coalesce((select sum(amount_cents) from mollie_sandbox.chargebacks where payment_id = $1 and reversed_at is null), 0) as refunded`,
        [paymentId],
      );
      const remaining = Number(payment.amount_cents) - Number(sums[0]?.refunded ?? 0);
      if (input.amountCents > remaining) throw new MollieError(422, 'The specified amount cannot be refunded', 'amount.value');
      const { rows } = await client.query<RefundRow>(
        `insert into mollie_sandbox.refunds (id, payment_id, amount_cents, description, metadata, settles_at)
         values ($1, $2, $3, $4, $5::jsonb, now() + make_interval(secs => $6::double precision))
         returning id, payment_id, created_at, amount_cents, $7::text as currency, description, metadata, status`,
        [newRefundId(), paymentId, input.amountCents, input.description, json(input.metadata), settleSeconds, payment.currency],
      );
      await client.query('commit');
      return rows[0]!;
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  }

  async refund(paymentId: string, refundId: string): Promise<RefundRow | undefined> {
    const { rows } = await this.pool.query<RefundRow>(
      `select ${REFUND_COLUMNS} from mollie_sandbox.refunds f join mollie_sandbox.payments p on p.id = f.payment_id
       where f.payment_id = $1 and f.id = $2`,
      [paymentId, refundId],
    );
    return rows[0];
  }

  async listRefunds(paymentId: string, from: string | null, limit: number): Promise<Page<RefundRow>> {
    const start = await this.seqOf('refunds', 'payment_id', paymentId, from);
    const { rows } = await this.pool.query<RefundRow>(
      `select ${REFUND_COLUMNS} from mollie_sandbox.refunds f join mollie_sandbox.payments p on p.id = f.payment_id
       where f.payment_id = $1 and ($2::bigint is null or f.seq <= $2) order by f.seq desc limit $3`,
      [paymentId, start, limit + 1],
    );
    const before =
      start === null
        ? []
        : (await this.pool.query<{ id: string }>(`select id from mollie_sandbox.refunds where payment_id = $1 and seq > $2 order by seq asc limit $3`, [paymentId, start, limit])).rows;
    return { items: rows.slice(0, limit), nextFrom: rows[limit]?.id, previousFrom: before.at(-1)?.id };
  }

  /**
   * Claims the deliveries that are due: each gets its attempt number and a lease (its next
   * attempt moves past the call's timeout), so a call that never reports back is retried.
   */
  async claimDueDeliveries(leaseMs: number, max = 20): Promise<DueDelivery[]> {
    const { rows } = await this.pool.query<DueDelivery>(
      `update mollie_sandbox.webhook_deliveries d
       set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $1::double precision / 1000)
       where id in (
         select id from mollie_sandbox.webhook_deliveries
         where delivered_at is null and gave_up_at is null and next_attempt_at <= now()
         order by next_attempt_at limit $2 for update skip locked
       )
       returning d.id, d.payment_id, d.url, d.event, d.attempts`,
      [leaseMs, max],
    );
    return rows;
  }

  /** Logs one attempt; `retryInMs` null means delivered (ok) or given up (not ok). */
  async recordAttempt(delivery: DueDelivery, result: { ok: boolean; status: number | null; error: string | null; durationMs: number }, retryInMs: number | null) {
    await this.pool.query(
      `with attempt as (
         insert into mollie_sandbox.webhook_attempts (delivery_id, attempt, response_status, error, duration_ms) values ($1, $2, $3, $4, $5)
       )
       update mollie_sandbox.webhook_deliveries set
         delivered_at = case when $6 then now() end,
         gave_up_at = case when not $6 and $7::double precision is null then now() end,
         next_attempt_at = case when $6 or $7::double precision is null then null else now() + make_interval(secs => $7::double precision / 1000) end
       where id = $1`,
      [delivery.id, delivery.attempts, result.status, result.error, Math.round(result.durationMs), result.ok, retryInMs],
    );
  }

  /** When something next falls due: a webhook retry, an expiry or a refund settling. */
  async nextDueAt(): Promise<Date | null> {
    const { rows } = await this.pool.query<{ at: Date | null }>(
      `select least(
         (select min(next_attempt_at) from mollie_sandbox.webhook_deliveries where delivered_at is null and gave_up_at is null),
         (select min(expires_at) from mollie_sandbox.payments where status = 'open'),
         (select min(settles_at) from mollie_sandbox.refunds where status = 'pending')
       ) as at`,
    );
    return rows[0]?.at ?? null;
  }

  /** The webhook calls of one payment with every attempt, newest first (for the dashboard page). */
  async deliveries(paymentId: string): Promise<DeliveryLog[]> {
    const { rows } = await this.pool.query<DeliveryLog>(
      `select d.id, d.event, d.url, d.created_at, d.attempts, d.delivered_at, d.gave_up_at, d.next_attempt_at,
         coalesce((select json_agg(json_build_object('attempt', a.attempt, 'at', a.at, 'response_status', a.response_status,
                     'error', a.error, 'duration_ms', a.duration_ms) order by a.attempt)
                   from mollie_sandbox.webhook_attempts a where a.delivery_id = d.id), '[]') as log
       from mollie_sandbox.webhook_deliveries d where d.payment_id = $1 order by d.id desc`,
      [paymentId],
    );
    return rows;
  }
}
