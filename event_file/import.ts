/**
 * Loads a validated event file (tt-event/1, docs/import-format.md) into the store, in one transaction.
 *
 * Ids are the `uuid`s an export wrote, else derived from the event slug and the file's keys
 * (event_file/file_ids.ts), so a re-import keeps every URL. The file's SHA-256 (`events.source_hash`) makes the
 * import idempotent: the same file again changes nothing, not even the revision; a changed file replaces the
 * event's categories, entries, groups, draws and matches.
 * @module
 */
import { createHash } from "node:crypto";
import { type Insertable, type Kysely, sql, type Transaction } from "kysely";
import { groupLabel, roundLabel } from "../domain/bracket.ts";
import { commonAssociation } from "../domain/draw.ts";
import { normalizeAnnouncement } from "../domain/announcement.ts";
import { deleteGroups } from "../db/delete_groups.ts";
import { deleteOrphanPlayers, eventPlayerIds } from "../db/orphan_players.ts";
import { forgetHeldIdentities, writeHiddenEventPlayers } from "../db/held_identities.ts";
import { accountIdFor, eventIdFor } from "../db/ids.ts";
import { federationIdsOfPlayers, hasEvent, idsOfOtherEvents } from "../db/import_ids.ts";
import { importPlayerIdKey } from "../db/player_id_key.ts";
import { bumpRevision, lockListing } from "../db/revision.ts";
import type { Database } from "../db/schema.ts";
import { writeSessionRows } from "../db/session_writes.ts";
import { upsertPlayers } from "../db/upsert_players.ts";
import { writeTransaction } from "../db/write_transaction.ts";
import { teamPlayerId } from "../db/team_ids.ts";
import { teamFormatText } from "../db/tie_rows.ts";
import { afterImport } from "./after_import.ts";
import { planTeams, type TeamRows } from "./import_teams.ts";
import { drawByLot } from "./draw_by_lot.ts";
import { type FileIds, fileIds, givenIds } from "./file_ids.ts";
import type { CategoryInput, DrawSlotInput, EventFile, ImportProblem, MatchInput } from "./format.ts";
import {
  incidentRows,
  matchScore,
  normalTime,
  recordColumns,
  resultColumns,
  unreplayedWarning,
} from "./match_rows.ts";
import { addSheetRows, insertSheetRows, noSheetRows, type UmpireSheetRows } from "./umpire_sheet.ts";
import { validateEventFile } from "./validate.ts";
import { withRoundRobins } from "./round_robins.ts";

/** Rows of each kind that the file holds (whether or not anything was written). */
export interface ImportCounts {
  players: number;
  accounts: number;
  categories: number;
  entries: number;
  groups: number;
  drawSlots: number;
  matches: number;
  /** Points stored for the live scorer, rebuilt from the games of every match that has been played. */
  points: number;
}

/** What an import did: the event's id, whether anything changed, and what the file holds. */
export interface ImportResult {
  eventId: string;
  changed: boolean;
  counts: ImportCounts;
  /** What was imported otherwise than the file says (a match's incidents that do not replay), each with its path. */
  warnings: ImportProblem[];
}

/** A file that is not valid was given to the loader; `problems` lists every problem with its path. */
export class ImportError extends Error {
  override name = "ImportError";
  constructor(readonly problems: readonly ImportProblem[]) {
    super(
      `Cannot import the event: ${problems.length} ${
        problems.length === 1 ? "problem" : "problems"
      }, first ` +
        (problems[0] ? `${problems[0].path || "(file)"}: ${problems[0].message}` : "unknown"),
    );
  }
}

/**
 * The file's JSON with object keys sorted and no whitespace: equal for files that differ only in layout or key
 * order. `undefined` members are dropped as `JSON.stringify` drops them.
 * @example canonicalJson({ b: 1, a: [true, "x"] }) // '{"a":[true,"x"],"b":1}'
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    return `[${value.map((v) => v === undefined ? "null" : canonicalJson(v)).join(",")}]`;
  }
  if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record).filter((k) => record[k] !== undefined).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The SHA-256 (hex) of the file's canonical JSON, without the editor hint `$schema`: `events.source_hash`. */
export function sourceHash(file: EventFile): string {
  const { $schema: _ignored, ...content } = file;
  return createHash("sha256").update(canonicalJson(content), "utf8").digest("hex");
}

