/**
 * The operator's token of a printed sheet that needs one: the same bearer header and the same tokens as the
 * management API (api/manage/auth.ts), only an admin token, as for everything /manage does, and failed tokens
 * limited per client address as the API limits them (http/failure_limiter.ts).
 */
import type { Kysely } from "kysely";
import type { FailureLimiter } from "./failure_limiter.ts";
import { authenticateToken } from "../db/tokens.ts";
import type { Database } from "../db/schema.ts";

const BEARER = /^Bearer[ \t]+([^\s]+)[ \t]*$/i;

/** What a request's Authorization header proves: nothing sent, a refused token, an admin's, or "wait N s". */
export type PrintAuthority = "none" | "refused" | "admin" | { retryAfter: number };

/** Checks the header of a request from `address`; a refused token counts against the address. */
export async function printAuthority(
  db: Kysely<Database>,
  limiter: FailureLimiter,
  request: { header: string | undefined; address: string; now: Date },
): Promise<PrintAuthority> {
  const { header, address, now } = request;
  if (header === undefined) return "none";
  const wait = limiter.retryAfter(address, now.getTime());
  if (wait > 0) return { retryAfter: wait };
  const secret = BEARER.exec(header)?.[1];
  const token = secret === undefined ? null : await authenticateToken(db, secret, now);
  if (token?.role === "admin") return "admin";
  limiter.fail(address, now.getTime());
  return "refused";
}
