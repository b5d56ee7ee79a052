import assert from "node:assert/strict";
import fc from "fast-check";
import { Ajv2020 } from "ajv/dist/2020.js";
import { IMPORT_SCHEMA } from "../../event_file/schema.ts";
import { drawByLot } from "../../event_file/draw_by_lot.ts";
import type { EventFile, ImportProblem } from "../../event_file/format.ts";
import { isCalendarDate, parseDateTime, parseScore } from "../../event_file/parse.ts";
import { parseEventFile, validateEventFile } from "../../event_file/validate.ts";

const root = new URL("../../", import.meta.url);
const fixture = (name: string) => new URL(`tests/fixtures/import/${name}`, root);
const validText = Deno.readTextFileSync(fixture("spring_open.json"));

/** A fresh copy of the valid fixture. */
function valid(): EventFile {
  return JSON.parse(validText) as EventFile;
}

/** The problems of the valid fixture after `change`; fails when the file stays valid. */
async function problemsAfter(change: (f: EventFile) => void): Promise<ImportProblem[]> {
  const file = valid();
  change(file);
  const result = await validateEventFile(file);
  assert.equal(result.ok, false, "expected the changed file to be invalid");
  return result.ok ? [] : result.errors.map(said);
}

/** Asserts that the problems hold one at `path` whose message matches. */
function assertProblem(problems: readonly ImportProblem[], path: string, message: RegExp | string): void {
  const found = problems.some((p) =>
    p.path === path && (typeof message === "string" ? p.message === message : message.test(p.message))
  );
  assert.ok(found, `no problem at "${path}" matching ${message}; got ${JSON.stringify(problems, null, 1)}`);
}

const S = 0; // the singles category of the fixture
const XD = 1; // the mixed doubles category

Deno.test("IMPORT_SCHEMA equals the published docs/import-schema.json", async () => {
  const published = JSON.parse(await Deno.readTextFile(new URL("docs/import-schema.json", root)));
  assert.deepEqual(IMPORT_SCHEMA, published);
});

Deno.test("IMPORT_SCHEMA is a valid JSON Schema 2020-12", () => {
  const ajv = new Ajv2020({ strict: true, strictRequired: false, allowUnionTypes: true });
  assert.equal(ajv.validateSchema(IMPORT_SCHEMA), true, JSON.stringify(ajv.errors));
  assert.equal(IMPORT_SCHEMA["$schema"], "https://json-schema.org/draft/2020-12/schema");
});

Deno.test("the example in docs/import-format.md is the valid fixture", async () => {
  const doc = await Deno.readTextFile(new URL("docs/import-format.md", root));
  const block = /```json\n([\s\S]*?)\n```/.exec(doc);
  assert.ok(block, "no json block in docs/import-format.md");
  assert.deepEqual(JSON.parse(block[1]!), valid());
});

Deno.test("parseEventFile() accepts the valid fixture and returns the file", async () => {
  const result = await parseEventFile(validText);
  assert.ok(result.ok, JSON.stringify(!result.ok && result.errors));
  assert.equal(result.file.event.slug, "spring-open-2026");
});

Deno.test("parseEventFile() accepts a byte order mark", async () => {
  assert.equal((await parseEventFile("\ufeff" + validText)).ok, true);
});

Deno.test("parseEventFile() reports a JSON syntax error with its line and column", async () => {
  const cases: [string, string][] = [
    [
      '{\n  "a": 1\n  "b": 2\n}',
      'Invalid JSON at line 3, column 3: expected "," or "}" after a property value, got "\\""',
    ],
    [
      '{\n  "a": 1,\n}',
      'Invalid JSON at line 3, column 1: trailing comma: expected a property name after ","',
    ],
    ['{"a": [1, 2,]}', 'Invalid JSON at line 1, column 13: trailing comma: expected a value after ","'],
    ['{"a": "x', "Invalid JSON at line 1, column 9: unterminated string: expected a closing '\"'"],
    ["", "Invalid JSON at line 1, column 1: unexpected end of the file: expected a value"],
    ["{} x", 'Invalid JSON at line 1, column 4: unexpected "x" after the end of the JSON value'],
    ["{'a': 1}", `Invalid JSON at line 1, column 2: expected a property name in double quotes, got "'"`],
    ['{"a": tru}', 'Invalid JSON at line 1, column 7: unexpected "t": expected a value'],
    ['{"a": 01}', 'Invalid JSON at line 1, column 8: invalid number: unexpected "1"'],
    ['{"a": "\\q"}', 'Invalid JSON at line 1, column 8: invalid escape "\\\\q" in a string'],
  ];
  for (const [text, message] of cases) {
    const result = await parseEventFile(text);
    assert.equal(result.ok, false, text);
    if (!result.ok) assert.deepEqual(result.errors.map(said), [{ path: "", message }], text);
  }
});

