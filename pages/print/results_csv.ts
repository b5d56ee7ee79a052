/**
 * The results list as CSV (RFC 4180, UTF-8, CRLF, a header row), one row a decided match, for a federation's
 * files and spreadsheets; docs/printing.md lists the columns.
 */
import type { EntryRecord } from "../../views/print_data.ts";
import type { Match } from "../view_types.ts";

/** The columns, in order. */
export const RESULT_COLUMNS = [
  "category",
  "stage",
  "round",
  "home",
  "home_club",
  "away",
  "away_club",
  "winner",
  "games_home",
  "games_away",
  "game_scores",
  "result",
  "completed_at",
] as const;

/** A field quoted when it holds a comma, a quote or a line break; a leading =, +, - or @ is kept as text. */
export function csvField(value: string): string {
  const text = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The decided matches of the categories in their order, as one CSV text. */
export function resultsCsv(
  categories: readonly { name: string; matches: readonly Match[]; entries: Map<string, EntryRecord> }[],
): string {
  const rows: string[][] = [[...RESULT_COLUMNS]];
  for (const c of categories) {
    for (const m of c.matches) {
      if (m.winnerId === null) continue;
      const club = (id: string) => c.entries.get(id)?.association ?? "";
      rows.push([
        c.name,
        m.stage,
        m.stageLabel,
        m.homeName,
        club(m.homeId),
        m.awayName,
        club(m.awayId),
        m.winnerId === m.homeId ? "home" : "away",
        String(m.gamesWon.home),
        String(m.gamesWon.away),
        m.gameScores.map((g) => `${g.home}-${g.away}`).join(" "),
        m.resultReasonCode ?? "played",
        m.completedAt ?? "",
      ]);
    }
  }
  return rows.map((r) => r.map(csvField).join(",")).join("\r\n") + "\r\n";
}
