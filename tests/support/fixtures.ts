/**
 * Factories that insert rows directly with Kysely (`makeMatch(db, { ...overrides })`), and `seedTournament`,
 * a whole published tournament with a draft beside it, for the API tests and the conformance run. Every
 * factory returns the inserted row; defaults make a valid row of a published event.
 */
import { type Insertable, type Kysely, sql } from "kysely";
import { bumpRevision } from "../../db/revision.ts";
import { unplayedMatchColumns } from "../../db/unplayed_match.ts";
import type {
  AccountTable,
  CategoryTable,
  Database,
  DrawSlotTable,
  EntryTable,
  EventTable,
  GroupMemberTable,
  GroupTable,
  MatchTable,
  PlayerTable,
  PredictionTable,
  RatingTable,
  TokenTable,
} from "../../db/schema.ts";

type Db = Kysely<Database>;

/** The ids of six entries, in order. */
type SixIds = [string, string, string, string, string, string];

/** A fixed moment the fixtures are dated from. */
export const T0 = "2026-11-28T09:00:00.000Z";

/** T0 plus some minutes, as ISO 8601 with milliseconds. */
export function at(minutes: number): string {
  return new Date(Date.parse(T0) + minutes * 60_000).toISOString();
}

/** Inserts a row into a table and returns it as given, with the literal types of its defaults. */
async function insertRow<T extends keyof Database, R extends Insertable<Database[T]>>(
  db: Db,
  table: T,
  row: R,
): Promise<R> {
  // Kysely cannot relate a generic table's name to its row type; R is checked against it above.
  await db.insertInto(table).values(row as never).execute();
  return row;
}

let counter = 0;
const next = () => ++counter;

/** Inserts an event (published unless told otherwise). */
export async function makeEvent(db: Db, o: Partial<Insertable<EventTable>> = {}) {
  const n = next();
  return await insertRow(db, "events", {
    id: crypto.randomUUID(),
    slug: `event-${n}`,
    name: `Event ${n}`,
    venue: "Sports Hall",
    start_date: "2026-11-28",
    end_date: "2026-11-29",
    status: "published" as const,
    description: "An open tournament",
    poster_url: null,
    revision: 0,
    source_hash: null,
    created_at: T0,
    updated_at: T0,
    ...o,
  });
}

/** Inserts a category of an event (knockout singles, best of 5, no draw, unless told otherwise). */
export async function makeCategory(db: Db, o: Partial<Insertable<CategoryTable>> & { event_id: string }) {
  const n = next();
  return await insertRow(db, "subevents", {
    id: crypto.randomUUID(),
    code: `C${n}`,
    name: `Category ${n}`,
    kind: "singles" as const,
    format: "knockout" as const,
    best_of: 5,
    position: n,
    group_size: null,
    qualifiers_per_group: null,
    draw_state: "none" as const,
    draw_seed: null,
    draw_size: null,
    ...o,
  });
}

/** Inserts a player (listed, no private data, unless told otherwise). */
export async function makePlayer(db: Db, o: Partial<Insertable<PlayerTable>> = {}) {
  const n = next();
  return await insertRow(db, "players", {
    id: crypto.randomUUID(),
    display_name: `Player ${n}`,
    association: "TTC Example",
    federation_id: null,
    email: null,
    birth_date: null,
    prior_rating: null,
    prior_deviation: null,
    prior_match_count: null,
    listed: 1,
    created_at: T0,
    ...o,
  });
}

/** Inserts an entry of a category. */
export async function makeEntry(
  db: Db,
  o: Partial<Insertable<EntryTable>> & { subevent_id: string; player1_id: string },
) {
  return await insertRow(db, "entries", { id: crypto.randomUUID(), player2_id: null, seed: null, ...o });
}

/** Inserts a group of a category. */
export async function makeGroup(db: Db, o: Partial<Insertable<GroupTable>> & { subevent_id: string }) {
  return await insertRow(db, "groups", { id: crypto.randomUUID(), name: "A", position: 0, ...o });
}

/** Inserts a member of a group. */
export async function makeGroupMember(db: Db, o: Insertable<GroupMemberTable>) {
  await db.insertInto("group_members").values(o).execute();
  return o;
}

/**
 * Inserts an event (published), its groups category, one group, and per player given a player, its entry and its
 * seat in the group, in order (lot not drawn): the smallest group stage.
 */
