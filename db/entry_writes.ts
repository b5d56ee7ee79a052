/**
 * Entries on the day: adding a player or a pair to a category, withdrawing an entry (before the draw it leaves;
 * after it its remaining matches become walkovers, or a reserve takes its knockout place), and editing a player's
 * name, club and rating prior. Each is one transaction with the revision bump and an audit row; refusals are
 * `WriteError` codes (docs/operator.md). The group standings follow domain/withdrawal.ts.
 */
import type { Transaction } from "kysely";
import { MatchStatusError } from "../domain/match_status.ts";
import { ScoringError } from "../domain/scoring.ts";
import { writeAudit } from "./audit.ts";
import { writeInTransaction } from "./match_writes.ts";
import { freezePrediction } from "./predictions_store.ts";
import { rebuildRatings } from "./ratings_store.ts";
import { type EntryRecord, readEntries } from "./read_entries.ts";
import { bumpRevision, lockListing, refreshListedPlayers } from "./revision.ts";
import type { Database, MatchRow } from "./schema.ts";
import { forUpdate } from "./row_lock.ts";
import type { Store } from "./store.ts";
import type { ManageWriteContext } from "./write_context.ts";
import { invalidBody, WriteError } from "./write_errors.ts";
import { writeTransaction } from "./write_transaction.ts";

type Trx = Transaction<Database>;

/** A player of a new entry: one already in the store, or a new one. */
export type EntryPlayerInput =
  | { playerId: string }
  | { name: string; association?: string | null; rating?: number | null };

/** What a new entry is: one player (singles) or two (doubles), and its seed, if any. */
export interface NewEntryInput {
  players: EntryPlayerInput[];
  seed?: number | null;
}

/** A new entry: the entry as the API shows entries, and whether it is in the draw (a late entry is not). */
export interface AddedEntry {
  entry: EntryRecord;
  categoryId: string;
  eventId: string;
  inDraw: false;
}

/** A write that may change who is listed (db/revision.ts `lockListing`), in one transaction. */
async function listingWrite<T>(store: Store, fn: (trx: Trx) => Promise<T>): Promise<T> {
  return await writeTransaction(store.db, async (trx) => {
    await lockListing(trx);
    return await fn(trx);
  });
}

async function lockCategory(trx: Trx, dialect: Store["dialect"], categoryId: string) {
  const q = trx.selectFrom("subevents").select(["id", "event_id", "name", "kind", "draw_state"])
    .where("id", "=", categoryId);
  // Row-locked on PostgreSQL, so that two entry writes to a category take turns.
  const sub = await forUpdate(q, dialect).executeTakeFirst();
  if (!sub) throw new WriteError("not-found", `Category "${categoryId}" does not exist`);
  return sub;
}

async function entryRecord(trx: Trx, id: string): Promise<EntryRecord> {
  const entry = (await readEntries(trx, [id])).get(id);
  if (!entry) throw new Error(`Cannot read entry "${id}" just written`);
  return entry;
}

/**
 * Adds a player (singles) or a pair (doubles) to a category, new players created on the way. Before the draw
 * the entry is drawn with the others; once a draw exists it stays out of it (a reserve that can take a
 * withdrawn entry's knockout place). A player already entered in the category is refused (`duplicate-entry`).
 */
