/** What the HTTP layer (API and pages) is built from; tests build the same app on an in-memory store. */
import type { Logger } from "../cli/log.ts";
import type { Store } from "../db/store.ts";
import type { RateLimitPolicy } from "./request_rate_limit.ts";

export interface AppDeps {
  readonly store: Store;
  readonly log: Logger;
  /** The current time; tests pass a fixed clock. */
  readonly clock: () => Date;
  /**
   * How many reverse proxies in front of the server are trusted to name the client (X-Forwarded-For,
   * api/client_address.ts); 0 or absent: the TCP peer is the client.
   */
  readonly trustedProxies?: number;
  /** Requests per window per client address (api/request_rate_limit.ts); absent or null: no limit. */
  readonly rateLimit?: RateLimitPolicy | null;
}