/**
 * Imports a file in a transaction of its own; `clock` gives the import time (created/updated stamps and the
 * defaults of `startedAt`/`completedAt`). Throws an `ImportError` for an invalid file; nothing is written then.
 */
export async function importEvent(
  store: { readonly db: Kysely<Database> },
  file: EventFile,
  clock: () => Date = () => new Date(),
): Promise<ImportResult> {
  const now = clock();
  return await writeTransaction(store.db, (trx) => importEventInTransaction(trx, file, now));
}

/**
 * Imports a file inside the caller's transaction (the demo loader's start-up, for one): validates it again,
 * returns `changed: false` when the store already holds this very file, otherwise writes the event and all its
 * rows, bumps the revision and runs `afterImport`.
 */
export async function importEventInTransaction(
  trx: Transaction<Database>,
  fileGiven: EventFile,
  now: Date,
): Promise<ImportResult> {
  const checked = await validateEventFile(fileGiven);
  if (!checked.ok) throw new ImportError(checked.errors);
  // A group given without its matches plays its round robin: the matches are made as the draw makes them.
  const file = withRoundRobins(fileGiven);
  await lockListing(trx);
  const at = now.toISOString();
  const slug = file.event.slug;
  const hash = sourceHash(fileGiven);
  const existing = await trx.selectFrom("events").select(["id", "source_hash", "status"]).where(
    "slug",
    "=",
    slug,
  )
    .executeTakeFirst();
  // An event already under this slug keeps its id (and its tokens); a new one takes the file's, when free.
  const fileEventId = file.event.uuid ?? undefined;
  const eventId = existing?.id ??
    (fileEventId && !(await hasEvent(trx, fileEventId)) ? fileEventId : eventIdFor(slug));
  const idKey = await importPlayerIdKey(trx, file.playerIdKey);
  const given = givenIds(file);
  const ids = fileIds(file, {
    otherEvents: await idsOfOtherEvents(trx, eventId, given),
    players: await federationIdsOfPlayers(trx, given.players),
    federationPlayers: await knownFederationPlayers(trx, file),
    idKey,
  });
  const plan = planRows(file, eventId, at, ids);
  if (existing && existing.source_hash === hash) {
    return { eventId, changed: false, counts: plan.counts, warnings: plan.warnings };
  }

  const event = {
    slug,
    name: file.event.name,
    venue: file.event.venue,
    start_date: file.event.startDate,
    end_date: file.event.endDate,
    status: file.event.status,
    description: file.event.description ?? "",
    poster_url: file.event.posterUrl ?? null,
    source_hash: hash,
    updated_at: at,
    // Absent, the store's announcement stays (the desk's, posted since the file was made).
    ...(file.event.announcement
      ? {
        announcement: normalizeAnnouncement(file.event.announcement.text),
        announced_at: normalTime(file.event.announcement.postedAt),
      }
      : {}),
    // Absent, the store's language stays (the desk may have chosen one on /manage since).
    ...(file.event.language === undefined ? {} : { language: file.event.language }),
  };
  let previous = new Map<string, MatchStamp>();
  // The players of the event's entries before the import: those the file drops may be left with nothing.
  let playersBefore = new Set<string>();
  if (existing) {
    previous = await matchStamps(trx, eventId);
    playersBefore = await eventPlayerIds(trx, eventId);
    await trx.updateTable("events").set(event).where("id", "=", eventId).execute();
    await deleteEventRows(trx, eventId);
  } else {
    await trx.insertInto("events").values({ ...event, id: eventId, revision: 0, created_at: at }).execute();
  }
  // A hidden event's file changes no public player (db/held_identities.ts).
  if (file.event.status === "published") {
    await upsertPlayers(trx, plan.players);
    await forgetHeldIdentities(trx, eventId);
  } else {
    await writeHiddenEventPlayers(trx, eventId, plan.players);
  }
  await writeCheckIns(trx, eventId, file, plan.players);
  await upsertAccounts(trx, plan.accounts);
  await upsertTeamPlayers(trx, plan.teams.teamPlayers);
  for (const chunk of chunks(plan.categories)) await trx.insertInto("subevents").values(chunk).execute();
  await writeSessionRows(trx, eventId, file.sessions ?? []);
  for (const chunk of chunks(plan.entries)) await trx.insertInto("entries").values(chunk).execute();
  for (const chunk of chunks(plan.teams.teams)) await trx.insertInto("teams").values(chunk).execute();
  for (const chunk of chunks(plan.teams.teamMembers)) {
    await trx.insertInto("team_members").values(chunk).execute();
  }
  for (const chunk of chunks(plan.groups)) await trx.insertInto("groups").values(chunk).execute();
  for (const chunk of chunks(plan.groupMembers)) {
    await trx.insertInto("group_members").values(chunk).execute();
  }
  for (const chunk of chunks(plan.drawSlots)) await trx.insertInto("draw_slots").values(chunk).execute();
  const matches = plan.matches.map((m) => {
    // Revisions only grow: a client holding a match's old revision must not match the replaced row.
    const before = previous.get(m.id);
    return before ? { ...m, revision: before.revision + 1, created_at: before.createdAt } : m;
  });
  for (const chunk of chunks(matches)) await trx.insertInto("matches").values(chunk).execute();
  for (const chunk of chunks(plan.points, 500)) await trx.insertInto("match_points").values(chunk).execute();
  for (const chunk of chunks(plan.incidents)) await trx.insertInto("match_incidents").values(chunk).execute();
  await insertSheetRows(trx, plan.sheets, matches);
  for (const chunk of chunks(plan.teams.ties)) await trx.insertInto("ties").values(chunk).execute();
  // A player the desk added (a late entry) that the file does not hold goes with her entry (db/orphan_players.ts).
  for (const p of [...plan.players, ...plan.teams.teamPlayers]) playersBefore.delete(p.id!);
  await deleteOrphanPlayers(trx, playersBefore);

  // Ratings, the leaderboard's `listed` flags and predictions follow (event_file/after_import.ts); the revision
  // bump comes last, as in every write, so that the revisions row is the last lock a write takes (no deadlock
  // cycles).
  await afterImport(trx, eventId, now);
  await bumpRevision(trx, eventId, undefined, { wasPublished: existing?.status === "published" });
  return { eventId, changed: true, counts: plan.counts, warnings: plan.warnings };
}

