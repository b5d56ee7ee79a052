import assert from "node:assert/strict";
import type { EventFile, ImportProblem } from "../../event_file/format.ts";
import type { ImportProblemCode } from "../../event_file/problem_codes.ts";
import { parseEventFile, validateEventFile } from "../../event_file/validate.ts";

const root = new URL("../../", import.meta.url);
const fixture = (name: string) => new URL(`tests/fixtures/import/${name}`, root);
const validText = Deno.readTextFileSync(fixture("spring_open.json"));

/** The problems of the valid fixture after `change`. */
async function problemsAfter(
  change: (f: EventFile & Record<string, unknown>) => void,
): Promise<ImportProblem[]> {
  const file = JSON.parse(validText);
  change(file);
  const result = await validateEventFile(file);
  return result.ok ? [] : result.errors;
}

Deno.test("parseEventFile() gives a code to every problem of the invalid fixtures", async () => {
  for (const name of ["invalid_schema.json", "invalid_semantic.json", "malformed_json.txt"]) {
    const result = await parseEventFile(await Deno.readTextFile(fixture(name)));
    assert.equal(result.ok, false, name);
    if (result.ok) continue;
    const uncoded = result.errors.filter((p) => p.code === undefined);
    assert.deepEqual(uncoded, [], name);
  }
});

Deno.test("parseEventFile() gives a syntax error its code, line and column", async () => {
  const cases: [string, ImportProblemCode, Record<string, string | number>][] = [
    ['{"a": 1,}', "json-trailing-comma", { line: 1, column: 9 }],
    ['{"a" 1}', "json-expected-colon", { line: 1, column: 6, got: '"1"' }],
    ['{"a": 1\n "b": 2}', "json-expected-comma", { line: 2, column: 2, close: "}", got: '"\\""' }],
    ["[1 2]", "json-expected-comma", { line: 1, column: 4, close: "]", got: '"2"' }],
    ["{a: 1}", "json-expected-name", { line: 1, column: 2, got: '"a"' }],
    ['{"a": }', "json-expected-value", { line: 1, column: 7, got: '"}"' }],
    ['{"a": 1} x', "json-after-end", { line: 1, column: 10, got: '"x"' }],
    ['{"a": "b', "json-unterminated-string", { line: 1, column: 9 }],
    ['{"a": "\u0001"}', "json-control-character", { line: 1, column: 8 }],
    ['{"a": "\\u12"}', "json-unicode-escape", { line: 1, column: 8 }],
    ['{"a": "\\x"}', "json-escape", { line: 1, column: 8, escape: "\\x" }],
    ['{"a": 01}', "json-number", { line: 1, column: 8, got: '"1"' }],
    ['{"a": [1, 2', "json-unexpected-end", { line: 1, column: 12 }],
    ["[".repeat(600), "json-too-deep", { line: 1, column: 514 }],
  ];
  for (const [text, code, params] of cases) {
    const result = await parseEventFile(text);
    assert.equal(result.ok, false, text);
    if (!result.ok) {
      assert.deepEqual([result.errors[0]!.code, result.errors[0]!.params], [code, params], text);
    }
  }
});

