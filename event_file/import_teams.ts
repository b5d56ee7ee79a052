/**
 * The rows a team category of an event file adds (docs/teams.md), planned after its entries and matches:
 * for each team a player row that stands for it, its `teams` row, its `team_members` and an entry per player
 * for the tie's singles; for each match (a tie) its `ties` row, and for each individual match given, its
 * match row (stage "tie") between the entries of the players the line-ups put into it.
 * @module
 */
import type { Insertable } from "kysely";
import type { Database } from "../db/schema.ts";
import { memberEntryId, teamPlayerId, tieMatchId } from "../db/team_ids.ts";
import { storedTeamFormat, teamFormatText, tieMatchRow } from "../db/tie_rows.ts";
import { type SideLineup, tieMatches } from "../domain/team_formats.ts";
import type { CategoryInput, ImportProblem, LineupInput } from "./format.ts";
import { incidentRows, matchScore, recordColumns, resultColumns, unreplayedWarning } from "./match_rows.ts";
import { addSheetRows, noSheetRows, type UmpireSheetRows } from "./umpire_sheet.ts";

type Row<T extends keyof Database> = Insertable<Database[T]>;

/** What a team category adds to an import's rows. */
export interface TeamRows {
  /** The players that stand for the teams (inserted before the entries). */
  teamPlayers: Row<"players">[];
  teams: Row<"teams">[];
  teamMembers: Row<"team_members">[];
  /** The entries the teams' players play the ties' matches with. */
  memberEntries: Row<"entries">[];
  ties: Row<"ties">[];
  matches: Row<"matches">[];
  points: Row<"match_points">[];
  incidents: Row<"match_incidents">[];
  /** The individual matches' confirmations, tosses and medical breaks. */
  sheets: UmpireSheetRows;
  /** An individual match whose incidents do not replay over its rebuilt rallies (`unreplayedWarning`). */
  warnings: ImportProblem[];
}

/** What the plan needs from the import: ids, the time, the category's best of and its ties' rows. */
export interface TeamPlanContext {
  eventId: string;
  at: string;
  categoryId: string;
  bestOf: number;
  entryId(key: string): string;
  playerId(key: string): string;
  matchId(key: string): string;
  /** The category's match rows already planned (the ties), by id. */
  tieRows: ReadonlyMap<string, Row<"matches">>;
  /** The category's path in the file, for warnings: "categories[2]". */
  path: string;
}

/** A team's stand-in player is nobody: no federation id, no private fields, no prior. */
const NO_PERSON = { federation_id: null, email: null, birth_date: null } as const;
const NO_PRIOR = { prior_rating: null, prior_deviation: null, prior_match_count: null } as const;

/** The rows a (checked) team category adds; none for another kind of category. */
export function planTeams(category: CategoryInput, ctx: TeamPlanContext): TeamRows {
  const rows: TeamRows = {
    teamPlayers: [],
    teams: [],
    teamMembers: [],
    memberEntries: [],
    ties: [],
    matches: [],
    points: [],
    incidents: [],
    sheets: noSheetRows(),
    warnings: [],
  };
  if (category.kind !== "team" || !category.teamFormat) return rows;
  const formatText = teamFormatText(category.teamFormat);
  const format = storedTeamFormat(formatText);
  const entries = new Set<string>();
  const addEntry = (team: string, players: string[]) => {
    const id = memberEntryId(team, players);
    if (entries.has(id)) return id;
    entries.add(id);
    rows.memberEntries.push({
      id,
      subevent_id: ctx.categoryId,
      player1_id: players[0]!,
      player2_id: players[1] ?? null,
      seed: null,
      team_entry_id: team,
    });
    return id;
  };
  for (const e of category.entries) {
    const team = ctx.entryId(e.id);
    rows.teamPlayers.push({
      id: teamPlayerId(team),
      display_name: e.name ?? e.id,
      association: e.association ?? null,
      ...NO_PERSON,
      ...NO_PRIOR,
      listed: 0,
      created_at: ctx.at,
    });
    rows.teams.push({
      entry_id: team,
      subevent_id: ctx.categoryId,
      code: e.id,
      name: e.name ?? e.id,
      association: e.association ?? null,
    });
    e.players.forEach((p, i) => {
      const player = ctx.playerId(p);
      rows.teamMembers.push({ team_entry_id: team, player_id: player, position: i + 1 });
      addEntry(team, [player]);
    });
  }
  for (const [index, m] of (category.matches ?? []).entries()) {
    const tieId = ctx.matchId(m.id);
    const tie = m.tie ?? {};
    const lineup = (l: LineupInput | null | undefined): SideLineup | null =>
      l
        ? {
          positions: Object.fromEntries(Object.entries(l.positions).map(([k, p]) => [k, ctx.playerId(p)])),
          pair: l.pair ? [ctx.playerId(l.pair[0]), ctx.playerId(l.pair[1])] : null,
        }
        : null;
    const home = lineup(tie.home);
    const away = lineup(tie.away);
    rows.ties.push({
      match_id: tieId,
      subevent_id: ctx.categoryId,
      format: formatText,
      home_lineup: home ? JSON.stringify(home) : null,
      away_lineup: away ? JSON.stringify(away) : null,
      lineup_published_at: tie.published ? ctx.at : null,
      updated_at: ctx.at,
    });
    const container = ctx.tieRows.get(tieId);
    if (!home || !away || !container || !m.home || !m.away || !tie.matches?.length) continue;
    const played = tieMatches(format, home, away);
    const homeTeam = ctx.entryId(m.home);
    const awayTeam = ctx.entryId(m.away);
    for (const [k, tm] of tie.matches.entries()) {
      const spec = played[tm.order - 1]!;
      const doubles = spec.type === "doubles";
      const score = matchScore(tm, ctx.bestOf, doubles);
      const id = tm.uuid ?? tieMatchId(tieId, tm.order);
      const homeEntry = addEntry(homeTeam, spec.home);
      const awayEntry = addEntry(awayTeam, spec.away);
      const winner = tm.status === "completed" && tm.winner
        ? (tm.winner === "home" ? homeEntry : awayEntry)
        : null;
      rows.matches.push(tieMatchRow(container, {
        id,
        tie_order: tm.order,
        tie_match_type: spec.type,
        label: `${container.label} · Match ${tm.order}`,
        home_entry_id: homeEntry,
        away_entry_id: awayEntry,
        table_no: tm.table ?? null,
        ...resultColumns(tm, score, ctx.at),
        ...recordColumns(tm),
        winner_entry_id: winner,
        created_at: ctx.at,
        updated_at: ctx.at,
      }));
      rows.incidents.push(...incidentRows(id, tm.incidents));
      addSheetRows(rows.sheets, id, tm);
      const named = { id: `${m.id} · ${tm.order}`, home: m.home, away: m.away, incidents: tm.incidents };
      rows.warnings.push(
        ...unreplayedWarning(`${ctx.path}.matches[${index}].tie.matches[${k}]`, named, score),
      );
      score.points.forEach((side, seq) =>
        rows.points.push({ match_id: id, seq: seq + 1, side, created_at: ctx.at })
      );
    }
  }
  return rows;
}
