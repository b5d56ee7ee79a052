/**
 * The umpire's incidents taken back by an undo (`match_incidents.undone_at`), kept for the referee's list
 * (domain/incident_list.ts) and the printed match report: each with the game and its score when it was made,
 * replayed from the match's rallies before it.
 */
import type { Kysely } from "kysely";
import type { UndoneIncidentRecord } from "../domain/incident_list.ts";
import { replayMatch } from "../domain/match_replay.ts";
import type { Side } from "../domain/scoring.ts";
import type { Database } from "./schema.ts";
import { parseIncident } from "./umpire_record.ts";

/** The undone incidents of an event, or of one match of it (`matchId`), in the order made. */
export async function readUndoneIncidents(
  db: Kysely<Database>,
  eventId: string,
  matchId?: string,
): Promise<UndoneIncidentRecord[]> {
  let q = db.selectFrom("match_incidents as i").innerJoin("matches", "matches.id", "i.match_id")
    .select([
      "i.match_id",
      "i.seq",
      "i.kind",
      "i.detail",
      "i.after_points",
      "i.created_at",
      "i.undone_at",
      "i.undone_by",
      "matches.best_of",
      "matches.first_server",
    ])
    .where("matches.event_id", "=", eventId).where("i.undone_at", "is not", null);
  if (matchId !== undefined) q = q.where("i.match_id", "=", matchId);
  const rows = await q.orderBy("i.match_id").orderBy("i.seq").execute();
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.map((r) => r.match_id))];
  const points = await db.selectFrom("match_points").select(["match_id", "side"])
    .where("match_id", "in", ids).orderBy("match_id").orderBy("seq").execute();
  const rallies = new Map<string, Side[]>();
  for (const p of points) {
    const list = rallies.get(p.match_id);
    if (list) list.push(p.side as Side);
    else rallies.set(p.match_id, [p.side as Side]);
  }
  return rows.map((r) => ({
    matchId: r.match_id,
    seq: Number(r.seq),
    incident: parseIncident(r.kind, r.detail) as UndoneIncidentRecord["incident"],
    ...placeOf(rallies.get(r.match_id) ?? [], Number(r.after_points), Number(r.best_of), r.first_server),
    at: r.created_at,
    undoneAt: r.undone_at!,
    undoneBy: r.undone_by ?? "",
  }));
}

/** The game and its score after the first `after` rallies (those kept now); unknown when they do not replay. */
function placeOf(points: readonly Side[], after: number, bestOf: number, firstServer: string | null) {
  try {
    const state = replayMatch(points.slice(0, after), {
      bestOf,
      firstServer: firstServer === "away" ? "away" : "home",
    });
    return { gameNumber: state.gameScores.length + 1, score: state.currentGame };
  } catch {
    return { gameNumber: null, score: null };
  }
}
