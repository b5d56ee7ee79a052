/**
 * Draws made by the service itself: a category's draw generated (or drawn again while it is a draft) by lot
 * from a stored seed, and the group qualifiers written into the knockout once a group is final. Each write is one
 * transaction with the revision bump and an audit row; the qualifiers are placed inside the match write that
 * completes the group (db/match_writes.ts `consequences`). What a lock checks and the draw as the operator sees
 * it are reads (db/read_draw_detail.ts). docs/draws.md, "Draws in the service", states the rules.
 *
 * Rows follow the import's conventions (event_file/import.ts): group matches labelled "Group A" with their round
 * and their place in the order of play, knockout matches labelled by `roundLabel`, a bye as a `draw_slots` row
 * with `is_bye = 1` and no match row for a first-round pairing with a bye (its player is already in round 2).
 * @module
 */
import type { Insertable, Kysely, Transaction } from "kysely";
import { type NextSlot, nextSlot } from "../domain/bracket.ts";
import { planDraw } from "../domain/draw_plan.ts";
import { commonAssociation, DrawError } from "../domain/draw.ts";
import { toGroupMatch } from "../domain/group_match.ts";
import { placeQualifiersAfterGroups, type QualifierRef } from "../domain/group_qualifiers.ts";
import { GroupError } from "../domain/groups.ts";
import { isDrawnGroupSize, MAX_GROUP_SIZE, MIN_GROUP_SIZE } from "../domain/group_size.ts";
import { LotError } from "../domain/lot.ts";
import { matchHasBegun, MatchStatusError } from "../domain/match_status.ts";
import { type GroupMatch, StandingsError } from "../domain/standings.ts";
import { isGroupCompleteWithWithdrawals, rankGroupWithWithdrawals } from "../domain/withdrawal.ts";
import { writeAudit } from "./audit.ts";
import { deleteGroups } from "./delete_groups.ts";
import { unplayedMatchColumns } from "./unplayed_match.ts";
import { putIntoKnockoutMatch } from "./knockout_sides.ts";
import { nameMatch } from "./match_naming.ts";
import { freezePrediction } from "./predictions_store.ts";
import { loadRatings } from "./ratings_store.ts";
import { entriesWithPlayers, entryName } from "./read_entries.ts";
import { bumpRevision } from "./revision.ts";
import type { CategoryFormat, Database, Stage } from "./schema.ts";
import { forUpdate } from "./row_lock.ts";
import type { Store } from "./store.ts";
import type { ManageWriteContext } from "./write_context.ts";
import { invalidBody, WriteError } from "./write_errors.ts";
import { writeTransaction } from "./write_transaction.ts";

type Trx = Transaction<Database>;
type Db = Kysely<Database> | Trx;

/** What a draw may be told; each option left out takes the category's stored value, else the default. */
export interface GenerateDrawOptions {
  /** The lot's seed string; left out, a new random one is made (and stored). */
  lotSeed?: string;
  /** Players per group, 3 to 16 (formats with groups; default the stored size, else 4). */
  groupSize?: number;
  /** Qualifiers per group, 1 or 2 (default the stored value, else 2 with a knockout and 1 without). */
  qualifiersPerGroup?: number;
}

/** What `generateDraw` made. */
export interface GeneratedDraw {
  categoryId: string;
  eventId: string;
  format: CategoryFormat;
  drawState: "draft";
  lotSeed: string;
  groupSize: number | null;
  qualifiersPerGroup: number | null;
  /** First-round slots of the knockout; null without one. */
  size: number | null;
  groupCount: number;
  /** Match rows written (group and knockout). */
  matchCount: number;
  /** True when group matches had begun: the groups and their matches were kept, only the knockout drawn. */
  groupsKept: boolean;
}

/** Where a group place stands in the knockout. */
export interface QualifierPlacement {
  groupId: string;
  groupName: string;
  place: number;
  /** The entry placed; null while the group is not final or the place is tied. */
  entryId: string | null;
  /** "placed"; "pending": the group has an undecided match; "tied": level until a lot is given. */
  state: "placed" | "pending" | "tied";
}

/** What `advanceGroups` did: every qualifier place of the groups it looked at, and whether anything moved. */
export interface AdvanceResult {
  categoryId: string;
  placements: QualifierPlacement[];
  changed: boolean;
}

const MAX_SEED_LENGTH = 200;

/** A fresh lot seed: 128 random bits (crypto), hex. */
export function newLotSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The lot seed of a category's groups: the draw's seed with "/groups" appended, so that the groups and the
 * knockout of one draw are two independent lots and the knockout keeps the import's meaning of `lotSeed`.
 * @example groupLotSeed("ms-2026") === "ms-2026/groups"
 */
