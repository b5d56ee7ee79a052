import assert from "node:assert/strict";
import { unplayedMatchColumns } from "../../db/unplayed_match.ts";

Deno.test("unplayedMatchColumns() is a scheduled match with no table, time, result or games, made at now", () => {
  const now = "2026-11-28T09:00:00.000Z";
  const { status, games, current_home, current_away, revision, created_at, updated_at, ...unset } =
    unplayedMatchColumns(now);
  assert.deepEqual([status, games, current_home, current_away, revision], ["scheduled", "[]", 0, 0, 0]);
  assert.deepEqual([created_at, updated_at], [now, now]);
  const nulls = ["table_no", "scheduled_at", "result_reason", "retirement_after_game", "winner_entry_id"];
  nulls.push("first_server", "server", "started_at", "completed_at");
  assert.deepEqual(unset, Object.fromEntries(nulls.map((k) => [k, null])));
});
