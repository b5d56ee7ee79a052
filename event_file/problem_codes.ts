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
  | "draw-size";
