/**
 * Request bodies of the management API as zod schemas, and the one parser that turns a bad body into a 400
 * naming the field (`Invalid "side": expected "home" or "away", got "left"`). Unknown fields are refused, so
 * that a misspelt field is not silently ignored.
 */
import type { Context } from "hono";
import { z } from "zod";
import { MAX_TABLE_NO } from "../../event_file/schema.ts";
import { parseDateTime, parseScore, YEARS_TEXT } from "../../event_file/parse.ts";
import { HttpError, invalidBodyError, refusal } from "../../http/problem.ts";
import { BODY_REASONS, type BodyReason, type ReasonParams, type Refusal } from "../../db/body_reasons.ts";
import { LANGUAGES } from "../../lib/languages.ts";

const SIDE = 'expected "home" or "away"';

const side = () => z.enum(["home", "away"], { error: SIDE });
const wholeFrom = (min: number, what: string) => {
  const message = `expected ${what} as a whole number from ${min}`;
  return z.int({ error: message }).min(min, { error: message });
};
const revision = () => wholeFrom(0, "the match's current revision").optional();

/**
 * A side's points in a corrected game, bounded as an import bounds a game score (1 or 2 digits,
 * event_file/parse.ts `parseScore`): a correction stores nothing that an import would refuse.
 */
const gamePoints = (what: string) => {
  const message = `expected ${what} as a whole number from 0 to 99`;
  return z.int({ error: message }).refine((n) => n >= 0 && parseScore(`${n}-0`) !== null, {
    error: message,
    params: { reason: "out-of-range", minimum: 0, maximum: 99 },
  });
};

const tableNo = () => {
  const message = `expected the table number as a whole number from 1 to ${MAX_TABLE_NO}`;
  return z.int({ error: message }).min(1, { error: message }).max(MAX_TABLE_NO, { error: message });
};

/**
 * A time as the import format takes it (event_file/parse.ts `parseDateTime`): a real date, a UTC offset, a
 * year of four digits in UTC (the API serves it in UTC).
 */
const TIME =
  `expected an ISO 8601 time with a UTC offset on a real date in ${YEARS_TEXT} (UTC), such as 2026-11-28T14:00:00Z`;
const isoTime = z.string({ error: TIME })
  .refine((s) => parseDateTime(s) !== null, { error: TIME, params: { reason: "invalid-time" } })
  .transform((s) => new Date(parseDateTime(s)!).toISOString());

const PLAYER = 'expected "home1", "home2", "away1" or "away2"';
const player = () => z.enum(["home1", "home2", "away1", "away2"], { error: PLAYER });
const flag = (what: string) => z.boolean({ error: `expected ${what} as true or false` });

/**
 * Body of a start: who serves first in game 1 (decided by lot, ITTF Law 2.13.1), which side is on the umpire's
 * left in game 1 (home when not said) and, in doubles, the first server and first receiver (Law 2.13.4).
 */
export const StartBody = z.strictObject({
  firstServer: side(),
  left: side().optional(),
  server: player().optional(),
  receiver: player().optional(),
  revision: revision(),
});
/** Body of a point: the side that won it. */
export const PointBody = z.strictObject({ side: side(), revision: revision() });
/** Body of an undo of the last point. */
export const UndoBody = z.strictObject({ revision: revision() });
/** Body of a correction of a finished game (1-based game number). */
export const CorrectBody = z.strictObject({
  game: wholeFrom(1, "the game number"),
  home: gamePoints("the home side's points"),
  away: gamePoints("the away side's points"),
  revision: revision(),
});
/** Body of a time-out: the side that calls it (Regulation 3.4.4.2). */
export const TimeoutBody = z.strictObject({ side: side(), revision: revision() });
/** Body of the end of a time-out before its minute (play resumes). */
export const ResumeBody = z.strictObject({ revision: revision() });
/** Body of a card (Regulation 3.5.2): the side, whether the player or the coach, and the card. */
export const CardBody = z.strictObject({
  side: side(),
  target: z.enum(["player", "coach"], { error: 'expected "player" or "coach"' }),
  card: z.enum(["yellow", "yellow_red", "red"], { error: 'expected "yellow", "yellow_red" or "red"' }),
  revision: revision(),
});
/**
 * Body of the introduction of the expedite system (Law 2.15): whether the time limit interrupted a rally (its
 * server serves again) and whether both sides asked for it; neither once 18 points are scored in the game (Law 2.15.2).
 */