export async function addEntry(
  store: Store,
  categoryId: string,
  input: NewEntryInput,
  ctx: ManageWriteContext,
): Promise<AddedEntry> {
  return await listingWrite(store, async (trx) => {
    const sub = await lockCategory(trx, store.dialect, categoryId);
    const needed = sub.kind === "doubles" ? 2 : 1;
    if (input.players.length !== needed) {
      throw invalidBody(
        `Invalid "players": "${sub.name}" is a ${sub.kind} category, so an entry has ${needed} player${
          needed === 1 ? "" : "s"
        }, not ${input.players.length}`,
        "player-count",
        { field: "players", category: sub.name, expected: needed, count: input.players.length },
      );
    }
    const at = ctx.now.toISOString();
    const ids: string[] = [];
    for (const p of input.players) {
      if ("playerId" in p) {
        const found = await trx.selectFrom("players").select("id").where("id", "=", p.playerId)
          .executeTakeFirst();
        if (!found) throw new WriteError("not-found", `Player "${p.playerId}" does not exist`);
        ids.push(found.id);
        continue;
      }
      const id = crypto.randomUUID();
      await trx.insertInto("players").values({
        id,
        display_name: p.name,
        association: p.association ?? null,
        federation_id: null,
        email: null,
        birth_date: null,
        prior_rating: p.rating ?? null,
        prior_deviation: null,
        prior_match_count: p.rating === undefined || p.rating === null ? null : 0,
        created_at: at,
      }).execute();
      ids.push(id);
    }
    if (ids[1] !== undefined && ids[0] === ids[1]) {
      throw invalidBody(`Invalid "players": a pair needs two different players`, "same-player-twice", {
        field: "players",
      });
    }
    const taken = await trx.selectFrom("entries").select(["id", "player1_id", "player2_id"])
      .where("subevent_id", "=", sub.id)
      .where((eb) => eb.or([eb("player1_id", "in", ids), eb("player2_id", "in", ids)])).executeTakeFirst();
    if (taken) {
      const existing = await entryRecord(trx, taken.id);
      throw new WriteError(
        "duplicate-entry",
        `Cannot add the entry: "${existing.name}" is already entered in "${sub.name}"`,
      );
    }
    if (input.seed !== undefined && input.seed !== null) {
      const seeded = await trx.selectFrom("entries").select("id").where("subevent_id", "=", sub.id)
        .where("seed", "=", input.seed).executeTakeFirst();
      if (seeded) {
        const other = await entryRecord(trx, seeded.id);
        throw new WriteError(
          "duplicate-seed",
          `Cannot add the entry as seed ${input.seed}: "${other.name}" is seed ${input.seed} in "${sub.name}"`,
        );
      }
    }
    const id = crypto.randomUUID();
    await trx.insertInto("entries").values({
      id,
      subevent_id: sub.id,
      player1_id: ids[0]!,
      player2_id: ids[1] ?? null,
      seed: input.seed ?? null,
    }).execute();
    await refreshListedPlayers(trx);
    await trx.updateTable("events").set({ updated_at: at }).where("id", "=", sub.event_id).execute();
    await bumpRevision(trx, sub.event_id, [sub.id], { rankingsUnchanged: true });
    const entry = await entryRecord(trx, id);
    await writeAudit(trx, {
      at: ctx.now,
      actor: ctx.actor,
      action: "entry.add",
      eventId: sub.event_id,
      detail: {
        categoryId: sub.id,
        category: sub.name,
        entryId: id,
        name: entry.name,
        drawState: sub.draw_state,
      },
    });
    return { entry, categoryId: sub.id, eventId: sub.event_id, inDraw: false };
  });
}

/** The outcome of a withdrawal. */
export interface Withdrawal {
  entryId: string;
  name: string;
  categoryId: string;
  eventId: string;
  /** "left": it was in no draw and left the category; "withdrawn": it stays, marked, in the draw. */
  outcome: "left" | "withdrawn";
  /** The matches it lost by walkover in this write (ids). */
  walkovers: string[];
  /** The reserve that took its knockout place, if any. */
  reserve: { entryId: string; name: string; matchIds: string[] } | null;
  changed: boolean;
}

/** Where an entry stands in its category's draw: its group, its knockout slots, its matches. */
async function placeOf(trx: Trx, categoryId: string, entryId: string) {
  const groups = await trx.selectFrom("group_members").innerJoin(
    "groups",
    "groups.id",
    "group_members.group_id",
  )
    .select("group_members.group_id").where("groups.subevent_id", "=", categoryId)
    .where("group_members.entry_id", "=", entryId).execute();
  const slots = await trx.selectFrom("draw_slots").selectAll().where("subevent_id", "=", categoryId)
    .where("entry_id", "=", entryId).execute();
  const matches = await trx.selectFrom("matches").selectAll().where("subevent_id", "=", categoryId)
    .where((eb) => eb.or([eb("home_entry_id", "=", entryId), eb("away_entry_id", "=", entryId)]))
    .orderBy("stage", "desc").orderBy("round_no").orderBy("bracket_pos").execute();
  return { groups, slots, matches, placed: groups.length + slots.length + matches.length > 0 };
}

