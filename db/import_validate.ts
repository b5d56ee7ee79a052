/**
 * Validation of an event import file (tt-event/1, docs/import-format.md) in two layers: the JSON Schema
 * (db/import_schema.ts, published as docs/import-schema.json) and the rules a schema cannot say: references,
 * uniqueness, dates, scores, winners. Every problem is reported, each with its path in the file
 * (`categories[0].matches[12].games[2]`), so that one run shows everything to fix.
 * @module
 */
// Types only: ajv is loaded at the first validation (see `schemaValidator`).
import type { ErrorObject } from "ajv/dist/2020.js";
import { placeKnockout } from "../domain/draw.ts";
import { placeGroupQualifiers } from "../domain/group_qualifiers.ts";
import { findHiddenCharacter } from "../domain/hidden_characters.ts";
import { isFinishedGame, isRunningGame, isValidBestOf, type Score, type Side } from "../domain/scoring.ts";
import { IMPORT_SCHEMA } from "./import_schema.ts";
import type { DrawState, EventStatus, Stage, SubeventFormat, SubeventKind } from "./schema.ts";

/** The value of `format` in every file of this version. */
export const EVENT_FILE_FORMAT = "tt-event/1";

/** The event itself. */
export interface EventInfo {
  slug: string;
  name: string;
  venue: string;
  startDate: string;
  endDate: string;
  status: EventStatus;
  description?: string;
  posterUrl?: string | null;
}

/** An earlier rating of a player (Elo-like scale), the seed of the player's rating. */
export interface PlayerPriorInput {
  rating: number;
  deviation?: number | null;
  matchCount: number;
}

/** A player; `id` is a key local to the file. `email` and `birthDate` are private. */
export interface PlayerInput {
  id: string;
  displayName: string;
  association?: string | null;
  federationId?: string | null;
  email?: string | null;
  birthDate?: string | null;
  prior?: PlayerPriorInput;
}

/** An operator account (private). */
export interface AccountInput {
  email: string;
  displayName: string;
}

/** An entry of a category: one player (singles) or two (doubles). */
export interface EntryInput {
  id: string;
  players: string[];
  seed?: number | null;
}

/** A group of a category; `lots` is the operator's lot order for entries still level after ITTF 3.7.5. */
export interface GroupInput {
  name: string;
  entries: string[];
  lots?: string[];
}

/** A draw slot: an entry key, "bye", a group qualifier, or null (not drawn yet). */
export type DrawSlotInput = string | { group: string; place: number } | null;

/** A knockout draw. */
export interface DrawInput {
  state: Exclude<DrawState, "none">;
  lotSeed?: string | null;
  size?: number;
  /** Absent: made by lot from `lotSeed` (`drawByLot`). */
  slots?: DrawSlotInput[];
}

/** Every match status of the format. */
export type MatchStatusInput = "scheduled" | "in_progress" | "completed";

/** Every result reason of the format. */
export type ResultReasonInput = "walkover" | "retired" | "disqualified";

/** A match; `home`, `away` and `winner` are entry keys of the same category, games are "11-8" strings. */
export interface MatchInput {
  id: string;
  stage: Stage;
  group?: string | null;
  round?: number;
  position?: number;
  home?: string | null;
  away?: string | null;
  table?: number | null;
  scheduledAt?: string | null;
  status: MatchStatusInput;
  resultReason?: ResultReasonInput | null;
  retirementAfterGame?: number | null;
  winner?: string | null;
  games?: string[];
  current?: string | null;
  firstServer?: Side | null;
  startedAt?: string | null;
  completedAt?: string | null;
}

/** A category (stored as a subevent). */
export interface CategoryInput {
  id: string;
  name: string;
  kind: SubeventKind;
  format: SubeventFormat;
  bestOf: number;
  groupSize?: number | null;
  qualifiersPerGroup?: number | null;
  entries: EntryInput[];
  groups?: GroupInput[];
  draw?: DrawInput;
  matches?: MatchInput[];
}

/** A whole import file, as validated by `validateEventFile`. */
export interface EventFile {
  $schema?: string;
  format: typeof EVENT_FILE_FORMAT;
  event: EventInfo;
  players: PlayerInput[];
  accounts?: AccountInput[];
  categories: CategoryInput[];
  /** The key the players' ids derive from in the store the file was exported from (db/player_id_key.ts). */
  playerIdKey?: string;
}

/** One problem of a file: where (`categories[0].matches[3].winner`, "" for the whole file) and what. */
export interface ImportProblem {
  path: string;
  message: string;
}

/** The result of validating a file: the typed file, or every problem found. */
export type ValidationResult = { ok: true; file: EventFile } | { ok: false; errors: ImportProblem[] };

/** A compiled JSON Schema check, with the errors of its last call. */
type SchemaCheck = ((json: unknown) => boolean) & { errors?: ErrorObject[] | null };

let schemaCheck: Promise<SchemaCheck> | undefined;

/**
 * The import schema compiled by ajv, loaded and compiled at the first validation: ajv costs ~11 MB of memory
 * that a server which never imports (most of its life) would carry from its start.
 */
function schemaValidator(): Promise<SchemaCheck> {
  // The named export: under Deno's CommonJS interop the default import has no construct signature in the types.
  schemaCheck ??= import("ajv/dist/2020.js").then(({ Ajv2020 }) =>
    new Ajv2020({
      allErrors: true,
      verbose: true,
      strict: true,
      strictRequired: false,
      allowUnionTypes: true,
    }).compile(IMPORT_SCHEMA)
  );
  return schemaCheck;
}

/**
 * Validates a parsed file against the JSON Schema and the semantic rules; reports every problem with its path.
 * @example await validateEventFile({ format: "tt-event/1" }) // { ok: false, errors: [{ path: "event", ... }, ...] }
 */
export async function validateEventFile(json: unknown): Promise<ValidationResult> {
  const validateSchema = await schemaValidator();
  const schemaProblems = validateSchema(json) ? [] : schemaErrorsToProblems(validateSchema.errors ?? []);
  let semantic: ImportProblem[];
  try {
    semantic = checkSemantics(json);
  } catch (e) {
    // The semantic layer reads the file defensively; should a malformed shape still trip it, the schema's
    // problems already explain the file.
    if (schemaProblems.length === 0) throw e;
    semantic = [];
  }
  // A value the schema rejects is not checked again: a semantic problem on, inside or around it is noise.
  const rejected = new Set(schemaProblems.map((p) => p.path).filter((p) => p !== ""));
  const aroundRejected = new Set([...rejected].flatMap(ancestors));
  const related = (path: string) =>
    aroundRejected.has(path) || [path, ...ancestors(path)].some((a) => rejected.has(a));
  const problems = [...schemaProblems, ...semantic.filter((p) => !related(p.path))];
  return problems.length === 0 ? { ok: true, file: json as EventFile } : { ok: false, errors: problems };
}