/** Writes the players that stand for teams (docs/teams.md): their names follow the file. */
async function upsertTeamPlayers(trx: Transaction<Database>, rows: TeamRows["teamPlayers"]): Promise<void> {
  for (const chunk of chunks(rows)) {
    await trx.insertInto("players").values(chunk).onConflict((oc) =>
      oc.column("id").doUpdateSet((eb) => ({
        display_name: eb.ref("excluded.display_name"),
        association: eb.ref("excluded.association"),
      }))
    ).execute();
  }
}

/** The ids of players already in the store under the file's federation ids (the oldest row per id). */
async function knownFederationPlayers(
  trx: Transaction<Database>,
  file: EventFile,
): Promise<Map<string, string>> {
  const federationIds = file.players.flatMap((p) => p.federationId ? [p.federationId] : []);
  const known = new Map<string, string>();
  // One bound variable per id: a single `IN (...)` list would pass SQLite's 32,766 (and PostgreSQL's 65,535)
  // for a large event. Each id is in one chunk only, so the oldest row per id is still found in its chunk.
  for (const chunk of chunks(federationIds, FEDERATION_IDS_PER_QUERY)) {
    const rows = await trx.selectFrom("players").select(["id", "federation_id"])
      .where("federation_id", "in", chunk).orderBy("created_at").orderBy("id").execute();
    for (const row of rows) {
      if (row.federation_id !== null && !known.has(row.federation_id)) known.set(row.federation_id, row.id);
    }
  }
  return known;
}

/** Federation ids looked up per query: far below every dialect's limit on bound variables. */
const FEDERATION_IDS_PER_QUERY = 1000;

interface MatchStamp {
  revision: number;
  createdAt: string;
}

/** The revision and creation time of each match of the event, kept across a re-import. */
async function matchStamps(trx: Transaction<Database>, eventId: string): Promise<Map<string, MatchStamp>> {
  const rows = await trx.selectFrom("matches").select(["id", "revision", "created_at"])
    .where("event_id", "=", eventId).execute();
  return new Map(rows.map((r) => [r.id, { revision: Number(r.revision), createdAt: r.created_at }]));
}

/** Inserts the accounts, or renames those whose e-mail (without regard to case) exists. */
async function upsertAccounts(
  trx: Transaction<Database>,
  rows: Insertable<Database["accounts"]>[],
): Promise<void> {
  for (const account of rows) {
    const found = await trx.selectFrom("accounts").select("id").where(sql`lower(email)`, "=", account.email)
      .executeTakeFirst();
    if (found) {
      await trx.updateTable("accounts").set({ display_name: account.display_name }).where("id", "=", found.id)
        .execute();
    } else {
      await trx.insertInto("accounts").values(account).execute();
    }
  }
}