Deno.test("parseEventFile() reports the malformed fixture at its line and column", async () => {
  const result = await parseEventFile(await Deno.readTextFile(fixture("malformed_json.txt")));
  assert.equal(result.ok, false);
  if (!result.ok) {
    assert.deepEqual(result.errors.map(said), [{
      path: "",
      message: 'Invalid JSON at line 7, column 5: expected "," or "}" after a property value, got "\\""',
    }]);
  }
});

Deno.test("validateEventFile() reports every problem of the invalid fixture with its path", async () => {
  const result = await parseEventFile(await Deno.readTextFile(fixture("invalid_semantic.json")));
  assert.equal(result.ok, false);
  if (result.ok) return;
  assert.deepEqual(result.errors.map(said), [
    { path: "categories[2].bestOf", message: "Expected an odd number of games from 3 to 9, got 4" },
    { path: "event.endDate", message: 'The event ends ("2026-04-17") before it starts ("2026-04-18")' },
    { path: "players[8].id", message: 'Duplicate player id "p2": also players[1]' },
    { path: "categories[0].entries[5].players[0]", message: 'Unknown player "p99": not in "players"' },
    {
      path: "categories[0].groups[1].entries[3]",
      message: 'Unknown entry "s9": not an entry of category "S"',
    },
    { path: "categories[0].groups[1].entries", message: 'Group "B" has 4 entries, more than groupSize 3' },
    {
      path: "categories[0].matches[0].games[1]",
      message:
        '"11-10" is not a finished game: a game is won by the first side to 11 points, with a 2-point lead from 10-10',
    },
    { path: "categories[0].matches[1].group", message: 'Unknown group "C": not a group of category "S"' },
    {
      path: "categories[0].matches[3].winner",
      message: 'Entry "s6" is not a side of this match (home "s2", away "s4")',
    },
    {
      path: "categories[0].matches[4].games",
      message:
        "The games (2-2) do not decide a best of 5: a completed match needs the deciding game or a result reason",
    },
    {
      path: "categories[0].matches[5].id",
      message: 'Duplicate match id "B2" in category "S": also matches[4]',
    },
    { path: "categories[0].matches[5].home", message: 'Unknown entry "s7": not an entry of category "S"' },
    { path: "categories[1].entries[3].players", message: "A doubles entry needs 2 players, got 1" },
    {
      path: "categories[1].matches[0].games[2]",
      message: '"11-3" was played after the match was decided (2-0)',
    },
    {
      path: "categories[1].matches[2].winner",
      message: 'Entry "d2" contradicts the games: "d1" won them 2-1',
    },
    { path: "categories[2].id", message: 'Duplicate category id "S": also categories[0]' },
  ]);
});

Deno.test("validateEventFile() reports schema problems with file paths and plain messages", async () => {
  const result = await parseEventFile(await Deno.readTextFile(fixture("invalid_schema.json")));
  assert.equal(result.ok, false);
  if (result.ok) return;
  assert.deepEqual(result.errors.map(said), [
    { path: "format", message: 'Expected "tt-event/1", got "tt-event/2"' },
    {
      path: "event.slug",
      message:
        "Expected a slug of lowercase letters, digits and hyphens, starting with a letter or digit, got " +
        '"Spring Open"',
    },
    { path: "event.startDate", message: 'Expected a date YYYY-MM-DD, got "18/04/2026"' },
    { path: "event.status", message: 'Expected one of "draft", "published", "archived", got "live"' },
    { path: "players[0].displayName", message: "Required field is missing" },
    { path: "players[1].prior.rating", message: 'Expected a number, got "1650"' },
    { path: "categories[0].kind", message: 'Expected one of "singles", "doubles", "team", got "single"' },
    { path: "categories[0].matches[0].winer", message: 'Unknown field: did you mean "winner"?' },
    {
      path: "categories[0].matches[0].games[0]",
      message: 'Expected a game score, home points first, e.g. "11-8", got "11:7"',
    },
    { path: "categories[0].matches[1].round", message: "Required field is missing" },
    { path: "categories[0].matches[1].position", message: "Required field is missing" },
  ]);
});

Deno.test("validateEventFile() suggests nothing for an unknown field far from every known one", async () => {
  const problems = await problemsAfter((f) => Object.assign(f.event, { organiser: "x" }));
  assertProblem(problems, "event.organiser", /^Unknown field: expected one of "slug", "name", /);
});

Deno.test("validateEventFile() does not add rule problems on a value the schema rejected", async () => {
  const problems = await problemsAfter((f) => {
    f.categories[S]!.matches![0]!.games = ["11-7", "9:11", "11-5", "11-8"];
  });
  assert.deepEqual(problems, [{
    path: "categories[0].matches[0].games[1]",
    message: 'Expected a game score, home points first, e.g. "11-8", got "9:11"',
  }]);
});

Deno.test("validateEventFile() reports a file that is not an object", async () => {
  for (const json of [null, [], "x", 3]) {
    const result = await validateEventFile(json);
    assert.equal(result.ok, false);
    if (!result.ok) assert.equal(result.errors[0]!.path, "");
  }
  const result = await validateEventFile({});
  assert.equal(result.ok, false);
  if (!result.ok) {
    assert.deepEqual(result.errors.map((e) => e.path), ["format", "event", "players", "categories"]);
  }
});

