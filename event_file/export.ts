/**
 * An event written back in the import format (docs/import-format.md): to move it to another store or laptop, to
 * archive it, or to mend it by hand and import it again. Everything the format holds is written: the event, its
 * players (private fields and priors included: the file is the operator's), categories with entries, groups and
 * lot orders, draws slot by slot, and every match with its table, time, status, games and result.
 *
 * Keys are made here, in a stable order (players p1.., entries e1.. per category, matches m1.. per category);
 * each object also carries its id in the store (`uuid`), which an import keeps, so that a file exported and
 * imported again, here or in another store, keeps every id (and URL), and exports again to the same bytes. The
 * desk's announcement, the group places of the knockout once the groups have placed their entries, and the
 * unfinished game of a retirement or disqualification (replayed from its rallies) are written too, and the
 * desk's and the umpire's record: withdrawals, calls, skips, the kept plan's marks, the umpire's
 * choices at the start and incidents (time-outs, cards, the expedite system, doubles orders; those undone too,
 * marked), the confirmation of the result, the toss and the medical breaks (event_file/umpire_sheet.ts). What the format
 * does not hold is not exported: the points one by one (an import replays them evenly from the games),
 * corrections (their result is in the games), tokens, audit and ratings.
 */
import type { Kysely } from "kysely";
import { heldIdentities } from "../db/held_identities.ts";
import { playerIdKey } from "../db/player_id_key.ts";
import { readSessionsOf } from "../db/read_event_sessions.ts";
import type { Database, MatchRow } from "../db/schema.ts";
import { loadUmpireRecord, umpireFormat } from "../db/umpire_record.ts";
import { replayUmpire } from "../domain/match_replay.ts";
import { isUuid } from "../lib/uuid.ts";
import { teamFormatOfText } from "../db/tie_rows.ts";
import { storedLanguage } from "../db/read_events.ts";
import { teamsOf, tieOf } from "./export_teams.ts";
import { sheetsOf, type UmpireSheet } from "./umpire_sheet.ts";
import {
  type CategoryInput,
  type DrawSlotInput,
  EVENT_FILE_FORMAT,
  type EventFile,
  type IncidentInput,
  type MatchInput,
  type PlayerInput,
  type ResultReasonInput,
  type UmpireSetupInput,
} from "./format.ts";

type Db = Kysely<Database>;

