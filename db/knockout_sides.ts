/**
 * Putting an entry into a knockout match, in the caller's transaction: a winner into the next round
 * (db/match_writes.ts), a group's qualifier into the first round (db/draw_writes.ts). A match that has begun
 * keeps its sides (domain/match_status.ts `matchHasBegun`): the write is refused with `next-match-started`.
 */
import type { Transaction } from "kysely";
import type { NextSlot } from "../domain/bracket.ts";
import { matchHasBegun } from "../domain/match_status.ts";
import { resetRefusal } from "../domain/match_reset.ts";
import { nameMatch } from "./match_naming.ts";
import { freezePrediction } from "./predictions_store.ts";
import type { Database } from "./schema.ts";
import { WriteError } from "./write_errors.ts";

/**
 * Puts `entryId` (or, with null, nobody) on the side `at` names of a knockout match of the category; nothing
 * when no match is there or the side already holds it. The pairing changes, so the prediction frozen for the
 * old one goes and one is frozen for the new (when both sides are known). `refusal` words the refusal when the
 * match has begun, given the match named by players, category and table (db/match_naming.ts) and what the desk can
 * do about it; the refusal carries `blocking`: the match's id, revision and whether it can be set back to not
 * started (`resettable`, domain/match_reset.ts), so that the console can offer it.
 */
export async function putIntoKnockoutMatch(
  trx: Transaction<Database>,
  categoryId: string,
  at: NextSlot,
  entryId: string | null,
  now: string,
  refusal: (match: { id: string; label: string; named: string; remedy: string }) => string,
): Promise<void> {
  const m = await trx.selectFrom("matches").selectAll()
    .where("subevent_id", "=", categoryId).where("stage", "=", "knockout")
    .where("round_no", "=", at.roundNo).where("bracket_pos", "=", at.bracketPos).executeTakeFirst();
  if (!m) return;
  const column = at.side === "home" ? "home_entry_id" : "away_entry_id";
  if (m[column] === entryId) return;
  if (matchHasBegun({ status: m.status, startedAt: m.started_at })) {
    const points = await trx.selectFrom("match_points").select((eb) => eb.fn.countAll<number>().as("n"))
      .where("match_id", "=", m.id).executeTakeFirstOrThrow();
    const why = resetRefusal({
      status: m.status,
      points: Number(points.n),
      games: (JSON.parse(m.games) as unknown[]).length,
      currentHome: m.current_home,
      currentAway: m.current_away,
    });
    const remedy = why === null
      ? "it has no point yet: set it back to not started first"
      : m.status === "in_progress"
      ? `it cannot be set back to not started: ${why}`
      : "it is finished: take its result back first";
    throw new WriteError(
      "next-match-started",
      refusal({ id: m.id, label: m.label, named: await nameMatch(trx, m.id), remedy }),
      undefined,
      { blocking: { matchId: m.id, revision: m.revision, resettable: why === null } },
    );
  }
  await trx.deleteFrom("predictions").where("match_id", "=", m.id).execute();
  const updated = await trx.updateTable("matches")
    .set({ [column]: entryId, revision: m.revision + 1, updated_at: now })
    .where("id", "=", m.id).returningAll().executeTakeFirstOrThrow();
  await freezePrediction(trx, updated, now);
}
