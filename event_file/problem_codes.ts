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
  // A syntax error names its `line` and `column`; a schema problem's `got` is the value as JSON text, a long one
  // cut and an array or object shown as "[…]" or "{…}".
  | "not-json"
  | "json-unexpected-end"
  | "json-unterminated-string"
  | "json-control-character"
  | "json-unicode-escape"
  | "json-escape"
  | "json-number"
  | "json-trailing-comma"
  | "json-expected-colon"
  | "json-expected-comma"
  | "json-expected-name"
  | "json-expected-value"
  | "json-after-end"
  | "json-too-deep"
  | "schema-required"
  | "schema-unknown-field"
  | "schema-unknown-field-near"
  | "schema-unknown-field-known"
  | "schema-type"
  | "schema-const"
  | "schema-enum"
  | "schema-best-of"
  | "schema-draw-size"
  | "schema-pattern"
  | "schema-pattern-key"
  | "schema-pattern-slug"
  | "schema-pattern-date"
  | "schema-pattern-date-time"
  | "schema-pattern-score"
  | "schema-pattern-text"
  | "schema-pattern-email"
  | "schema-pattern-country"
  | "schema-minimum"
  | "schema-maximum"
  | "schema-exclusive-minimum"
  | "schema-exclusive-maximum"
  | "schema-min-items"
  | "schema-max-items"
  | "schema-min-length"
  | "schema-max-length"
  | "schema-one-of"
  | "schema-any-of"
  | "schema-unique-items"
  | "schema-format"
  | "schema-invalid"
  // The event, players, categories, entries, groups, ids, sessions and texts (check_event, check_players,
  // check_category, check_ids, check_sessions, check_texts, file_ids), and the import's warnings (import.ts).
  | "duplicate-category-id"
  | "duplicate-player-id"
  | "duplicate-federation-id"
  | "duplicate-email"
  | "duplicate-uuid"
  | "date-not-calendar"
  | "date-outside-years"
  | "time-not-real-in-years"
  | "poster-not-web"
  | "event-ends-before-start"
  | "announcement-hidden"
  | "announcement-marks"
  | "announcement-too-long"
  | "announcement-posted-at-missing"
  | "text-nul"
  | "text-lone-surrogate"
  | "text-hidden"
  | "name-hidden"
  | "duplicate-session-id"
  | "session-ends-before-start"
  | "session-table-twice"
  | "session-table-shared"
  | "unknown-session"
  | "unknown-session-none"
  | "session-twice"
  | "knockout-no-groups"
  | "group-size-not-drawn"
  | "qualifiers-format"
  | "qualifiers-too-many"
  | "duplicate-entry-id"
  | "bye-reserved"
  | "singles-entry-players"
  | "doubles-entry-players"
  | "unknown-player"
  | "player-twice-in-entry"
  | "player-in-other-entry"
  | "seed-taken"
  | "duplicate-group-name"
  | "unknown-entry"
  | "entry-twice-in-group"
  | "entry-in-other-group"
  | "group-of-one"
  | "group-too-big"
  | "lot-not-member"
  | "lot-twice"
  | "incident-unreplayed"
  // Draws, matches, results and teams (check_draw, check_matches, check_result, check_teams, import_teams,
  // round_robins).
  | "draw-size";