export function groupLotSeed(lotSeed: string): string {
  return `${lotSeed}/groups`;
}

function checkOptions(options: GenerateDrawOptions): void {
  const { lotSeed, groupSize, qualifiersPerGroup } = options;
  if (
    lotSeed !== undefined && (typeof lotSeed !== "string" || lotSeed.trim() === "" ||
      lotSeed.length > MAX_SEED_LENGTH)
  ) {
    const detail = `Invalid "lotSeed": expected 1 to ${MAX_SEED_LENGTH} characters, got ${
      JSON.stringify(lotSeed)
    }`;
    if (typeof lotSeed !== "string") {
      throw invalidBody(detail, "expected-type", { field: "lotSeed", expected: "string" });
    }
    if (lotSeed.trim() === "") throw invalidBody(detail, "missing-field", { field: "lotSeed" });
    throw invalidBody(detail, "text-too-long", { field: "lotSeed", maximum: MAX_SEED_LENGTH });
  }
  if (groupSize !== undefined && !isDrawnGroupSize(groupSize)) {
    throw invalidBody(
      `Invalid "groupSize": expected ${MIN_GROUP_SIZE} to ${MAX_GROUP_SIZE}, got ${
        JSON.stringify(groupSize)
      }`,
      "out-of-range",
      { field: "groupSize", minimum: MIN_GROUP_SIZE, maximum: MAX_GROUP_SIZE },
    );
  }
  if (qualifiersPerGroup !== undefined && qualifiersPerGroup !== 1 && qualifiersPerGroup !== 2) {
    throw invalidBody(
      `Invalid "qualifiersPerGroup": expected 1 or 2, got ${JSON.stringify(qualifiersPerGroup)}`,
      "not-an-option",
      { field: "qualifiersPerGroup", options: [1, 2] },
    );
  }
}

/**
 * Draws a category by lot, or draws it again while it is a draft: its groups and their round-robin matches,
 * its knockout slots and every knockout match, with byes advanced and predictions frozen where both sides are
 * known. Refused: a locked draw (409 `draw-locked`), a draw with a match begun (409 `draw-started`; with groups
 * feeding a knockout, begun group matches keep the groups and only the knockout is drawn again), fewer than 2
 * entries, a player with two entries, a bad option (400), a draw the rules refuse (409 `draw-invalid`).
 */
export async function generateDraw(
  store: Store,
  categoryId: string,
  options: GenerateDrawOptions,
  ctx: ManageWriteContext,
): Promise<GeneratedDraw> {
  checkOptions(options);
  const lotSeed = options.lotSeed ?? newLotSeed();
  try {
    return await writeTransaction(
      store.db,
      (trx) => generateInTransaction(trx, store.dialect, categoryId, { ...options, lotSeed }, ctx),
    );
  } catch (e) {
    if (e instanceof DrawError || e instanceof GroupError || e instanceof LotError) {
      throw new WriteError("draw-invalid", e.message);
    }
    throw e;
  }
}

interface DrawEntryRow {
  id: string;
  name: string;
  seed: number | null;
  association: string | undefined;
  rating: number | undefined;
  playerIds: string[];
}