/** The event's check-ins as the file gives them (`players[].checkedInAt`), in place of the stored ones. */
async function writeCheckIns(
  trx: Transaction<Database>,
  eventId: string,
  file: EventFile,
  players: readonly { id: string }[],
): Promise<void> {
  await trx.deleteFrom("check_ins").where("event_id", "=", eventId).execute();
  // planRows() makes one player row per player of the file, in its order.
  const rows = file.players.flatMap((p, i) =>
    p.checkedInAt
      ? [{
        event_id: eventId,
        player_id: players[i]!.id,
        checked_in_at: normalTime(p.checkedInAt)!,
        checked_in_by: p.checkedInBy ?? "import",
      }]
      : []
  );
  for (const chunk of chunks(rows)) await trx.insertInto("check_ins").values(chunk).execute();
}

/** Deletes what an import of the event wrote, except the event row itself and the players (shared by events). */
async function deleteEventRows(trx: Transaction<Database>, eventId: string): Promise<void> {
  const categories = trx.selectFrom("subevents").select("id").where("event_id", "=", eventId);
  // Matches first (their points, corrections, predictions and rating history cascade), then what they reference.
  await trx.deleteFrom("matches").where((eb) =>
    eb.or([eb("event_id", "=", eventId), eb("subevent_id", "in", categories)])
  ).execute();
  await trx.deleteFrom("draw_slots").where("subevent_id", "in", categories).execute();
  await deleteGroups(trx, categories);
  await trx.deleteFrom("entries").where("subevent_id", "in", categories).execute();
  await trx.deleteFrom("subevents").where("event_id", "=", eventId).execute();
}

function* chunks<T>(rows: readonly T[], size = 100): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

// ---------------------------------------------------------------------------------------------------------
// From the file to rows: pure, so that the unchanged case can count without writing.

interface Plan {
  players: Insertable<Database["players"]>[];
  accounts: Insertable<Database["accounts"]>[];
  categories: Insertable<Database["subevents"]>[];
  entries: Insertable<Database["entries"]>[];
  groups: Insertable<Database["groups"]>[];
  groupMembers: Insertable<Database["group_members"]>[];
  drawSlots: Insertable<Database["draw_slots"]>[];
  matches: Insertable<Database["matches"]>[];
  points: Insertable<Database["match_points"]>[];
  /** The umpire's incidents of the matches (time-outs, cards, expedite, doubles orders). */
  incidents: Insertable<Database["match_incidents"]>[];
  /** The matches' confirmations, tosses and medical breaks (event_file/umpire_sheet.ts). */
  sheets: UmpireSheetRows;
  /** Matches whose incidents do not replay over their rebuilt rallies (event_file/match_rows.ts). */
  warnings: ImportProblem[];
  /** What team categories add besides entries and matches (event_file/import_teams.ts). */
  teams: Pick<TeamRows, "teamPlayers" | "teams" | "teamMembers" | "ties">;
  counts: ImportCounts;
}

function planRows(file: EventFile, eventId: string, at: string, ids: FileIds): Plan {
  const playerIds = new Map<string, string>();
  const associations = new Map<string, string | undefined>();
  const plan: Plan = {
    players: [],
    accounts: [],
    categories: [],
    entries: [],
    groups: [],
    groupMembers: [],
    drawSlots: [],
    matches: [],
    points: [],
    incidents: [],
    sheets: noSheetRows(),
    warnings: [],
    teams: { teamPlayers: [], teams: [], teamMembers: [], ties: [] },
    counts: {
      players: 0,
      accounts: 0,
      categories: 0,
      entries: 0,
      groups: 0,
      drawSlots: 0,
      matches: 0,
      points: 0,
    },
  };
  for (const p of file.players) {
    const id = ids.player(p);
    playerIds.set(p.id, id);
    associations.set(p.id, p.association ?? undefined);
    plan.players.push({
      id,
      display_name: p.displayName,
      association: p.association ?? null,
      federation_id: p.federationId ?? null,
      country: p.country ?? null,
      email: p.email ?? null,
      birth_date: p.birthDate ?? null,
      prior_rating: p.prior?.rating ?? null,
      prior_deviation: p.prior?.deviation ?? null,
      prior_match_count: p.prior?.matchCount ?? null,
      listed: 0,
      created_at: at,
    });
  }
  for (const a of file.accounts ?? []) {
    const email = a.email.trim().toLowerCase();
    plan.accounts.push({ id: accountIdFor(email), email, display_name: a.displayName, created_at: at });
  }
  file.categories.forEach((category, position) => {
    planCategory(plan, category, position, { ids, eventId, at, playerIds, associations });
  });
  plan.counts = {
    players: plan.players.length,
    accounts: plan.accounts.length,
    categories: plan.categories.length,
    entries: plan.entries.length,
    groups: plan.groups.length,
    drawSlots: plan.drawSlots.length,
    matches: plan.matches.length,
    points: plan.points.length,
  };
  return plan;
}