export const ExpediteBody = z.strictObject({
  rallyInterrupted: flag("whether a rally was interrupted").default(false),
  byRequest: flag("whether both sides asked for it").default(false),
  revision: revision(),
});
/** Body of a doubles game's order: its first server; the first receiver only when the game before is unknown. */
export const OrderBody = z.strictObject({
  game: wholeFrom(1, "the game number"),
  server: player(),
  receiver: player().optional(),
  revision: revision(),
});
/** Body of taking over a match scored on another device. */
export const TakeoverBody = z.strictObject({ revision: revision() });

/** Body of a walkover: the side awarded the match. */
export const WalkoverBody = z.strictObject({ winner: side(), revision: revision() });
/** Body of a retirement: the side that retires. */
export const RetireBody = z.strictObject({ side: side(), revision: revision() });
/** Body of a disqualification: the side disqualified. */
export const DisqualifyBody = z.strictObject({ side: side(), revision: revision() });
/** Body of a whole result from a score sheet: the games in order, each a finished game's score. */
export const ResultBody = z.strictObject({
  games: z.array(
    z.strictObject({
      home: gamePoints("the home side's points"),
      away: gamePoints("the away side's points"),
    }),
  ).min(1).max(99),
  revision: revision(),
});
/** Body of taking back a result decided by a reason: nothing but the revision. */
export const ReopenBody = z.strictObject({ revision: revision() });

/** Body of a call to the table: the revision it was based on, when known. */
export const CallBody = z.strictObject({ revision: revision() });

/** Body of an assignment: the table and/or the planned time (null clears it). */
export const AssignBody = z.strictObject({
  tableNo: tableNo().nullable().optional(),
  scheduledAt: isoTime.nullable().optional(),
  revision: revision(),
}).refine((b) => b.tableNo !== undefined || b.scheduledAt !== undefined, {
  error: 'expected "tableNo" or "scheduledAt"',
  path: ["tableNo"],
  params: { reason: "one-field-needed", names: ["tableNo", "scheduledAt"] },
});

/**
 * Body of an announcement: its text, one line of at most 200 characters once folded (domain/announcement.ts
 * says why else it is refused); blank or null takes it down.
 */
export const AnnouncementBody = z.strictObject({
  text: z.string({ error: 'expected the announcement as a string ("" takes it down)' }).nullable(),
});

/** Body of the event's language: one of lib/languages.ts LANGUAGES exactly, or null (English). */
export const LanguageBody = z.strictObject({
  language: z.enum(LANGUAGES, {
    error: `expected one of ${LANGUAGES.map((l) => `"${l}"`).join(", ")} or null`,
  })
    .nullable(),
});

/** Body of a new token. */
export const TokenBody = z.strictObject({
  role: z.enum(["admin", "scorer"], { error: 'expected "admin" or "scorer"' }),
  label: z.string({ error: "expected a non-empty label" }).trim().min(1, {
    error: "expected a non-empty label",
  })
    .max(100, { error: "expected a label of at most 100 characters" }),
  event: z.string({ error: "expected an event slug" }).min(1, { error: "expected an event slug" }).optional(),
  table: tableNo().optional(),
});

const minutes = (what: string) => {
  const message = `expected ${what} in whole minutes from 0 to 240`;
  return z.int({ error: message }).min(0, { error: message }).max(240, { error: message });
};

/** A session: `fields`, when it is (it ends after it starts) and on which tables. */
const session = <T extends z.ZodRawShape>(fields: T) =>
  z.strictObject({
    ...fields,
    start: isoTime,
    end: isoTime,
    tables: z.array(tableNo(), { error: "expected the session's tables as a list of table numbers" })
      .min(1, { error: "expected at least one table" }).max(MAX_TABLE_NO, { error: "expected fewer tables" }),
  }).refine((s) => (s as { end: string }).end > (s as { start: string }).start, {
    error: "expected the session to end after it starts",
    path: ["end"],
    params: { reason: "ends-before-start" },
  });