/**
 * Parses the text of a file and validates it; a JSON syntax error becomes one problem that names its line and
 * column (`Invalid JSON at line 3, column 7: expected ":" after a property name`).
 */
export function parseEventFile(text: string): Promise<ValidationResult> {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let json: unknown;
  try {
    json = JSON.parse(source);
  } catch (e) {
    const found = locateJsonError(source);
    if (found) {
      const { line, column } = lineAndColumn(source, found.offset);
      return Promise.resolve({
        ok: false,
        errors: [{ path: "", message: `Invalid JSON at line ${line}, column ${column}: ${found.message}` }],
      });
    }
    return Promise.resolve({
      ok: false,
      errors: [{ path: "", message: `Invalid JSON: ${(e as Error).message}` }],
    });
  }
  return validateEventFile(json);
}

/**
 * The paths that hold a path, innermost first, without the file itself.
 * @example ancestors("a.b[0].c") // ["a.b[0]", "a.b", "a"]
 */
function ancestors(path: string): string[] {
  const out: string[] = [];
  for (let i = path.length - 1; i > 0; i--) {
    if (path[i] === "." || path[i] === "[") out.push(path.slice(0, i));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Schema errors

const PATTERN_HINTS: Record<string, string> = {
  "^[A-Za-z0-9][A-Za-z0-9_.:-]*$":
    'a key of letters, digits, "_", ".", ":" or "-", starting with a letter or digit',
  "^[a-z0-9][a-z0-9-]*$": "a slug of lowercase letters, digits and hyphens, starting with a letter or digit",
  "^\\d{4}-\\d{2}-\\d{2}$": "a date YYYY-MM-DD",
  "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})$":
    'a date and time with a UTC offset, e.g. "2026-03-14T09:30:00Z"',
  "^\\d{1,2}-\\d{1,2}$": 'a game score, home points first, e.g. "11-8"',
  "\\S": "a non-blank text",
  "^[^\\s@]+@[^\\s@]+$": "an e-mail address",
};

/** Turns Ajv's errors into problems with file paths and plain messages. */
function schemaErrorsToProblems(errors: readonly ErrorObject[]): ImportProblem[] {
  const out: ImportProblem[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    const problem = schemaErrorToProblem(error);
    if (!problem) continue;
    const key = `${problem.path}\u0000${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(problem);
  }
  return out;
}

function schemaErrorToProblem(error: ErrorObject): ImportProblem | null {
  const path = pointerToPath(error.instancePath);
  const params = error.params as Record<string, unknown>;
  const got = describeValue(error.data);
  switch (error.keyword) {
    case "if":
      return null; // the failing "then" keywords are reported themselves
    case "required":
      return { path: join(path, String(params.missingProperty)), message: "Required field is missing" };
    case "additionalProperties": {
      const field = String(params.additionalProperty);
      const known = knownFields(error.parentSchema);
      const near = known.find((k) => editDistance(k.toLowerCase(), field.toLowerCase()) <= 2);
      const hint = near
        ? `: did you mean "${near}"?`
        : known.length
        ? `: expected one of ${quoteList(known)}`
        : "";
      return { path: join(path, field), message: `Unknown field${hint}` };
    }
    case "type":
      return { path, message: `Expected ${typeNames(params.type)}, got ${got}` };
    case "const":
      return { path, message: `Expected ${describeValue(params.allowedValue)}, got ${got}` };
    case "enum": {
      if (path.endsWith("bestOf")) {
        return { path, message: `Expected an odd number of games from 3 to 9, got ${got}` };
      }
      if (path.endsWith("draw.size")) {
        return { path, message: `Expected a power of 2 from 2 to 256, got ${got}` };
      }
      const allowed = (params.allowedValues as unknown[]).filter((v) => v !== null).map(describeValue);
      return { path, message: `Expected one of ${allowed.join(", ")}, got ${got}` };
    }
    case "pattern": {
      const hint = PATTERN_HINTS[String(params.pattern)] ?? `a text matching ${String(params.pattern)}`;
      return { path, message: `Expected ${hint}, got ${got}` };
    }
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum": {
      const op =
        { minimum: ">=", maximum: "<=", exclusiveMinimum: ">", exclusiveMaximum: "<" }[error.keyword];
      return { path, message: `Expected a number ${op} ${String(params.limit)}, got ${got}` };
    }
    case "minItems":
    case "maxItems": {
      const limit = Number(params.limit);
      const bound = error.keyword === "minItems" ? "at least" : "at most";
      const count = Array.isArray(error.data) ? error.data.length : 0;
      return { path, message: `Expected ${bound} ${plural(limit, "item")}, got ${count}` };
    }
    case "minLength":
    case "maxLength": {
      const bound = error.keyword === "minLength" ? "at least" : "at most";
      const length = typeof error.data === "string" ? error.data.length : 0;
      return {
        path,
        message: `Expected ${bound} ${plural(Number(params.limit), "character")}, got ${length}`,
      };
    }
    default: {
      const text = error.message ?? "is invalid";
      return { path, message: `Invalid value: ${text}` };
    }
  }
}

/** `/categories/0/matches/12` -> `categories[0].matches[12]`. */
function pointerToPath(pointer: string): string {
  let out = "";
  for (const raw of pointer.split("/").slice(1)) {
    const segment = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    out = /^\d+$/.test(segment) ? `${out}[${segment}]` : join(out, segment);
  }
  return out;
}

/** The fields an object schema allows: the `properties` of the schema that holds the failing keyword. */
function knownFields(parentSchema: unknown): string[] {
  const properties = (parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return properties ? Object.keys(properties).filter((k) => k !== "$schema") : [];
}

function typeNames(type: unknown): string {
  const names: Record<string, string> = {
    string: "a string",
    number: "a number",
    integer: "a whole number",
    boolean: "true or false",
    object: "an object",
    array: "an array",
    null: "null",
  };
  const list = (Array.isArray(type) ? type : String(type).split(",")).map((t) =>
    names[String(t)] ?? String(t)
  );
  return list.length <= 1 ? list.join("") : `${list.slice(0, -1).join(", ")} or ${list.at(-1)}`;
}

/** A value as a message shows it: strings quoted, long values cut. */
function describeValue(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  const text = typeof value === "string" ? JSON.stringify(value) : String(value);
  return text.length > 60 ? `${text.slice(0, 57)}..."` : text;
}

function quoteList(values: readonly string[]): string {
  return values.map((v) => `"${v}"`).join(", ");
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

function join(path: string, field: string): string {
  return path === "" ? field : `${path}.${field}`;
}

// ---------------------------------------------------------------------------------------------------------
// Draws made by lot

/** An entry as the lot sees it. */
export interface LotEntry {
  id: string;
  seed?: number | undefined;
  association?: string | undefined;
}

/** What a draw made by lot needs: the category's format, the lot seed, its entries and its groups. */
export interface DrawByLotInput {
  format: "knockout" | "groups_knockout";
  lotSeed: string;
  entries: readonly LotEntry[];
  groupNames: readonly string[];
  qualifiersPerGroup: number | undefined;
}

/**
 * The slots of a draw given by `lotSeed` without slots: a knockout places the entries by seed with association
 * separation (domain/draw.ts `placeKnockout`); groups_knockout places the group qualifiers
 * (domain/group_qualifiers.ts). A domain bye (null) becomes "bye". Throws the domain's error when it cannot draw.
 * @example drawByLot({ format: "knockout", lotSeed: "x", entries: [{ id: "a", seed: 1 }, { id: "b" }, { id: "c" }], groupNames: [], qualifiersPerGroup: undefined })
 * // ["a", "bye", "c", "b"] (or another order the lot gives, always the same for "x")
 */
export function drawByLot(input: DrawByLotInput): DrawSlotInput[] {
  if (input.format === "knockout") {
    const entries = input.entries.map((e) => ({
      id: e.id,
      ...(e.seed === undefined ? {} : { seed: e.seed }),
      ...(e.association === undefined ? {} : { association: e.association }),
    }));
    return placeKnockout(entries, { lotSeed: input.lotSeed }).map((slot) => slot ?? "bye");
  }
  const qualifiers = input.qualifiersPerGroup;
  if (qualifiers !== 1 && qualifiers !== 2) {
    throw new Error('a draw of group qualifiers by lot needs "qualifiersPerGroup" (1 or 2)');
  }
  return placeGroupQualifiers(input.groupNames.length, qualifiers, { lotSeed: input.lotSeed })
    .map((ref) => ref === null ? "bye" : { group: input.groupNames[ref.group]!, place: ref.place });
}

/** The association an entry stands for in the lot: its players' when they share one. */
export function commonAssociation(associations: readonly (string | undefined | null)[]): string | undefined {
  const first = associations[0];
  return first && associations.every((a) => a === first) ? first : undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Semantic rules. The input may also have failed the schema, so every value is read through a guard and a
// value of the wrong shape is skipped (the schema has reported it).

type Obj = Record<string, unknown>;

function obj(value: unknown): Obj | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? value as Obj : undefined;
}

function arr(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function str(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function int(value: unknown): number | undefined {
  return typeof value === "number" && Number.isInteger(value) ? value : undefined;
}

/**
 * The first and last year of a date or (in UTC) of a time. Four digits, as the format writes them and as the
 * API serves them: a time past 9999 in UTC would be served as "+010000-...", which no client's pattern reads.
 * Year 0000 is 1 BC, no year of an event or of a birth.
 */
const FIRST_YEAR = 1;
/** The last year of a date or (in UTC) of a time; see `FIRST_YEAR`. */
const LAST_YEAR = 9999;
/** The years a date or time may have, in words for messages: "the years 0001 to 9999". */
export const YEARS_TEXT = `the years ${String(FIRST_YEAR).padStart(4, "0")} to ${LAST_YEAR}`;

/**
 * Whether a YYYY-MM-DD string is a real calendar date (2026-02-30 is not), in any year of four digits; whether
 * the year is one the format takes is `FIRST_YEAR`/`LAST_YEAR`'s question.
 * @example isCalendarDate("0100-02-29") // false: 100 is no leap year (Date.UTC would read 1900)
 */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // Not Date.UTC: it reads the years 0 to 99 as 1900 to 1999.
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

function isInYears(year: number): boolean {
  return year >= FIRST_YEAR && year <= LAST_YEAR;
}

/** Why a YYYY-MM-DD date is refused, or null for a calendar date in the format's years. */
function dateProblem(value: string): string | null {
  if (!isCalendarDate(value)) return `"${value}" is not a calendar date`;
  if (!isInYears(Number(value.slice(0, 4)))) return `"${value}" is outside ${YEARS_TEXT}`;
  return null;
}

/** The instant of an ISO date-time of the format (offset required) in ms, in any year; null when not a real time. */
function instantOf(value: string): number | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|([+-])(\d{2}):(\d{2}))$/.exec(
    value,
  );
  if (!m || !isCalendarDate(m[1]!)) return null;
  if (Number(m[2]) > 23 || Number(m[3]) > 59 || Number(m[4] ?? 0) > 59) return null;
  if (m[6] && (Number(m[7]) > 23 || Number(m[8]) > 59)) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * Parses an ISO date-time of the format (offset required) to an instant in ms; null when it is not a real time
 * or when its UTC year is outside `FIRST_YEAR`..`LAST_YEAR`.
 * @example parseDateTime("2026-03-14T10:30+01:00") // Date.UTC(2026, 2, 14, 9, 30)
 * parseDateTime("9999-12-31T23:59:59-14:00") // null: in UTC it is the year 10000
 */
export function parseDateTime(value: string): number | null {
  const ms = instantOf(value);
  return ms !== null && isInYears(new Date(ms).getUTCFullYear()) ? ms : null;
}

/**
 * Parses a game score "11-8" (home first); null when it is not two whole numbers.
 * @example parseScore("9-11") // { home: 9, away: 11 }
 */
export function parseScore(value: string): Score | null {
  const m = /^(\d{1,2})-(\d{1,2})$/.exec(value);
  return m ? { home: Number(m[1]), away: Number(m[2]) } : null;
}

interface GroupInfo {
  index: number;
  members: Set<string>;
}

interface CategoryContext {
  key: string;
  format: string | undefined;
  bestOf: number | undefined;
  entries: Set<string>;
  groups: Map<string, GroupInfo>;
  drawSize: number | undefined;
  slots: unknown[];
}

type Add = (path: string, message: string) => void;

function checkSemantics(json: unknown): ImportProblem[] {
  const problems: ImportProblem[] = [];
  const add: Add = (path, message) => problems.push({ path, message });
  const root = obj(json);
  if (!root) return problems;

  checkTexts(root, add);
  checkNames(root, add);
  checkEvent(obj(root.event), add);

  const players = new Map<string, string | undefined>();
  const firstPlayer = new Map<string, number>();
  const federationIds = new Map<string, number>();
  arr(root.players).forEach((raw, i) => {
    const player = obj(raw);
    if (!player) return;
    const path = `players[${i}]`;
    const id = str(player.id);
    if (id !== undefined) {
      const first = firstPlayer.get(id);
      if (first !== undefined) add(`${path}.id`, `Duplicate player id "${id}": also players[${first}]`);
      else firstPlayer.set(id, i);
      players.set(id, str(player.association));
    }
    const federationId = str(player.federationId);
    if (federationId !== undefined) {
      const first = federationIds.get(federationId);
      if (first !== undefined) {
        add(`${path}.federationId`, `Duplicate federation id "${federationId}": also players[${first}]`);
      } else federationIds.set(federationId, i);
    }
    const birthDate = str(player.birthDate);
    const birthProblem = birthDate !== undefined && looksLikeDate(birthDate) ? dateProblem(birthDate) : null;
    if (birthProblem !== null) add(`${path}.birthDate`, birthProblem);
  });

  const emails = new Map<string, number>();
  arr(root.accounts).forEach((raw, i) => {
    const email = str(obj(raw)?.email);
    if (email === undefined) return;
    const normal = email.trim().toLowerCase();
    const first = emails.get(normal);
    if (first !== undefined) {
      add(`accounts[${i}].email`, `Duplicate account e-mail "${email}": also accounts[${first}]`);
    } else emails.set(normal, i);
  });

  const categoryKeys = new Map<string, number>();
  arr(root.categories).forEach((raw, i) => {
    const category = obj(raw);
    if (!category) return;
    const path = `categories[${i}]`;
    const key = str(category.id);
    if (key !== undefined) {
      const first = categoryKeys.get(key);
      if (first !== undefined) add(`${path}.id`, `Duplicate category id "${key}": also categories[${first}]`);
      else categoryKeys.set(key, i);
    }
    checkCategory(category, path, players, add);
  });
  return problems;
}

/**
 * Reports every text of the file that no store keeps as it is, in the order of the file: one with a NUL
 * character (U+0000), which PostgreSQL cannot store in text and SQLite serves cut at it, or with a lone UTF-16
 * surrogate (half a pair, "\ud800"), which UTF-8 cannot hold, so both stores write U+FFFD instead: a name would
 * be served changed, and two e-mails or federation ids that differ only there would become one. The HTTP import
 * refuses such a body before it gets here (api/limits.ts `hasNul`, `hasLoneSurrogate`); this keeps the command
 * and the demo loader to the same rules. Other control characters are stored and served (JSON-escaped) as they
 * are. Iterative: the file's nesting is not limited.
 * @example checkTexts({ players: [{ displayName: "A\u0000B" }] }, add) // add("players[0].displayName", ...)
 */
function checkTexts(root: Obj, add: Add): void {
  const stack: [path: string, value: unknown][] = [["", root]];
  while (stack.length > 0) {
    const [path, value] = stack.pop()!;
    if (typeof value === "string") {
      if (value.includes("\0")) {
        add(path, `Expected a text without a NUL character (\\u0000), got ${describeValue(value)}`);
      }
      if (!value.isWellFormed()) {
        add(path, `Expected a text without a lone UTF-16 surrogate, got ${describeValue(value)}`);
      }
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([`${path}[${i}]`, value[i]]);
    } else if (value !== null && typeof value === "object") {
      // A field name with a NUL or a lone surrogate is an unknown field, which the schema reports.
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) stack.push([join(path, entries[i]![0]), entries[i]![1]]);
    }
  }
}

/**
 * Reports every name shown to spectators (the event's name and venue, players' names and clubs, categories' and
 * groups' names) that holds a character changing how it reads without being seen (domain/hidden_characters.ts):
 * a direction override would show "Ana Lopez" turned around, a zero-width space make two names that look the
 * same.
 */
function checkNames(root: Obj, add: Add): void {
  const check = (path: string, value: unknown) => {
    const hidden = typeof value === "string" ? findHiddenCharacter(value) : null;
    // A NUL is reported by checkTexts, with every other text.
    if (hidden && hidden !== "U+0000") {
      add(path, `The name contains an invisible control, direction or format character (${hidden})`);
    }
  };
  const event = obj(root.event);
  check("event.name", event?.name);
  check("event.venue", event?.venue);
  arr(root.players).forEach((raw, i) => {
    check(`players[${i}].displayName`, obj(raw)?.displayName);
    check(`players[${i}].association`, obj(raw)?.association);
  });
  arr(root.categories).forEach((raw, i) => {
    const category = obj(raw);
    check(`categories[${i}].name`, category?.name);
    arr(category?.groups).forEach((group, j) =>
      check(`categories[${i}].groups[${j}].name`, obj(group)?.name)
    );
  });
}

/**
 * Whether a poster address is one a page or an app may open: http: or https: only, so that a
 * `javascript:` or `data:` address never reaches a link (as written: no leading space or other scheme that a
 * URL parser would forgive).
 * @example isWebAddress("https://example.org/poster.png") // true; isWebAddress("javascript:alert(1)") // false
 */
export function isWebAddress(value: string): boolean {
  return /^https?:\/\/[^\s/]/i.test(value) && URL.canParse(value);
}

function looksLikeDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value);
}

function checkEvent(event: Obj | undefined, add: Add): void {
  if (!event) return;
  const poster = str(event.posterUrl);
  if (poster !== undefined && !isWebAddress(poster)) {
    add("event.posterUrl", `Expected an http: or https: address, got ${describeValue(poster)}`);
  }
  const start = str(event.startDate);
  const end = str(event.endDate);
  let datesOk = true;
  for (const [field, value] of [["startDate", start], ["endDate", end]] as const) {
    const problem = value !== undefined && looksLikeDate(value) ? dateProblem(value) : null;
    if (problem !== null) {
      add(`event.${field}`, problem);
      datesOk = false;
    }
  }
  if (datesOk && start && end && looksLikeDate(start) && looksLikeDate(end) && end < start) {
    add("event.endDate", `The event ends ("${end}") before it starts ("${start}")`);
  }
}

function checkCategory(
  category: Obj,
  path: string,
  players: Map<string, string | undefined>,
  add: Add,
): void {
  const key = str(category.id) ?? "?";
  const kind = str(category.kind);
  const format = str(category.format);
  const bestOf = int(category.bestOf);
  const qualifiers = int(category.qualifiersPerGroup);
  const groupSize = int(category.groupSize);
  const ctx: CategoryContext = {
    key,
    format,
    bestOf: bestOf !== undefined && isValidBestOf(bestOf) ? bestOf : undefined,
    entries: new Set(),
    groups: new Map(),
    drawSize: undefined,
    slots: [],
  };
  if (groupSize !== undefined && format === "knockout") {
    add(`${path}.groupSize`, `A category of format "knockout" has no groups`);
  }
  if (qualifiers !== undefined) {
    if (format !== undefined && format !== "groups_knockout") {
      add(
        `${path}.qualifiersPerGroup`,
        `Only a category of format "groups_knockout" has qualifiers, not "${format}"`,
      );
    } else if (groupSize !== undefined && qualifiers > groupSize) {
      add(`${path}.qualifiersPerGroup`, `${qualifiers} qualifiers cannot come from groups of ${groupSize}`);
    }
  }

  // Entries
  const entryIndex = new Map<string, number>();
  const playerEntry = new Map<string, string>();
  const seeds = new Map<number, string>();
  arr(category.entries).forEach((raw, i) => {
    const entry = obj(raw);
    if (!entry) return;
    const entryPath = `${path}.entries[${i}]`;
    const id = str(entry.id);
    if (id !== undefined) {
      const first = entryIndex.get(id);
      if (first !== undefined) {
        add(`${entryPath}.id`, `Duplicate entry id "${id}" in category "${key}": also entries[${first}]`);
      } else entryIndex.set(id, i);
      if (id === "bye") add(`${entryPath}.id`, `"bye" is reserved for a draw slot without an entry`);
      ctx.entries.add(id);
    }
    const list = Array.isArray(entry.players) ? entry.players : undefined;
    if (list) {
      const needed = kind === "doubles" ? 2 : kind === "singles" ? 1 : undefined;
      if (needed !== undefined && list.length !== needed && list.length >= 1 && list.length <= 2) {
        add(
          `${entryPath}.players`,
          `A ${kind} entry needs ${plural(needed, "player")}, got ${list.length}`,
        );
      }
      const inEntry = new Set<string>();
      list.forEach((p, j) => {
        const playerKey = str(p);
        if (playerKey === undefined) return;
        const playerPath = `${entryPath}.players[${j}]`;
        if (!players.has(playerKey)) {
          add(playerPath, `Unknown player "${playerKey}": not in "players"`);
          return;
        }
        if (inEntry.has(playerKey)) {
          add(playerPath, `Player "${playerKey}" is twice in the same entry`);
          return;
        }
        inEntry.add(playerKey);
        const other = playerEntry.get(playerKey);
        if (other !== undefined) {
          add(playerPath, `Player "${playerKey}" already plays in entry "${other}" of category "${key}"`);
        } else if (id !== undefined) playerEntry.set(playerKey, id);
      });
    }
    const seed = int(entry.seed);
    if (seed !== undefined) {
      const other = seeds.get(seed);
      if (other !== undefined) add(`${entryPath}.seed`, `Seed ${seed} is already given to entry "${other}"`);
      else if (id !== undefined) seeds.set(seed, id);
    }
  });

  // Groups
  const groups = arr(category.groups);
  if (format === "knockout" && groups.length > 0) {
    add(`${path}.groups`, `A category of format "knockout" has no groups`);
  }
  const groupOf = new Map<string, string>();
  groups.forEach((raw, i) => {
    const group = obj(raw);
    if (!group) return;
    const groupPath = `${path}.groups[${i}]`;
    const name = str(group.name);
    const info: GroupInfo = { index: i, members: new Set() };
    if (name !== undefined) {
      const first = ctx.groups.get(name);
      if (first !== undefined) {
        add(
          `${groupPath}.name`,
          `Duplicate group name "${name}" in category "${key}": also groups[${first.index}]`,
        );
      } else ctx.groups.set(name, info);
    }
    const members = arr(group.entries);
    members.forEach((m, j) => {
      const entryKey = str(m);
      if (entryKey === undefined) return;
      const memberPath = `${groupPath}.entries[${j}]`;
      if (!ctx.entries.has(entryKey)) {
        add(memberPath, `Unknown entry "${entryKey}": not an entry of category "${key}"`);
        return;
      }
      if (info.members.has(entryKey)) {
        add(memberPath, `Entry "${entryKey}" is twice in group "${name ?? "?"}"`);
        return;
      }
      info.members.add(entryKey);
      const other = groupOf.get(entryKey);
      if (other !== undefined) add(memberPath, `Entry "${entryKey}" is already in group "${other}"`);
      else if (name !== undefined) groupOf.set(entryKey, name);
    });
    // A group of one plays no match (and its entry would go on to a knockout unplayed): a mistake, such as an
    // entry left out. An empty group is one not drawn yet.
    if (members.length === 1) {
      add(`${groupPath}.entries`, `Group "${name ?? "?"}" has 1 entry: a group needs at least 2`);
    }
    if (groupSize !== undefined && members.length > groupSize) {
      add(
        `${groupPath}.entries`,
        `Group "${name ?? "?"}" has ${members.length} entries, more than groupSize ${groupSize}`,
      );
    }
    const lotted = new Set<string>();
    arr(group.lots).forEach((l, j) => {
      const entryKey = str(l);
      if (entryKey === undefined) return;
      const lotPath = `${groupPath}.lots[${j}]`;
      if (!info.members.has(entryKey)) {
        add(lotPath, `Entry "${entryKey}" is not a member of group "${name ?? "?"}"`);
      } else if (lotted.has(entryKey)) {
        add(lotPath, `Entry "${entryKey}" is twice in the lot order`);
      } else lotted.add(entryKey);
    });
  });

  // Draw
  const draw = obj(category.draw);
  if (draw) {
    const lotEntries: LotEntry[] = [];
    for (const raw of arr(category.entries)) {
      const entry = obj(raw);
      const id = str(entry?.id);
      if (!entry || id === undefined) continue;
      const associations = arr(entry.players).map((p) => players.get(str(p) ?? ""));
      lotEntries.push({ id, seed: int(entry.seed), association: commonAssociation(associations) });
    }
    checkDraw(draw, `${path}.draw`, ctx, format, qualifiers, lotEntries, add);
  }

  // Matches
  checkMatches(arr(category.matches), `${path}.matches`, ctx, add);
}

function checkDraw(
  draw: Obj,
  path: string,
  ctx: CategoryContext,
  format: string | undefined,
  qualifiers: number | undefined,
  lotEntries: LotEntry[],
  add: Add,
): void {
  if (format === "groups") {
    add(path, `A category of format "groups" has no knockout draw`);
    return;
  }
  const size = int(draw.size);
  let slots = Array.isArray(draw.slots) ? draw.slots : undefined;
  const lotSeed = str(draw.lotSeed);
  // Slots made by lot are not in the file: their problems are named by the fields that made them.
  const byLot = draw.slots === undefined;
  if (byLot) {
    if (lotSeed === undefined) {
      if (draw.lotSeed === undefined || draw.lotSeed === null) {
        add(`${path}.slots`, "A draw needs its slots, or a lotSeed to make them by lot");
      }
      return;
    }
    if (format !== "knockout" && format !== "groups_knockout") return;
    try {
      slots = drawByLot({
        format,
        lotSeed,
        entries: lotEntries,
        groupNames: [...ctx.groups.keys()],
        qualifiersPerGroup: qualifiers,
      });
    } catch (e) {
      add(`${path}.lotSeed`, `Cannot make the draw by lot: ${(e as Error).message}`);
      return;
    }
  }
  if (slots === undefined) return;
  const sizeOk = (n: number) => n >= 2 && n <= 256 && (n & (n - 1)) === 0;
  if (size !== undefined && sizeOk(size) && slots.length !== size) {
    if (byLot) {
      add(
        `${path}.size`,
        `The draw made by lot has ${slots.length} slots, not ${size}: leave "size" out or give the slots`,
      );
    } else add(`${path}.slots`, `A draw of ${size} needs ${size} slots, got ${slots.length}`);
  } else if (size === undefined && !sizeOk(slots.length)) {
    add(`${path}.slots`, `Expected a power of 2 from 2 to 256 slots, got ${slots.length}`);
  } else if (sizeOk(slots.length)) {
    ctx.drawSize = slots.length;
  }
  ctx.slots = slots;
  const state = str(draw.state);
  const placed = new Map<string, number>();
  const qualifierSlots = new Map<string, number>();
  (slots ?? []).forEach((slot, i) => {
    const slotPath = `${path}.slots[${i}]`;
    if (slot === null) {
      if (state === "locked") {
        add(slotPath, `A locked draw has no empty slot: give an entry, "bye" or a qualifier`);
      }
      return;
    }
    const entryKey = str(slot);
    if (entryKey !== undefined) {
      if (entryKey === "bye") return;
      if (!ctx.entries.has(entryKey)) {
        add(slotPath, `Unknown entry "${entryKey}": not an entry of category "${ctx.key}"`);
        return;
      }
      const first = placed.get(entryKey);
      if (first !== undefined) add(slotPath, `Entry "${entryKey}" is already in slots[${first}]`);
      else placed.set(entryKey, i);
      return;
    }
    const qualifier = obj(slot);
    if (!qualifier) return;
    if (format !== undefined && format !== "groups_knockout") {
      add(slotPath, `Only a category of format "groups_knockout" has group qualifiers in its draw`);
      return;
    }
    const group = str(qualifier.group);
    const place = int(qualifier.place);
    if (group === undefined || place === undefined) return;
    const info = ctx.groups.get(group);
    if (!info) {
      add(`${slotPath}.group`, `Unknown group "${group}": not a group of category "${ctx.key}"`);
      return;
    }
    if (qualifiers !== undefined && place > qualifiers) {
      add(
        `${slotPath}.place`,
        `Place ${place} does not qualify: ${plural(qualifiers, "entry")} per group qualify`,
      );
    } else if (!byLot && info.members.size > 0 && place > info.members.size) {
      // (By lot, only a group of one has too few entries for its places, and the group is reported.)
      add(`${slotPath}.place`, `Group "${group}" has only ${plural(info.members.size, "entry")}`);
    }
    const qKey = `${group}\u0000${place}`;
    const first = qualifierSlots.get(qKey);
    if (first !== undefined) {
      add(slotPath, `Place ${place} of group "${group}" is already in slots[${first}]`);
    } else qualifierSlots.set(qKey, i);
  });
  if (state === "locked" && format === "knockout") {
    const missing = [...ctx.entries].filter((e) => !placed.has(e));
    if (missing.length > 0) {
      add(`${path}.slots`, `A locked draw places every entry; missing: ${quoteList(missing)}`);
    }
  }
}

function checkMatches(matches: unknown[], path: string, ctx: CategoryContext, add: Add): void {
  const ids = new Map<string, number>();
  const places = new Map<string, string>();
  const playsInRound = new Map<string, string>();
  const groupOrder = new Map<string, number>();
  matches.forEach((raw, i) => {
    const match = obj(raw);
    if (!match) return;
    const matchPath = `${path}[${i}]`;
    const id = str(match.id);
    if (id !== undefined) {
      const first = ids.get(id);
      if (first !== undefined) {
        add(`${matchPath}.id`, `Duplicate match id "${id}" in category "${ctx.key}": also matches[${first}]`);
      } else ids.set(id, i);
    }
    const label = id !== undefined ? `"${id}" (matches[${i}])` : `matches[${i}]`;
    const stage = str(match.stage);
    const home = str(match.home);
    const away = str(match.away);
    for (const [field, value] of [["home", home], ["away", away]] as const) {
      if (value !== undefined && !ctx.entries.has(value)) {
        add(`${matchPath}.${field}`, `Unknown entry "${value}": not an entry of category "${ctx.key}"`);
      }
    }
    if (home !== undefined && home === away) {
      add(`${matchPath}.away`, `Entry "${home}" cannot play itself`);
    }

    let placeKey: string | undefined;
    if (stage === "group") {
      if (ctx.format === "knockout") {
        add(`${matchPath}.stage`, `A category of format "knockout" has no group matches`);
      }
      const group = str(match.group);
      const info = group === undefined ? undefined : ctx.groups.get(group);
      if (group === undefined) {
        if (match.group === undefined || match.group === null) {
          add(`${matchPath}.group`, "A group match needs its group");
        }
      } else if (!info) {
        add(`${matchPath}.group`, `Unknown group "${group}": not a group of category "${ctx.key}"`);
      }
      for (const [field, value] of [["home", home], ["away", away]] as const) {
        if (value === undefined) {
          if (match[field] === undefined || match[field] === null) {
            add(`${matchPath}.${field}`, "A group match needs both sides");
          }
        } else if (info && ctx.entries.has(value) && !info.members.has(value)) {
          add(`${matchPath}.${field}`, `Entry "${value}" is not a member of group "${group}"`);
        }
      }
      if (group !== undefined) {
        const order = groupOrder.get(group) ?? 0;
        groupOrder.set(group, order + 1);
        const round = int(match.round) ?? 1;
        const position = int(match.position) ?? order;
        placeKey = `group\u0000${group}\u0000${round}\u0000${position}`;
      }
    } else if (stage === "knockout") {
      if (ctx.format === "groups") {
        add(`${matchPath}.stage`, `A category of format "groups" has no knockout matches`);
      }
      if (match.group !== undefined && match.group !== null) {
        add(`${matchPath}.group`, "A knockout match has no group");
      }
      const round = int(match.round);
      const position = int(match.position);
      if (round !== undefined && position !== undefined) {
        placeKey = `knockout\u0000${round}\u0000${position}`;
        checkKnockoutPlace(match, matchPath, round, position, home, away, ctx, add);
        for (const [field, value] of [["home", home], ["away", away]] as const) {
          if (value === undefined || !ctx.entries.has(value)) continue;
          const roundKey = `${round}\u0000${value}`;
          const other = playsInRound.get(roundKey);
          if (other !== undefined) {
            add(`${matchPath}.${field}`, `Entry "${value}" already plays ${other} in round ${round}`);
          } else playsInRound.set(roundKey, label);
        }
      }
    }
    if (placeKey !== undefined) {
      const other = places.get(placeKey);
      if (other !== undefined) {
        add(`${matchPath}.position`, `Match ${other} already has this round and position`);
      } else places.set(placeKey, label);
    }
    checkResult(match, matchPath, ctx, home, away, add);
  });
}

function checkKnockoutPlace(
  match: Obj,
  path: string,
  round: number,
  position: number,
  home: string | undefined,
  away: string | undefined,
  ctx: CategoryContext,
  add: Add,
): void {
  const size = ctx.drawSize;
  if (size === undefined) return;
  const rounds = Math.log2(size);
  if (round > rounds) {
    add(`${path}.round`, `Round ${round} does not exist in a draw of ${size} (${plural(rounds, "round")})`);
    return;
  }
  const inRound = size / 2 ** round;
  if (position >= inRound) {
    add(
      `${path}.position`,
      `Position ${position} does not exist in round ${round} of a draw of ${size} (0 to ${inRound - 1})`,
    );
    return;
  }
  if (round !== 1) return;
  // A first-round match is played by the entries the draw placed in its two slots.
  for (
    const [field, value, slot] of [["home", home, 2 * position], ["away", away, 2 * position + 1]] as const
  ) {
    const drawn = str(ctx.slots[slot]);
    if (value === undefined || drawn === undefined || drawn === "bye" || !ctx.entries.has(drawn)) continue;
    if (value !== drawn && match[field] !== undefined) {
      add(`${path}.${field}`, `Entry "${value}" differs from the draw: slots[${slot}] holds "${drawn}"`);
    }
  }
}

function checkResult(
  match: Obj,
  path: string,
  ctx: CategoryContext,
  home: string | undefined,
  away: string | undefined,
  add: Add,
): void {
  const status = str(match.status);
  const reason = str(match.resultReason);
  const winner = str(match.winner);
  const has = (field: string) => match[field] !== undefined && match[field] !== null;

  // Games: each one finished, none after the match was decided.
  const rawGames = arr(match.games);
  let gamesOk = Array.isArray(match.games) || match.games === undefined;
  const won: Score = { home: 0, away: 0 };
  let decidedBy: Side | null = null;
  const needed = ctx.bestOf === undefined ? undefined : (ctx.bestOf + 1) / 2;
  for (const [i, raw] of rawGames.entries()) {
    const text = str(raw);
    const score = text === undefined ? null : parseScore(text);
    if (!score) {
      gamesOk = false;
      continue;
    }
    const gamePath = `${path}.games[${i}]`;
    if (!isFinishedGame(score.home, score.away)) {
      add(
        gamePath,
        `"${text}" is not a finished game: a game is won by the first side to 11 points, with a 2-point lead ` +
          "from 10-10",
      );
      gamesOk = false;
      continue;
    }
    if (decidedBy !== null) {
      add(gamePath, `"${text}" was played after the match was decided (${won.home}-${won.away})`);
      gamesOk = false;
      continue;
    }
    const side: Side = score.home > score.away ? "home" : "away";
    won[side] += 1;
    if (needed !== undefined && won[side] >= needed) decidedBy = side;
  }
  if (needed === undefined) gamesOk = false;
  const gamesText = `${won.home}-${won.away}`;

  const currentText = str(match.current);
  const current = currentText === undefined ? null : parseScore(currentText);
  const running = current !== null && current.home + current.away > 0;
  if (current && !isRunningGame(current.home, current.away)) {
    add(`${path}.current`, `"${currentText}" is not the score of a game in play`);
  } else if (running && decidedBy !== null && status !== "scheduled") {
    add(`${path}.current`, `The games already decide the match (${gamesText}): no game is running`);
  }

  const winnerSide: Side | null = winner === undefined
    ? null
    : winner === home
    ? "home"
    : winner === away
    ? "away"
    : null;
  if (winner !== undefined && winnerSide === null && status === "completed") {
    const sides = `home ${home === undefined ? "not known" : `"${home}"`}, away ${
      away === undefined ? "not known" : `"${away}"`
    }`;
    add(`${path}.winner`, `Entry "${winner}" is not a side of this match (${sides})`);
  }

  const startedAt = checkTime(match, "startedAt", path, add);
  const completedAt = checkTime(match, "completedAt", path, add);
  checkTime(match, "scheduledAt", path, add);
  if (startedAt !== null && completedAt !== null && completedAt < startedAt) {
    add(
      `${path}.completedAt`,
      `The match was completed ("${match.completedAt}") before it started ("${match.startedAt}")`,
    );
  }

  const onlyCompleted = (field: string, what: string) => {
    if (has(field)) add(`${path}.${field}`, `Only a completed match has ${what}, this one is "${status}"`);
  };
  const bothSides = (what: string) => {
    for (const field of ["home", "away"] as const) {
      if (!has(field)) add(`${path}.${field}`, `${what} needs both sides`);
    }
  };

  switch (status) {
    case "scheduled":
      if (rawGames.length > 0) {
        add(
          `${path}.games`,
          `A scheduled match has no games: set its status to "in_progress" or "completed"`,
        );
      }
      if (running) add(`${path}.current`, `A scheduled match has no running game`);
      if (has("startedAt")) add(`${path}.startedAt`, "A scheduled match has not started");
      onlyCompleted("winner", "a winner");
      onlyCompleted("resultReason", "a result reason");
      onlyCompleted("retirementAfterGame", "a retirement");
      onlyCompleted("completedAt", "a completion time");
      break;
    case "in_progress":
      bothSides("A match in progress");
      if (gamesOk && decidedBy !== null) {
        add(`${path}.status`, `The games decide the match (${gamesText}): its status must be "completed"`);
      }
      onlyCompleted("winner", "a winner");
      onlyCompleted("resultReason", "a result reason");
      onlyCompleted("retirementAfterGame", "a retirement");
      onlyCompleted("completedAt", "a completion time");
      break;
    case "completed": {
      bothSides("A completed match");
      if (reason === undefined) {
        if (gamesOk && decidedBy === null) {
          add(
            `${path}.games`,
            `The games (${gamesText}) do not decide a best of ${ctx.bestOf}: a completed match needs the ` +
              `deciding game or a result reason`,
          );
        }
        if (running) add(`${path}.current`, "A match completed on games has no running game");
        if (gamesOk && decidedBy !== null && winnerSide !== null && winnerSide !== decidedBy) {
          const gamesWinner = decidedBy === "home" ? home : away;
          add(
            `${path}.winner`,
            `Entry "${winner}" contradicts the games: "${gamesWinner}" won them ${
              decidedBy === "home" ? gamesText : `${won.away}-${won.home}`
            }`,
          );
        }
        if (has("retirementAfterGame")) {
          add(`${path}.retirementAfterGame`, `Only a match with result reason "retired" has a retirement`);
        }
        break;
      }
      if (!has("winner")) add(`${path}.winner`, `A match completed by "${reason}" needs a winner`);
      if (reason === "walkover") {
        if (rawGames.length > 0) add(`${path}.games`, "A walkover has no games: the match was not played");
        if (running) add(`${path}.current`, "A walkover has no running game: the match was not played");
      } else if (gamesOk && decidedBy !== null) {
        add(
          `${path}.resultReason`,
          `The games already decide the match (${gamesText}): remove "${reason}" or the games after the decision`,
        );
      }
      if (reason === "retired") {
        const after = int(match.retirementAfterGame);
        if (after !== undefined && gamesOk && after !== rawGames.length) {
          add(
            `${path}.retirementAfterGame`,
            `Expected ${rawGames.length} (the number of finished games in "games"), got ${after}`,
          );
        }
      } else if (has("retirementAfterGame")) {
        add(`${path}.retirementAfterGame`, `Only a match with result reason "retired" has a retirement`);
      }
      break;
    }
  }
}

/** Checks a date-time field; returns its instant, or null when absent or invalid. */
function checkTime(match: Obj, field: string, path: string, add: Add): number | null {
  const value = str(match[field]);
  if (value === undefined) return null;
  // A value that fails the schema's pattern has been reported; only a well-formed but unreal time is added.
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value)) return null;
  const ms = instantOf(value);
  if (ms === null) {
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) {
      add(`${path}.${field}`, `"${value}" is not a real date and time`);
    }
    return null;
  }
  if (!isInYears(new Date(ms).getUTCFullYear())) {
    add(`${path}.${field}`, `"${value}" is outside ${YEARS_TEXT} in UTC`);
    return null;
  }
  return ms;
}