/**
 * Withdraws an entry from its category. In no draw yet (before the draw, or a reserve never placed), it leaves:
 * its row goes (its players stay). In a locked draw it stays, marked withdrawn: with `reserveEntryId`, that
 * entry (of the same category and in no draw) takes its knockout place not yet played; otherwise each of its
 * matches not begun whose opponent is known becomes a walkover for the opponent (who advances in a knockout).
 * Refused while one of its matches is in play (`match-in-play`: record the retirement first) and while the draw
 * is a draft (`draw-draft`). Withdrawing again changes nothing.
 */
export async function withdrawEntry(
  store: Store,
  categoryId: string,
  entryId: string,
  options: { reserveEntryId?: string },
  ctx: ManageWriteContext,
): Promise<Withdrawal> {
  try {
    return await writeTransaction(
      store.db,
      (trx) => withdrawIn(trx, store, { categoryId, entryId, ...options }, ctx),
    );
  } catch (e) {
    if (e instanceof MatchStatusError || e instanceof ScoringError) {
      throw new WriteError("match-state", e.message);
    }
    throw e;
  }
}

/**
 * Withdraws several entries in one transaction, as `withdrawEntry` withdraws each: `pick` reads, in that
 * transaction, which (none: nothing changes). One refused withdrawal refuses them all.
 */
export async function withdrawEntries(
  store: Store,
  pick: (trx: Trx) => Promise<{ categoryId: string; entryId: string }[]>,
  ctx: ManageWriteContext,
): Promise<Withdrawal[]> {
  try {
    return await writeTransaction(store.db, async (trx) => {
      const done: Withdrawal[] = [];
      for (const request of await pick(trx)) done.push(await withdrawIn(trx, store, request, ctx));
      return done;
    });
  } catch (e) {
    if (e instanceof MatchStatusError || e instanceof ScoringError) {
      throw new WriteError("match-state", e.message);
    }
    throw e;
  }
}

async function withdrawIn(
  trx: Trx,
  store: Store,
  request: { categoryId: string; entryId: string; reserveEntryId?: string },
  ctx: ManageWriteContext,
): Promise<Withdrawal> {
  const { categoryId, entryId } = request;
  // First, as every write that may change who is listed (an entry that leaves): db/revision.ts `lockListing`.
  await lockListing(trx);
  const sub = await lockCategory(trx, store.dialect, categoryId);
  const row = await trx.selectFrom("entries").selectAll().where("id", "=", entryId)
    .where("subevent_id", "=", sub.id).executeTakeFirst();
  if (!row) throw new WriteError("not-found", `Entry "${entryId}" is not entered in "${sub.name}"`);
  const entry = await entryRecord(trx, entryId);
  const base = { entryId, name: entry.name, categoryId: sub.id, eventId: sub.event_id };
  if (row.withdrawn_at !== null) {
    return { ...base, outcome: "withdrawn", walkovers: [], reserve: null, changed: false };
  }
  const at = ctx.now.toISOString();
  const place = await placeOf(trx, sub.id, entryId);
  if (!place.placed) {
    if (request.reserveEntryId !== undefined) {
      throw new WriteError(
        "reserve-refused",
        `Cannot give "${entry.name}"'s place to a reserve: "${entry.name}" has no place in the draw of "${sub.name}"`,
      );
    }
    await trx.deleteFrom("entries").where("id", "=", entryId).execute();
    await refreshListedPlayers(trx);
    await finish(trx, sub, ctx, { entryId, name: entry.name, outcome: "left" });
    return { ...base, outcome: "left", walkovers: [], reserve: null, changed: true };
  }
  if (sub.draw_state !== "locked") {
    throw new WriteError(
      "draw-draft",
      `Cannot withdraw "${entry.name}": the draw of "${sub.name}" is a draft; lock it first (their matches then ` +
        `become walkovers) or make the draw again`,
    );
  }
  const inPlay = place.matches.find((m) => m.status === "in_progress");
  if (inPlay) {
    throw new WriteError(
      "match-in-play",
      `Cannot withdraw "${entry.name}": their match "${inPlay.label}"${
        inPlay.table_no === null ? "" : ` at table ${inPlay.table_no}`
      } is in play; record the retirement there first`,
    );
  }
  await trx.updateTable("entries").set({ withdrawn_at: at }).where("id", "=", entryId).execute();
  const open = place.matches.filter((m) => m.status === "scheduled" && m.started_at === null);
  let reserve: Withdrawal["reserve"] = null;
  const walkovers: string[] = [];
  if (request.reserveEntryId !== undefined) {
    reserve = await placeReserve(trx, sub, entry, request.reserveEntryId, place, open, at);
  } else {
    for (const m of open) {
      const side = m.home_entry_id === entryId ? "home" : "away";
      const opponent = side === "home" ? m.away_entry_id : m.home_entry_id;
      // A knockout opponent not known yet gets the walkover from the desk once known (docs/operator.md).
      if (opponent === null) continue;
      await writeInTransaction(trx, store.dialect, m.id, {
        type: "walkover",
        winner: side === "home" ? "away" : "home",
      }, { actor: ctx.actor, now: ctx.now });
      walkovers.push(m.id);
    }
  }
  // Every answer that names the entry shows it withdrawn: its matches' versions move.
  await trx.updateTable("matches").set({ updated_at: at }).where("subevent_id", "=", sub.id)
    .where((eb) => eb.or([eb("home_entry_id", "=", entryId), eb("away_entry_id", "=", entryId)])).execute();
  await finish(trx, sub, ctx, { entryId, name: entry.name, outcome: "withdrawn", walkovers, reserve });
  return { ...base, outcome: "withdrawn", walkovers, reserve, changed: true };
}