Deno.test("validateEventFile() checks calendar dates and date-times", async () => {
  assertProblem(
    await problemsAfter((f) => (f.event.startDate = "2026-02-30")),
    "event.startDate",
    '"2026-02-30" is not a calendar date',
  );
  assertProblem(
    await problemsAfter((f) => (f.players[0]!.birthDate = "2001-13-01")),
    "players[0].birthDate",
    '"2001-13-01" is not a calendar date',
  );
  assertProblem(
    await problemsAfter((f) => (f.categories[S]!.matches![0]!.startedAt = "2026-02-30T09:00:00Z")),
    "categories[0].matches[0].startedAt",
    '"2026-02-30T09:00:00Z" is not a real date and time',
  );
  assertProblem(
    await problemsAfter((f) => (f.categories[S]!.matches![0]!.completedAt = "2026-04-18T08:59:00Z")),
    "categories[0].matches[0].completedAt",
    'The match was completed ("2026-04-18T08:59:00Z") before it started ("2026-04-18T09:00:00Z")',
  );
});

Deno.test("validateEventFile() reports duplicate keys, federation ids, e-mails, seeds and group names", async () => {
  assertProblem(
    await problemsAfter((f) => (f.players[2]!.federationId = "ITTF:100101")),
    "players[2].federationId",
    'Duplicate federation id "ITTF:100101": also players[0]',
  );
  assertProblem(
    await problemsAfter((f) => f.accounts!.push({ email: "REFEREE@example.org", displayName: "Again" })),
    "accounts[1].email",
    'Duplicate account e-mail "REFEREE@example.org": also accounts[0]',
  );
  assertProblem(
    await problemsAfter((f) => (f.categories[S]!.entries[1]!.id = "s1")),
    "categories[0].entries[1].id",
    'Duplicate entry id "s1" in category "S": also entries[0]',
  );
  assertProblem(
    await problemsAfter((f) => (f.categories[XD]!.entries[1]!.seed = 1)),
    "categories[1].entries[1].seed",
    'Seed 1 is already given to entry "d1"',
  );
  assertProblem(
    await problemsAfter((f) => (f.categories[S]!.groups![1]!.name = "A")),
    "categories[0].groups[1].name",
    'Duplicate group name "A" in category "S": also groups[0]',
  );
});

Deno.test("validateEventFile() checks entries against the category's kind and players", async () => {
  assertProblem(
    await problemsAfter((f) => (f.categories[S]!.entries[0]!.players = ["p1", "p7"])),
    "categories[0].entries[0].players",
    "A singles entry needs 1 player, got 2",
  );
  assertProblem(
    await problemsAfter((f) => (f.categories[XD]!.entries[0]!.players = ["p1", "p1"])),
    "categories[1].entries[0].players[1]",
    'Player "p1" is twice in the same entry',
  );
  assertProblem(
    await problemsAfter((f) => (f.categories[XD]!.entries[1]!.players = ["p1", "p4"])),
    "categories[1].entries[1].players[0]",
    'Player "p1" already plays in entry "d1" of category "XD"',
  );
});

Deno.test("validateEventFile() checks group membership and lots", async () => {
  assertProblem(
    await problemsAfter((f) => f.categories[S]!.groups![1]!.entries.push("s1")),
    "categories[0].groups[1].entries[3]",
    'Entry "s1" is already in group "A"',
  );
  assertProblem(
    await problemsAfter((f) => (f.categories[S]!.groups![1]!.lots = ["s4", "s1"])),
    "categories[0].groups[1].lots[1]",
    'Entry "s1" is not a member of group "B"',
  );
  assertProblem(
    await problemsAfter((f) => (f.categories[S]!.matches![0]!.away = "s2")),
    "categories[0].matches[0].away",
    'Entry "s2" is not a member of group "A"',
  );
  assertProblem(
    await problemsAfter((f) => delete f.categories[S]!.matches![5]!.home),
    "categories[0].matches[5].home",
    "A group match needs both sides",
  );
  assertProblem(
    await problemsAfter((f) => (f.categories[XD]!.groups = [{ name: "A", entries: ["d1", "d2"] }])),
    "categories[1].groups",
    'A category of format "knockout" has no groups',
  );
  // A group of one plays no match; an empty one is not drawn yet.
  const one = await problemsAfter((f) => {
    f.categories[S]!.groups!.push({ name: "C", entries: ["s6"] });
    f.categories[S]!.groups![1]!.entries.pop();
    delete f.categories[S]!.groups![1]!.lots;
    f.categories[S]!.matches = f.categories[S]!.matches!.filter((m) => m.group === "A");
  });
  assert.deepEqual(one, [{
    path: "categories[0].groups[2].entries",
    message: 'Group "C" has 1 entry: a group needs at least 2',
  }]);
  const empty = valid();
  empty.categories[S]!.groups!.push({ name: "C", entries: [] });
  assert.equal((await validateEventFile(empty)).ok, true);
});

