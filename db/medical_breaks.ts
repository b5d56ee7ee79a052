/**
 * Medical breaks the umpire records (Regulation 3.4.2.3, up to 10 minutes: domain/medical_break.ts): the side,
 * the game, when the break began and ended and an optional reason, for the referee's incident list and the
 * printed match report.
 */
import type { Kysely } from "kysely";
import type { Side } from "../domain/scoring.ts";
import type { MedicalBreakRecord } from "../domain/incident_list.ts";
import { writeAudit } from "./audit.ts";
import { nameMatch } from "./match_naming.ts";
import type { Database } from "./schema.ts";
import { WriteError } from "./write_errors.ts";
import { writeTransaction } from "./write_transaction.ts";

/** The medical breaks of an event, or of one match of it (`matchId`), in the order they began. */
export async function readMedicalBreaks(
  db: Kysely<Database>,
  eventId: string,
  matchId?: string,
): Promise<MedicalBreakRecord[]> {
  let q = db.selectFrom("medical_breaks")
    .innerJoin("matches", "matches.id", "medical_breaks.match_id")
    .selectAll("medical_breaks")
    .where("matches.event_id", "=", eventId);
  if (matchId !== undefined) q = q.where("medical_breaks.match_id", "=", matchId);
  const rows = await q.orderBy("medical_breaks.started_at").orderBy("medical_breaks.match_id").execute();
  return rows.map((r) => ({
    matchId: r.match_id,
    side: r.side as Side,
    gameNumber: r.game_number === null ? null : Number(r.game_number),
    startedAt: r.started_at,
    endedAt: r.ended_at,
    reason: r.reason,
  }));
}

/** A medical break as the umpire's phone sends it: at its start, and again with its end. */
export interface MedicalBreakInput {
  side: Side;
  startedAt: string;
  endedAt?: string | null;
  reason?: string | null;
}

/**
 * Records a medical break of a match begun (its start, or its end sent later: the same `startedAt` updates it),
 * in the game being played, audited `match.medical`. Throws `not-found`, or `match-state` before the start.
 */
export async function recordMedicalBreak(
  db: Kysely<Database>,
  matchId: string,
  b: MedicalBreakInput,
  actor: string,
  now: Date,
): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const match = await trx.selectFrom("matches").select(["status", "event_id", "games"])
      .where("id", "=", matchId).executeTakeFirst();
    if (!match) throw new WriteError("not-found", `Match "${matchId}" does not exist`);
    if (match.status === "scheduled") {
      throw new WriteError(
        "match-state",
        `Cannot record a medical break of ${await nameMatch(trx, matchId)}: the match has not started`,
      );
    }
    const before = await trx.selectFrom("medical_breaks").select("game_number")
      .where("match_id", "=", matchId).where("started_at", "=", b.startedAt).executeTakeFirst();
    const row = {
      side: b.side,
      game_number: before ? before.game_number : gameBeingPlayed(match.games, match.status),
      ended_at: b.endedAt ?? null,
      reason: b.reason ?? null,
      recorded_by: actor,
    };
    await trx.insertInto("medical_breaks").values({ match_id: matchId, started_at: b.startedAt, ...row })
      .onConflict((oc) => oc.columns(["match_id", "started_at"]).doUpdateSet(row)).execute();
    await writeAudit(trx, {
      at: now,
      actor,
      action: "match.medical",
      eventId: match.event_id,
      matchId,
      detail: { ...b },
    });
  });
}

/** The game being played: the one after the finished games (the last one once the match is over). */
function gameBeingPlayed(games: string, status: string): number {
  const finished = (JSON.parse(games) as unknown[]).length;
  return status === "in_progress" ? finished + 1 : Math.max(1, finished);
}