interface PlanContext {
  ids: FileIds;
  eventId: string;
  at: string;
  playerIds: Map<string, string>;
  associations: Map<string, string | undefined>;
}

function planCategory(plan: Plan, category: CategoryInput, position: number, ctx: PlanContext): void {
  const { ids, eventId, at } = ctx;
  const categoryId = ids.category(category);
  const entryId = (key: string) => ids.entry(category, key);
  const groups = category.groups ?? [];
  const groupIndex = new Map(groups.map((g, i) => [g.name, i]));
  const slots = drawSlots(category, ctx.associations);
  plan.categories.push({
    id: categoryId,
    event_id: eventId,
    code: category.id,
    name: category.name,
    kind: category.kind,
    format: category.format,
    best_of: category.bestOf,
    position,
    group_size: category.groupSize ?? null,
    qualifiers_per_group: category.qualifiersPerGroup ?? null,
    draw_state: category.draw?.state ?? "none",
    draw_seed: category.draw?.lotSeed ?? null,
    draw_size: slots ? slots.length : null,
    ...(category.sessions ? { sessions: JSON.stringify(category.sessions) } : {}),
    ...(category.teamFormat ? { team_format: teamFormatText(category.teamFormat) } : {}),
    ...(category.tablesPerTie === 2 ? { tables_per_tie: 2 } : {}),
  });
  const team = category.kind === "team";
  for (const e of category.entries) {
    plan.entries.push({
      id: entryId(e.id),
      subevent_id: categoryId,
      // A team's entry is played by the player row that stands for the team (docs/teams.md).
      player1_id: team ? teamPlayerId(entryId(e.id)) : ctx.playerIds.get(e.players[0]!)!,
      player2_id: team || e.players[1] === undefined ? null : ctx.playerIds.get(e.players[1])!,
      seed: e.seed ?? null,
      withdrawn_at: normalTime(e.withdrawnAt),
    });
  }
  groups.forEach((g, i) => {
    const groupId = ids.group(category, g.name);
    plan.groups.push({ id: groupId, subevent_id: categoryId, name: g.name, position: i });
    const lots = g.lots ?? [];
    g.entries.forEach((key, j) => {
      const lot = lots.indexOf(key);
      plan.groupMembers.push({
        group_id: groupId,
        entry_id: entryId(key),
        position: j,
        lot: lot < 0 ? null : lot + 1,
      });
    });
  });
  (slots ?? []).forEach((slot, k) => {
    const row = {
      subevent_id: categoryId,
      position: k,
      entry_id: null,
      is_bye: 0,
      qualifier_group: null,
      qualifier_place: null,
    };
    if (slot === "bye") plan.drawSlots.push({ ...row, is_bye: 1 });
    else if (typeof slot === "string") plan.drawSlots.push({ ...row, entry_id: entryId(slot) });
    else if (slot !== null) {
      plan.drawSlots.push({
        ...row,
        // The entry its group placed here, once the group was final: the slot keeps the link to the place.
        entry_id: slot.entry ? entryId(slot.entry) : null,
        qualifier_group: groupIndex.get(slot.group)!,
        qualifier_place: slot.place,
      });
    } else plan.drawSlots.push(row);
  });

  const matches = category.matches ?? [];
  const roundCount = slots ? Math.log2(slots.length) : inferredRoundCount(matches);
  const groupOrder = new Map<string, number>();
  for (const [index, m] of matches.entries()) {
    const id = ids.match(category, m);
    let round: number;
    let bracketPos: number;
    let label: string;
    let groupId: string | null = null;
    if (m.stage === "group") {
      const name = m.group!;
      const order = groupOrder.get(name) ?? 0;
      groupOrder.set(name, order + 1);
      round = m.round ?? 1;
      bracketPos = m.position ?? order;
      label = groupLabel(groupIndex.get(name)!);
      groupId = ids.group(category, name);
    } else {
      round = m.round!;
      bracketPos = m.position!;
      label = roundLabel(round, roundCount);
    }
    const score = matchScore(m, category.bestOf, category.kind === "doubles");
    const winnerKey = m.winner ?? (score.winner === null ? null : m[score.winner]);
    plan.matches.push({
      id,
      event_id: eventId,
      subevent_id: categoryId,
      stage: m.stage,
      group_id: groupId,
      round_no: round,
      bracket_pos: bracketPos,
      label,
      home_entry_id: m.home ? entryId(m.home) : null,
      away_entry_id: m.away ? entryId(m.away) : null,
      table_no: m.table ?? null,
      ...resultColumns(m, score, at),
      ...recordColumns(m),
      winner_entry_id: m.status === "completed" && winnerKey ? entryId(winnerKey) : null,
      best_of: category.bestOf,
      revision: 0,
      created_at: at,
      updated_at: at,
    });
    score.points.forEach((side, seq) =>
      plan.points.push({ match_id: id, seq: seq + 1, side, created_at: at })
    );
    plan.incidents.push(...incidentRows(id, m.incidents));
    addSheetRows(plan.sheets, id, m);
    plan.warnings.push(...unreplayedWarning(`categories[${position}].matches[${index}]`, m, score));
  }
  if (team) planTeamRows(plan, category, categoryId, position, ctx);
}