Deno.test("validateEventFile() gives each schema keyword's problem its code and values", async () => {
  type Change = (f: EventFile & Record<string, unknown>) => void;
  const cases: [Change, string, ImportProblemCode, Record<string, string | number>?][] = [
    [(f) => delete (f.event as Partial<EventFile["event"]>).name, "event.name", "schema-required"],
    [
      (f) => void ((f.event as unknown as Record<string, unknown>).nmae = "x"),
      "event.nmae",
      "schema-unknown-field-near",
      {
        near: "name",
      },
    ],
    [
      (f) => void ((f.players[0] as unknown as Record<string, unknown>).zzzzzz = 1),
      "players[0].zzzzzz",
      "schema-unknown-field-known",
    ],
    [
      (f) => void (f.players[0]!.prior!.rating = "1650" as unknown as number),
      "players[0].prior.rating",
      "schema-type",
      {
        expected: "number",
        got: '"1650"',
      },
    ],
    [(f) => void (f.format = "tt-event/2" as "tt-event/1"), "format", "schema-const", {
      expected: '"tt-event/1"',
      got: '"tt-event/2"',
    }],
    [(f) => void (f.event.status = "live" as "draft"), "event.status", "schema-enum"],
    [(f) => void (f.categories[0]!.bestOf = 4), "categories[0].bestOf", "schema-best-of", { got: "4" }],
    [(f) => void (f.categories[1]!.draw!.size = 6), "categories[1].draw.size", "schema-draw-size", {
      got: "6",
    }],
    [(f) => void (f.players[0]!.id = "-p"), "players[0].id", "schema-pattern-key", { got: '"-p"' }],
    [(f) => void (f.event.slug = "Spring"), "event.slug", "schema-pattern-slug"],
    [(f) => void (f.event.startDate = "18/04/2026"), "event.startDate", "schema-pattern-date"],
    [
      (f) => void (f.sessions = [{ id: "s", start: "9:00", end: "2026-04-18T12:00Z", tables: [1] }]),
      "sessions[0].start",
      "schema-pattern-date-time",
    ],
    [
      (f) => void (f.categories[0]!.matches![0]!.games![0] = "11:7"),
      "categories[0].matches[0].games[0]",
      "schema-pattern-score",
    ],
    [(f) => void (f.event.name = " "), "event.name", "schema-pattern-text"],
    [(f) => void (f.accounts![0]!.email = "referee"), "accounts[0].email", "schema-pattern-email"],
    [
      (f) => void ((f.players[0] as unknown as Record<string, unknown>).country = "de"),
      "players[0].country",
      "schema-pattern-country",
    ],
    [(f) => void (f.playerIdKey = "x"), "playerIdKey", "schema-pattern", {
      pattern: "^[0-9a-f]{64}$",
      got: '"x"',
    }],
    [(f) => void (f.players[0]!.prior!.rating = 0), "players[0].prior.rating", "schema-minimum", {
      limit: "1",
      got: "0",
    }],
    [(f) => void (f.players[0]!.prior!.rating = 6000), "players[0].prior.rating", "schema-maximum", {
      limit: "5000",
      got: "6000",
    }],
    [
      (f) =>
        void (f.sessions = [{ id: "s", start: "2026-04-18T09:00Z", end: "2026-04-18T12:00Z", tables: [] }]),
      "sessions[0].tables",
      "schema-min-items",
      { limit: 1, count: 0 },
    ],
    [
      (f) =>
        void (f.sessions = Array.from(
          { length: 101 },
          (_, i) => ({ id: `s${i}`, start: "2026-04-18T09:00Z", end: "2026-04-18T12:00Z", tables: [i + 1] }),
        )),
      "sessions",
      "schema-max-items",
      { limit: 100, count: 101 },
    ],
    [(f) => void (f.categories[1]!.draw!.lotSeed = ""), "categories[1].draw.lotSeed", "schema-min-length", {
      limit: 1,
      length: 0,
    }],
    [(f) => void (f.event.venue = "v".repeat(201)), "event.venue", "schema-max-length", {
      limit: 200,
      length: 201,
    }],
    [
      (f) => void ((f.categories[0] as unknown as Record<string, unknown>).teamFormat = "bogus"),
      "categories[0].teamFormat",
      "schema-one-of",
      { keyword: "oneOf" },
    ],
  ];
  for (const [change, path, code, params] of cases) {
    const problems = await problemsAfter(change);
    const found = problems.find((p) => p.path === path && p.code === code);
    assert.ok(found, `${path} ${code}: got ${JSON.stringify(problems)}`);
    if (params) assert.deepEqual(found.params, params, path);
  }
});

Deno.test("validateEventFile() gives each rule's problem of the event, players, entries and groups a code", async () => {
  const problems = await problemsAfter((f) => {
    f.event.posterUrl = "ftp://x";
    f.event.startDate = "2026-02-30";
    f.players[0]!.birthDate = "0000-01-01";
    f.players[1]!.id = "p1";
    f.players[2]!.federationId = f.players[0]!.federationId;
    f.players[3]!.displayName = "Ana\u202eLopez";
    f.event.description = "A\u0000B";
    f.accounts = [{ email: "a@x.org", displayName: "A" }, { email: "A@x.org", displayName: "B" }];
    f.sessions = [
      { id: "sat", start: "2026-04-18T09:00Z", end: "2026-04-18T08:00Z", tables: [1, 1] },
      { id: "sat", start: "2026-04-18T09:00Z", end: "2026-04-18T12:00Z", tables: [2] },
      { id: "sun", start: "2026-04-18T10:00Z", end: "2026-04-18T12:00Z", tables: [2] },
    ] as EventFile["sessions"];
    const s = f.categories[0]!;
    s.sessions = ["mon", "sun", "sun"];
    s.qualifiersPerGroup = 2;
    s.groupSize = 1;
    s.entries[1]!.id = s.entries[0]!.id;
    s.entries[2]!.seed = 1;
    s.entries[3]!.players = ["p3", "p3"];
    s.groups![1]!.name = s.groups![0]!.name;
    s.groups![1]!.lots = ["zz"];
    const xd = f.categories[1]!;
    xd.groupSize = 4;
    xd.entries[0]!.id = "bye";
    xd.entries[1]!.players = ["p1"];
  });
  const codes = new Set(problems.map((p) => p.code));
  const wanted: ImportProblemCode[] = [
    "poster-not-web",
    "date-not-calendar",
    "date-outside-years",
    "duplicate-player-id",
    "duplicate-federation-id",
    "name-hidden",
    "text-nul",
    "duplicate-email",
    "session-ends-before-start",
    "session-table-twice",
    "duplicate-session-id",
    "session-table-shared",
    "unknown-session",
    "session-twice",
    "qualifiers-too-many",
    "duplicate-entry-id",
    "duplicate-group-name",
    "knockout-no-groups",
    "bye-reserved",
    "doubles-entry-players",
  ];
  assert.deepEqual(wanted.filter((c) => !codes.has(c)), [], JSON.stringify(problems, null, 1));
  assert.deepEqual(problems.filter((p) => p.code === undefined), []);
});

