/**
 * An event's matches as the scheduler (domain/scheduler.ts) reads them, with the words a printed plan needs:
 * each match's category, stage and sides. Drafts included: the desk plans before it publishes. A table and a
 * time the desk gave by hand hold; those a kept plan gave (`planned`) may move while the match waits.
 */
import type { Kysely } from "kysely";
import type { ScheduleCategory, ScheduleMatch, ScheduleStatus } from "../domain/scheduler.ts";
import type { ScheduleTie, TiePart } from "../domain/tie_plan.ts";
import { tieScore } from "../domain/tie_score.ts";
import { tieMatchUses } from "../domain/tie_two_tables.ts";
import { readEntries } from "./read_entries.ts";
import { readTeams, tieResults } from "./read_ties.ts";
import type { Database } from "./schema.ts";
import { storedTeamFormat } from "./tie_rows.ts";

/** What a printed plan says of a match. */
export interface ScheduleLabel {
  category: string;
  /** "Group A, round 2" or the knockout round's label ("Semi-final"). */
  stage: string;
  home: string;
  away: string;
}

/** An event's matches to plan, with their labels. */
export interface ScheduleSource {
  event: { id: string; slug: string; name: string; startDate: string };
  categories: ScheduleCategory[];
  matches: ScheduleMatch[];
  labels: Map<string, ScheduleLabel>;
}

/**
 * The event `slug`'s matches to plan; null when no event has that slug. A match finished without a table or a
 * time (a walkover, a result typed in afterwards) is over and not planned: it is left out, and a match it feeds
 * counts it as over.
 */