/**
 * Body of a plan of the order of play (views/order_of_play.ts): its sessions (when, and on which tables), the
 * least rest of a player between two matches and the time between two matches on a table.
 */
export const PlanBody = z.strictObject({
  sessions: z.array(
    session({}),
    { error: "expected the sessions as a list" },
  ).min(1, { error: "expected at least one session" }).max(20, { error: "expected at most 20 sessions" })
    .optional(),
  restMinutes: minutes("the rest between two matches of a player").optional(),
  bufferMinutes: minutes("the time between two matches on a table").optional(),
});

const KEY =
  "expected a key: letters, digits, '_', '.', ':' or '-', starting with a letter or digit, at most 64";
const sessionKey = () =>
  z.string({ error: KEY }).regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]*$/, { error: KEY }).max(64, { error: KEY });
const sessionKeys = () =>
  z.array(sessionKey(), { error: "expected the sessions as a list of session ids" })
    .max(100, { error: "expected at most 100 sessions" }).nullable();

/**
 * Body of an event's sessions (db/session_writes.ts): every session in order (its id, its name, when, and on
 * which tables) and, optionally, the sessions some categories play in by category id (null or []: every
 * session). The rules between sessions are domain/event_sessions.ts's.
 */
export const SessionsBody = z.strictObject({
  sessions: z.array(
    session({
      id: sessionKey(),
      name: z.string({ error: "expected the session's name as a text" }).trim()
        .max(200, { error: "expected a name of at most 200 characters" }).nullable().optional()
        .transform((n) => n ? n : null),
    }),
    { error: "expected the sessions as a list" },
  ).max(100, { error: "expected at most 100 sessions" }),
  categories: z.record(z.string(), sessionKeys(), {
    error: "expected the categories' sessions as an object of category ids",
  }).optional(),
});

/** Body of the sessions a category plays in: session ids (null or []: every session of its event). */
export const CategorySessionsBody = z.strictObject({ sessions: sessionKeys() });

/** Body of a team category's tables per tie: its ties on 1 table or on 2 at once (docs/scheduling.md, "Ties"). */
export const TablesPerTieBody = z.strictObject({
  tablesPerTie: z.union([z.literal(1), z.literal(2)], { error: "expected 1 or 2 tables" }),
});