/** The event with this slug as an import file, or null when there is none. */
export async function exportEvent(db: Db, slug: string): Promise<EventFile | null> {
  const event = await db.selectFrom("events").selectAll().where("slug", "=", slug).executeTakeFirst();
  if (!event) return null;
  const rows = await db.selectFrom("subevents").selectAll().where("event_id", "=", event.id)
    .orderBy("position").orderBy("id").execute();
  const playerKeys = new Map<string, string>();
  const players: PlayerInput[] = [];
  const categories: CategoryInput[] = [];
  const umpire = { incidents: await incidentsOf(db, event.id), sheets: await sheetsOf(db, event.id) };
  for (const sub of rows) {
    const entries = await db.selectFrom("entries")
      .innerJoin("players as p1", "p1.id", "entries.player1_id")
      .select([
        "entries.id",
        "entries.player1_id",
        "entries.player2_id",
        "entries.seed",
        "entries.withdrawn_at",
        "p1.display_name",
      ])
      .where("entries.subevent_id", "=", sub.id)
      // The entries a team's players play a tie's matches with are the team's (event_file/export_teams.ts).
      .where("entries.team_entry_id", "is", null)
      // The store keeps no order of entries: seeds first, then by name, so that a file reads as a list would.
      .orderBy((eb) => eb.case().when("entries.seed", "is", null).then(1).else(0).end())
      .orderBy("entries.seed").orderBy("p1.display_name").orderBy("entries.id")
      .execute();
    const teams = await teamsOf(db, sub.id);
    for (const e of entries) {
      for (const id of teams.get(e.id)?.players ?? [e.player1_id, e.player2_id]) {
        if (id !== null && !playerKeys.has(id)) playerKeys.set(id, `p${playerKeys.size + 1}`);
      }
    }
    const entryKeys = new Map(entries.map((e, i) => [e.id, `e${i + 1}`]));
    const key = (id: string | null) => id === null ? null : entryKeys.get(id) ?? null;
    const groups = await db.selectFrom("groups").selectAll().where("subevent_id", "=", sub.id)
      .orderBy("position").orderBy("id").execute();
    const members = groups.length === 0 ? [] : await db.selectFrom("group_members").selectAll()
      .where("group_id", "in", groups.map((g) => g.id)).orderBy("position").execute();
    const slots = await db.selectFrom("draw_slots").selectAll().where("subevent_id", "=", sub.id)
      .orderBy("position").execute();
    // As the category's list orders them (db/read_matches.ts), which a new import keeps: the ids do not.
    const matches = await db.selectFrom("matches").leftJoin("groups", "groups.id", "matches.group_id")
      .selectAll("matches").where("matches.subevent_id", "=", sub.id).where("matches.stage", "<>", "tie")
      .orderBy((eb) => eb.case().when("matches.stage", "=", "group").then(0).else(1).end())
      .orderBy("matches.round_no")
      .orderBy((eb) => eb.fn.coalesce("groups.position", eb.lit(0)))
      .orderBy("matches.bracket_pos").orderBy("matches.id").execute();
    const groupName = new Map(groups.map((g) => [g.id, g.name]));
    categories.push({
      id: sub.code,
      name: sub.name,
      kind: sub.kind,
      format: sub.format,
      bestOf: Number(sub.best_of),
      ...(sub.group_size === null ? {} : { groupSize: Number(sub.group_size) }),
      ...(sub.qualifiers_per_group === null ? {} : { qualifiersPerGroup: Number(sub.qualifiers_per_group) }),
      ...(sub.team_format ? { teamFormat: teamFormatOfText(sub.team_format) } : {}),
      ...(Number(sub.tables_per_tie) === 2 ? { tablesPerTie: 2 as const } : {}),
      entries: entries.map((e) => ({
        id: entryKeys.get(e.id)!,
        ...teamNameOf(teams.get(e.id)),
        players: (teams.get(e.id)?.players ?? [e.player1_id, e.player2_id])
          .flatMap((id) => id === null ? [] : [playerKeys.get(id)!]),
        ...(e.seed === null ? {} : { seed: Number(e.seed) }),
        ...uuidOf(e.id),
        ...(e.withdrawn_at === null ? {} : { withdrawnAt: e.withdrawn_at }),
      })),
      ...(groups.length === 0 ? {} : {
        groups: groups.map((g) => {
          const own = members.filter((m) => m.group_id === g.id);
          const lots = own.filter((m) => m.lot !== null).sort((a, b) => Number(a.lot) - Number(b.lot));
          return {
            name: g.name,
            entries: own.map((m) => key(m.entry_id)!),
            ...(lots.length === 0 ? {} : { lots: lots.map((m) => key(m.entry_id)!) }),
            ...uuidOf(g.id),
          };
        }),
      }),
      ...(sub.draw_state === "none" ? {} : {
        draw: {
          state: sub.draw_state,
          ...(sub.draw_seed === null ? {} : { lotSeed: sub.draw_seed }),
          ...(sub.draw_size === null || sub.format === "groups" ? {} : { size: Number(sub.draw_size) }),
          // A category of groups only has no knockout: its draw is its state and the lot's seed.
          ...(sub.format === "groups" ? {} : {
            slots: slots.map((s): DrawSlotInput =>
              s.qualifier_group !== null && s.qualifier_place !== null
                ? {
                  group: groups[Number(s.qualifier_group)]?.name ?? "",
                  place: Number(s.qualifier_place),
                  ...(s.entry_id === null ? {} : { entry: key(s.entry_id) }),
                }
                : s.entry_id !== null
                ? key(s.entry_id)
                : Number(s.is_bye) === 1
                ? "bye"
                : null
            ),
          }),
        },
      }),
      matches: await Promise.all(matches.map(async (m, i) => ({
        ...matchInput(m, `m${i + 1}`, key, groupName, umpire),
        ...await unfinishedGame(db, m, sub.kind === "doubles"),
        ...uuidOf(m.id),
        ...await tieOf(
          db,
          m,
          (id) => playerKeys.get(id)!,
          (t) => matchInput(t, "", key, groupName, umpire),
          uuidOf,
        ),
      }))),
      ...uuidOf(sub.id),
      ...(sub.sessions == null ? {} : { sessions: JSON.parse(sub.sessions) as string[] }),
    });
  }
  const people = playerKeys.size === 0 ? [] : await db.selectFrom("players").selectAll()
    .where("id", "in", [...playerKeys.keys()]).execute();
  const byId = new Map(people.map((p) => [p.id, p]));
  // A player public elsewhere keeps a published identity; the file says what this event's file said.
  const held = await heldIdentities(db, event.id);
  const checkIns = new Map(
    (await db.selectFrom("check_ins").select(["player_id", "checked_in_at", "checked_in_by"])
      .where("event_id", "=", event.id).execute()).map((c) => [c.player_id, c]),
  );
  for (const [id, k] of playerKeys) {
    const h = held.get(id);
    const p = h
      ? { ...byId.get(id)!, ...h, prior_rating: h.prior_rating ?? byId.get(id)!.prior_rating }
      : byId.get(id)!;
    players.push({
      id: k,
      displayName: p.display_name,
      ...(p.association === null ? {} : { association: p.association }),
      ...(p.federation_id === null ? {} : { federationId: p.federation_id }),
      ...(p.country == null ? {} : { country: p.country }),
      ...(p.email === null ? {} : { email: p.email }),
      ...(p.birth_date === null ? {} : { birthDate: p.birth_date }),
      ...(p.prior_rating === null ? {} : {
        prior: {
          rating: Number(p.prior_rating),
          ...(p.prior_deviation === null ? {} : { deviation: Number(p.prior_deviation) }),
          matchCount: Number(p.prior_match_count ?? 0),
        },
      }),
      ...checkedIn(checkIns.get(id)),
      ...uuidOf(id),
    });
  }
  return {
    format: EVENT_FILE_FORMAT,
    event: {
      slug: event.slug,
      name: event.name,
      venue: event.venue,
      startDate: event.start_date,
      endDate: event.end_date,
      status: event.status,
      description: event.description,
      posterUrl: event.poster_url,
      ...uuidOf(event.id),
      ...(event.announcement === null || event.announced_at === null
        ? {}
        : { announcement: { text: event.announcement, postedAt: event.announced_at } }),
      ...(storedLanguage(event.language) === null ? {} : { language: storedLanguage(event.language) }),
    },
    players,
    categories,
    ...await sessionsOf(db, event.id),
    // So that the event keeps its players' ids in a store that takes the key (db/player_id_key.ts).
    playerIdKey: await playerIdKey(db),
  };
}

