/**
 * The columns of a match row that nobody has played yet: whoever creates a match (a draw, the benchmark's store,
 * the tests' fixtures) starts it from these, so that a new match is the same row whichever way it was made.
 */

/** A new match's state: scheduled, no table or time, no result, no games, revision 0, made at `now`. */
export function unplayedMatchColumns(now: string) {
  return {
    table_no: null,
    scheduled_at: null,
    status: "scheduled",
    result_reason: null,
    retirement_after_game: null,
    winner_entry_id: null,
    first_server: null,
    games: "[]",
    current_home: 0,
    current_away: 0,
    server: null,
    revision: 0,
    started_at: null,
    completed_at: null,
    created_at: now,
    updated_at: now,
  };
}