export async function makeGroupOf(
  db: Db,
  players: Partial<Insertable<PlayerTable>>[],
  o: { event?: Partial<Insertable<EventTable>>; category?: Partial<Insertable<CategoryTable>> } = {},
) {
  const event = await makeEvent(db, o.event);
  const category = await makeCategory(db, { event_id: event.id, format: "groups", ...o.category });
  const group = await makeGroup(db, { subevent_id: category.id });
  const seated = [];
  for (const [i, p] of players.entries()) {
    const player = await makePlayer(db, p);
    const entry = await makeEntry(db, { subevent_id: category.id, player1_id: player.id });
    await makeGroupMember(db, { group_id: group.id, entry_id: entry.id, position: i, lot: null });
    seated.push({ player, entry });
  }
  return { event, category, group, seated };
}

/** Inserts a first-round slot of a draw. */
export async function makeDrawSlot(
  db: Db,
  o: Partial<Insertable<DrawSlotTable>> & { subevent_id: string; position: number },
) {
  return await insertRow(db, "draw_slots", {
    entry_id: null,
    is_bye: 0,
    qualifier_group: null,
    qualifier_place: null,
    ...o,
  });
}

/** Inserts a match (a scheduled knockout first-round match unless told otherwise). */
export async function makeMatch(
  db: Db,
  o: Partial<Insertable<MatchTable>> & { event_id: string; subevent_id: string },
) {
  return await insertRow(db, "matches", {
    id: crypto.randomUUID(),
    stage: "knockout" as const,
    group_id: null,
    round_no: 1,
    bracket_pos: 0,
    label: "",
    home_entry_id: null,
    away_entry_id: null,
    best_of: 5,
    ...unplayedMatchColumns(T0),
    ...o,
  });
}

/** Inserts a player's rating; `listed` defaults to the player's flag, as the store keeps it. */
export async function makeRating(db: Db, o: Partial<Insertable<RatingTable>> & { player_id: string }) {
  const player = await db.selectFrom("players").select("listed").where("id", "=", o.player_id)
    .executeTakeFirst();
  return await insertRow(db, "ratings", {
    listed: player?.listed ?? 0,
    rating: 1500,
    deviation: 120,
    volatility: 0.06,
    match_count: 10,
    last_played_at: null,
    updated_at: T0,
    ...o,
  });
}

/** Inserts a frozen prediction of a match. */
export async function makePrediction(db: Db, o: Partial<Insertable<PredictionTable>> & { match_id: string }) {
  return await insertRow(db, "predictions", {
    p_home: 0.62,
    ci_low: 0.48,
    ci_high: 0.74,
    confidence_label: "medium",
    home_rating: 1600,
    home_deviation: 90,
    home_match_count: 20,
    away_rating: 1510,
    away_deviation: 95,
    away_match_count: 18,
    created_at: at(-60),
    outcome: null,
    ...o,
  });
}

/** Inserts an operator account (private). */
export async function makeAccount(db: Db, o: Partial<Insertable<AccountTable>> = {}) {
  return await insertRow(db, "accounts", {
    id: crypto.randomUUID(),
    email: `operator${next()}@example.org`,
    display_name: "Operator",
    created_at: T0,
    ...o,
  });
}

/** Inserts a token (private). */
export async function makeToken(db: Db, o: Partial<Insertable<TokenTable>> = {}) {
  return await insertRow(db, "tokens", {
    id: crypto.randomUUID(),
    label: `token ${next()}`,
    role: "admin" as const,
    event_id: null,
    table_no: null,
    token_hash: crypto.randomUUID().replaceAll("-", "").repeat(2),
    created_at: T0,
    last_used_at: null,
    revoked_at: null,
    ...o,
  });
}

/**
 * Marks a direct change of rows as a write: bumps the global revision and, since a fixture does not say what it
 * changed, every event's, every category's and every match's own revision too (the write path bumps those it
 * touches).
 */
export async function bump(db: Db): Promise<number> {
  await db.updateTable("matches").set({ revision: sql`revision + 1` }).execute();
  let value = await bumpRevision(db);
  for (const event of await db.selectFrom("events").select("id").execute()) {
    value = await bumpRevision(db, event.id);
  }
  return value;
}

/** Games as stored: `[[home, away], ...]`. */
export function games(...scores: [number, number][]): string {
  return JSON.stringify(scores);
}

/** Every string that must never appear in a public response of the store `seedTournament` fills. */
export const PRIVATE_STRINGS = [
  "hidden.player@example.com",
  "listed.player@example.com",
  "1999-12-31",
  "1988-02-29",
  "ITTF:424242",
  "Secret Draft Cup",
  "secret-draft-cup",
  "Hidden Draft Player",
  "Archived Private Open",
  "operator.account@example.org",
  "Operator Account Name",
  "umpire table 3",
  "0badc0ffee0badc0ffee0badc0ffee0badc0ffee0badc0ffee0badc0ffee0bad",
  "draft-only-category",
  "Draft Singles",
  "Secret Club",
];