/** A player's check-in at the event as the format writes it; nothing when she has none. */
function checkedIn(row: { checked_in_at: string; checked_in_by: string } | undefined) {
  return row ? { checkedInAt: row.checked_in_at, checkedInBy: row.checked_in_by } : {};
}

/** The event's sessions as the format writes them; nothing when it has none. */
async function sessionsOf(db: Db, eventId: string): Promise<Pick<EventFile, "sessions">> {
  const sessions = await readSessionsOf(db, eventId);
  if (sessions.length === 0) return {};
  return {
    sessions: sessions.map((s) => ({
      id: s.id,
      ...(s.name === null ? {} : { name: s.name }),
      start: s.start,
      end: s.end,
      tables: s.tables,
    })),
  };
}

/** A stored match as the format writes it. */
function matchInput(
  m: MatchRow,
  id: string,
  key: (entryId: string | null) => string | null,
  groupName: ReadonlyMap<string, string>,
  umpire: { incidents: ReadonlyMap<string, IncidentInput[]>; sheets: ReadonlyMap<string, UmpireSheet> },
): MatchInput {
  const { incidents, sheets } = umpire;
  const games = (JSON.parse(m.games) as [number, number][]).map(([h, a]) => `${h}-${a}`);
  const started = m.status !== "scheduled";
  return {
    id,
    stage: m.stage,
    ...(m.stage === "group" && m.group_id !== null ? { group: groupName.get(m.group_id) ?? null } : {}),
    round: Number(m.round_no),
    position: Number(m.bracket_pos),
    home: key(m.home_entry_id),
    away: key(m.away_entry_id),
    ...(m.table_no === null ? {} : { table: Number(m.table_no) }),
    ...(m.scheduled_at === null ? {} : { scheduledAt: m.scheduled_at }),
    status: m.status as MatchInput["status"],
    ...(m.result_reason === null ? {} : { resultReason: m.result_reason as ResultReasonInput }),
    ...(m.retirement_after_game === null ? {} : { retirementAfterGame: Number(m.retirement_after_game) }),
    ...(m.winner_entry_id === null ? {} : { winner: key(m.winner_entry_id) }),
    ...(games.length === 0 ? {} : { games }),
    ...(m.status === "in_progress" ? { current: `${m.current_home}-${m.current_away}` } : {}),
    ...(started && m.first_server !== null ? { firstServer: m.first_server as "home" | "away" } : {}),
    ...(m.started_at === null ? {} : { startedAt: m.started_at }),
    ...(m.completed_at === null ? {} : { completedAt: m.completed_at }),
    ...(m.called_at === null ? {} : { calledAt: m.called_at }),
    ...(m.skipped_at === null ? {} : { skippedAt: m.skipped_at }),
    ...(Number(m.planned) === 1 ? { planned: true } : {}),
    ...(m.umpire_setup === null ? {} : { umpireSetup: JSON.parse(m.umpire_setup) as UmpireSetupInput }),
    ...(incidents.has(m.id) ? { incidents: incidents.get(m.id)! } : {}),
    ...sheets.get(m.id),
  };
}

