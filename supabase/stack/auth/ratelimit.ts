// Fixed-window counters per key (an IP, an e-mail address), like GoTrue's in-memory limiters.
// Windows are kept in memory only: a restart of the stack resets them, as it does for GoTrue.

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one event for `key`; false when the key is over its limit for the current window. */
  allow(key: string): boolean {
    return this.take(key, 1);
  }

  /** True when one more event would still be allowed, without counting it. */
  peek(key: string): boolean {
    const window = this.current(key);
    return window.count < this.limit;
  }

  take(key: string, amount: number): boolean {
    const window = this.current(key);
    if (window.count + amount > this.limit) return false;
    window.count += amount;
    return true;
  }

  private current(key: string) {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      window = { start: now, count: 0 };
      this.windows.set(key, window);
      if (this.windows.size > 50_000) this.sweep(now);
    }
    return window;
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (now - window.start >= this.windowMs) this.windows.delete(key);
  }
}
