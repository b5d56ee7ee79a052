/**
 * The JSON Schema's errors (ajv's) as problems of the file: a path in the file's own notation
 * (`categories[0].matches[12]`) and a plain message, with a "did you mean" for a misspelt field.
 * @module
 */
import type { ErrorObject } from "ajv/dist/2020.js";
import type { ImportProblem } from "./format.ts";
import { describeValue, plural, quoteList, valueParam } from "./messages.ts";
import type { ImportProblemCode } from "./problem_codes.ts";
import { join } from "./read_json.ts";

/** The patterns of the schema in words, and the code of each (a pattern not listed is said as it is). */
const PATTERN_HINTS: Record<string, { hint: string; code: ImportProblemCode }> = {
  "^[A-Za-z0-9][A-Za-z0-9_.:-]*$": {
    hint: 'a key of letters, digits, "_", ".", ":" or "-", starting with a letter or digit',
    code: "schema-pattern-key",
  },
  "^[a-z0-9][a-z0-9-]*$": {
    hint: "a slug of lowercase letters, digits and hyphens, starting with a letter or digit",
    code: "schema-pattern-slug",
  },
  "^\\d{4}-\\d{2}-\\d{2}$": { hint: "a date YYYY-MM-DD", code: "schema-pattern-date" },
  "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})$": {
    hint: 'a date and time with a UTC offset, e.g. "2026-03-14T09:30:00Z"',
    code: "schema-pattern-date-time",
  },
  "^\\d{1,2}-\\d{1,2}$": {
    hint: 'a game score, home points first, e.g. "11-8"',
    code: "schema-pattern-score",
  },
  "\\S": { hint: "a non-blank text", code: "schema-pattern-text" },
  "^[^\\s@]+@[^\\s@]+$": { hint: "an e-mail address", code: "schema-pattern-email" },
  "^[A-Z]{3}$": {
    hint: 'a country code of three capital letters as the ITTF writes it, e.g. "GER" or "CHN"',
    code: "schema-pattern-country",
  },
};

/** The code of each bound of a number, and its sign in the English message. */
const BOUNDS = {
  minimum: { op: ">=", code: "schema-minimum" },
  maximum: { op: "<=", code: "schema-maximum" },
  exclusiveMinimum: { op: ">", code: "schema-exclusive-minimum" },
  exclusiveMaximum: { op: "<", code: "schema-exclusive-maximum" },
} as const;

/** The code of a keyword the English message says in ajv's words; another keyword is "schema-invalid". */
const OTHER_KEYWORDS: Record<string, ImportProblemCode> = {
  oneOf: "schema-one-of",
  anyOf: "schema-any-of",
  uniqueItems: "schema-unique-items",
  format: "schema-format",
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
  const gotParam = valueParam(error.data);
  switch (error.keyword) {
    case "if":
      return null; // the failing "then" keywords are reported themselves
    case "required":
      return {
        path: join(path, String(params.missingProperty)),
        message: "Required field is missing",
        code: "schema-required",
      };
    case "additionalProperties": {
      const field = String(params.additionalProperty);
      const known = knownFields(error.parentSchema);
      const near = known.find((k) => editDistance(k.toLowerCase(), field.toLowerCase()) <= 2);
      const at = join(path, field);
      if (near) {
        return {
          path: at,
          message: `Unknown field: did you mean "${near}"?`,
          code: "schema-unknown-field-near",
          params: { near },
        };
      }
      if (known.length) {
        const list = quoteList(known);
        return {
          path: at,
          message: `Unknown field: expected one of ${list}`,
          code: "schema-unknown-field-known",
          params: { known: list },
        };
      }
      return { path: at, message: "Unknown field", code: "schema-unknown-field" };
    }
    case "type": {
      const types = Array.isArray(params.type) ? params.type.map(String) : String(params.type).split(",");
      return {
        path,
        message: `Expected ${typeNames(types)}, got ${got}`,
        code: "schema-type",
        params: { expected: types.join(", "), got: gotParam },
      };
    }
    case "const":
      return {
        path,
        message: `Expected ${describeValue(params.allowedValue)}, got ${got}`,
        code: "schema-const",
        params: { expected: valueParam(params.allowedValue), got: gotParam },
      };
    case "enum": {
      if (path.endsWith("bestOf")) {
        return {
          path,
          message: `Expected an odd number of games from 3 to 9, got ${got}`,
          code: "schema-best-of",
          params: { got: gotParam },
        };
      }
      if (path.endsWith("draw.size")) {
        return {
          path,
          message: `Expected a power of 2 from 2 to 256, got ${got}`,
          code: "schema-draw-size",
          params: { got: gotParam },
        };
      }
      const values = (params.allowedValues as unknown[]).filter((v) => v !== null);
      return {
        path,
        message: `Expected one of ${values.map(describeValue).join(", ")}, got ${got}`,
        code: "schema-enum",
        params: { allowed: values.map(valueParam).join(", "), got: gotParam },
      };
    }
    case "pattern": {
      const pattern = String(params.pattern);
      const known = PATTERN_HINTS[pattern];
      if (known) {
        return {
          path,
          message: `Expected ${known.hint}, got ${got}`,
          code: known.code,
          params: { got: gotParam },
        };
      }
      return {
        path,
        message: `Expected a text matching ${pattern}, got ${got}`,
        code: "schema-pattern",
        params: { pattern, got: gotParam },
      };
    }
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum": {
      const { op, code } = BOUNDS[error.keyword];
      const limit = String(params.limit);
      return {
        path,
        message: `Expected a number ${op} ${limit}, got ${got}`,
        code,
        params: { limit, got: gotParam },
      };
    }
    case "minItems":
    case "maxItems": {
      const limit = Number(params.limit);
      const min = error.keyword === "minItems";
      const count = Array.isArray(error.data) ? error.data.length : 0;
      return {
        path,
        message: `Expected ${min ? "at least" : "at most"} ${plural(limit, "item")}, got ${count}`,
        code: min ? "schema-min-items" : "schema-max-items",
        params: { limit, count },
      };
    }
    case "minLength":
    case "maxLength": {
      const limit = Number(params.limit);
      const min = error.keyword === "minLength";
      const length = typeof error.data === "string" ? error.data.length : 0;
      return {
        path,
        message: `Expected ${min ? "at least" : "at most"} ${plural(limit, "character")}, got ${length}`,
        code: min ? "schema-min-length" : "schema-max-length",
        params: { limit, length },
      };
    }
    default: {
      const text = error.message ?? "is invalid";
      return {
        path,
        message: `Invalid value: ${text}`,
        code: OTHER_KEYWORDS[error.keyword] ?? "schema-invalid",
        params: { keyword: error.keyword },
      };
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

function typeNames(types: readonly string[]): string {
  const names: Record<string, string> = {
    string: "a string",
    number: "a number",
    integer: "a whole number",
    boolean: "true or false",
    object: "an object",
    array: "an array",
    null: "null",
  };
  const list = types.map((t) => names[t] ?? t);
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