/** The end of a withdrawal: the event and the category move, and the audit row says what was done. */
async function finish(
  trx: Trx,
  sub: { id: string; name: string; event_id: string },
  ctx: ManageWriteContext,
  detail: Record<string, unknown>,
): Promise<void> {
  await trx.updateTable("events").set({ updated_at: ctx.now.toISOString() }).where("id", "=", sub.event_id)
    .execute();
  await bumpRevision(trx, sub.event_id, [sub.id], { rankingsUnchanged: true });
  await writeAudit(trx, {
    at: ctx.now,
    actor: ctx.actor,
    action: "entry.withdraw",
    eventId: sub.event_id,
    detail: { categoryId: sub.id, category: sub.name, ...detail },
  });
}

/**
 * Puts a reserve in the withdrawn entry's knockout place not yet played: its first-round slot (when it was drawn
 * there, not as a group qualifier) and its knockout match not begun. The reserve must be of the category, not
 * withdrawn, and in no draw yet.
 */
async function placeReserve(
  trx: Trx,
  sub: { id: string; name: string },
  entry: EntryRecord,
  reserveId: string,
  place: Awaited<ReturnType<typeof placeOf>>,
  open: readonly MatchRow[],
  at: string,
): Promise<NonNullable<Withdrawal["reserve"]>> {
  const refuse = (why: string) =>
    new WriteError("reserve-refused", `Cannot give "${entry.name}"'s place to a reserve: ${why}`);
  const reserveRow = await trx.selectFrom("entries").selectAll().where("id", "=", reserveId)
    .executeTakeFirst();
  if (!reserveRow || reserveRow.subevent_id !== sub.id) {
    throw refuse(`entry "${reserveId}" is not entered in "${sub.name}"`);
  }
  const reserve = await entryRecord(trx, reserveId);
  if (reserveRow.withdrawn_at !== null) throw refuse(`"${reserve.name}" has withdrawn`);
  if ((await placeOf(trx, sub.id, reserveId)).placed) {
    throw refuse(`"${reserve.name}" already has a place in the draw`);
  }
  if (place.groups.length > 0) {
    throw refuse(`"${entry.name}" plays in a group, and only a knockout place is given`);
  }
  const knockout = open.filter((m) => m.stage === "knockout");
  if (knockout.length === 0) throw refuse(`"${entry.name}" has no knockout match still to play`);
  if (place.slots.some((s) => s.qualifier_group !== null)) {
    throw refuse(`"${entry.name}" holds a group qualifier's place, which the group's standings decide`);
  }
  for (const s of place.slots) {
    await trx.updateTable("draw_slots").set({ entry_id: reserveId }).where("subevent_id", "=", sub.id)
      .where("position", "=", s.position).execute();
  }
  for (const m of knockout) {
    const column = m.home_entry_id === entry.id ? "home_entry_id" : "away_entry_id";
    await trx.deleteFrom("predictions").where("match_id", "=", m.id).execute();
    const updated = await trx.updateTable("matches")
      .set({ [column]: reserveId, revision: m.revision + 1, updated_at: at })
      .where("id", "=", m.id).returningAll().executeTakeFirstOrThrow();
    await freezePrediction(trx, updated, at);
  }
  return { entryId: reserveId, name: reserve.name, matchIds: knockout.map((m) => m.id) };
}