export async function readScheduleSource(db: Kysely<Database>, slug: string): Promise<ScheduleSource | null> {
  const event = await db.selectFrom("events").select(["id", "slug", "name", "start_date"])
    .where("slug", "=", slug).executeTakeFirst();
  if (!event) return null;
  const categories = await db.selectFrom("subevents").select([
    "id",
    "name",
    "position",
    "kind",
    "team_format",
    "tables_per_tie",
  ])
    .where("event_id", "=", event.id).orderBy("position").execute();
  const categoryIds = categories.map((s) => s.id);
  const none = categoryIds.length === 0;
  const groups = none ? [] : await db.selectFrom("groups").select(["id", "subevent_id", "name", "position"])
    .where("subevent_id", "in", categoryIds).orderBy("position").execute();
  const slots = none
    ? []
    : await db.selectFrom("draw_slots").select(["subevent_id", "position", "qualifier_group"])
      .where("subevent_id", "in", categoryIds).execute();
  const rows = await db.selectFrom("matches").select([
    "id",
    "subevent_id",
    "stage",
    "group_id",
    "round_no",
    "bracket_pos",
    "label",
    "home_entry_id",
    "away_entry_id",
    "table_no",
    "scheduled_at",
    "started_at",
    "completed_at",
    "status",
    "best_of",
    "planned",
    "called_at",
    "tie_id",
    "tie_order",
    "winner_entry_id",
  ]).where("event_id", "=", event.id).execute();
  const ties = await readScheduleTies(db, categories, rows);

  const entryById = await readEntries(
    db,
    rows.flatMap((m) => [m.home_entry_id, m.away_entry_id]).filter((id) => id !== null),
  );
  const entryOf = (entryId: string | null) => entryId === null ? undefined : entryById.get(entryId);
  const peopleOf = (entryId: string | null) => entryOf(entryId)?.players.map((p) => p.id) ?? [];
  const nameOf = (entryId: string | null) => entryOf(entryId)?.name ?? "to be decided";
  const over = (m: typeof rows[number]) =>
    m.status === "completed" && (m.table_no === null || m.started_at === null);
  // A tie's matches are planned inside their tie (domain/tie_plan.ts), not one by one.
  const kept = rows.filter((m) => !over(m) && m.tie_id == null);
  const groupMatches = new Map<string, string[]>();
  for (const m of kept) {
    if (m.group_id !== null) groupMatches.set(m.group_id, [...(groupMatches.get(m.group_id) ?? []), m.id]);
  }
  const groupsOf = new Map<string, typeof groups>();
  for (const g of groups) groupsOf.set(g.subevent_id, [...(groupsOf.get(g.subevent_id) ?? []), g]);
  const knockout = new Map(
    kept.filter((m) => m.stage === "knockout").map((
      m,
    ) => [`${m.subevent_id}/${m.round_no}/${m.bracket_pos}`, m]),
  );
  /** The matches still to decide who stands at a knockout position (a match, or a bye or group before it). */
  const feedersAt = (categoryId: string, round: number, pos: number): string[] => {
    if (round === 0) {
      const slot = slots.find((s) => s.subevent_id === categoryId && s.position === pos);
      const group = slot?.qualifier_group == null
        ? undefined
        : groupsOf.get(categoryId)?.[slot.qualifier_group];
      return group ? groupMatches.get(group.id) ?? [] : [];
    }
    const m = knockout.get(`${categoryId}/${round}/${pos}`);
    if (m) return [m.id];
    if (
      rows.some((r) =>
        r.stage === "knockout" && r.subevent_id === categoryId && r.round_no === round &&
        r.bracket_pos === pos
      )
    ) {
      return []; // over
    }
    return [...feedersAt(categoryId, round - 1, 2 * pos), ...feedersAt(categoryId, round - 1, 2 * pos + 1)];
  };

  const categoryName = new Map(categories.map((s) => [s.id, s.name]));
  const groupName = new Map(groups.map((g) => [g.id, g.name]));
  const labels = new Map<string, ScheduleLabel>();
  // Group qualifiers are put into the knockout again once every group is over (db/draw_writes.ts
  // `placeAfterGroups`): until then no knockout match of the category may begin, whoever its sides are now.
  const placedAfterGroups = new Set(
    slots.filter((s) => s.qualifier_group !== null).map((s) => s.subevent_id),
  );
  const categoryGroupMatches = new Map<string, string[]>();
  for (const m of kept) {
    if (m.stage !== "group" || !placedAfterGroups.has(m.subevent_id)) continue;
    const list = categoryGroupMatches.get(m.subevent_id);
    if (list) list.push(m.id);
    else categoryGroupMatches.set(m.subevent_id, [m.id]);
  }
  // Once every group is over, the knockout waits for nothing but its own rounds.
  const statusOf = new Map(kept.map((m) => [m.id, m.status]));
  for (const [categoryId, ids] of categoryGroupMatches) {
    if (ids.every((id) => statusOf.get(id) === "completed")) {
      categoryGroupMatches.delete(categoryId);
    }
  }
  const matches: ScheduleMatch[] = kept.map((m) => {
    const feeders = m.stage === "knockout"
      ? [
        ...new Set([
          ...(m.home_entry_id === null ? feedersAt(m.subevent_id, m.round_no - 1, 2 * m.bracket_pos) : []),
          ...(m.away_entry_id === null
            ? feedersAt(m.subevent_id, m.round_no - 1, 2 * m.bracket_pos + 1)
            : []),
          ...(m.status === "scheduled" ? categoryGroupMatches.get(m.subevent_id) ?? [] : []),
        ]),
      ]
      : [];
    const tie = ties.get(m.id);
    for (const part of tie?.parts ?? []) {
      const row = rows.find((r) => r.id === part.id)!;
      labels.set(part.id, {
        category: categoryName.get(m.subevent_id) ?? "",
        stage: row.label,
        home: nameOf(row.home_entry_id),
        away: nameOf(row.away_entry_id),
      });
    }
    labels.set(m.id, {
      category: categoryName.get(m.subevent_id) ?? "",
      stage: m.group_id !== null ? `Group ${groupName.get(m.group_id) ?? ""}, round ${m.round_no}` : m.label,
      home: nameOf(m.home_entry_id),
      away: nameOf(m.away_entry_id),
    });
    // A match placed by a plan kept earlier moves with the plan until it is called or started.
    const free = m.planned === 1 && m.status === "scheduled" && m.called_at === null;
    const fixedStart = m.started_at ?? (free ? null : m.scheduled_at);
    return {
      id: m.id,
      category: m.subevent_id,
      stage: m.stage,
      group: m.group_id,
      round: m.round_no,
      position: m.bracket_pos,
      players: tie?.players ?? [...peopleOf(m.home_entry_id), ...peopleOf(m.away_entry_id)],
      feeders,
      bestOf: m.best_of,
      status: m.status as ScheduleStatus,
      table: free ? null : m.table_no,
      start: fixedStart === null ? null : Date.parse(fixedStart),
      end: m.completed_at === null ? null : Date.parse(m.completed_at),
      ...(tie ? { tie: { parts: tie.parts, remaining: tie.remaining, twoTables: tie.twoTables } } : {}),
    };
  });
  return {
    event: { id: event.id, slug: event.slug, name: event.name, startDate: event.start_date },
    categories: categories.map((s) => ({ id: s.id, order: s.position, sessions: [] })),
    matches,
    labels,
  };
}