// ---------------------------------------------------------------------------------------------------------
// JSON syntax errors: JSON.parse does not always say where (V8 reports "Unexpected token" without a position),
// so a small scanner finds the first error's offset and says what was expected.

class JsonSyntax extends Error {
  constructor(readonly offset: number, message: string) {
    super(message);
  }
}

function locateJsonError(text: string): { offset: number; message: string } | null {
  let i = 0;
  const n = text.length;
  const fail = (message: string, at = i): never => {
    throw new JsonSyntax(at, message);
  };
  const show = (at: number) => (at >= n ? "the end of the file" : JSON.stringify(text[at]));
  const skip = () => {
    while (i < n && (text[i] === " " || text[i] === "\t" || text[i] === "\n" || text[i] === "\r")) i++;
  };
  const expect = (char: string, what: string) => {
    skip();
    if (text[i] !== char) fail(`expected ${what}, got ${show(i)}`);
    i++;
  };
  const string = () => {
    i++; // the opening quote
    while (true) {
      if (i >= n) fail("unterminated string: expected a closing '\"'");
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return;
      }
      if (c < 0x20) fail("control character in a string: write it as an escape like \\n");
      if (c === 0x5c) {
        const e = text[i + 1];
        if (e === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
            fail("invalid \\u escape: expected 4 hex digits");
          }
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else fail(`invalid escape ${JSON.stringify("\\" + (e ?? ""))} in a string`);
      } else i++;
    }
  };
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m) fail(`invalid number starting with ${show(i)}`);
    i += m![0].length;
    if (i < n && /[0-9.eE+-]/.test(text[i]!)) fail(`invalid number: unexpected ${show(i)}`);
  };
  const value = (depth: number): void => {
    if (depth > 512) fail("nesting too deep");
    skip();
    if (i >= n) fail("unexpected end of the file: expected a value");
    const c = text[i]!;
    if (c === "{") {
      i++;
      skip();
      if (text[i] === "}") {
        i++;
        return;
      }
      while (true) {
        skip();
        if (text[i] !== '"') {
          fail(`expected a property name in double quotes, got ${show(i)}`);
        }
        string();
        expect(":", '":" after a property name');
        value(depth + 1);
        skip();
        if (text[i] === ",") {
          i++;
          skip();
          if (text[i] === "}") fail('trailing comma: expected a property name after ","');
          continue;
        }
        if (text[i] === "}") {
          i++;
          return;
        }
        fail(`expected "," or "}" after a property value, got ${show(i)}`);
      }
    }
    if (c === "[") {
      i++;
      skip();
      if (text[i] === "]") {
        i++;
        return;
      }
      while (true) {
        value(depth + 1);
        skip();
        if (text[i] === ",") {
          i++;
          skip();
          if (text[i] === "]") fail('trailing comma: expected a value after ","');
          continue;
        }
        if (text[i] === "]") {
          i++;
          return;
        }
        fail(`expected "," or "]" after an array element, got ${show(i)}`);
      }
    }
    if (c === '"') return string();
    if (c === "-" || (c >= "0" && c <= "9")) return number();
    for (const literal of ["true", "false", "null"]) {
      if (text.startsWith(literal, i)) {
        i += literal.length;
        return;
      }
    }
    fail(`unexpected ${show(i)}: expected a value`);
  };
  try {
    value(0);
    skip();
    if (i < n) fail(`unexpected ${show(i)} after the end of the JSON value`);
    return null;
  } catch (e) {
    if (e instanceof JsonSyntax) return { offset: e.offset, message: e.message };
    throw e;
  }
}

/** 1-based line and column of an offset. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let k = 0; k < offset && k < text.length; k++) {
    if (text[k] === "\n") {
      line++;
      start = k + 1;
    }
  }
  return { line, column: offset - start + 1 };
}
