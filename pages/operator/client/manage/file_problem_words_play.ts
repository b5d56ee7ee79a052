/**
 * The desk's words for the codes of an event file's draws, matches, results and teams (the last section of
 * event_file/problem_codes.ts), spread into file_problem_words.ts's map. Every declaration is exported so that the
 * page can inline this module (pages/client_script.ts `moduleScript`).
 */
import type { ImportProblemCode } from "../../../../event_file/problem_codes.ts";
import type { DeskKey } from "./words.ts";

/** The words of the draws', matches', results' and teams' codes. */
export const PLAY_FILE_WORDS = {
  "draw-size": "desk.file.schema-draw-size",
} as const satisfies Partial<Record<ImportProblemCode, DeskKey>>;
