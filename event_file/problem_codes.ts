/**
 * The codes of an event file's problems: a problem carries its code and the values its sentence names (`params`),
 * beside its English `message`, so that the desk says it in its own language (docs/import-format.md, "Problems").
 * A code names one sentence shape; sites that say the same thing share it.
 * @module
 */

/** The values a problem's sentence names: paths, keys, names, numbers; never a sentence. */
export type ProblemParams = Record<string, string | number>;

/** What a page needs to word a problem. */
export interface ProblemWords {
  code: ImportProblemCode;
  params?: ProblemParams;
}

/** Every code an event file's problem may carry. */
export type ImportProblemCode =
  // The file as a whole, its syntax and its JSON Schema (event_file/validate.ts, schema_problems.ts, json_syntax.ts).
  | "not-json"
  // The event, players, categories, entries, groups, ids, sessions and texts (check_event, check_players,
  // check_category, check_ids, check_sessions, check_texts, file_ids).
  | "duplicate-category-id"
  // Draws, matches, results and teams (check_draw, check_matches, check_result, check_teams, import_teams,
  // round_robins).
  | FilePlayProblemCode;

/** The codes of the draws', matches', results' and teams' problems (the union's last part). */
export type FilePlayProblemCode =
  | "draw-groups-no-knockout"
  | "draw-needs-slots"
  | "draw-lot-too-few-entries"
  | "draw-lot-too-many-entries"
  | "draw-lot-duplicate-entry"
  | "draw-lot-duplicate-seed"
  | "draw-lot-needs-qualifiers"
  | "draw-lot-too-few-qualifiers"
  | "draw-lot-impossible"
  | "draw-lot-size"
  | "draw-slot-count"
  | "draw-size-not-power"
  | "draw-locked-empty-slot"
  | "draw-qualifier-format"
  | "draw-place-not-qualifying"
  | "draw-group-too-small"
  | "draw-place-again"
  | "draw-locked-missing"
  | "entry-unknown-in-category"
  | "entry-drawn-again"
  | "group-unknown-in-category"
  | "entry-not-in-group"
  | "match-id-again"
  | "match-plays-itself"
  | "match-knockout-no-group-stage"
  | "match-group-needs-group"
  | "match-group-needs-sides"
  | "match-groups-no-knockout-stage"
  | "match-knockout-has-group"
  | "match-plays-twice-in-round"
  | "match-place-taken"
  | "match-round-beyond-draw"
  | "match-position-beyond-round"
  | "match-differs-from-draw"
  | "game-not-finished"
  | "game-after-decision"
  | "current-not-in-play"
  | "current-after-decision"
  | "winner-not-a-side"
  | "time-not-real"
  | "time-outside-years"
  | "completed-before-started"
  | "only-completed-winner"
  | "only-completed-reason"
  | "only-completed-retirement"
  | "only-completed-time"
  | "in-progress-needs-sides"
  | "completed-needs-sides"
  | "scheduled-has-games"
  | "scheduled-has-running-game"
  | "scheduled-has-started"
  | "games-decide-status"
  | "games-do-not-decide"
  | "completed-has-running-game"
  | "winner-contradicts-games"
  | "retirement-needs-retired"
  | "reason-needs-winner"
  | "walkover-has-games"
  | "walkover-has-running-game"
  | "games-decide-reason"
  | "retirement-game-count"
  | "team-needs-name"
  | "team-format-needs-team-kind"
  | "tables-per-tie-needs-team-kind"
  | "team-field-needs-team-kind"
  | "tie-needs-team-kind"
  | "team-format-missing"
  | "team-format-unknown"
  | "team-format-custom-needs-matches"
  | "team-format-no-matches"
  | "team-format-match-type"
  | "team-format-doubles-side"
  | "team-format-position-name"
  | "team-format-wins-needed"
  | "tie-has-no-games"
  | "lineup-no-player"
  | "lineup-player-twice"
  | "lineup-unknown-position"
  | "lineup-no-pair"
  | "lineup-pair-twice"
  | "player-not-in-team"
  | "tie-order-beyond-format"
  | "tie-order-again"
  | "tie-match-before-lineups"
  | "tie-match-not-needed"
  | "tie-status-mismatch"
  | "tie-no-winner"
  | "tie-winner";
