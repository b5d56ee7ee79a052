/**
 * The umpire confirms a finished match's result (issue 49): the store keeps who (the token's label and role)
 * and when (the caller's clock). From then on only the desk (an admin token) may change the match: a scorer's
 * write is refused with `result-confirmed`. The desk taking the result back (an undo, a reopen, a reset)
 * withdraws the confirmation, so that the match is confirmed again when it ends again.
 */
import type { Kysely, Transaction } from "kysely";
import { writeAudit } from "./audit.ts";
import { nameMatch } from "./match_naming.ts";
import { readConfirmation, type ResultConfirmation } from "./read_confirmations.ts";
import type { Database } from "./schema.ts";
import type { Dialect } from "./store.ts";
import { WriteError } from "./write_errors.ts";
import { writeTransaction } from "./write_transaction.ts";

/** Who confirms or writes: the token's label and role. */
export interface Confirmer {
  actor: string;
  role: string;
}

/**
 * Records the confirmation of a finished match's result, once: confirming again answers the first confirmation.
 * Throws `not-found` for an unknown match and `match-state` for one not finished.
 */
export async function confirmResult(
  db: Kysely<Database>,
  dialect: Dialect,
  matchId: string,
  who: Confirmer,
  now: Date,
): Promise<ResultConfirmation> {
  return await writeTransaction(db, async (trx) => {
    const q = trx.selectFrom("matches").select(["status", "revision", "event_id"]).where("id", "=", matchId);
    const match = await (dialect === "postgres" ? q.forUpdate() : q).executeTakeFirst();
    if (!match) throw new WriteError("not-found", `Match "${matchId}" does not exist`);
    if (match.status !== "completed") {
      throw new WriteError(
        "match-state",
        `Cannot confirm the result of ${await nameMatch(trx, matchId)}: the match is not finished`,
      );
    }
    const before = await readConfirmation(trx, matchId);
    if (before) return before;
    const made: ResultConfirmation = {
      by: who.actor,
      role: who.role,
      at: now.toISOString(),
      revision: Number(match.revision),
    };
    await trx.insertInto("result_confirmations").values({
      match_id: matchId,
      confirmed_by: made.by,
      confirmed_role: made.role,
      confirmed_at: made.at,
      match_revision: made.revision,
    }).execute();
    await writeAudit(trx, {
      at: now,
      actor: who.actor,
      action: "match.confirm",
      eventId: match.event_id,
      matchId,
      detail: { role: who.role, revision: made.revision },
    });
    return made;
  });
}

/**
 * Withdraws a match's confirmation, in the write's transaction that takes its result back (an undo, a reopen, a
 * reset: db/match_writes.ts), which read the confirmation with the match's row it locked.
 */
export async function withdrawConfirmation(trx: Transaction<Database>, matchId: string): Promise<void> {
  await trx.deleteFrom("result_confirmations").where("match_id", "=", matchId).execute();
}

/**
 * The refusal of a scorer's (any role but "admin") write to a match whose result the umpire confirmed, made by the
 * write's check of the row it locks (api/manage/matches.ts).
 * @example confirmedRefusal(confirmation, "Ana Lopez v Ben Okafor (…)", "record a point")
 * // WriteError: Cannot record a point: the result of Ana Lopez v Ben Okafor (…) was confirmed by "Table 3" at …
 */
export function confirmedRefusal(
  confirmed: ResultConfirmation,
  matchName: string,
  action: string,
): WriteError {
  return new WriteError(
    "result-confirmed",
    `Cannot ${action}: the result of ${matchName} was confirmed by "${confirmed.by}" at ` +
      `${confirmed.at}; only the desk (an admin token) can change it now`,
    undefined,
    // Who and when, for a page to say in its own language.
    { confirmedBy: confirmed.by, confirmedAt: confirmed.at },
  );
}
