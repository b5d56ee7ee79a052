/**
 * The operator's token of a printed sheet that needs one: the same bearer header and the same tokens as the
 * management API (api/manage/auth.ts), and only an admin token, as for everything /manage does.
 */
import { authenticateToken } from "../../db/tokens.ts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

const BEARER = /^Bearer[ \t]+([^\s]+)[ \t]*$/i;

/** What the request's Authorization header proves: nothing sent, a refused token, or an admin's. */
export async function printAuthority(
  db: Kysely<Database>,
  header: string | undefined,
  now: Date,
): Promise<"none" | "refused" | "admin"> {
  if (header === undefined) return "none";
  const secret = BEARER.exec(header)?.[1];
  const token = secret === undefined ? null : await authenticateToken(db, secret, now);
  return token?.role === "admin" ? "admin" : "refused";
}