Deno.test("validateEventFile() checks the draw's slots, size and qualifiers", async () => {
  const draw = (f: EventFile, c: number) => f.categories[c]!.draw!;
  assertProblem(
    await problemsAfter((f) => (draw(f, XD).slots = ["d1", "d4", "d3"])),
    "categories[1].draw.slots",
    "A draw of 4 needs 4 slots, got 3",
  );
  assertProblem(
    await problemsAfter((f) => (draw(f, XD).slots = ["d1", "d4", "d3", "d9"])),
    "categories[1].draw.slots[3]",
    'Unknown entry "d9": not an entry of category "XD"',
  );
  assertProblem(
    await problemsAfter((f) => (draw(f, XD).slots = ["d1", "d4", "d3", "d1"])),
    "categories[1].draw.slots[3]",
    'Entry "d1" is already in slots[0]',
  );
  assertProblem(
    await problemsAfter((f) => (draw(f, XD).slots = ["d1", "d4", "d3", null])),
    "categories[1].draw.slots[3]",
    'A locked draw has no empty slot: give an entry, "bye" or a qualifier',
  );
  assertProblem(
    await problemsAfter((f) => (draw(f, XD).slots = ["d1", "d4", "d3", "bye"])),
    "categories[1].draw.slots",
    'A locked draw places every entry; missing: "d2"',
  );
  assertProblem(
    await problemsAfter((f) => (draw(f, S).slots![1] = { group: "C", place: 2 })),
    "categories[0].draw.slots[1].group",
    'Unknown group "C": not a group of category "S"',
  );
  assertProblem(
    await problemsAfter((f) => (draw(f, S).slots![1] = { group: "A", place: 1 })),
    "categories[0].draw.slots[1]",
    'Place 1 of group "A" is already in slots[0]',
  );
  assertProblem(
    await problemsAfter((f) => (draw(f, XD).slots![0] = { group: "A", place: 1 })),
    "categories[1].draw.slots[0]",
    'Only a category of format "groups_knockout" has group qualifiers in its draw',
  );
  assertProblem(
    await problemsAfter((f) => delete draw(f, XD).slots),
    "categories[1].draw.slots",
    "A draw needs its slots, or a lotSeed to make them by lot",
  );
});

Deno.test("validateEventFile() makes a draw by lot when the slots are left out", async () => {
  const file = valid();
  const xd = file.categories[XD]!;
  xd.draw = { state: "locked", lotSeed: "xd-lot" };
  xd.matches = [];
  assert.equal((await validateEventFile(file)).ok, true);
  // A knockout match outside the lot's bracket of 4 is reported as for given slots.
  xd.matches = [{ id: "X", stage: "knockout", round: 3, position: 0, status: "scheduled" }];
  const result = await validateEventFile(file);
  assert.equal(result.ok, false);
  if (!result.ok) {
    assertProblem(
      result.errors,
      "categories[1].matches[0].round",
      "Round 3 does not exist in a draw of 4 (2 rounds)",
    );
  }
  // A size the lot does not make is named by "size": the file has no slots to name.
  xd.matches = [];
  xd.draw = { state: "locked", lotSeed: "xd-lot", size: 8 };
  assert.deepEqual(await validateEventFile(file), {
    ok: false,
    errors: [{
      path: "categories[1].draw.size",
      message: 'The draw made by lot has 4 slots, not 8: leave "size" out or give the slots',
      code: "draw-lot-size",
      params: { slots: 4, size: 8 },
    }],
  });
});

Deno.test("drawByLot() places every entry, keeps seed 1 on top and repeats itself for the same seed", () => {
  const entries = [{ id: "a", seed: 1 }, { id: "b", seed: 2 }, { id: "c" }];
  const input = {
    format: "knockout" as const,
    lotSeed: "x",
    entries,
    groupNames: [],
    qualifiersPerGroup: undefined,
  };
  const slots = drawByLot(input);
  assert.equal(slots.length, 4);
  assert.equal(slots[0], "a");
  assert.deepEqual([...slots].filter((s) => s !== "bye").sort(), ["a", "b", "c"]);
  assert.deepEqual(drawByLot(input), slots);
  const qualifiers = drawByLot({
    ...input,
    format: "groups_knockout",
    groupNames: ["A", "B"],
    qualifiersPerGroup: 2,
  });
  assert.deepEqual(qualifiers[0], { group: "A", place: 1 });
  assert.throws(
    () => drawByLot({ ...input, format: "groups_knockout", groupNames: ["A"] }),
    /qualifiersPerGroup/,
  );
});