Deno.test("validateEventFile() gives the announcement's, the texts' and the groups' other problems a code", async () => {
  const cases: [
    (f: EventFile & Record<string, unknown>) => void,
    string,
    ImportProblemCode,
    Record<string, string | number>?,
  ][] = [
    [
      (f) => void (f.event.announcement = { text: "Lunch\u202e", postedAt: "2026-04-18T12:00Z" }),
      "event.announcement.text",
      "announcement-hidden",
      { character: "U+202E" },
    ],
    [
      (f) =>
        void (f.event.announcement = {
          text: "a\u0301\u0301\u0301\u0301\u0301",
          postedAt: "2026-04-18T12:00Z",
        }),
      "event.announcement.text",
      "announcement-marks",
      { max: "4" },
    ],
    [
      (f) =>
        void (f.event.announcement = {
          text: "Lunch",
          postedAt: null,
        } as unknown as EventFile["event"]["announcement"]),
      "event.announcement.postedAt",
      "announcement-posted-at-missing",
    ],
    [
      (f) => void (f.event.announcement = { text: "Lunch", postedAt: "2026-02-30T12:00Z" }),
      "event.announcement.postedAt",
      "time-not-real-in-years",
      { value: "2026-02-30T12:00Z", first: "0001", last: "9999" },
    ],
    [(f) => void (f.event.description = "A\u200bB"), "event.description", "text-hidden", {
      character: "U+200B",
    }],
    [(f) => void (f.event.description = "A\ud800"), "event.description", "text-lone-surrogate"],
    [(f) => void (f.categories[0]!.sessions = ["sat"]), "categories[0].sessions[0]", "unknown-session-none", {
      session: "sat",
    }],
    [
      (f) => void (f.categories[1]!.qualifiersPerGroup = 1),
      "categories[1].qualifiersPerGroup",
      "qualifiers-format",
      { format: "knockout" },
    ],
    [
      (f) => {
        const s = f.categories[0]!;
        s.groupSize = 2;
        delete s.groups;
        delete s.matches;
        delete s.draw;
      },
      "categories[0].groupSize",
      "group-size-not-drawn",
      { size: 2, min: 3, max: 16 },
    ],
    [
      (f) => void (f.categories[0]!.groups![0]!.entries = [f.categories[0]!.groups![0]!.entries[0]!]),
      "categories[0].groups[0].entries",
      "group-of-one",
    ],
    [
      (f) => void (f.categories[0]!.entries[0]!.seed = f.categories[0]!.entries[1]!.seed = 1),
      "categories[0].entries[1].seed",
      "seed-taken",
    ],
  ];
  for (const [change, path, code, params] of cases) {
    const problems = await problemsAfter(change);
    const found = problems.find((p) => p.path === path && p.code === code);
    assert.ok(found, `${path} ${code}: got ${JSON.stringify(problems)}`);
    if (params) assert.deepEqual(found.params, params, path);
  }
});

Deno.test("every code of the file's problems and of its import's warnings is given in event_file/", async () => {
  const union = await Deno.readTextFile(new URL("event_file/problem_codes.ts", root));
  // The last section's codes (draws, matches, results, teams) are checked by their own test.
  const ours = union.slice(0, union.indexOf("// Draws, matches, results and teams"));
  const codes = [...ours.matchAll(/^\s+\| "([a-z-]+)"$/gm)].map((m) => m[1]!);
  assert.ok(codes.length > 50);
  let source = "";
  for await (const entry of Deno.readDir(new URL("event_file/", root))) {
    if (entry.name.endsWith(".ts") && entry.name !== "problem_codes.ts") {
      source += await Deno.readTextFile(new URL(`event_file/${entry.name}`, root));
    }
  }
  assert.deepEqual(codes.filter((c) => !source.includes(`"${c}"`)), []);
});
