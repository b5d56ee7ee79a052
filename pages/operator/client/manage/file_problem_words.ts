/// <reference lib="dom" />
/**
 * The desk's words for an event file's problems (event_file/problem_codes.ts, docs/import-format.md "Problems"):
 * the `desk.file.*` message of each code, its values filled in, in the page's language; a problem without a code
 * (from an older server) keeps its English message. The codes of the draws, matches, results and teams have their
 * words in file_problem_words_play.ts. Every declaration is exported so that the page can inline this module
 * (pages/client_script.ts `moduleScript`).
 */
import type { ImportProblemCode, ProblemParams } from "../../../../event_file/problem_codes.ts";
import { PLAY_FILE_WORDS } from "./file_problem_words_play.ts";
import { type DeskKey, deskWords, w } from "./words.ts";

/** The words of the codes of the file as a whole, its schema, the event, players, entries, groups and sessions. */
export const FILE_WORDS = {
  "not-json": "desk.file.not-json",
  "json-unexpected-end": "desk.file.json-unexpected-end",
  "json-unterminated-string": "desk.file.json-unterminated-string",
  "json-control-character": "desk.file.json-control-character",
  "json-unicode-escape": "desk.file.json-unicode-escape",
  "json-escape": "desk.file.json-escape",
  "json-number": "desk.file.json-number",
  "json-trailing-comma": "desk.file.json-trailing-comma",
  "json-expected-colon": "desk.file.json-expected-colon",
  "json-expected-comma": "desk.file.json-expected-comma",
  "json-expected-name": "desk.file.json-expected-name",
  "json-expected-value": "desk.file.json-expected-value",
  "json-after-end": "desk.file.json-after-end",
  "json-too-deep": "desk.file.json-too-deep",
  "schema-required": "desk.file.schema-required",
  "schema-unknown-field": "desk.file.schema-unknown-field",
  "schema-unknown-field-near": "desk.file.schema-unknown-field-near",
  "schema-unknown-field-known": "desk.file.schema-unknown-field-known",
  "schema-type": "desk.file.schema-type",
  "schema-const": "desk.file.schema-const",
  "schema-enum": "desk.file.schema-enum",
  "schema-best-of": "desk.file.schema-best-of",
  "schema-draw-size": "desk.file.schema-draw-size",
  "schema-pattern": "desk.file.schema-pattern",
  "schema-pattern-key": "desk.file.schema-pattern-key",
  "schema-pattern-slug": "desk.file.schema-pattern-slug",
  "schema-pattern-date": "desk.file.schema-pattern-date",
  "schema-pattern-date-time": "desk.file.schema-pattern-date-time",
  "schema-pattern-score": "desk.file.schema-pattern-score",
  "schema-pattern-text": "desk.file.schema-pattern-text",
  "schema-pattern-email": "desk.file.schema-pattern-email",
  "schema-pattern-country": "desk.file.schema-pattern-country",
  "schema-minimum": "desk.file.schema-minimum",
  "schema-maximum": "desk.file.schema-maximum",
  "schema-exclusive-minimum": "desk.file.schema-exclusive-minimum",
  "schema-exclusive-maximum": "desk.file.schema-exclusive-maximum",
  "schema-min-items": "desk.file.schema-min-items",
  "schema-max-items": "desk.file.schema-max-items",
  "schema-min-length": "desk.file.schema-min-length",
  "schema-max-length": "desk.file.schema-max-length",
  "schema-one-of": "desk.file.schema-one-of",
  "schema-any-of": "desk.file.schema-any-of",
  "schema-unique-items": "desk.file.schema-unique-items",
  "schema-format": "desk.file.schema-format",
  "schema-invalid": "desk.file.schema-invalid",
  "duplicate-category-id": "desk.file.duplicate-category-id",
  "duplicate-player-id": "desk.file.duplicate-player-id",
  "duplicate-federation-id": "desk.file.duplicate-federation-id",
  "duplicate-email": "desk.file.duplicate-email",
  "duplicate-uuid": "desk.file.duplicate-uuid",
  "date-not-calendar": "desk.file.date-not-calendar",
  "date-outside-years": "desk.file.date-outside-years",
  "time-not-real-in-years": "desk.file.time-not-real-in-years",
  "poster-not-web": "desk.file.poster-not-web",
  "event-ends-before-start": "desk.file.event-ends-before-start",
  "announcement-hidden": "desk.file.announcement-hidden",
  "announcement-marks": "desk.file.announcement-marks",
  "announcement-too-long": "desk.file.announcement-too-long",
  "announcement-posted-at-missing": "desk.file.announcement-posted-at-missing",
  "text-nul": "desk.file.text-nul",
  "text-lone-surrogate": "desk.file.text-lone-surrogate",
  "text-hidden": "desk.file.text-hidden",
  "name-hidden": "desk.file.name-hidden",
  "duplicate-session-id": "desk.file.duplicate-session-id",
  "session-ends-before-start": "desk.file.session-ends-before-start",
  "session-table-twice": "desk.file.session-table-twice",
  "session-table-shared": "desk.file.session-table-shared",
  "unknown-session": "desk.file.unknown-session",
  "unknown-session-none": "desk.file.unknown-session-none",
  "session-twice": "desk.file.session-twice",
  "knockout-no-groups": "desk.file.knockout-no-groups",
  "group-size-not-drawn": "desk.file.group-size-not-drawn",
  "qualifiers-format": "desk.file.qualifiers-format",
  "qualifiers-too-many": "desk.file.qualifiers-too-many",
  "duplicate-entry-id": "desk.file.duplicate-entry-id",
  "bye-reserved": "desk.file.bye-reserved",
  "singles-entry-players": "desk.file.singles-entry-players",
  "doubles-entry-players": "desk.file.doubles-entry-players",
  "unknown-player": "desk.file.unknown-player",
  "player-twice-in-entry": "desk.file.player-twice-in-entry",
  "player-in-other-entry": "desk.file.player-in-other-entry",
  "seed-taken": "desk.file.seed-taken",
  "duplicate-group-name": "desk.file.duplicate-group-name",
  "unknown-entry": "desk.file.unknown-entry",
  "entry-twice-in-group": "desk.file.entry-twice-in-group",
  "entry-in-other-group": "desk.file.entry-in-other-group",
  "group-of-one": "desk.file.group-of-one",
  "group-too-big": "desk.file.group-too-big",
  "lot-not-member": "desk.file.lot-not-member",
  "lot-twice": "desk.file.lot-twice",
  "incident-unreplayed": "desk.file.incident-unreplayed",
} as const satisfies Partial<Record<ImportProblemCode, DeskKey>>;