Deno.test("validateEventFile() checks knockout places against the draw", async () => {
  assertProblem(
    await problemsAfter((f) => (f.categories[XD]!.matches![2]!.round = 3)),
    "categories[1].matches[2].round",
    "Round 3 does not exist in a draw of 4 (2 rounds)",
  );
  assertProblem(
    await problemsAfter((f) => (f.categories[XD]!.matches![1]!.position = 2)),
    "categories[1].matches[1].position",
    "Position 2 does not exist in round 1 of a draw of 4 (0 to 1)",
  );
  assertProblem(
    await problemsAfter((f) => {
      const m = f.categories[XD]!.matches![0]!;
      [m.home, m.away] = [m.away, m.home];
    }),
    "categories[1].matches[0].home",
    'Entry "d4" differs from the draw: slots[0] holds "d1"',
  );
  assertProblem(
    await problemsAfter((f) => (f.categories[XD]!.matches![1]!.position = 0)),
    "categories[1].matches[1].position",
    'Match "SF1" (matches[0]) already has this round and position',
  );
  assertProblem(
    await problemsAfter((f) => (f.categories[S]!.matches![6]!.group = "A")),
    "categories[0].matches[6].group",
    "A knockout match has no group",
  );
  assertProblem(
    await problemsAfter((f) => (f.categories[XD]!.matches![2]!.stage = "group")),
    "categories[1].matches[2].stage",
    'A category of format "knockout" has no group matches',
  );
});

Deno.test("validateEventFile() checks each status's fields", async () => {
  const match = (f: EventFile, c: number, m: number) => f.categories[c]!.matches![m]!;
  assertProblem(
    await problemsAfter((f) => (match(f, S, 5).games = ["11-3"])),
    "categories[0].matches[5].games",
    'A scheduled match has no games: set its status to "in_progress" or "completed"',
  );
  assertProblem(
    await problemsAfter((f) => (match(f, S, 5).winner = "s2")),
    "categories[0].matches[5].winner",
    'Only a completed match has a winner, this one is "scheduled"',
  );
  assertProblem(
    await problemsAfter((f) => (match(f, S, 2).games = ["11-9", "11-3", "11-5"])),
    "categories[0].matches[2].status",
    'The games decide the match (3-0): its status must be "completed"',
  );
  assertProblem(
    await problemsAfter((f) => (match(f, S, 2).current = "12-5")),
    "categories[0].matches[2].current",
    '"12-5" is not the score of a game in play',
  );
  assertProblem(
    await problemsAfter((f) => {
      match(f, S, 6).status = "in_progress";
    }),
    "categories[0].matches[6].home",
    "A match in progress needs both sides",
  );
  assertProblem(
    await problemsAfter((f) => (match(f, S, 1).games = ["11-2"])),
    "categories[0].matches[1].games",
    "A walkover has no games: the match was not played",
  );
  assertProblem(
    await problemsAfter((f) => delete match(f, S, 1).winner),
    "categories[0].matches[1].winner",
    'A match completed by "walkover" needs a winner',
  );
  assertProblem(
    await problemsAfter((f) => (match(f, S, 3).retirementAfterGame = 2)),
    "categories[0].matches[3].retirementAfterGame",
    'Expected 1 (the number of finished games in "games"), got 2',
  );
  assertProblem(
    await problemsAfter((f) => (match(f, S, 3).games = ["11-6", "11-6", "11-6"])),
    "categories[0].matches[3].resultReason",
    'The games already decide the match (3-0): remove "retired" or the games after the decision',
  );
  assertProblem(
    await problemsAfter((f) => (match(f, XD, 1).retirementAfterGame = 1)),
    "categories[1].matches[1].retirementAfterGame",
    'Only a match with result reason "retired" has a retirement',
  );
  assertProblem(
    await problemsAfter((f) => (match(f, XD, 0).current = "3-2")),
    "categories[1].matches[0].current",
    "The games already decide the match (2-0): no game is running",
  );
  assertProblem(
    await problemsAfter((f) => (match(f, XD, 0).away = "d1")),
    "categories[1].matches[0].away",
    'Entry "d1" cannot play itself',
  );
});

Deno.test("validateEventFile() accepts any legal completed match and rejects a game after its decision", async () => {
  const finishedGame = fc.oneof(
    fc.integer({ min: 0, max: 9 }).map((low) => [11, low] as const),
    fc.integer({ min: 10, max: 30 }).map((low) => [low + 2, low] as const),
  );
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(3, 5, 7, 9),
      fc.array(fc.tuple(fc.boolean(), finishedGame), { minLength: 20, maxLength: 20 }),
      finishedGame,
      async (bestOf, draws, extra) => {
        // Play games until one side has (bestOf + 1) / 2 wins.
        const needed = (bestOf + 1) / 2;
        const won = { home: 0, away: 0 };
        const games: string[] = [];
        for (const [homeWins, [w, l]] of draws) {
          if (won.home === needed || won.away === needed) break;
          games.push(homeWins ? `${w}-${l}` : `${l}-${w}`);
          won[homeWins ? "home" : "away"]++;
        }
        const file = valid();
        file.categories[XD]!.bestOf = bestOf;
        const m = file.categories[XD]!.matches![0]!;
        m.games = games;
        const result = await validateEventFile(file);
        assert.ok(result.ok, JSON.stringify(!result.ok && result.errors));
        m.games = [...games, `${extra[0]}-${extra[1]}`];
        const late = await validateEventFile(file);
        assert.equal(late.ok, false);
        if (!late.ok && games.length < 9) {
          assertProblem(
            late.errors,
            `categories[1].matches[0].games[${games.length}]`,
            /after the match was decided/,
          );
        } else if (!late.ok) {
          // 10 games: more than any match can have, which the schema says first.
          assertProblem(late.errors, "categories[1].matches[0].games", "Expected at most 9 items, got 10");
        }
      },
    ),
  );
});

