/**
 * Validation of an event import file (tt-event/1, docs/import-format.md) in two layers: the JSON Schema
 * (event_file/schema.ts, published as docs/import-schema.json) and the rules a schema cannot say: references,
 * uniqueness, dates, scores, winners (the event_file/check_*.ts files). Every problem is reported, each with its
 * path in the file (`categories[0].matches[12].games[2]`), so that one run shows everything to fix.
 * @module
 */
// Types only: ajv is loaded at the first validation (see `schemaValidator`).
import type { ErrorObject } from "ajv/dist/2020.js";
import { checkCategory } from "./check_category.ts";
import { type Add, givenOnce } from "./check_context.ts";
import { checkEvent } from "./check_event.ts";
import { checkUuids } from "./check_ids.ts";
import { checkPlayers } from "./check_players.ts";
import { checkSessions } from "./check_sessions.ts";
import { checkNames, checkTexts } from "./check_texts.ts";
import type { EventFile, ImportProblem, ValidationResult } from "./format.ts";
import { lineAndColumn, locateJsonError } from "./json_syntax.ts";
import { eachObject, obj, str } from "./read_json.ts";
import { IMPORT_SCHEMA } from "./schema.ts";
import { schemaErrorsToProblems } from "./schema_problems.ts";

/** A compiled JSON Schema check, with the errors of its last call. */
type SchemaCheck = ((json: unknown) => boolean) & { errors?: ErrorObject[] | null };

let schemaCheck: Promise<SchemaCheck> | undefined;

/**
 * The import schema compiled by ajv, loaded and compiled at the first validation: ajv's memory is not carried
 * from its start by a server which never imports (most of its life).
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
        errors: [{
          path: "",
          message: `Invalid JSON at line ${line}, column ${column}: ${found.message}`,
          code: found.code,
          params: { line, column, ...found.params },
        }],
      });
    }
    return Promise.resolve({
      ok: false,
      errors: [{ path: "", message: `Invalid JSON: ${(e as Error).message}`, code: "not-json" }],
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

/** The rules a schema cannot say, in the order of the file. */
function checkSemantics(json: unknown): ImportProblem[] {
  const problems: ImportProblem[] = [];
  const add: Add = (path, message, words) => problems.push({ path, message, ...words });
  const root = obj(json);
  if (!root) return problems;

  checkTexts(root, add);
  checkNames(root, add);
  checkEvent(obj(root.event), add);

  const players = checkPlayers(root, add);

  const categoryKeys = new Map<string, number>();
  eachObject(root.categories, (category, i) => {
    const path = `categories[${i}]`;
    const key = str(category.id);
    if (key !== undefined) {
      givenOnce(categoryKeys, key, i, (first) => {
        add(`${path}.id`, `Duplicate category id "${key}": also categories[${first}]`, {
          code: "duplicate-category-id",
          params: { id: key, first: `categories[${first}]` },
        });
      });
    }
    checkCategory(category, path, players, add);
  });
  checkUuids(root, add);
  checkSessions(root, add);
  return problems;
}