/** The words of every code: a new code without words fails the type check. */
export const FILE_PROBLEM_WORDS: Record<ImportProblemCode, DeskKey> = { ...FILE_WORDS, ...PLAY_FILE_WORDS };

/** A problem of the file or a warning of its import, as the API lists it (api/manage/import.ts). */
export interface FileProblem {
  field?: string;
  path?: string;
  message: string;
  code?: string;
  params?: ProblemParams;
}

/**
 * A problem's line: its path in the file's own notation (isolated in a right-to-left page), then its sentence
 * in the page's language (the English message for a code the page does not know).
 * @example fileProblemLine({ field: "players[1].id", message: "…", code: "duplicate-player-id", params: { id: "p2", first: "players[0]" } })
 * // 'players[1].id: Duplicate player id "p2": also players[0]'
 */
export function fileProblemLine(p: FileProblem): string {
  const key = p.code !== undefined && Object.hasOwn(FILE_PROBLEM_WORDS, p.code)
    ? FILE_PROBLEM_WORDS[p.code as ImportProblemCode]
    : undefined;
  const sentence = key ? w(key, p.params ?? {}) : p.message;
  const path = p.field ?? p.path ?? "";
  // In Arabic the path is isolated (FSI … PDI), as w() does a value: its brackets keep their places.
  const shown = deskWords().rtl ? `\u2068${path}\u2069` : path;
  return path ? `${shown}: ${sentence}` : sentence;
}