Deno.test("validateEventFile() refuses a NUL character in any text, naming its path", async () => {
  // PostgreSQL cannot store a NUL in text and SQLite serves the text cut at it; the HTTP import refuses it too.
  const problems = await problemsAfter((f) => {
    f.players[2]!.displayName = "A\u0000B";
    f.event.description = "\u0000";
    f.categories[XD]!.name = "Mixed\u0000";
  });
  const nul = "Expected a text without a NUL character (\\u0000), got ";
  assert.deepEqual(problems, [
    { path: "event.description", message: `${nul}"\\u0000"` },
    { path: "players[2].displayName", message: `${nul}"A\\u0000B"` },
    { path: "categories[1].name", message: `${nul}"Mixed\\u0000"` },
  ]);
  // Escaped in the file's text, as a JSON writer would put it.
  const parsed = await parseEventFile(validText.replace('"Ana Lopez"', '"Ana\\u0000Lopez"'));
  assert.equal(parsed.ok, false);
  if (!parsed.ok) assertProblem(parsed.errors, "players[0].displayName", /without a NUL character/);
  // A value the schema refuses for its own reason is reported once, by the schema.
  const slug = await problemsAfter((f) => f.event.slug = "a\u0000");
  assert.deepEqual(slug.map((p) => p.path), ["event.slug"]);
  assert.match(slug[0]!.message, /^Expected a slug/);
  // Other control characters are stored and served (JSON-escaped) as they are.
  assert.equal(
    (await validateEventFile({ ...valid(), event: { ...valid().event, venue: "Hall\t1" } })).ok,
    true,
  );
});

Deno.test("validateEventFile() never throws, whatever the input", async () => {
  await fc.assert(
    fc.asyncProperty(fc.jsonValue(), async (json) => {
      const result = await validateEventFile(json);
      assert.equal(result.ok, false);
    }),
  );
  // Each member of the valid file replaced by an arbitrary value: problems, never a crash.
  const paths: (string | number)[][] = [];
  const walk = (value: unknown, path: (string | number)[]) => {
    paths.push(path);
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i]));
    else if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
    }
  };
  walk(valid(), []);
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...paths.filter((p) => p.length > 0)),
      fc.jsonValue(),
      async (path, value) => {
        const file = valid() as unknown as Record<string | number, unknown>;
        let node: Record<string | number, unknown> = file;
        for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
        node[path.at(-1)!] = value;
        const result = await validateEventFile(file);
        if (!result.ok) { for (const p of result.errors) assert.equal(typeof p.message, "string"); }
      },
    ),
    { numRuns: 500 },
  );
});

Deno.test("parseScore(), isCalendarDate() and parseDateTime() read the format's values", () => {
  assert.deepEqual(parseScore("9-11"), { home: 9, away: 11 });
  assert.equal(parseScore("9:11"), null);
  assert.equal(isCalendarDate("2028-02-29"), true);
  assert.equal(isCalendarDate("2026-02-29"), false);
  assert.equal(parseDateTime("2026-03-14T10:30+01:00"), Date.UTC(2026, 2, 14, 9, 30));
  assert.equal(parseDateTime("2026-03-14T24:00:00Z"), null);
  assert.equal(parseDateTime("2026-03-14T10:30"), null);
});