async function generateInTransaction(
  trx: Trx,
  dialect: Store["dialect"],
  categoryId: string,
  options: GenerateDrawOptions & { lotSeed: string },
  ctx: ManageWriteContext,
): Promise<GeneratedDraw> {
  const now = ctx.now.toISOString();
  const subQuery = trx.selectFrom("subevents").selectAll().where("id", "=", categoryId);
  // PostgreSQL: two operators drawing at once queue up on the category's row.
  const sub = await forUpdate(subQuery, dialect).executeTakeFirst();
  if (!sub) throw new WriteError("not-found", `Category "${categoryId}" does not exist`);
  if (sub.draw_state === "locked") {
    throw new WriteError("draw-locked", `Cannot draw "${sub.name}" again: the draw is locked (unlock first)`);
  }
  const matchQuery = trx.selectFrom("matches").select(["id", "stage", "label", "status", "started_at"])
    .where("subevent_id", "=", categoryId).orderBy("stage").orderBy("round_no").orderBy("bracket_pos");
  // The row locks make a concurrent start wait for the draw (and then find its match gone).
  const existing = await forUpdate(matchQuery, dialect).execute();
  const withGroups = sub.format !== "knockout";
  const withKnockout = sub.format !== "groups";
  const begun = existing.filter((m) => matchHasBegun({ status: m.status, startedAt: m.started_at }));
  const blocking = begun.find((m) => m.stage === "knockout" || sub.format !== "groups_knockout");
  if (blocking) {
    throw new WriteError(
      "draw-started",
      `Cannot draw "${sub.name}" again: ${await nameMatch(trx, blocking.id)} has already begun`,
    );
  }
  const groupsKept = begun.length > 0;
  if (options.groupSize !== undefined && sub.format === "knockout") {
    throw invalidBody(`Invalid "groupSize": "${sub.name}" is a knockout without groups`, "no-groups", {
      field: "groupSize",
      category: sub.name,
    });
  }
  if (options.qualifiersPerGroup !== undefined && sub.format === "knockout") {
    throw invalidBody(
      `Invalid "qualifiersPerGroup": "${sub.name}" is a knockout without groups`,
      "no-groups",
      {
        field: "qualifiersPerGroup",
        category: sub.name,
      },
    );
  }
  if (groupsKept && options.groupSize !== undefined && options.groupSize !== sub.group_size) {
    throw new WriteError(
      "groups-in-play",
      `Cannot change the group size of "${sub.name}" to ${options.groupSize}: group matches have begun, so ` +
        "the groups are kept",
    );
  }
  if (withGroups && !groupsKept && options.groupSize === undefined && sub.group_size !== null) {
    if (!isDrawnGroupSize(Number(sub.group_size))) {
      throw invalidBody(
        `Cannot draw the groups of "${sub.name}" in groups of ${sub.group_size}: the draw makes groups of ` +
          `${MIN_GROUP_SIZE} to ${MAX_GROUP_SIZE} entries; give "groupSize"`,
        "group-size-needed",
        {
          field: "groupSize",
          category: sub.name,
          size: Number(sub.group_size),
          minimum: MIN_GROUP_SIZE,
          maximum: MAX_GROUP_SIZE,
        },
      );
    }
  }
  const groupSize = !withGroups
    ? null
    : groupsKept
    ? sub.group_size
    : options.groupSize ?? validGroupSize(sub.group_size) ?? 4;
  const qualifiers = withGroups
    ? (options.qualifiersPerGroup ?? validQualifiers(sub.qualifiers_per_group) ?? (withKnockout ? 2 : 1)) as
      | 1
      | 2
    : null;

  const entries = await drawEntries(trx, categoryId);
  checkEntries(sub.name, entries);

  // The groups kept while their matches are in play, with their members; else the plan draws them.
  const kept = withGroups && groupsKept
    ? (await trx.selectFrom("groups").select("id").where("subevent_id", "=", categoryId)
      .orderBy("position").orderBy("id").execute()).map((g) => g.id)
    : [];
  const keptMembers = kept.length === 0
    ? []
    : await trx.selectFrom("group_members").select(["group_id", "entry_id"]).where("group_id", "in", kept)
      .execute();
  const plan = planDraw({
    format: sub.format,
    entries,
    lotSeed: options.lotSeed,
    groupLotSeed: groupLotSeed(options.lotSeed),
    groupSize,
    qualifiers,
    keptGroups: withGroups && groupsKept
      ? kept.map((id) => keptMembers.filter((m) => m.group_id === id).map((m) => m.entry_id))
      : null,
  });
  const groupRows: Insertable<Database["groups"]>[] = plan.groups.map((g, i) => ({
    id: crypto.randomUUID(),
    subevent_id: categoryId,
    name: g.name,
    position: i,
  }));
  const groupIds = groupsKept ? kept : groupRows.map((g) => g.id);
  const memberRows = plan.groups.flatMap((g, gi) =>
    g.members.map((entryId, position): Insertable<Database["group_members"]> => ({
      group_id: groupRows[gi]!.id,
      entry_id: entryId,
      position,
      lot: null,
    }))
  );
  const base = { event_id: sub.event_id, subevent_id: categoryId, best_of: sub.best_of, now };
  const matchRows = plan.matches.map((m) =>
    newMatch(base, {
      stage: m.stage,
      group_id: m.group === null ? null : groupRows[m.group]!.id,
      round_no: m.roundNo,
      bracket_pos: m.bracketPos,
      label: m.label,
      home_entry_id: m.home,
      away_entry_id: m.away,
    })
  );
  const slots = plan.slots;
  const slotRows = slots.map((s, position): Insertable<Database["draw_slots"]> => ({
    subevent_id: categoryId,
    position,
    entry_id: s.kind === "entry" ? s.entryId : null,
    is_bye: s.kind === "bye" ? 1 : 0,
    qualifier_group: s.kind === "qualifier" ? s.ref.group : null,
    qualifier_place: s.kind === "qualifier" ? s.ref.place : null,
  }));

  // Out with the old draft (predictions of its matches go with them), in with the new.
  await trx.deleteFrom("matches").where("subevent_id", "=", categoryId)
    .where("stage", "in", groupsKept ? ["knockout"] : ["group", "knockout"] satisfies Stage[]).execute();
  await trx.deleteFrom("draw_slots").where("subevent_id", "=", categoryId).execute();
  if (!groupsKept) await deleteGroups(trx, [categoryId]);
  for (const chunk of chunks(groupRows)) await trx.insertInto("groups").values(chunk).execute();
  for (const chunk of chunks(memberRows)) await trx.insertInto("group_members").values(chunk).execute();
  for (const chunk of chunks(slotRows)) await trx.insertInto("draw_slots").values(chunk).execute();
  for (const chunk of chunks(matchRows)) await trx.insertInto("matches").values(chunk).execute();
  await trx.updateTable("subevents").set({
    draw_state: "draft",
    draw_seed: options.lotSeed,
    draw_size: withKnockout ? slots.length : null,
    ...(withGroups && !groupsKept ? { group_size: groupSize } : {}),
    ...(withGroups ? { qualifiers_per_group: qualifiers } : {}),
  }).where("id", "=", categoryId).execute();

  // Groups already final (kept while the knockout is drawn again) send their qualifiers at once.
  if (sub.format === "groups_knockout" && groupsKept) {
    for (const groupId of groupIds) await fillGroupQualifiers(trx, categoryId, groupId, now);
  }
  const known = await trx.selectFrom("matches").selectAll().where("subevent_id", "=", categoryId)
    .where("status", "=", "scheduled").where("home_entry_id", "is not", null)
    .where("away_entry_id", "is not", null).execute();
  for (const m of known) await freezePrediction(trx, m, now);

  await trx.updateTable("events").set({ updated_at: now }).where("id", "=", sub.event_id).execute();
  await bumpRevision(trx, sub.event_id, [sub.id]);
  const result: GeneratedDraw = {
    categoryId,
    eventId: sub.event_id,
    format: sub.format,
    drawState: "draft",
    lotSeed: options.lotSeed,
    groupSize,
    qualifiersPerGroup: qualifiers,
    size: withKnockout ? slots.length : null,
    groupCount: groupIds.length,
    matchCount: matchRows.length,
    groupsKept,
  };
  await writeAudit(trx, {
    at: ctx.now,
    actor: ctx.actor,
    action: "draw.generate",
    eventId: sub.event_id,
    detail: { name: sub.name, from: sub.draw_state, previousLotSeed: sub.draw_seed, ...result },
  });
  return result;
}

