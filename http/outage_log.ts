/**
 * The log of store outages: one line when the store goes away (with why) and one when it is back (with how long
 * it was away and how many requests were answered 503 meanwhile), however many requests come in between: a
 * line, let alone a stack trace, per request buries the log of a busy server.
 */
import type { Logger } from "../lib/log.ts";

/** What an outage log is made of. */
export interface OutageLogOptions {
  log: Logger;
  /** Resolves when the store answers again (db/health.ts `pingStore`). */
  probe: () => Promise<unknown>;
  /** Milliseconds now; tests pass their own. */
  now?: () => number;
}

/** How often, at most, the store is probed while it is away (only when requests come). */
const PROBE_EVERY_MS = 1000;

/** One per app: the store's state as the requests saw it. */
export class OutageLog {
  readonly #log: Logger;
  readonly #probe: () => Promise<unknown>;
  readonly #now: () => number;
  /** When the outage began, or null while the store answers. */
  #since: number | null = null;
  #refused = 0;
  #probedAt = -Infinity;
  #probing: Promise<void> | null = null;

  constructor(options: OutageLogOptions) {
    this.#log = options.log;
    this.#probe = options.probe;
    this.#now = options.now ?? Date.now;
  }

  /** A request was answered 503 because the store is away (`why`: what failed). */
  refused(why: string): void {
    if (this.#since === null) {
      this.#since = this.#now();
      this.#refused = 0;
      this.#log.warn(`The store is unavailable (${why}): answering 503 until it is back`);
    }
    this.#refused++;
  }

  /**
   * Called with every request: while the store is away, probes it (at most once a second, without holding the
   * request) and logs its return. Resolves when the probe it started has settled.
   */
  check(): Promise<void> {
    if (this.#since === null || this.#probing !== null) return this.#probing ?? Promise.resolve();
    const now = this.#now();
    if (now - this.#probedAt < PROBE_EVERY_MS) return Promise.resolve();
    this.#probedAt = now;
    const probing = this.#probe().then(() => {
      if (this.#since === null) return;
      const away = ((this.#now() - this.#since) / 1000).toFixed(1);
      const n = this.#refused;
      this.#log.info(
        `The store is back after ${away} s: ${n} ${
          n === 1 ? "request was" : "requests were"
        } answered 503 meanwhile`,
      );
      this.#since = null;
    }, () => {}).finally(() => this.#probing = null);
    this.#probing = probing;
    return probing;
  }
}
