import { sql } from "kysely";
/**
 * The pages' test data: the shared fixture tournament (tests/support/fixtures.ts) with one player renamed to an
 * HTML injection attempt, and a way to write a running score the way the scoring write path does.
 */
import { bumpRevision } from "../../db/revision.ts";
import type { Store } from "../../db/store.ts";
import {
  makeEntry,
  makeEvent,
  makeGroup,
  makeGroupMember,
  makeMatch,
  makePlayer,
  makeSubevent,
  type Seeded,
  seedTournament,
} from "../support/fixtures.ts";

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
      updated_at: new Date().toISOString(),
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
  const event = await makeEvent(db, { slug: "quiet-cup", name: "Quiet Cup" });
  const category = await makeSubevent(db, { event_id: event.id, name: "Open Singles", format: "groups" });
  const group = await makeGroup(db, { subevent_id: category.id });
  const entries = [];
  for (let i = 0; i < 3; i++) {
    const player = await makePlayer(db);
    const entry = await makeEntry(db, { subevent_id: category.id, player1_id: player.id });
    await makeGroupMember(db, { group_id: group.id, entry_id: entry.id, position: i, lot: null });
    entries.push(entry.id);
  }
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