/** What may change of a player: the name, the club or association, the rating prior. */
export interface PlayerPatch {
  name?: string;
  association?: string | null;
  /** The prior rating (Elo-like, as the event file's); null takes it away. */
  rating?: number | null;
  /** The country code ("GER"); null takes it away. */
  country?: string | null;
}

/** A player after an edit: its public fields and prior, and whether anything changed. */
export interface PlayerEdit {
  id: string;
  displayName: string;
  association: string | null;
  rating: number | null;
  /** The country code; absent when none. */
  country?: string;
  changed: boolean;
}

/**
 * Edits a player: name, club (association) and rating prior. Every event the player is entered in moves (its
 * answers show the new name), and a new prior rebuilds the ratings (db/ratings_store.ts). One audit row per
 * event the player is entered in (or one without an event).
 */
export async function updatePlayer(
  store: Store,
  playerId: string,
  patch: PlayerPatch,
  ctx: ManageWriteContext,
): Promise<PlayerEdit> {
  return await listingWrite(store, async (trx) => {
    const q = trx.selectFrom("players").select([
      "id",
      "display_name",
      "association",
      "prior_rating",
      "country",
    ])
      .where("id", "=", playerId);
    const before = await forUpdate(q, store.dialect).executeTakeFirst();
    if (!before) throw new WriteError("not-found", `Player "${playerId}" does not exist`);
    const next = {
      display_name: patch.name ?? before.display_name,
      association: patch.association === undefined ? before.association : patch.association,
      prior_rating: patch.rating === undefined ? before.prior_rating : patch.rating,
      country: patch.country === undefined ? before.country : patch.country,
    };
    const result = {
      id: before.id,
      displayName: next.display_name,
      association: next.association,
      rating: next.prior_rating,
      ...(next.country === null ? {} : { country: next.country }),
    };
    const ratingChanged = next.prior_rating !== before.prior_rating;
    if (
      next.display_name === before.display_name && next.association === before.association &&
      !ratingChanged &&
      next.country === before.country
    ) return { ...result, changed: false };
    const at = ctx.now.toISOString();
    await trx.updateTable("players").set({
      ...next,
      // The deviation and match count belong to the prior they came with: a new prior starts without them.
      ...(ratingChanged
        ? { prior_deviation: null, prior_match_count: next.prior_rating === null ? null : 0 }
        : {}),
    }).where("id", "=", playerId).execute();
    if (ratingChanged) await rebuildRatings(trx, at);
    const entries = await trx.selectFrom("entries").innerJoin(
      "subevents",
      "subevents.id",
      "entries.subevent_id",
    )
      .select(["entries.id", "subevents.id as subevent_id", "subevents.event_id"])
      .where((eb) =>
        eb.or([eb("entries.player1_id", "=", playerId), eb("entries.player2_id", "=", playerId)])
      )
      .execute();
    const entryIds = entries.map((e) => e.id);
    if (entryIds.length > 0) {
      await trx.updateTable("matches").set({ updated_at: at }).where((eb) =>
        eb.or([eb("home_entry_id", "in", entryIds), eb("away_entry_id", "in", entryIds)])
      ).execute();
    }
    const events = [...new Set(entries.map((e) => e.event_id))];
    // The country is named only for a player who has or had one.
    const noCountry = before.country === null && next.country === null;
    const detail = {
      playerId,
      from: {
        name: before.display_name,
        association: before.association,
        rating: before.prior_rating,
        ...(noCountry ? {} : { country: before.country }),
      },
      to: {
        name: next.display_name,
        association: next.association,
        rating: next.prior_rating,
        ...(noCountry ? {} : { country: next.country }),
      },
    };
    for (const eventId of events) {
      await trx.updateTable("events").set({ updated_at: at }).where("id", "=", eventId).execute();
      await bumpRevision(trx, eventId);
      await writeAudit(trx, { at: ctx.now, actor: ctx.actor, action: "player.update", eventId, detail });
    }
    if (events.length === 0) {
      await bumpRevision(trx);
      await writeAudit(trx, { at: ctx.now, actor: ctx.actor, action: "player.update", detail });
    }
    return { ...result, changed: true };
  });
}