const validGroupSize = (n: number | null) => n !== null && isDrawnGroupSize(n) ? n : undefined;
const validQualifiers = (n: number | null) => n === 1 || n === 2 ? n : undefined;

/**
 * The category's entries in a fixed order (seed, then rating, higher first, then id), which the lot takes as
 * the nomination order, so that the same seed gives the same draw. Doubles: the pair's common association
 * (domain/draw.ts `commonAssociation`) and the mean of the two ratings when both are known.
 */
async function drawEntries(trx: Trx, categoryId: string): Promise<DrawEntryRow[]> {
  const rows = await entriesWithPlayers(trx)
    .select([
      "entries.id",
      "entries.seed",
      "entries.player1_id",
      "entries.player2_id",
      "p1.display_name as p1_name",
      "p1.association as p1_association",
      "p1.prior_rating as p1_prior",
      "p2.display_name as p2_name",
      "p2.association as p2_association",
      "p2.prior_rating as p2_prior",
    ])
    .where("entries.subevent_id", "=", categoryId)
    // A withdrawn entry is drawn no more (db/entry_writes.ts).
    .where("entries.withdrawn_at", "is", null)
    // The entries a team's players play a tie's matches with are not drawn: the team is (docs/teams.md).
    .where("entries.team_entry_id", "is", null).execute();
  const playerIds = rows.flatMap((r) =>
    r.player2_id === null ? [r.player1_id] : [r.player1_id, r.player2_id]
  );
  const ratings = await loadRatings(trx, playerIds);
  // A rating counts for seeding once it says something: a prior, or matches played.
  const ratingOf = (id: string, prior: number | null): number | undefined => {
    const r = ratings.get(id);
    if (r && (r.matchCount > 0 || prior !== null)) return r.rating;
    return prior ?? undefined;
  };
  const entries = rows.map((r): DrawEntryRow => {
    const one = ratingOf(r.player1_id, r.p1_prior);
    const two = r.player2_id === null ? undefined : ratingOf(r.player2_id, r.p2_prior);
    const doubles = r.player2_id !== null;
    return {
      id: r.id,
      name: entryName([r.p1_name, doubles ? r.p2_name : null]),
      seed: r.seed === null ? null : Number(r.seed),
      association: commonAssociation(doubles ? [r.p1_association, r.p2_association] : [r.p1_association]),
      rating: !doubles ? one : one !== undefined && two !== undefined ? (one + two) / 2 : undefined,
      playerIds: doubles ? [r.player1_id, r.player2_id!] : [r.player1_id],
    };
  });
  return entries.sort((a, b) =>
    (a.seed ?? Infinity) - (b.seed ?? Infinity) || (b.rating ?? -Infinity) - (a.rating ?? -Infinity) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/** Refuses a category that cannot be drawn: too few entries, a player entered twice, a seed given twice. */
function checkEntries(name: string, entries: readonly DrawEntryRow[]): void {
  if (entries.length < 2) {
    throw new WriteError(
      "too-few-entries",
      `Cannot draw "${name}": it has ${entries.length} ${
        entries.length === 1 ? "entry" : "entries"
      }, at least 2 are needed`,
    );
  }
  const byPlayer = new Map<string, DrawEntryRow>();
  const bySeed = new Map<number, DrawEntryRow>();
  for (const e of entries) {
    for (const p of e.playerIds) {
      const other = byPlayer.get(p);
      if (other && other.id !== e.id) {
        throw new WriteError(
          "duplicate-entry",
          `Cannot draw "${name}": a player is entered twice, in "${other.name}" (${other.id}) and "${e.name}" (${e.id})`,
        );
      }
      byPlayer.set(p, e);
    }
    if (e.seed === null) continue;
    const other = bySeed.get(e.seed);
    if (other) {
      throw new WriteError(
        "duplicate-seed",
        `Cannot draw "${name}": seed ${e.seed} is given to both "${other.name}" and "${e.name}"`,
      );
    }
    bySeed.set(e.seed, e);
  }
}

interface MatchBase {
  event_id: string;
  subevent_id: string;
  best_of: number;
  now: string;
}

function newMatch(
  base: MatchBase,
  o: Pick<
    Insertable<Database["matches"]>,
    "stage" | "group_id" | "round_no" | "bracket_pos" | "label" | "home_entry_id" | "away_entry_id"
  >,
): Insertable<Database["matches"]> {
  return {
    id: crypto.randomUUID(),
    event_id: base.event_id,
    subevent_id: base.subevent_id,
    ...o,
    best_of: base.best_of,
    ...unplayedMatchColumns(base.now),
  };
}

function* chunks<T>(rows: readonly T[], size = 100): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

// ---------------------------------------------------------------------------------------------------------
// Group qualifiers into the knockout.

interface GroupStanding {
  complete: boolean;
  /** Entry ids in finishing order, null where the place is still tied; empty until the group is final. */
  places: (string | null)[];
  /** The first match not decided yet, for messages. */
  undecided: { id: string; label: string } | null;
}

/** The finishing order of a group (ITTF Statutes 3.7.5 via domain/standings.ts) once it is final. */
async function groupStanding(db: Db, groupId: string): Promise<GroupStanding> {
  const members = await db.selectFrom("group_members").select(["entry_id", "position", "lot"])
    .where("group_id", "=", groupId).orderBy("position").orderBy("entry_id").execute();
  const rows = await db.selectFrom("matches").selectAll().where("group_id", "=", groupId)
    .where("stage", "=", "group").orderBy("round_no").orderBy("bracket_pos").execute();
  const players = members.map((m) => m.entry_id);
  const inGroup = new Set(players);
  const matches = rows.map((m) =>
    toGroupMatch({
      homeEntryId: m.home_entry_id,
      awayEntryId: m.away_entry_id,
      status: m.status,
      resultReason: m.result_reason,
      winnerEntryId: m.winner_entry_id,
      games: JSON.parse(m.games) as [number, number][],
    })
  )
    .filter((m): m is GroupMatch => m !== null && inGroup.has(m.home) && inGroup.has(m.away));
  const open = rows.find((m) => m.status !== "completed");
  const undecided = open ? { id: open.id, label: open.label } : null;
  const withdrawn = players.length === 0 ? [] : (await db.selectFrom("entries").select("id")
    .where("id", "in", players).where("withdrawn_at", "is not", null).execute()).map((e) => e.id);
  if (!isGroupCompleteWithWithdrawals(players, matches, withdrawn)) {
    return { complete: false, places: [], undecided };
  }
  const lots = members.filter((m) => m.lot !== null).sort((a, b) => Number(a.lot) - Number(b.lot))
    .map((m) => m.entry_id);
  // An entry whose results are disregarded (domain/withdrawal.ts) never qualifies: its place stays empty.
  const ranked = rankGroupWithWithdrawals(players, matches, withdrawn, lots.length ? lots : undefined);
  return {
    complete: true,
    places: ranked.map((r) => r.tied || r.decidedBy === "withdrawn" ? null : r.player),
    undecided: null,
  };
}

/**
 * Writes a group's qualifiers into the knockout of a "groups_knockout" category, in the caller's transaction:
 * the slot's entry (`draw_slots.entry_id`, the qualifier reference kept) and the side of the first-round match
 * that slot plays, or of the round-2 match when the slot faces a bye. While the group is not final, or a place
 * is still tied (until a lot order is given), the place is empty, so a corrected result takes a qualifier back.
 * A knockout match that has begun is never changed: 409 `next-match-started`. Predictions are frozen where both
 * sides become known. Does nothing for other formats. Returns every qualifier place of the group.
 */
export async function fillGroupQualifiers(
  trx: Trx,
  categoryId: string,
  groupId: string | null,
  now: string,
): Promise<QualifierPlacement[]> {
  const placements = await fillOneGroup(trx, categoryId, groupId, now);
  if (placements.length > 0) await placeAfterGroups(trx, categoryId, now);
  return placements;
}

/** `fillGroupQualifiers` for one group, without the placement after the groups. */
async function fillOneGroup(
  trx: Trx,
  categoryId: string,
  groupId: string | null,
  now: string,
): Promise<QualifierPlacement[]> {
  if (groupId === null) return [];
  const sub = await trx.selectFrom("subevents").select(["format"]).where("id", "=", categoryId)
    .executeTakeFirst();
  if (sub?.format !== "groups_knockout") return [];
  const groups = await trx.selectFrom("groups").select(["id", "name"]).where("subevent_id", "=", categoryId)
    .orderBy("position").orderBy("id").execute();
  const index = groups.findIndex((g) => g.id === groupId);
  if (index < 0) return [];
  const slots = await trx.selectFrom("draw_slots").selectAll().where("subevent_id", "=", categoryId)
    .orderBy("position").execute();
  const mine = slots.filter((s) => s.qualifier_group !== null && Number(s.qualifier_group) === index);
  if (mine.length === 0) return [];
  let standing: GroupStanding;
  try {
    standing = await groupStanding(trx, groupId);
  } catch (e) {
    // Stored rows the rules cannot read (written by hand): leave the knockout as it is rather than refuse
    // the result being written; the public standings report the same problem.
    if (e instanceof StandingsError || e instanceof MatchStatusError) return [];
    throw e;
  }
  const placements: QualifierPlacement[] = [];
  for (const slot of mine) {
    const position = Number(slot.position);
    const place = Number(slot.qualifier_place);
    const entryId = standing.complete ? standing.places[place - 1] ?? null : null;
    placements.push({
      groupId,
      groupName: groups[index]!.name,
      place,
      entryId,
      state: entryId !== null ? "placed" : standing.complete ? "tied" : "pending",
    });
    if (slot.entry_id !== entryId) {
      await trx.updateTable("draw_slots").set({ entry_id: entryId }).where("subevent_id", "=", categoryId)
        .where("position", "=", position).execute();
    }
    const partner = slots.find((s) => Number(s.position) === (position ^ 1));
    const pair = Math.floor(position / 2);
    const target: NextSlot = partner && Number(partner.is_bye) === 1
      ? nextSlot(1, pair)
      : { roundNo: 1, bracketPos: pair, side: position % 2 === 0 ? "home" : "away" };
    await putIntoKnockoutMatch(
      trx,
      categoryId,
      target,
      entryId,
      now,
      (m) =>
        `Cannot change the group's qualifiers: the knockout match ${m.named} has already begun; ${m.remedy}`,
    );
  }
  return placements;
}

/**
 * Places the qualifiers of a category's groups again (they are placed by themselves when a group's last
 * result is written), optionally after giving one group a lot order for players still level (`lots`: entry
 * ids, first drawn first; stored in `group_members.lot`). With `group` (its name) the group must be final and
 * its qualifying places decided: 409 `group-not-complete` names the undecided match, 409 `tied-by-lot` the
 * tied place. Without it every group is looked at and the ones not final are reported "pending".
 */
export async function advanceGroups(
  store: Store,
  categoryId: string,
  options: { group?: string; lots?: readonly string[] },
  ctx: ManageWriteContext,
): Promise<AdvanceResult> {
  return await writeTransaction(store.db, async (trx) => {
    const now = ctx.now.toISOString();
    const sub = await trx.selectFrom("subevents").select(["id", "event_id", "name", "format"])
      .where("id", "=", categoryId).executeTakeFirst();
    if (!sub) throw new WriteError("not-found", `Category "${categoryId}" does not exist`);
    // A round robin alone has no qualifiers to place, but its final places may still wait for a lot.
    const lotOnly = sub.format === "groups" && options.group !== undefined && options.lots !== undefined;
    if (sub.format !== "groups_knockout" && !lotOnly) {
      throw new WriteError(
        "no-qualifiers",
        `Cannot advance from the groups of "${sub.name}": its format "${sub.format}" has no groups feeding a knockout`,
      );
    }
    const groups = await trx.selectFrom("groups").select(["id", "name"]).where("subevent_id", "=", categoryId)
      .orderBy("position").orderBy("id").execute();
    let chosen = groups;
    if (options.group !== undefined) {
      const wanted = options.group.replace(/^group\s+/i, "");
      chosen = groups.filter((g) => g.name === wanted);
      if (chosen.length === 0) {
        throw invalidBody(
          `Invalid "group": "${sub.name}" has no group "${options.group}" (groups: ${
            groups.map((g) => g.name).join(", ") || "none"
          })`,
          "unknown-group",
          { field: "group", category: sub.name, group: options.group, groups: groups.map((g) => g.name) },
        );
      }
    } else if (options.lots !== undefined) {
      throw invalidBody(`Invalid "lots": name the "group" the lot order is for`, "group-needed", {
        field: "lots",
      });
    }
    if (options.lots !== undefined) await writeLots(trx, chosen[0]!.id, options.lots);
    const slotsBefore = await trx.selectFrom("draw_slots").select(["position", "entry_id"])
      .where("subevent_id", "=", categoryId).orderBy("position").execute();
    const placements: QualifierPlacement[] = [];
    for (const g of chosen) {
      if (options.group !== undefined) {
        const standing = await groupStanding(trx, g.id);
        if (!standing.complete) {
          const m = standing.undecided;
          throw new WriteError(
            "group-not-complete",
            `Cannot advance from "Group ${g.name}": ` +
              (m
                ? `${await nameMatch(trx, m.id)} is not decided yet`
                : "its matches are not all decided yet"),
          );
        }
      }
      const placed = lotOnly ? [] : await fillGroupQualifiers(trx, categoryId, g.id, now);
      const tied = placed.find((p) => p.state === "tied");
      if (options.group !== undefined && tied) {
        throw new WriteError(
          "tied-by-lot",
          `Cannot advance from "Group ${g.name}": place ${tied.place} is tied until a lot order is given ("lots")`,
        );
      }
      placements.push(...placed);
    }
    const slotsAfter = await trx.selectFrom("draw_slots").select(["position", "entry_id"])
      .where("subevent_id", "=", categoryId).orderBy("position").execute();
    const changed = options.lots !== undefined ||
      JSON.stringify(slotsBefore.map((s) => s.entry_id)) !==
        JSON.stringify(slotsAfter.map((s) => s.entry_id));
    if (changed) {
      await trx.updateTable("events").set({ updated_at: now }).where("id", "=", sub.event_id).execute();
      await bumpRevision(trx, sub.event_id, [sub.id]);
      await writeAudit(trx, {
        at: ctx.now,
        actor: ctx.actor,
        action: "draw.advance",
        eventId: sub.event_id,
        detail: {
          categoryId,
          name: sub.name,
          group: options.group ?? null,
          lots: options.lots ?? null,
          placements,
        },
      });
    }
    return { categoryId, placements, changed };
  });
}

/**
 * Stores a group's lot order: the listed members get 1, 2, ... in order, the others none. Each item is a member's
 * entry id or its name as shown (case and surrounding spaces aside), so that the desk records the lot by names.
 */
async function writeLots(trx: Trx, groupId: string, lots: readonly string[]): Promise<void> {
  const rows = await entriesWithPlayers(trx).innerJoin(
    "group_members",
    "group_members.entry_id",
    "entries.id",
  )
    .select(["entries.id", "p1.display_name as p1_name", "p2.display_name as p2_name"])
    .where("group_members.group_id", "=", groupId).orderBy("group_members.position").execute();
  const members = rows.map((r) => ({ id: r.id, name: entryName([r.p1_name, r.p2_name]) }));
  const fold = (text: string) => text.trim().toLocaleLowerCase();
  const seen = new Set<string>();
  const ids = lots.map((item, i) => {
    const byName = members.filter((m) => fold(m.name) === fold(item));
    const member = members.find((m) => m.id === item) ?? (byName.length === 1 ? byName[0] : undefined);
    if (!member) {
      throw invalidBody(
        `Invalid "lots[${i}]": "${item}" is ${
          byName.length > 1 ? "the name of two players" : "not a player"
        } ` +
          `of the group (players: ${members.map((m) => `"${m.name}"`).join(", ")})`,
        byName.length > 1 ? "ambiguous-name" : "not-in-group",
        { field: `lots[${i}]`, value: item, names: members.map((m) => m.name) },
      );
    }
    if (seen.has(member.id)) {
      throw invalidBody(`Invalid "lots[${i}]": "${member.name}" is listed twice`, "listed-twice", {
        field: `lots[${i}]`,
        value: member.name,
      });
    }
    seen.add(member.id);
    return member.id;
  });
  await trx.updateTable("group_members").set({ lot: null }).where("group_id", "=", groupId).execute();
  for (const [i, id] of ids.entries()) {
    await trx.updateTable("group_members").set({ lot: i + 1 }).where("group_id", "=", groupId)
      .where("entry_id", "=", id).execute();
  }
}

/**
 * The knockout placement once every group of a "groups_knockout" category is over and its qualifying places are
 * decided (domain/group_qualifiers.ts `placeQualifiersAfterGroups`): the runners-up are drawn again, now that
 * their associations are known, and every qualifier is put into the knockout again. Nothing happens while a
 * group is open or a place is tied, once a knockout match has begun, or when the placement is already made.
 * Audited as "draw.after-groups" with the label "server" (the program itself).
 */
async function placeAfterGroups(trx: Trx, categoryId: string, now: string): Promise<void> {
  const sub = await trx.selectFrom("subevents").select(["id", "event_id", "name", "format", "draw_seed"])
    .where("id", "=", categoryId).executeTakeFirst();
  if (sub?.format !== "groups_knockout") return;
  const groups = await trx.selectFrom("groups").select(["id", "name"]).where("subevent_id", "=", categoryId)
    .orderBy("position").orderBy("id").execute();
  const slots = await trx.selectFrom("draw_slots").selectAll().where("subevent_id", "=", categoryId)
    .orderBy("position").execute();
  const refs = slots.map((s): QualifierRef | null =>
    s.qualifier_group === null || s.qualifier_place === null
      ? null
      : { group: Number(s.qualifier_group), place: Number(s.qualifier_place) }
  );
  // A slot holding neither a qualifier nor a bye (an imported draw): the placement is the import's.
  if (slots.some((s, i) => refs[i] === null && Number(s.is_bye) !== 1)) return;
  const places: (string | null)[][] = [];
  for (const g of groups) {
    try {
      const standing = await groupStanding(trx, g.id);
      if (!standing.complete) return;
      places.push(standing.places);
    } catch (e) {
      if (e instanceof StandingsError || e instanceof MatchStatusError) return;
      throw e;
    }
  }
  const entryOf = (ref: QualifierRef) => places[ref.group]?.[ref.place - 1] ?? null;
  if (refs.some((r) => r !== null && entryOf(r) === null)) return;
  const begun = await trx.selectFrom("matches").select(["status", "started_at"])
    .where("subevent_id", "=", categoryId).where("stage", "=", "knockout").execute();
  if (begun.some((m) => matchHasBegun({ status: m.status, startedAt: m.started_at }))) return;
  const association = new Map((await drawEntries(trx, categoryId)).map((e) => [e.id, e.association]));
  const placed = placeQualifiersAfterGroups(
    refs,
    refs.flatMap((ref) => {
      if (ref === null) return [];
      const a = association.get(entryOf(ref) ?? "");
      return [{ ref, ...(a === undefined ? {} : { association: a }) }];
    }),
    { lotSeed: sub.draw_seed ?? sub.id },
  );
  const moved = placed.flatMap((ref, position) =>
    ref !== null && (ref.group !== refs[position]?.group || ref.place !== refs[position]?.place)
      ? [{ position, ref }]
      : []
  );
  if (moved.length === 0) return;
  for (const { position, ref } of moved) {
    await trx.updateTable("draw_slots").set({ qualifier_group: ref.group, qualifier_place: ref.place })
      .where("subevent_id", "=", categoryId).where("position", "=", position).execute();
  }
  for (const g of groups) await fillOneGroup(trx, categoryId, g.id, now);
  await writeAudit(trx, {
    at: new Date(now),
    // The program's own write, made inside whichever write ended the groups.
    actor: "server",
    action: "draw.after-groups",
    eventId: sub.event_id,
    detail: {
      categoryId,
      name: sub.name,
      moved: moved.map(({ position, ref }) => ({
        position,
        group: groups[ref.group]?.name,
        place: ref.place,
      })),
    },
  });
}
