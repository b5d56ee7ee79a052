import { sql } from "kysely";
/**
 * The pages' test data: the shared fixture tournament (tests/support/fixtures.ts) with one player renamed to an
 * HTML injection attempt, and a way to write a running score the way the scoring write path does.
 */
import { type MatchAction, writeMatch } from "../../db/match_writes.ts";
import { bumpRevision } from "../../db/revision.ts";
import type { Store } from "../../db/store.ts";
import { makeGroupOf, makeMatch, type Seeded, seedTournament } from "../support/fixtures.ts";
import { seedKnockout } from "../api/manage_fixtures.ts";
import { testNow } from "../support/test_clock.ts";

/** A player name that is markup: it must show as text on every page and run nothing. */
export const EVIL_NAME = "</script><img src=x onerror=alert(1)>";
/** An association that is markup too. */
export const EVIL_ASSOCIATION = "TTC <b>West</b>";

/**
 * Seeds the fixture tournament; the home player of `matches.groupRunning` (table 2, Group B, 1-0 in games and
 * 3-4 in the second, away serving) is renamed to EVIL_NAME from EVIL_ASSOCIATION.
 */
export async function seedPages(store: Store): Promise<Seeded> {
  const seeded = await seedTournament(store.db);
  const running = await store.db.selectFrom("matches").innerJoin(
    "entries",
    "entries.id",
    "matches.home_entry_id",
  )
    .select("entries.player1_id").where("matches.id", "=", seeded.matches.groupRunning)
    .executeTakeFirstOrThrow();
  await store.db.updateTable("players").set({ display_name: EVIL_NAME, association: EVIL_ASSOCIATION })
    .where("id", "=", running.player1_id).execute();
  await bumpRevision(store.db, seeded.event.id);
  return seeded;
}

/**
 * Writes a match's running score as the scoring write path does (the row and the revision bump in one
 * transaction), so that the pages' polls see it.
 */
export async function setScore(
  store: Store,
  matchId: string,
  score: { games: [number, number][]; current: [number, number]; server: "home" | "away" },
): Promise<void> {
  await store.db.transaction().execute(async (trx) => {
    const row = await trx.updateTable("matches").set({
      games: JSON.stringify(score.games),
      current_home: score.current[0],
      current_away: score.current[1],
      server: score.server,
      revision: sql`revision + 1`,
      updated_at: testNow().toISOString(),
    }).where("id", "=", matchId).returning("event_id").executeTakeFirstOrThrow();
    await bumpRevision(trx, row.event_id);
  });
}

/**
 * Posts (or with null takes down) an event's announcement as the desk's write does: the row and the revision
 * bump in one transaction, so that the pages' polls see it.
 */
export async function setAnnouncement(store: Store, eventId: string, text: string | null): Promise<void> {
  await store.db.transaction().execute(async (trx) => {
    await trx.updateTable("events").set({
      announcement: text,
      announced_at: text === null ? null : "2026-11-28T11:45:00.000Z",
    }).where("id", "=", eventId).execute();
    await bumpRevision(trx, eventId);
  });
}

/** A published event whose only category has a group that has not started: no live matches, no results. */
export async function seedQuietEvent(store: Store): Promise<{ slug: string }> {
  const db = store.db;
  const { event, category: category, group, seated } = await makeGroupOf(db, [{}, {}, {}], {
    event: { slug: "quiet-cup", name: "Quiet Cup" },
    category: { name: "Open Singles" },
  });
  const entries = seated.map(({ entry }) => entry.id);
  await makeMatch(db, {
    event_id: event.id,
    subevent_id: category.id,
    stage: "group",
    group_id: group.id,
    home_entry_id: entries[0]!,
    away_entry_id: entries[1]!,
  });
  await bumpRevision(db, event.id);
  return { slug: event.slug };
}

/** What `seedUmpireStates` made: a doubles event whose first-round matches each show one state of the umpire. */
export interface UmpireStates {
  slug: string;
  /** Match point to home (2-0 in games, 10-6 in the third). */
  matchPoint: string;
  /** Game point to away (6-10 in the first game). */
  gamePoint: string;
  /** Away's time-out running (the last action) at game point to away, with cards and the expedite system. */
  timeout: string;
  /** When the time-out was called, as written. */
  timeoutAt: Date;
  /** Played a little, nothing to flag (5-3 in the first game). */
  plain: string;
}

/** Names for the pairs of `seedUmpireStates`, home and partner of each entry in draw order. */
const PAIRS = [
  ["Anna Berg", "Hugo Ives"],
  ["Cleo Dubois", "Jack King"],
  ["Dana Evans", "Karl Lund"],
  ["Ella Fox", "Leo Moss"],
  ["Fay Green", "Max Nash"],
  ["Gina Holt", "Nils Olsen"],
  ["Ida Jung", "Otto Petit"],
  ["Jana Kral", "Paul Quist"],
] as const;

/**
 * A published doubles event ("umpire-cup", best of 5, tables 1-4) whose first-round matches are written through
 * the umpire's write path (db/match_writes.ts `writeMatch`, as the scoring page's actions are): one at match
 * point, one at game point, one with a time-out running over cards and the expedite system, one plain. The
 * time-out is called at `timeoutAt` (now by default; a later time keeps it running through a long test).
 */
export async function seedUmpireStates(store: Store, timeoutAt = testNow()): Promise<UmpireStates> {
  const ev = await seedKnockout(store.db, { slug: "umpire-cup", size: 8, bestOf: 5, doubles: true });
  await store.db.updateTable("events").set({ name: "Umpire Cup" }).where("id", "=", ev.eventId).execute();
  for (const [i, entryId] of ev.entryIds.entries()) {
    const entry = await store.db.selectFrom("entries").select(["player1_id", "player2_id"])
      .where("id", "=", entryId).executeTakeFirstOrThrow();
    const [first, second] = PAIRS[i]!;
    await store.db.updateTable("players").set({ display_name: first }).where("id", "=", entry.player1_id)
      .execute();
    await store.db.updateTable("players").set({ display_name: second }).where("id", "=", entry.player2_id!)
      .execute();
  }
  await bumpRevision(store.db, ev.eventId);
  const [matchPoint, gamePoint, timeout, plain] = ev.rounds[0] as [string, string, string, string];
  const play = async (id: string, actions: MatchAction[], now = () => testNow()) => {
    for (const action of actions) await writeMatch(store, id, action, { actor: "desk", now: now() });
  };
  const start: MatchAction = { type: "start", firstServer: "home", server: "home1", receiver: "away1" };
  const points = (side: "home" | "away", n: number): MatchAction[] =>
    Array.from({ length: n }, () => ({ type: "point", side }));
  await play(matchPoint, [start, ...points("home", 22), ...points("away", 6), ...points("home", 10)]);
  await play(gamePoint, [start, ...points("home", 6), ...points("away", 10)]);
  await play(timeout, [
    start,
    ...points("home", 3),
    { type: "card", side: "home", target: "player", card: "yellow" },
    ...points("away", 4),
    { type: "card", side: "home", target: "coach", card: "yellow" },
    { type: "card", side: "home", target: "player", card: "yellow_red" },
    { type: "expedite", rallyInterrupted: false, byRequest: true },
    ...points("home", 3),
    ...points("away", 5),
  ]);
  await play(timeout, [{ type: "timeout", side: "away" }], () => timeoutAt);
  await play(plain, [start, ...points("home", 5), ...points("away", 3)]);
  return {
    slug: ev.slug,
    matchPoint,
    gamePoint,
    timeout,
    timeoutAt,
    plain,
  };
}