/** Every subschema of the import schema that takes a number, with its JSON pointer. */
function numberSchemas(): [string, Record<string, unknown>][] {
  const out: [string, Record<string, unknown>][] = [];
  const walk = (node: unknown, pointer: string) => {
    if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${pointer}/${i}`));
    if (node === null || typeof node !== "object") return;
    const schema = node as Record<string, unknown>;
    const types = [schema.type].flat();
    if (types.includes("integer") || types.includes("number")) out.push([pointer, schema]);
    for (const [key, value] of Object.entries(schema)) walk(value, `${pointer}/${key}`);
  };
  walk(IMPORT_SCHEMA, "");
  return out;
}

Deno.test("IMPORT_SCHEMA bounds every number so that nothing it accepts overflows a column", () => {
  // PostgreSQL's integer is 4 bytes; a rating's match count is the prior's plus the matches played here, so
  // the schema's bounds stay far below it rather than at it.
  const schemas = numberSchemas();
  assert.ok(schemas.length >= 10, `only ${schemas.length} number fields found`);
  for (const [pointer, schema] of schemas) {
    const low = schema.minimum ?? schema.exclusiveMinimum;
    const high = schema.maximum ?? schema.exclusiveMaximum;
    assert.equal(typeof low, "number", `${pointer} has no minimum`);
    assert.equal(typeof high, "number", `${pointer} has no maximum`);
    assert.ok((low as number) >= 0 && (high as number) <= 100_000, `${pointer}: ${low} to ${high}`);
  }
});

Deno.test("validateEventFile() refuses whole numbers past their field's range, naming the path", async () => {
  for (const seed of [2147483648, 99999999999, 1e300, 10_000]) {
    assertProblem(
      await problemsAfter((f) => (f.categories[S]!.entries[0]!.seed = seed)),
      "categories[0].entries[0].seed",
      `Expected a number <= 9999, got ${seed}`,
    );
  }
  for (const matchCount of [2147483647, 2147483648, 99999999999, 100_001]) {
    assertProblem(
      await problemsAfter((f) => (f.players[0]!.prior = { rating: 1500, matchCount })),
      "players[0].prior.matchCount",
      `Expected a number <= 100000, got ${matchCount}`,
    );
  }
  assertProblem(
    await problemsAfter((f) => (f.categories[S]!.matches![3]!.retirementAfterGame = 2147483648)),
    "categories[0].matches[3].retirementAfterGame",
    "Expected a number <= 8, got 2147483648",
  );
  // The largest values are accepted.
  const file = valid();
  file.categories[S]!.entries[0]!.seed = 9999;
  file.players[0]!.prior = { rating: 5000, deviation: 1000, matchCount: 100_000 };
  const result = await validateEventFile(file);
  assert.ok(result.ok, JSON.stringify(!result.ok && result.errors));
});

Deno.test("validateEventFile() keeps a prior's rating and deviation in the rating system's range", async () => {
  // Glicko-2 squares phi = deviation / 173.7: a deviation of 1e-300 underflows to 0 and the rating fails.
  for (const deviation of [1e-300, 5e-324, 0.5]) {
    assertProblem(
      await problemsAfter((f) => (f.players[2]!.prior = { rating: 1650, deviation, matchCount: 40 })),
      "players[2].prior.deviation",
      `Expected a number >= 1, got ${deviation}`,
    );
  }
  for (const rating of [1e-300, 0.5]) {
    assertProblem(
      await problemsAfter((f) => (f.players[2]!.prior = { rating, matchCount: 40 })),
      "players[2].prior.rating",
      `Expected a number >= 1, got ${rating}`,
    );
  }
  const file = valid();
  file.players[2]!.prior = { rating: 1, deviation: 1, matchCount: 0 };
  assert.equal((await validateEventFile(file)).ok, true);
});

Deno.test("validateEventFile() refuses a lone UTF-16 surrogate in any text, naming its path", async () => {
  // Stored as UTF-8, a lone surrogate becomes U+FFFD: names change, and two e-mails or federation ids that
  // differ only there would become one.
  const problems = await problemsAfter((f) => {
    f.event.name = "Ev\udfff";
    f.players[0]!.federationId = "F\ud800";
    f.players[1]!.federationId = "F\udbff";
    f.accounts = [
      { email: "a\ud800@x.org", displayName: "A" },
      { email: "a\udbff@x.org", displayName: "B" },
    ];
  });
  const lone = "Expected a text without a lone UTF-16 surrogate, got ";
  assert.deepEqual(problems, [
    { path: "event.name", message: `${lone}"Ev\\udfff"` },
    { path: "players[0].federationId", message: `${lone}"F\\ud800"` },
    { path: "players[1].federationId", message: `${lone}"F\\udbff"` },
    { path: "accounts[0].email", message: `${lone}"a\\ud800@x.org"` },
    { path: "accounts[1].email", message: `${lone}"a\\udbff@x.org"` },
  ]);
  // Escaped in the file's text, as a JSON writer puts it; a low surrogate before its high one is no pair.
  for (const name of ["Ana\\ud800Lopez", "Ana\\udc00\\ud800Lopez", "Ana\\ud800"]) {
    const parsed = await parseEventFile(validText.replace('"Ana Lopez"', `"${name}"`));
    assert.equal(parsed.ok, false, name);
    if (!parsed.ok) assertProblem(parsed.errors, "players[0].displayName", /lone UTF-16 surrogate/);
  }
  // A pair, escaped or not, is a character like any other.
  for (const name of ["Ana \\ud83c\\udfd3", "Ana \u{1F3D3}"]) {
    assert.equal((await parseEventFile(validText.replace('"Ana Lopez"', `"${name}"`))).ok, true, name);
  }
});

Deno.test("validateEventFile() takes dates and times in the years 0001 to 9999 (UTC), no other", async () => {
  // Years 1 to 99 are real years, not 1901 to 1999.
  const early = valid();
  early.event.startDate = "0099-01-01";
  early.event.endDate = "0099-01-02";
  early.players[0]!.birthDate = "0050-06-15";
  early.categories[S]!.matches![0]!.startedAt = "0001-01-01T00:00:00Z";
  early.categories[S]!.matches![0]!.completedAt = "9999-12-31T23:59:59.999Z";
  const result = await validateEventFile(early);
  assert.ok(result.ok, JSON.stringify(!result.ok && result.errors));
  assertProblem(
    await problemsAfter((f) => (f.players[0]!.birthDate = "0100-02-29")),
    "players[0].birthDate",
    '"0100-02-29" is not a calendar date',
  );
  assertProblem(
    await problemsAfter((f) => (f.event.startDate = "0000-12-31")),
    "event.startDate",
    '"0000-12-31" is outside the years 0001 to 9999',
  );
  // Served in UTC, these would be the year 10000 ("+010000-01-01T13:59:59.000Z") and the year 0.
  assertProblem(
    await problemsAfter((f) => (f.categories[S]!.matches![0]!.completedAt = "9999-12-31T23:59:59-14:00")),
    "categories[0].matches[0].completedAt",
    '"9999-12-31T23:59:59-14:00" is outside the years 0001 to 9999 in UTC',
  );
  assertProblem(
    await problemsAfter((f) => (f.categories[S]!.matches![0]!.startedAt = "0001-01-01T00:30+01:00")),
    "categories[0].matches[0].startedAt",
    '"0001-01-01T00:30+01:00" is outside the years 0001 to 9999 in UTC',
  );
});

Deno.test("isCalendarDate() and parseDateTime() read the years 0001 to 9999 as they are", () => {
  assert.equal(isCalendarDate("0099-01-01"), true);
  assert.equal(isCalendarDate("0004-02-29"), true);
  assert.equal(isCalendarDate("0100-02-29"), false);
  assert.equal(isCalendarDate("9999-12-31"), true);
  const year50 = new Date(0);
  year50.setUTCFullYear(50, 5, 15);
  assert.equal(parseDateTime("0050-06-15T00:00:00Z"), year50.getTime());
  assert.equal(new Date(parseDateTime("0001-01-01T00:00:00Z")!).toISOString(), "0001-01-01T00:00:00.000Z");
  assert.equal(new Date(parseDateTime("9999-12-31T23:59:59Z")!).toISOString(), "9999-12-31T23:59:59.000Z");
  assert.equal(parseDateTime("9999-12-31T23:59:59-14:00"), null);
  assert.equal(parseDateTime("0001-01-01T00:30+01:00"), null);
  assert.equal(parseDateTime("0000-06-01T00:00:00Z"), null);
});

Deno.test("validateEventFile() takes a posterUrl only as an http: or https: address", async () => {
  for (const url of ["https://example.org/poster.png", "http://venue.local/p.png", null]) {
    const file = valid();
    file.event.posterUrl = url;
    assert.deepEqual(await validateEventFile(file), { ok: true, file }, String(url));
  }
  for (
    const url of [
      "javascript:alert(1)",
      "JavaScript:alert(document.cookie)",
      " javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "ftp://example.org/p.png",
      "/posters/p.png",
      "//evil.example/p.png",
      "not an address",
    ]
  ) {
    const problems = await problemsAfter((f) => f.event.posterUrl = url);
    assertProblem(problems, "event.posterUrl", /^Expected an http: or https: address, got /);
  }
});

Deno.test("validateEventFile() refuses names with invisible control, direction or format characters", async () => {
  const cases: [string, (f: EventFile) => void, string][] = [
    ["players[0].displayName", (f) => f.players[0]!.displayName = "Ana\u202eLopez", "U+202E"],
    ["players[0].association", (f) => f.players[0]!.association = "TTC\u2066Ghent\u2069", "U+2066"],
    ["categories[0].groups[0].name", (f) => f.categories[S]!.groups![0]!.name = "A\u200b", "U+200B"],
    ["categories[0].name", (f) => f.categories[S]!.name = "\u202dOpen singles", "U+202D"],
    ["event.name", (f) => f.event.name = "Spring\u0007Open", "U+0007"],
  ];
  for (const [path, change, code] of cases) {
    assertProblem(
      await problemsAfter(change),
      path,
      new RegExp(`invisible.*\\(${code.replace("+", "\\+")}\\)`),
    );
  }
  // What names need is kept: accents, scripts, emoji joined by a zero-width joiner, a line of spaces.
  const file = valid();
  file.players[0]!.displayName = "Zoë Müller-Łukasz 张伟 👨‍👩‍👧";
  file.players[1]!.association = "TTC  Gent";
  assert.deepEqual(await validateEventFile(file), { ok: true, file });
});

Deno.test("validateEventFile() refuses an invisible character in any other text too, naming its path", async () => {
  const problems = await problemsAfter((f) => {
    f.event.description = "Spring\u202eOpen";
    f.players[0]!.federationId = "GER\u200b123";
  });
  assertProblem(problems, "event.description", /^The text contains an invisible .*\(U\+202E\)$/);
  assertProblem(problems, "players[0].federationId", /\(U\+200B\)$/);
  // A name is reported once, by the names' own check.
  const named = await problemsAfter((f) => f.players[0]!.displayName = "Ana\u202eLopez");
  assert.equal(named.filter((p) => p.path === "players[0].displayName").length, 1);
});

/** A problem's path and English message, without its code and values (checked in validate_codes_test.ts). */
function said({ path, message }: ImportProblem): ImportProblem {
  return { path, message };
}