/** Adds what a team category has besides its entries and ties (event_file/import_teams.ts) to the plan. */
function planTeamRows(
  plan: Plan,
  category: CategoryInput,
  categoryId: string,
  position: number,
  ctx: PlanContext,
): void {
  const rows = planTeams(category, {
    eventId: ctx.eventId,
    at: ctx.at,
    categoryId,
    bestOf: category.bestOf,
    entryId: (key) => ctx.ids.entry(category, key),
    playerId: (key) => ctx.playerIds.get(key)!,
    matchId: (key) => ctx.ids.match(category, (category.matches ?? []).find((m) => m.id === key)!),
    tieRows: new Map(plan.matches.filter((m) => m.subevent_id === categoryId).map((m) => [m.id, m])),
    path: `categories[${position}]`,
  });
  plan.entries.push(...rows.memberEntries);
  plan.matches.push(...rows.matches);
  plan.points.push(...rows.points);
  plan.incidents.push(...rows.incidents);
  plan.sheets.confirmations.push(...rows.sheets.confirmations);
  plan.sheets.tosses.push(...rows.sheets.tosses);
  plan.sheets.medicalBreaks.push(...rows.sheets.medicalBreaks);
  plan.warnings.push(...rows.warnings);
  plan.teams.teamPlayers.push(...rows.teamPlayers);
  plan.teams.teams.push(...rows.teams);
  plan.teams.teamMembers.push(...rows.teamMembers);
  plan.teams.ties.push(...rows.ties);
}

/** The slots of a category's draw: as given, or made by lot from `lotSeed`; null without a draw. */
function drawSlots(
  category: CategoryInput,
  associations: Map<string, string | undefined>,
): DrawSlotInput[] | null {
  const draw = category.draw;
  if (!draw || category.format === "groups") return null;
  if (draw.slots) return draw.slots;
  return drawByLot({
    format: category.format,
    lotSeed: draw.lotSeed!,
    entries: category.entries.map((e) => ({
      id: e.id,
      seed: e.seed ?? undefined,
      association: commonAssociation(e.players.map((p) => associations.get(p))),
    })),
    groupNames: (category.groups ?? []).map((g) => g.name),
    qualifiersPerGroup: category.qualifiersPerGroup ?? undefined,
  });
}

/** Without a draw, the smallest bracket that holds every knockout match: round r, position p needs 2^(R-r) > p. */
function inferredRoundCount(matches: readonly MatchInput[]): number {
  let rounds = 1;
  for (const m of matches) {
    if (m.stage !== "knockout" || m.round === undefined || m.position === undefined) continue;
    rounds = Math.max(rounds, m.round + Math.ceil(Math.log2(m.position + 1)));
  }
  return rounds;
}