type ScheduleRow = {
  id: string;
  subevent_id: string;
  stage: string;
  home_entry_id: string | null;
  away_entry_id: string | null;
  status: string;
  started_at: string | null;
  completed_at: string | null;
  winner_entry_id: string | null;
  tie_id?: string | null;
  tie_order?: number | null;
  table_no?: number | null;
};

/** What the plan reads of a tie: both teams' players, its matches, how many remain, and whether on two tables. */
type ScheduleTieRead =
  & { players: string[]; parts: TiePart[]; remaining: number }
  & Pick<ScheduleTie, "twoTables">;

/** What the plan reads of each tie of the team categories: both teams' players, its matches, how many remain. */
async function readScheduleTies(
  db: Kysely<Database>,
  categories: readonly {
    id: string;
    kind: string;
    team_format?: string | null;
    tables_per_tie?: number | null;
  }[],
  rows: readonly ScheduleRow[],
): Promise<Map<string, ScheduleTieRead>> {
  const teamCategories = new Map(categories.filter((c) => c.kind === "team").map((c) => [c.id, c]));
  const tieRows = rows.filter((m) => teamCategories.has(m.subevent_id) && m.stage !== "tie");
  if (tieRows.length === 0) return new Map();
  const stored = await db.selectFrom("ties").select(["match_id", "format"])
    .where("subevent_id", "in", [...teamCategories.keys()]).execute();
  const formatOf = new Map(stored.map((t) => [t.match_id, t.format]));
  const teams = await readTeams(
    db,
    tieRows.flatMap((m) => [m.home_entry_id, m.away_entry_id]).filter((id) => id !== null),
  );
  const out = new Map<string, ScheduleTieRead>();
  for (const m of tieRows) {
    const own = rows.filter((r) => r.tie_id === m.id).sort((a, b) =>
      Number(a.tie_order) - Number(b.tie_order)
    );
    const format = storedTeamFormat(
      formatOf.get(m.id) ?? teamCategories.get(m.subevent_id)!.team_format ?? "wttc",
    );
    const score = tieScore(
      format,
      tieResults({ matches: own as Parameters<typeof tieResults>[0]["matches"] }),
    );
    const players = [m.home_entry_id, m.away_entry_id].flatMap((id) =>
      id === null ? [] : (teams.get(id)?.players ?? []).map((p) => p.id)
    );
    // A category that plays its ties on two tables (domain/tie_two_tables.ts) plans them with its format's order.
    const two = Number(teamCategories.get(m.subevent_id)!.tables_per_tie) === 2;
    out.set(m.id, {
      players,
      twoTables: two ? { uses: tieMatchUses(format) } : null,
      parts: own.map((r) => ({
        id: r.id,
        order: Number(r.tie_order),
        status: r.status as TiePart["status"],
        start: r.started_at === null ? null : Date.parse(r.started_at),
        end: r.completed_at === null ? null : Date.parse(r.completed_at),
        table: r.table_no == null ? null : Number(r.table_no),
      })),
      remaining: m.status === "completed" ? 0 : score.remaining.length,
    });
  }
  return out;
}
