// What happens in the sandbox without a request: open payments expire, pending refunds settle,
// and webhook calls go out and are retried on Mollie's schedule (scaled down locally). One timer,
// set to the next moment something falls due; anything that changes state calls wake().
import http from 'node:http';
import https from 'node:https';
import { log } from '../log.ts';
import type { DueDelivery, PaymentStore } from './store.ts';

/**
 * Mollie calls a webhook up to 10 times over about 26 hours: these are the waits after each
 * failed call (1 min … 16 h, 25.8 h in all). The sandbox multiplies them by its time scale.
 */
export const MOLLIE_RETRY_DELAYS_MS = [1, 2, 5, 10, 30, 60, 120, 360, 960].map((minutes) => minutes * 60_000);
export const MAX_ATTEMPTS = MOLLIE_RETRY_DELAYS_MS.length + 1;

/** How long to wait after failed attempt number `attempt` (1-based); null once all 10 are spent. */
export function retryDelayMs(attempt: number, timeScale: number): number | null {
  const delay = MOLLIE_RETRY_DELAYS_MS[attempt - 1];
  return delay === undefined ? null : Math.max(1, Math.round(delay * timeScale));
}

export interface SchedulerOptions {
  webhookTimeScale: number;
  webhookTimeoutMs: number;
}

/** At most this long between looks at the database, so a change made by hand in SQL is noticed too. */
const MAX_SLEEP_MS = 30_000;

export class Scheduler {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private again = false;
  private closed = false;
  private readonly inFlight = new Set<Promise<void>>();
  /** Aborts calls still under way when the stack stops; their lease brings them back after a restart. */
  private readonly stopping = new AbortController();

  constructor(
    private readonly store: PaymentStore,
    private readonly options: SchedulerOptions,
  ) {}

  /** Runs what is due now and re-arms the timer; calls during a run make it run once more. */
  wake(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = true;
    void this.run();
  }

  /** Expiry and refund settling, then the claim of due deliveries; true when anything changed. */
  async catchUp(): Promise<boolean> {
    const expired = await this.store.expireDue();
    const settled = await this.store.settleRefunds();
    if (expired) log('payments', `${expired} open payment(s) expired`);
    if (settled) log('payments', `${settled} refund(s) settled`);
    return expired + settled > 0;
  }

  private async run() {
    let wait = MAX_SLEEP_MS;
    try {
      do {
        this.again = false;
        await this.catchUp();
        for (const delivery of await this.store.claimDueDeliveries(this.options.webhookTimeoutMs + 5_000)) this.deliver(delivery);
        const next = await this.store.nextDueAt();
        wait = next ? Math.min(Math.max(next.getTime() - Date.now(), 0), MAX_SLEEP_MS) : MAX_SLEEP_MS;
      } while (this.again && !this.closed);
    } catch (error) {
      if (!this.closed) log('payments', `scheduler: ${(error as Error).message}`);
      wait = 1_000;
    }
    // In the same synchronous step as the loop's last check of `again`: no wake() falls in between.
    this.running = false;
    if (this.closed) return;
    this.timer = setTimeout(() => this.wake(), wait + 5);
    this.timer.unref();
  }

  private deliver(delivery: DueDelivery) {
    const call = this.call(delivery).finally(() => {
      this.inFlight.delete(call);
      this.wake();
    });
    this.inFlight.add(call);
  }

  private async call(delivery: DueDelivery) {
    const started = performance.now();
    let status: number | null = null;
    let error: string | null = null;
    try {
      status = await postForm(delivery.url, new URLSearchParams({ id: delivery.payment_id }).toString(), {
        timeoutMs: this.options.webhookTimeoutMs,
        signal: this.stopping.signal,
      });
    } catch (failure) {
      error = (failure as NodeJS.ErrnoException).code ?? (failure as Error).message;
    }
    if (this.stopping.signal.aborted) return;
    const ok = status !== null && status >= 200 && status < 300;
    const retryIn = ok ? null : retryDelayMs(delivery.attempts, this.options.webhookTimeScale);
    const outcome = ok ? 'delivered' : retryIn === null ? 'failed; giving up' : `failed; retry in ${retryIn} ms`;
    log('payments', `webhook ${delivery.payment_id} (${delivery.event}) attempt ${delivery.attempts}/${MAX_ATTEMPTS} → ${status ?? error}: ${outcome}`);
    await this.store.recordAttempt(delivery, { ok, status, error, durationMs: performance.now() - started }, retryIn).catch((failure: Error) => log('payments', `webhook log: ${failure.message}`));
  }

  async close() {
    this.closed = true;
    clearTimeout(this.timer);
    this.stopping.abort();
    await Promise.allSettled([...this.inFlight]);
  }
}

/**
 * As Mollie calls a webhook: a form post with only the id (the receiver fetches the payment
 * itself), redirects not followed. node:http rather than fetch, which refuses some ports.
 */
function postForm(target: string, body: string, options: { timeoutMs: number; signal: AbortSignal }): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = new URL(target);
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': Buffer.byteLength(body),
        'user-agent': 'Mollie-Sandbox/1.0 (Podium local stack)',
      },
      signal: options.signal,
    });
    // The whole call, answer included, must fit in the timeout (as on Mollie).
    const timer = setTimeout(() => request.destroy(Object.assign(new Error(`no answer within ${options.timeoutMs} ms`), { code: 'TIMEOUT' })), options.timeoutMs);
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    request.on('error', fail);
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => {
        clearTimeout(timer);
        resolve(response.statusCode ?? 0);
      });
      response.on('error', fail);
    });
    request.end(body);
  });
}
