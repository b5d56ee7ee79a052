/**
 * A tie of a team event as the API answers it (docs/teams.md): its teams, line-ups once published, each match of
 * the format with its score and status, the tie score (domain/tie_score.ts) and the winner; and the ties of a
 * team category. The public views show a tie whose match is public (views/match.ts's rule); the management API
 * answers the same shape for any tie, line-ups included.
 * @module
 */
import type { Kysely } from "kysely";
import { findPublicCategory } from "../db/read_categories.ts";
import { readEntries } from "../db/read_entries.ts";
import { findPublicMatch, toMatchRecord } from "../db/read_matches.ts";
import {
  categoryOfTie,
  findTie,
  readTeams,
  type TeamRecord,
  tieIdsOfCategory,
  tieResults,
} from "../db/read_ties.ts";
import type { Database } from "../db/schema.ts";
import { findTiePrediction, liveTieProbability } from "../db/tie_predictions.ts";
import { positionsOf, type SideLineup } from "../domain/team_formats.ts";
import { tieScore } from "../domain/tie_score.ts";
import { serializeMatch, stageLabel } from "./serialize.ts";
import type { Tie } from "./tie_schemas.ts";
import { namedByUuid, type View } from "./view.ts";

/**
 * The tie with this id as the API answers it, or null when there is none (or, `public`, when its match is not
 * public or a team is not known yet). Line-ups show once published, or always with `lineups: "always"`.
 */
export async function loadTie(
  db: Kysely<Database>,
  tieId: string,
  options: { public: boolean; lineups?: "published" | "always" },
): Promise<Tie | null> {
  if (options.public && !await findPublicMatch(db, tieId)) return null;
  const tie = await findTie(db, tieId);
  if (!tie) return null;
  const m = tie.match;
  if (options.public && (m.home_entry_id === null || m.away_entry_id === null)) return null;
  const [teams, entries, group] = await Promise.all([
    readTeams(db, [m.home_entry_id, m.away_entry_id].flatMap((id) => id === null ? [] : [id])),
    readEntries(db, tie.matches.flatMap((t) => [t.home_entry_id, t.away_entry_id].flatMap((id) => id ?? []))),
    m.group_id === null
      ? null
      : db.selectFrom("groups").select("name").where("id", "=", m.group_id).executeTakeFirst(),
  ]);
  const score = tieScore(tie.format, tieResults(tie));
  const frozen = await findTiePrediction(db, tie.id);
  const byOrder = new Map(tie.matches.map((t) => [Number(t.tie_order), t]));
  const team = (id: string | null) => id === null ? null : teamAnswer(teams.get(id));
  const showLineups = options.lineups === "always" || tie.lineupPublishedAt !== null;
  const results = new Map(tieResults(tie).map((r) => [r.order, r.winner]));
  const record = (row: typeof m, groupName: string | null) =>
    toMatchRecord({ ...row, group_name: groupName, kind: "team" });
  return {
    id: tie.id,
    eventId: tie.eventId,
    subeventId: tie.categoryId,
    stage: m.stage === "group" ? "group" : "knockout",
    groupName: group?.name ?? null,
    roundNo: Number(m.round_no),
    bracketPos: Number(m.bracket_pos),
    stageLabel: stageLabel(record(m, group?.name ?? null)),
    status: score.status,
    home: team(m.home_entry_id),
    away: team(m.away_entry_id),
    score: { home: score.home, away: score.away },
    decided: score.decided,
    winnerId: score.winner === null ? null : score.winner === "home" ? m.home_entry_id : m.away_entry_id,
    format: {
      id: tie.format.id,
      name: tie.format.name,
      winsNeeded: tie.format.winsNeeded,
      playAll: tie.format.playAll,
      matches: tie.format.matches.map((spec, i) => ({
        order: i + 1,
        type: spec.type,
        home: typeof spec.home === "string" ? spec.home : [...spec.home],
        away: typeof spec.away === "string" ? spec.away : [...spec.away],
      })),
      sides: { home: positionsOf(tie.format, "home"), away: positionsOf(tie.format, "away") },
    },
    prediction: frozen && showLineups
      ? {
        pHome: frozen.pHome,
        ciLow: frozen.ciLow,
        ciHigh: frozen.ciHigh,
        confidenceLabel: frozen.confidenceLabel,
        createdAt: frozen.createdAt,
        live: await liveTieProbability(db, tie),
      }
      : null,
    lineups: showLineups && tie.homeLineup && tie.awayLineup
      ? { home: lineupAnswer(tie.homeLineup), away: lineupAnswer(tie.awayLineup) }
      : null,
    matches: tie.format.matches.map((spec, i) => {
      const order = i + 1;
      const row = byOrder.get(order);
      const notNeeded = score.notNeeded.includes(order) && (!row || row.status === "scheduled");
      return {
        order,
        type: spec.type,
        status: notNeeded ? "not_needed" as const : (row?.status ?? "scheduled") as Tie["status"],
        winner: notNeeded ? null : results.get(order) ?? null,
        match: row && !notNeeded ? serializeMatch(record(row, null), entries) : null,
      };
    }),
    tableNo: m.table_no === null ? null : Number(m.table_no),
    scheduledAt: m.scheduled_at,
    startedAt: m.started_at,
    completedAt: m.completed_at,
    updatedAt: [m.updated_at, tie.updatedAt, ...tie.matches.map((t) => t.updated_at)].sort().at(-1)!,
  };
}

function teamAnswer(team: TeamRecord | undefined): Tie["home"] {
  if (!team) return null;
  return { id: team.id, name: team.name, association: team.association, players: team.players };
}

function lineupAnswer(lineup: SideLineup): { positions: Record<string, string>; pair: string[] | null } {
  return { positions: { ...lineup.positions }, pair: lineup.pair ? [...lineup.pair] : null };
}

/**
 * A public tie (`/ties/{id}`): its version is its category's, which every write to the tie, its line-ups and
 * its matches moves.
 */
export const tieView: View<string, Tie> = namedByUuid({
  version: async (deps, id) => {
    const category = await categoryOfTie(deps.db, id);
    return category === null ? null : await deps.versions.category(category);
  },
  load: ({ db }, id) => loadTie(db, id, { public: true }),
});

/** The public ties of a team category whose teams are known (`/subevents/{id}/ties`); empty for another. */
export const categoryTiesView: View<string, Tie[]> = namedByUuid({
  version: (deps, id) => deps.versions.category(id),
  load: async ({ db }, id) => {
    if (!await findPublicCategory(db, id)) return null;
    const ties = await Promise.all(
      (await tieIdsOfCategory(db, id)).map((t) => loadTie(db, t, { public: true })),
    );
    return ties.filter((t) => t !== null);
  },
});
