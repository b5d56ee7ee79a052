/**
 * Read side of team events (docs/teams.md): a tie (the group or knockout match between two teams) with its
 * format, line-ups and individual matches, and the teams of a category with their players. Plain records; the
 * score is domain/tie_score.ts's, from `tieResults`.
 * @module
 */
import type { Kysely } from "kysely";
import type { SideLineup, TeamFormat } from "../domain/team_formats.ts";
import type { TieMatchResult } from "../domain/tie_score.ts";
import type { Database, MatchRow } from "./schema.ts";
import { storedTeamFormat } from "./tie_rows.ts";

type Db = Kysely<Database>;

/** A tie as stored: its match (the group or knockout match between the teams), format and line-ups. */
export interface TieRecord {
  id: string;
  eventId: string;
  eventStatus: string;
  categoryId: string;
  /** The tie's match row (stage, group, round, position, label, teams, status, winner, times). */
  match: MatchRow;
  formatText: string;
  format: TeamFormat;
  homeLineup: SideLineup | null;
  awayLineup: SideLineup | null;
  lineupPublishedAt: string | null;
  updatedAt: string;
  /** The individual matches made so far, in order of play. */
  matches: MatchRow[];
}

/** A team: its entry id (the team's id), name, association and players in the team sheet's order. */
export interface TeamRecord {
  id: string;
  code: string;
  name: string;
  association: string | null;
  players: { id: string; displayName: string }[];
}

function parseLineup(text: string | null): SideLineup | null {
  return text === null ? null : JSON.parse(text) as SideLineup;
}

/** The tie with this id (its match's id), or null when there is none. */
export async function findTie(db: Db, tieId: string): Promise<TieRecord | null> {
  const [found, tie, matches] = await Promise.all([
    teamMatches(db).where("matches.id", "=", tieId)
      .select(["events.status as event_status", "subevents.team_format"]).executeTakeFirst(),
    db.selectFrom("ties").selectAll().where("match_id", "=", tieId).executeTakeFirst(),
    db.selectFrom("matches").selectAll().where("tie_id", "=", tieId).orderBy("tie_order").execute(),
  ]);
  if (!found) return null;
  const { event_status, team_format, ...match } = found;
  // A tie of a draw made on the day has no row of its own until its line-ups are entered: the category's format.
  const format = tie?.format ?? team_format ?? "wttc";
  return {
    id: tieId,
    eventId: match.event_id,
    eventStatus: event_status,
    categoryId: match.subevent_id,
    match: { ...match },
    formatText: format,
    format: storedTeamFormat(format),
    homeLineup: parseLineup(tie?.home_lineup ?? null),
    awayLineup: parseLineup(tie?.away_lineup ?? null),
    lineupPublishedAt: tie?.lineup_published_at ?? null,
    updatedAt: tie?.updated_at ?? match.updated_at,
    matches: matches.map((m) => ({ ...m })),
  };
}

/** The ties: the group and knockout matches of team categories, with their event and category joined. */
function teamMatches(db: Db) {
  return db.selectFrom("matches").innerJoin("subevents", "subevents.id", "matches.subevent_id")
    .innerJoin("events", "events.id", "matches.event_id")
    .selectAll("matches")
    .where("subevents.kind", "=", "team").where("matches.stage", "in", ["group", "knockout"]);
}

/** The ids of a category's ties, in the order of its matches (groups first, by round and position). */
export async function tieIdsOfCategory(db: Db, categoryId: string): Promise<string[]> {
  const rows = await teamMatches(db).where("matches.subevent_id", "=", categoryId)
    .orderBy((eb) => eb.case().when("matches.stage", "=", "group").then(0).else(1).end())
    .orderBy("matches.round_no").orderBy("matches.bracket_pos").orderBy("matches.id").execute();
  return rows.map((r) => r.id);
}

/** The category id of a tie, or null when there is no such tie. */
export async function categoryOfTie(db: Db, tieId: string): Promise<string | null> {
  const row = await teamMatches(db).where("matches.id", "=", tieId).executeTakeFirst();
  return row?.subevent_id ?? null;
}

/** What `tieScore` (domain/tie_score.ts) needs of a tie's matches: order, status and winning side. */
export function tieResults(tie: Pick<TieRecord, "matches">): TieMatchResult[] {
  return tie.matches.map((m) => ({
    order: Number(m.tie_order),
    status: m.status,
    winner: m.winner_entry_id === null
      ? null
      : m.winner_entry_id === m.home_entry_id
      ? "home"
      : m.winner_entry_id === m.away_entry_id
      ? "away"
      : null,
  }));
}

/** The teams with these entry ids (those that are teams), with their players. */
export async function readTeams(db: Db, entryIds: readonly string[]): Promise<Map<string, TeamRecord>> {
  if (entryIds.length === 0) return new Map();
  const teams = await db.selectFrom("teams").selectAll().where("entry_id", "in", [...entryIds]).execute();
  if (teams.length === 0) return new Map();
  const members = await db.selectFrom("team_members")
    .innerJoin("players", "players.id", "team_members.player_id")
    .select(["team_members.team_entry_id", "players.id", "players.display_name"])
    .where("team_members.team_entry_id", "in", teams.map((t) => t.entry_id))
    .orderBy("team_members.position").execute();
  const playersOf = (team: string) =>
    members.filter((m) => m.team_entry_id === team).map((m) => ({ id: m.id, displayName: m.display_name }));
  return new Map(teams.map((t) => [t.entry_id, {
    id: t.entry_id,
    code: t.code,
    name: t.name,
    association: t.association,
    players: playersOf(t.entry_id),
  }]));
}
