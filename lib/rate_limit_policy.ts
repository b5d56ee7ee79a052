/** How many requests a client may make in how long (RATE_LIMIT; enforced by http/request_rate_limit.ts). */
export interface RateLimitPolicy {
  readonly limit: number;
  readonly windowSeconds: number;
}