/** The umpire's incidents of the event's matches (`match_incidents`), by match, each in the order made. */
async function incidentsOf(db: Db, eventId: string): Promise<Map<string, IncidentInput[]>> {
  const rows = await db.selectFrom("match_incidents")
    .innerJoin("matches", "matches.id", "match_incidents.match_id")
    .selectAll("match_incidents").where("matches.event_id", "=", eventId)
    .orderBy("match_incidents.match_id").orderBy("match_incidents.seq").execute();
  const out = new Map<string, IncidentInput[]>();
  for (const r of rows) {
    const detail = JSON.parse(r.detail) as Record<string, unknown>;
    const incident: IncidentInput = {
      kind: r.kind as IncidentInput["kind"],
      afterPoints: Number(r.after_points),
      actionNo: Number(r.action_no),
      at: r.created_at,
      ...(Object.keys(detail).length === 0 ? {} : { detail }),
      ...(r.undone_at === null ? {} : { undoneAt: r.undone_at, undoneBy: r.undone_by ?? "" }),
    };
    const list = out.get(r.match_id);
    if (list) list.push(incident);
    else out.set(r.match_id, [incident]);
  }
  return out;
}

/** A team's name and association as the format writes them; nothing for another entry. */
function teamNameOf(team: { name: string; association: string | null } | undefined) {
  if (!team) return {};
  return { name: team.name, ...(team.association === null ? {} : { association: team.association }) };
}

/** The row's id as the file's `uuid` (docs/import-format.md, "Ids"); none for an id that is not a UUID. */
function uuidOf(id: string): { uuid?: string } {
  return isUuid(id) && id === id.toLowerCase() ? { uuid: id } : {};
}

/**
 * The running game of a match retired or disqualified in the middle of a game, which the match row does not keep
 * (its rallies do): replayed from the umpire's record, as `current`.
 */
async function unfinishedGame(db: Db, m: MatchRow, doubles: boolean): Promise<{ current?: string }> {
  if (m.result_reason !== "retired" && m.result_reason !== "disqualified") return {};
  const { record } = await loadUmpireRecord(db, m.id);
  if (record.points.length === 0 && record.incidents.length === 0) return {};
  const { home, away } = replayUmpire(record, umpireFormat(m, doubles)).currentGame;
  return home + away === 0 ? {} : { current: `${home}-${away}` };
}
