/**
 * What the umpire signs besides the score, in the event file (docs/import-format.md): the confirmation of the
 * result, the toss (Law 2.13.1) and the medical breaks (Regulation 3.4.2.3) of each match, read for the export
 * and made back into rows by the import, so that export, import, export gives the same bytes.
 * @module
 */
import type { Insertable, Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema.ts";
import type { ConfirmationInput, MatchInput, MedicalBreakInput, TossInput } from "./format.ts";
import { normalTime } from "./match_rows.ts";

/** A match's sheet as the file writes it. */
export type UmpireSheet = Pick<MatchInput, "confirmation" | "toss" | "medicalBreaks">;

/** The rows a match's sheet makes (`result_confirmations`, `match_tosses`, `medical_breaks`). */
export interface UmpireSheetRows {
  confirmations: Insertable<Database["result_confirmations"]>[];
  tosses: Insertable<Database["match_tosses"]>[];
  medicalBreaks: Insertable<Database["medical_breaks"]>[];
}

/** No rows yet. */
export function noSheetRows(): UmpireSheetRows {
  return { confirmations: [], tosses: [], medicalBreaks: [] };
}

/** Adds the rows of a match's sheet (a confirmation's revision is set as it is inserted: `insertSheetRows`). */
export function addSheetRows(rows: UmpireSheetRows, matchId: string, m: UmpireSheet): void {
  if (m.confirmation) {
    rows.confirmations.push({
      match_id: matchId,
      confirmed_by: m.confirmation.by,
      confirmed_role: m.confirmation.role,
      confirmed_at: normalTime(m.confirmation.at)!,
      match_revision: 0,
    });
  }
  if (m.toss) {
    rows.tosses.push({
      match_id: matchId,
      winner: m.toss.winner,
      choice: m.toss.choice,
      recorded_by: m.toss.by,
      recorded_at: normalTime(m.toss.at)!,
    });
  }
  for (const b of m.medicalBreaks ?? []) {
    rows.medicalBreaks.push({
      match_id: matchId,
      started_at: normalTime(b.startedAt)!,
      side: b.side,
      game_number: b.game ?? null,
      ended_at: normalTime(b.endedAt),
      reason: b.reason ?? null,
      recorded_by: b.by,
    });
  }
}

/** Inserts a plan's sheet rows; a confirmation names the revision its match is imported at. */
export async function insertSheetRows(
  trx: Transaction<Database>,
  rows: UmpireSheetRows,
  matches: readonly { id?: string; revision?: number }[],
): Promise<void> {
  const revision = new Map(matches.map((m) => [m.id, m.revision ?? 0]));
  const confirmations = rows.confirmations.map((c) => ({
    ...c,
    match_revision: revision.get(c.match_id) ?? 0,
  }));
  for (
    const [table, list] of [
      ["result_confirmations", confirmations],
      ["match_tosses", rows.tosses],
      ["medical_breaks", rows.medicalBreaks],
    ] as const
  ) {
    for (let i = 0; i < list.length; i += 200) {
      await trx.insertInto(table).values(list.slice(i, i + 200) as never).execute();
    }
  }
}

/** The sheets of an event's matches, by match id: three statements, whatever the number of matches. */
export async function sheetsOf(db: Kysely<Database>, eventId: string): Promise<Map<string, UmpireSheet>> {
  const out = new Map<string, UmpireSheet>();
  const sheet = (id: string) => {
    let s = out.get(id);
    if (!s) out.set(id, s = {});
    return s;
  };
  const confirmations = await db.selectFrom("result_confirmations as r")
    .innerJoin("matches", "matches.id", "r.match_id").selectAll("r")
    .where("matches.event_id", "=", eventId).execute();
  for (const r of confirmations) {
    const c: ConfirmationInput = { by: r.confirmed_by, role: r.confirmed_role, at: r.confirmed_at };
    sheet(r.match_id).confirmation = c;
  }
  const tosses = await db.selectFrom("match_tosses as t")
    .innerJoin("matches", "matches.id", "t.match_id").selectAll("t")
    .where("matches.event_id", "=", eventId).execute();
  for (const t of tosses) {
    const toss: TossInput = {
      winner: t.winner as TossInput["winner"],
      choice: t.choice as TossInput["choice"],
      by: t.recorded_by,
      at: t.recorded_at,
    };
    sheet(t.match_id).toss = toss;
  }
  const breaks = await db.selectFrom("medical_breaks as b")
    .innerJoin("matches", "matches.id", "b.match_id").selectAll("b")
    .where("matches.event_id", "=", eventId).orderBy("b.match_id").orderBy("b.started_at").execute();
  for (const b of breaks) {
    const made: MedicalBreakInput = {
      side: b.side as MedicalBreakInput["side"],
      ...(b.game_number === null ? {} : { game: Number(b.game_number) }),
      startedAt: b.started_at,
      ...(b.ended_at === null ? {} : { endedAt: b.ended_at }),
      ...(b.reason === null ? {} : { reason: b.reason }),
      by: b.recorded_by,
    };
    (sheet(b.match_id).medicalBreaks ??= []).push(made);
  }
  return out;
}