/** What `seedTournament` made, for the tests to address. */
export interface Seeded {
  event: { id: string; slug: string };
  groups: { id: string; groupA: string; groupB: string; entries: string[] };
  knockout: { id: string; entries: string[]; players: string[] };
  doubles: { id: string; entries: string[] };
  draftKnockout: { id: string };
  matches: {
    groupDone: string;
    groupWalkover: string;
    groupRunning: string;
    groupScheduled: string;
    r1Done: string;
    r1Running: string;
    semiScheduled: string;
    semiOpen: string;
    final: string;
    doublesDone: string;
  };
  draft: { eventId: string; slug: string; categoryId: string; matchId: string };
  archived: { eventId: string; slug: string };
}

/**
 * Fills a store with one published tournament and private data beside it:
 * - "City Open 2026" (published): a groups_knockout category (2 groups of 3, a locked draw of group
 *   qualifiers), a knockout category (8-slot locked draw with 2 byes; results, a running match, predictions),
 *   a doubles group category, and a knockout category whose draw is still a draft;
 * - a draft and an archived event, players with e-mail addresses and birth dates, an account and tokens.
 */
export async function seedTournament(db: Db): Promise<Seeded> {
  const event = await makeEvent(db, {
    slug: "city-open-2026",
    name: "City Open 2026",
    venue: "Riverside Sports Hall",
    start_date: "2026-11-28",
    end_date: "2026-11-29",
    description: "Open singles and doubles",
    poster_url: "https://example.net/poster.png",
  });
  const player = (name: string, association: string | null, o: Partial<Insertable<PlayerTable>> = {}) =>
    makePlayer(db, { display_name: name, association, ...o });

  // Groups category: 2 groups of 3 and a locked draw of the qualifiers.
  const groupsCat = await makeCategory(db, {
    event_id: event.id,
    name: "Women's Singles",
    format: "groups_knockout",
    position: 1,
    group_size: 3,
    qualifiers_per_group: 2,
    draw_state: "locked",
    draw_size: 4,
  });
  const gPlayers = [
    await player("Anna Berg", "TTC Nord", { email: "listed.player@example.com", birth_date: "1988-02-29" }),
    await player("Bea Carter", "TTC Sud", { federation_id: "ITTF:424242" }),
    await player("Cleo Dubois", "TTC Ost"),
    await player("Dana Evans", "TTC West"),
    await player("Ella Fox", null),
    await player("Fay Green", "TTC Nord"),
  ];
  const gEntries = [];
  for (const p of gPlayers) {
    gEntries.push(await makeEntry(db, { subevent_id: groupsCat.id, player1_id: p.id }));
  }
  const groupA = await makeGroup(db, { subevent_id: groupsCat.id, name: "A", position: 0 });
  const groupB = await makeGroup(db, { subevent_id: groupsCat.id, name: "B", position: 1 });
  for (const [i, e] of gEntries.entries()) {
    await makeGroupMember(db, {
      group_id: i < 3 ? groupA.id : groupB.id,
      entry_id: e.id,
      position: i % 3,
      lot: null,
    });
  }
  const [a1, a2, a3, b1, b2, b3] = gEntries.map((e) => e.id) as SixIds;
  const gm = (o: Partial<Insertable<MatchTable>>) =>
    makeMatch(db, { event_id: event.id, subevent_id: groupsCat.id, stage: "group", ...o });
  const groupDone = await gm({
    group_id: groupA.id,
    round_no: 1,
    bracket_pos: 0,
    label: "Group A",
    home_entry_id: a1,
    away_entry_id: a2,
    status: "completed",
    winner_entry_id: a1,
    games: games([11, 7], [9, 11], [11, 8], [11, 9]),
    table_no: 1,
    started_at: at(0),
    completed_at: at(25),
    updated_at: at(25),
  });
  const groupWalkover = await gm({
    group_id: groupA.id,
    round_no: 2,
    bracket_pos: 0,
    label: "Group A",
    home_entry_id: a2,
    away_entry_id: a3,
    status: "completed",
    result_reason: "walkover",
    winner_entry_id: a2,
    completed_at: at(30),
    updated_at: at(30),
  });
  const groupRunning = await gm({
    group_id: groupB.id,
    round_no: 1,
    bracket_pos: 0,
    label: "Group B",
    home_entry_id: b1,
    away_entry_id: b2,
    status: "in_progress",
    first_server: "home",
    games: games([11, 5]),
    current_home: 3,
    current_away: 4,
    server: "away",
    table_no: 2,
    started_at: at(5),
    updated_at: at(20),
  });
  const groupScheduled = await gm({
    group_id: groupB.id,
    round_no: 2,
    bracket_pos: 0,
    label: "Group B",
    home_entry_id: b2,
    away_entry_id: b3,
    scheduled_at: at(60),
  });
  await gm({
    group_id: groupA.id,
    round_no: 3,
    bracket_pos: 0,
    label: "Group A",
    home_entry_id: a1,
    away_entry_id: a3,
  });
  for (const [position, group, place] of [[0, 0, 1], [1, 1, 2], [2, 1, 1], [3, 0, 2]] as const) {
    await makeDrawSlot(db, {
      subevent_id: groupsCat.id,
      position,
      qualifier_group: group,
      qualifier_place: place,
    });
  }

  // Knockout category: 8 slots, 6 entries, byes at slots 1 and 6.
  const koCat = await makeCategory(db, {
    event_id: event.id,
    name: "Men's Singles",
    format: "knockout",
    position: 2,
    draw_state: "locked",
    draw_size: 8,
    draw_seed: "lot-seed",
  });
  const koPlayers = [
    await player("Hugo Ives", "TTC Nord"),
    await player("Ivan Jones", "TTC Sud"),
    await player("Jack King", "TTC Ost"),
    await player("Karl Lund", "TTC West"),
    await player("Leo Moss", "TTC Nord"),
    await player("Max Nash", "TTC Sud"),
  ];
  const koEntries = [];
  for (const [i, p] of koPlayers.entries()) {
    koEntries.push(
      await makeEntry(db, {
        subevent_id: koCat.id,
        player1_id: p.id,
        seed: i === 0 ? 1 : i === 5 ? 2 : null,
      }),
    );
  }
  const [k1, k2, k3, k4, k5, k6] = koEntries.map((e) => e.id) as SixIds;
  const slots: (string | "bye")[] = [k1, "bye", k2, k3, k4, k5, "bye", k6];
  for (const [position, slot] of slots.entries()) {
    await makeDrawSlot(db, {
      subevent_id: koCat.id,
      position,
      entry_id: slot === "bye" ? null : slot,
      is_bye: slot === "bye" ? 1 : 0,
    });
  }
  const km = (o: Partial<Insertable<MatchTable>>) =>
    makeMatch(db, { event_id: event.id, subevent_id: koCat.id, stage: "knockout", ...o });
  await km({ round_no: 1, bracket_pos: 0, label: "Quarter-final", home_entry_id: k1, status: "scheduled" });
  const r1Done = await km({
    round_no: 1,
    bracket_pos: 1,
    label: "Quarter-final",
    home_entry_id: k2,
    away_entry_id: k3,
    status: "completed",
    winner_entry_id: k2,
    games: games([11, 6], [12, 14], [11, 9], [13, 11]),
    started_at: at(0),
    completed_at: at(30),
    updated_at: at(30),
  });
  const r1Running = await km({
    round_no: 1,
    bracket_pos: 2,
    label: "Quarter-final",
    home_entry_id: k4,
    away_entry_id: k5,
    status: "in_progress",
    first_server: "away",
    games: games([8, 11], [11, 4]),
    current_home: 10,
    current_away: 10,
    server: "home",
    table_no: 3,
    started_at: at(10),
    updated_at: at(40),
  });
  await km({ round_no: 1, bracket_pos: 3, label: "Quarter-final", away_entry_id: k6 });
  const semiScheduled = await km({
    round_no: 2,
    bracket_pos: 0,
    label: "Semi-final",
    home_entry_id: k1,
    away_entry_id: k2,
    scheduled_at: at(90),
  });
  const semiOpen = await km({ round_no: 2, bracket_pos: 1, label: "Semi-final", away_entry_id: k6 });
  const final = await km({ round_no: 3, bracket_pos: 0, label: "Final" });
  await makePrediction(db, { match_id: semiScheduled.id });
  await makePrediction(db, {
    match_id: r1Running.id,
    p_home: 0.5,
    ci_low: 0.2,
    ci_high: 0.8,
    confidence_label: "insufficient",
    created_at: at(-5),
  });
  await makePrediction(db, { match_id: r1Done.id, outcome: "home", created_at: at(-10) });

  // Doubles group category: one group of 3 pairs.
  const doublesCat = await makeCategory(db, {
    event_id: event.id,
    name: "Mixed Doubles",
    kind: "doubles",
    format: "groups",
    best_of: 3,
    position: 3,
  });
  const dGroup = await makeGroup(db, { subevent_id: doublesCat.id, name: "A", position: 0 });
  const dEntries = [];
  for (let i = 0; i < 3; i++) {
    const e = await makeEntry(db, {
      subevent_id: doublesCat.id,
      player1_id: gPlayers[i]!.id,
      player2_id: koPlayers[i]!.id,
    });
    dEntries.push(e);
    await makeGroupMember(db, { group_id: dGroup.id, entry_id: e.id, position: i, lot: i + 1 });
  }
  const doublesDone = await makeMatch(db, {
    event_id: event.id,
    subevent_id: doublesCat.id,
    stage: "group",
    group_id: dGroup.id,
    label: "Group A",
    best_of: 3,
    home_entry_id: dEntries[0]!.id,
    away_entry_id: dEntries[1]!.id,
    status: "completed",
    winner_entry_id: dEntries[1]!.id,
    games: games([5, 11], [11, 13]),
    started_at: at(0),
    completed_at: at(20),
    updated_at: at(20),
  });

  // A knockout category of the published event whose draw is still a draft: no draw, no knockout matches.
  const draftKo = await makeCategory(db, {
    event_id: event.id,
    name: "Draft Knockout",
    code: "draft-only-category",
    format: "knockout",
    position: 4,
    draw_state: "draft",
    draw_size: 2,
  });
  const dk1 = await makeEntry(db, { subevent_id: draftKo.id, player1_id: koPlayers[0]!.id });
  const dk2 = await makeEntry(db, { subevent_id: draftKo.id, player1_id: koPlayers[1]!.id });
  await makeMatch(db, {
    event_id: event.id,
    subevent_id: draftKo.id,
    home_entry_id: dk1.id,
    away_entry_id: dk2.id,
  });

  // Ratings: every listed player, and a draft-only player who must not be listed.
  for (const [i, p] of [...gPlayers, ...koPlayers].entries()) {
    await makeRating(db, { player_id: p.id, rating: 1400 + 37.4 * i, match_count: 5 + i });
  }

  // A draft and an archived event with private data.
  const draft = await makeEvent(db, { slug: "secret-draft-cup", name: "Secret Draft Cup", status: "draft" });
  const draftCat = await makeCategory(db, {
    event_id: draft.id,
    name: "Draft Singles",
    draw_state: "locked",
  });
  const hidden = await player("Hidden Draft Player", "Secret Club", {
    email: "hidden.player@example.com",
    birth_date: "1999-12-31",
    listed: 0,
  });
  await makeRating(db, { player_id: hidden.id, rating: 2999, match_count: 99 });
  const hiddenEntry = await makeEntry(db, { subevent_id: draftCat.id, player1_id: hidden.id });
  const otherEntry = await makeEntry(db, { subevent_id: draftCat.id, player1_id: koPlayers[2]!.id });
  const draftMatch = await makeMatch(db, {
    event_id: draft.id,
    subevent_id: draftCat.id,
    home_entry_id: hiddenEntry.id,
    away_entry_id: otherEntry.id,
    status: "in_progress",
    started_at: at(1),
  });
  const archived = await makeEvent(db, {
    slug: "archived-open",
    name: "Archived Private Open",
    status: "archived",
  });
  await makeAccount(db, { email: "operator.account@example.org", display_name: "Operator Account Name" });
  await makeToken(db, {
    label: "umpire table 3",
    role: "scorer",
    event_id: event.id,
    table_no: 3,
    token_hash: "0badc0ffee0badc0ffee0badc0ffee0badc0ffee0badc0ffee0badc0ffee0bad",
  });
  await bump(db);

  return {
    event: { id: event.id, slug: event.slug },
    groups: { id: groupsCat.id, groupA: groupA.id, groupB: groupB.id, entries: gEntries.map((e) => e.id) },
    knockout: { id: koCat.id, entries: koEntries.map((e) => e.id), players: koPlayers.map((p) => p.id) },
    doubles: { id: doublesCat.id, entries: dEntries.map((e) => e.id) },
    draftKnockout: { id: draftKo.id },
    matches: {
      groupDone: groupDone.id,
      groupWalkover: groupWalkover.id,
      groupRunning: groupRunning.id,
      groupScheduled: groupScheduled.id,
      r1Done: r1Done.id,
      r1Running: r1Running.id,
      semiScheduled: semiScheduled.id,
      semiOpen: semiOpen.id,
      final: final.id,
      doublesDone: doublesDone.id,
    },
    draft: { eventId: draft.id, slug: draft.slug, categoryId: draftCat.id, matchId: draftMatch.id },
    archived: { eventId: archived.id, slug: archived.slug },
  };
}
