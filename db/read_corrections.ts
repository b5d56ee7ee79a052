/**
 * The results entered and the games corrected in an event (the audit log's `match.result` and `match.correct`
 * rows), for the referee's incident list (domain/incident_list.ts): who, when and what.
 */
import type { Kysely } from "kysely";
import { listAudit } from "./audit.ts";
import type { Database } from "./schema.ts";
import type { ResultCorrection } from "../domain/incident_list.ts";

/** The event's result entries and game corrections, newest first (the last 1,000). */
export async function readCorrections(db: Kysely<Database>, eventId: string): Promise<ResultCorrection[]> {
  const rows = await listAudit(db, { eventId, actions: ["match.result", "match.correct"], limit: 1000 });
  return rows.flatMap((r) => {
    const detail = r.detail as {
      action?: { games?: { home: number; away: number }[]; game?: number; home?: number; away?: number };
      was?: { home: number | null; away: number | null };
    };
    const a = detail?.action;
    if (r.matchId === null || !a) return [];
    return [
      r.action === "match.result"
        ? { matchId: r.matchId, at: r.at, actor: r.actor, kind: "result" as const, games: a.games ?? [] }
        : {
          matchId: r.matchId,
          at: r.at,
          actor: r.actor,
          kind: "correct" as const,
          game: a.game,
          score: { home: a.home ?? 0, away: a.away ?? 0 },
          ...(detail.was ? { was: detail.was } : {}),
        },
    ];
  });
}