function quoteValue(value: unknown): string {
  if (value === undefined) return "nothing";
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 80)}...` : text;
}

function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let v = body;
  for (const key of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

const REASONS: ReadonlySet<string> = new Set(BODY_REASONS);

/**
 * Why zod refused a field, as a reason and the values it names (db/body_reasons.ts): a refinement says its own
 * reason in its `params`; a field absent is missing, an empty text or list too.
 */
function issueRefusal(issue: z.core.$ZodIssue, field: string, value: unknown): Refusal {
  const at = { field };
  switch (issue.code) {
    case "invalid_type":
      return value === undefined
        ? { reason: "missing-field", params: at }
        : { reason: "expected-type", params: { ...at, expected: issue.expected } };
    case "too_small": {
      const empty = (issue.origin === "string" || issue.origin === "array") && Number(issue.minimum) <= 1;
      return empty
        ? { reason: "missing-field", params: at }
        : { reason: "too-small", params: { ...at, minimum: Number(issue.minimum) } };
    }
    case "too_big":
      return issue.origin === "string"
        ? { reason: "text-too-long", params: { ...at, maximum: Number(issue.maximum) } }
        : { reason: "too-big", params: { ...at, maximum: Number(issue.maximum) } };
    case "invalid_value":
      return value === undefined
        ? { reason: "missing-field", params: at }
        : { reason: "not-an-option", params: { ...at, options: issue.values.map(optionValue) } };
    case "invalid_union": {
      const values = issue.errors.flat().flatMap((e) => e.code === "invalid_value" ? e.values : []);
      return values.length > 0
        ? { reason: "not-an-option", params: { ...at, options: values.map(optionValue) } }
        : { reason: "invalid-value", params: at };
    }
    case "invalid_format":
      return { reason: "invalid-format", params: { ...at, format: issue.format } };
    case "custom": {
      const { reason, ...params } = (issue.params ?? {}) as Record<string, unknown>;
      return typeof reason === "string" && REASONS.has(reason)
        ? { reason: reason as BodyReason, params: { ...(params as ReasonParams), ...at } }
        : { reason: "invalid-value", params: at };
    }
    default:
      return { reason: "invalid-value", params: at };
  }
}

/** An option as `params.options` lists it: a string, number or boolean as is, anything else (null) as JSON. */
function optionValue(value: unknown): string | number | boolean {
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean"
    ? value
    : String(JSON.stringify(value));
}

/**
 * Validates a parsed JSON body; throws a 400 naming the first bad field (all of them in `errors`), each with why as
 * a `reason` and its `params`.
 */
export function validateBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  // An unknown field first: it is usually a misspelling of the field reported missing.
  const issues = [...result.error.issues].sort((a, b) =>
    Number(b.code === "unrecognized_keys") - Number(a.code === "unrecognized_keys")
  );
  const errors = issues.map((issue) => {
    if (issue.code === "unrecognized_keys") {
      const key = issue.keys[0] ?? "";
      return {
        field: key,
        message: `unknown field "${key}"`,
        detail: `Invalid body: unknown field "${key}"`,
        ...refusal("unknown-field", { field: key }),
      };
    }
    const field = issue.path.map(String).join(".");
    if (!field) {
      return {
        field: "",
        message: "expected a JSON object",
        detail: "Invalid body: expected a JSON object",
        ...refusal("not-object"),
      };
    }
    const value = valueAt(body, issue.path);
    const got = quoteValue(value);
    return {
      field,
      message: issue.message,
      detail: `Invalid "${field}": ${issue.message}, got ${got}`,
      ...issueRefusal(issue, field, value),
    };
  });
  const first = errors[0]!;
  throw invalidBodyError(first.detail, first.reason, first.params, {
    field: first.field,
    errors: errors.map(({ field, message, reason, params }) => ({ field, message, reason, params })),
  });
}

/** Throws a 415 unless the request's body is JSON by its content type (or says no type). */
export function requireJsonType(c: Context): void {
  const type = c.req.header("Content-Type") ?? "";
  if (type && !/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type)) {
    throw new HttpError(
      415,
      "unsupported-media-type",
      `Cannot read the body: expected Content-Type "application/json", got "${type.slice(0, 80)}"`,
    );
  }
}

/**
 * Reads the request's JSON body (an empty body is `{}`): 415 for a body that is not JSON by its content type,
 * 400 for text that does not parse.
 */
export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === "") return {};
  requireJsonType(c);
  try {
    return JSON.parse(text);
  } catch (e) {
    throw invalidBodyError(`Invalid body: not JSON (${(e as Error).message})`, "not-json");
  }
}

/** Reads and validates the JSON body. */
export async function parseBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.output<T>> {
  return validateBody(schema, await readJson(c));
}

/** The Idempotency-Key header, checked: 1 to 200 visible ASCII characters; undefined when absent. */
export function idempotencyKey(c: Context): string | undefined {
  return visibleHeader(c, "Idempotency-Key", 200);
}

/**
 * A header of 1 to `max` visible ASCII characters (a key or an id the client made); undefined when absent, a
 * 400 naming the header otherwise.
 */
export function visibleHeader(c: Context, name: string, max: number): string | undefined {
  const value = c.req.header(name);
  if (value === undefined) return undefined;
  if (value.length < 1 || value.length > max || !/^[\x21-\x7e]+$/.test(value)) {
    throw new HttpError(
      400,
      "invalid-header",
      `Invalid "${name}": expected 1 to ${max} visible ASCII characters, got ${quoteValue(value)}`,
      { extensions: { field: name } },
    );
  }
  return value;
}

/**
 * Body of setting a match started by mistake back to not started: the revision it was based on, when known, and
 * `discardPoints: true` to confirm that the points scored go (an admin's correction, audited with the score).
 */
export const ResetBody = z.strictObject({
  revision: revision(),
  discardPoints: z.literal(true, { error: "expected true to discard the points scored" }).optional(),
});
