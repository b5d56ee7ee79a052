/**
 * A published event with one 64-draw of doubles (tests/api/manage_fixtures.ts `seedKnockout`), part played: in
 * the round of 64 one result and two matches in play, in the round of 32 one result, and in the round of 16 a
 * walkover; for the venue TV's bracket at its largest.
 */
import type { Updateable } from "kysely";
import type { MatchTable } from "../../db/schema.ts";
import type { Store } from "../../db/store.ts";
import { seedKnockout } from "../api/manage_fixtures.ts";

/** Seeds the event "big-draw" and returns its slug. */
export async function seedBigDraw(store: Store): Promise<{ slug: string }> {
  const db = store.db;
  const { slug, entryIds: e, rounds } = await seedKnockout(db, { slug: "big-draw", size: 64, doubles: true });
  const at = "2026-11-28T09:00:00.000Z";
  const set = (id: string, values: Updateable<MatchTable>) =>
    db.updateTable("matches").set({ updated_at: at, ...values }).where("id", "=", id).execute();
  const won: Updateable<MatchTable> = {
    status: "completed",
    games: JSON.stringify([[11, 5], [11, 7], [11, 9]]),
    started_at: at,
    completed_at: at,
  };
  const playing: Updateable<MatchTable> = {
    status: "in_progress",
    games: JSON.stringify([[11, 8]]),
    current_home: 4,
    current_away: 6,
    server: "away",
    started_at: at,
  };
  await set(rounds[0]![0]!, { ...won, winner_entry_id: e[0]! });
  await set(rounds[0]![1]!, playing);
  await set(rounds[0]![2]!, playing);
  await set(
    rounds[1]![0]!,
    { home_entry_id: e[0]!, away_entry_id: e[3]!, ...won, winner_entry_id: e[0]! },
  );
  await set(rounds[2]![0]!, {
    home_entry_id: e[0]!,
    away_entry_id: e[7]!,
    status: "completed",
    result_reason: "walkover",
    winner_entry_id: e[0]!,
    completed_at: at,
  });
  return { slug };
}
