/**
 * A limit on failed authentications per client address: after `limit` failures within `windowMs`, every
 * request from that address is refused (429 with Retry-After) until the oldest failure leaves the window, so
 * that a token cannot be guessed by trying. Kept in the instance's memory: each instance limits on its own.
 */

/** Counts failures per key (the client's address) in a sliding window. */
export class FailureLimiter {
  readonly #failures = new Map<string, number[]>();

  constructor(
    readonly limit = 10,
    readonly windowMs = 60_000,
    /** Most addresses remembered; the oldest are forgotten first, so memory stays bounded under a flood. */
    readonly maxKeys = 10_000,
  ) {}

  /** Seconds until `key` may try again (0 when it may now). */
  retryAfter(key: string, now: number): number {
    const recent = this.#recent(key, now);
    if (recent.length < this.limit) return 0;
    const oldest = recent[recent.length - this.limit]!;
    return Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000));
  }

  /** Records a failure of `key` at `now`. */
  fail(key: string, now: number): void {
    const recent = this.#recent(key, now);
    recent.push(now);
    this.#failures.delete(key);
    this.#failures.set(key, recent.slice(-this.limit));
    if (this.#failures.size > this.maxKeys) {
      const oldest = this.#failures.keys().next().value;
      if (oldest !== undefined) this.#failures.delete(oldest);
    }
  }

  #recent(key: string, now: number): number[] {
    const list = (this.#failures.get(key) ?? []).filter((t) => t > now - this.windowMs);
    if (list.length === 0) this.#failures.delete(key);
    return list;
  }
}
