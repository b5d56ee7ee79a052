/**
 * The umpire records the toss before a match (Law 2.13.1): who won it and what they chose, by which token and
 * when. Before the start only; a toss recorded again replaces it.
 */
import type { Kysely } from "kysely";
import type { Toss } from "../domain/toss.ts";
import { writeAudit } from "./audit.ts";
import { nameMatch } from "./match_naming.ts";
import type { Database } from "./schema.ts";
import { WriteError } from "./write_errors.ts";
import { writeTransaction } from "./write_transaction.ts";

/** Records the toss of a match not started. Throws `not-found`, or `match-state` once play has begun. */
export async function recordToss(
  db: Kysely<Database>,
  matchId: string,
  toss: Toss,
  actor: string,
  now: Date,
): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const match = await trx.selectFrom("matches").select(["status", "event_id"]).where("id", "=", matchId)
      .executeTakeFirst();
    if (!match) throw new WriteError("not-found", `Match "${matchId}" does not exist`);
    if (match.status !== "scheduled") {
      throw new WriteError(
        "match-state",
        `Cannot record the toss of ${await nameMatch(trx, matchId)}: the match has started`,
      );
    }
    const row = {
      winner: toss.winner,
      choice: toss.choice,
      recorded_by: actor,
      recorded_at: now.toISOString(),
    };
    await trx.insertInto("match_tosses").values({ match_id: matchId, ...row })
      .onConflict((oc) => oc.column("match_id").doUpdateSet(row)).execute();
    await writeAudit(trx, {
      at: now,
      actor,
      action: "match.toss",
      eventId: match.event_id,
      matchId,
      detail: { ...toss },
    });
  });
}
