/**
 * The JSON Schema's errors (ajv's) as problems of the file: a path in the file's own notation
 * (`categories[0].matches[12]`) and a plain message, with a "did you mean" for a misspelt field.
 * @module
 */
import type { ErrorObject } from "ajv/dist/2020.js";
import type { ImportProblem } from "./format.ts";
import { describeValue, plural, quoteList } from "./messages.ts";
import { join } from "./read_json.ts";

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
  "^[A-Z]{3}$": 'a country code of three capital letters as the ITTF writes it, e.g. "GER" or "CHN"',
};

/** Turns Ajv's errors into problems with file paths and plain messages. */
export function schemaErrorsToProblems(errors: readonly ErrorObject[]): ImportProblem[] {
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

/** The Levenshtein distance of two texts (how many one-character edits make one the other). */
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
