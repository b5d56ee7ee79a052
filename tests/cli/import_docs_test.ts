/**
 * docs/import-format.md as a tournament director reads it: the examples are copied out of the document (so that
 * it cannot drift), imported with the documented command into a throwaway SQLite store, checked against the
 * published JSON Schema, and the typical mistakes of a hand-made file are reported as the document says.
 */
import assert from "node:assert/strict";
import { Ajv2020 } from "ajv/dist/2020.js";
import { runImport } from "../../cli/import.ts";
import { IMPORT_SCHEMA } from "../../event_file/schema.ts";
import { validateEventFile } from "../../event_file/validate.ts";
import { withTempDir } from "../support/temp_dir.ts";

const root = new URL("../../", import.meta.url);
const doc = Deno.readTextFileSync(new URL("docs/import-format.md", root));
const publishedSchema = JSON.parse(Deno.readTextFileSync(new URL("docs/import-schema.json", root)));

// deno-lint-ignore no-explicit-any
type Json = any;

/** The text of the fenced block of `lang` that follows `heading` in the document. */
function blockAfter(heading: string, lang: string): string {
  const at = doc.indexOf(`\n${heading}\n`);
  assert.ok(at >= 0, `no heading "${heading}" in docs/import-format.md`);
  const open = doc.indexOf("\n```" + lang + "\n", at);
  assert.ok(open >= 0, `no ${lang} block after "${heading}"`);
  const start = open + lang.length + 5;
  return doc.slice(start, doc.indexOf("\n```\n", start));
}

/** The complete example of the document, as text. */
const exampleText = blockAfter("## A complete small example", "json");
const example = (): Json => JSON.parse(exampleText);

interface Run {
  code: number;
  out: string[];
  err: string[];
}

/** Runs `deno task import FILE` (in process) on `text` saved as `dir/name`, into the SQLite store `dir/t.db`. */
async function importText(dir: string, text: string, name = "spring.json"): Promise<Run> {
  const path = `${dir}/${name}`;
  await Deno.writeTextFile(path, text);
  const run: Run = { code: 0, out: [], err: [] };
  const env = (key: string) => key === "DATABASE_URL" ? `sqlite:${dir}/t.db` : undefined;
  const shorten = (line: string) => line.replaceAll(`${dir}/`, "");
  run.code = await runImport([path], env, {
    out: (line) => run.out.push(shorten(line)),
    err: (line) => run.err.push(shorten(line)),
  }, () => new Date("2026-04-18T12:00:00Z"));
  return run;
}

function assertNoStackTrace(run: Run): void {
  for (const line of [...run.out, ...run.err]) {
    assert.doesNotMatch(line, /^\s+at |Uncaught|Stack backtrace|Error:/, `a stack trace line: ${line}`);
  }
}

/** Whether the object or array that holds `path` (`a.b[2].c`) is in the file: a problem names a place in it. */
function parentInFile(file: Json, path: string): boolean {
  const parts = path.match(/[^.[\]]+/g) ?? [];
  let value: Json = file;
  for (const part of parts.slice(0, -1)) {
    if (value === null || typeof value !== "object" || !(part in value)) return false;
    value = value[part];
  }
  return value !== null && typeof value === "object";
}

Deno.test("[docs] the complete example imports with the documented command, then is Unchanged", async () => {
  await withTempDir("tt-import-docs-", async (dir) => {
    const first = await importText(dir, exampleText);
    assert.deepEqual(first.err, []);
    assert.equal(first.code, 0);
    assert.match(
      first.out[0]!,
      /^Imported "spring-open-2026" \(event [0-9a-f-]{36}\): 2 categories, 8 players, 10 entries, 2 groups, 12 matches$/,
    );
    assert.match(doc, /`Imported "slug" \(event ID\): 2 categories, 8 players, \.\.\.`/);
    const again = await importText(dir, exampleText);
    assert.equal(again.code, 0);
    assert.match(
      again.out[0]!,
      /^Unchanged "spring-open-2026" \(event [0-9a-f-]{36}\): the store already holds this file$/,
    );
  });
});

Deno.test("[docs] the complete example and the format's snippets pass the published JSON Schema", () => {
  const ajv = new Ajv2020({ strict: true, strictRequired: false, allowUnionTypes: true });
  const check = ajv.compile(publishedSchema);
  assert.equal(check(example()), true, JSON.stringify(check.errors));
  // The editor link the document suggests.
  assert.equal(check({ $schema: "./import-schema.json", ...example() }), true, JSON.stringify(check.errors));
  const def = (name: string) => ajv.compile({ $ref: `${publishedSchema.$id}#/$defs/${name}` });
  for (const time of ["2026-04-18T09:00:00Z", "2026-04-18T10:00+02:00", "2026-04-18T08:00:00.000Z"]) {
    assert.ok(doc.includes(time), time);
    assert.equal(def("dateTime")(time), true, time);
  }
  for (const score of ["11-8", "9-11", "12-10", "5-3", "10-10", "11-10"]) {
    assert.equal(def("score")(score), true);
  }
  assert.equal(def("slot")({ group: "A", place: 1 }), true);
  assert.equal(def("key")("ITTF:100101"), true);
  assert.equal(def("event")({ ...example().event, slug: "a".repeat(81) }), false, "a slug of at most 80");
  assert.equal(def("key")("k".repeat(65)), false, "a key of at most 64");
});

Deno.test("[docs] every error example of docs/import-format.md is what the command prints", async () => {
  const lines = blockAfter("## Errors", "text").split("\n");
  // The mistake behind each example, made in the complete example.
  const mistakes: Record<string, (f: Json) => void> = {
    "categories[0].bestOf": (f) => (f.categories[0].bestOf = 4),
    "categories[0].matches[2].winer": (f) => (f.categories[0].matches[2].winer = "s1"),
    "event.slug": (f) => delete f.event.slug,
    "event.endDate": (f) => (f.event.endDate = "2026-04-17"),
    "players[8].id": (f) => f.players.push({ id: "p2", displayName: "Ben Okafor (again)" }),
    "categories[0].entries[5].players[0]": (f) => (f.categories[0].entries[5].players = ["p99"]),
    "categories[1].entries[3].players": (f) => (f.categories[1].entries[3].players = ["p7"]),
    "categories[0].matches[1].group": (f) => (f.categories[0].matches[1].group = "C"),
    "categories[0].matches[0].games[1]": (f) => (f.categories[0].matches[0].games[1] = "11-10"),
    "categories[1].matches[0].games[2]": (f) => f.categories[1].matches[0].games.push("11-3"),
    "categories[0].matches[4].games": (f) => f.categories[0].matches[4].games.pop(),
    "categories[0].matches[3].winner": (f) => (f.categories[0].matches[3].winner = "s6"),
    "categories[1].matches[2].winner": (f) =>
      Object.assign(f.categories[1].matches[2], {
        status: "completed",
        games: ["11-5", "5-11", "11-7"],
        winner: "d2",
      }),
  };
  assert.ok(lines.length > 1);
  await withTempDir("tt-import-docs-", async (dir) => {
    for (const line of lines) {
      assert.ok(line.startsWith("spring.json: "), line);
      let text: string;
      if (line.startsWith("spring.json: Invalid JSON")) {
        // A comma forgotten after "format", in a file that starts with the editor's $schema link.
        text = exampleText.replace(
          '{\n  "format": "tt-event/1",',
          '{\n  "$schema": "./import-schema.json",\n  "format": "tt-event/1"',
        );
      } else {
        const path = line.split(": ")[1]!;
        const mistake = mistakes[path];
        assert.ok(mistake, `no mistake for the documented error "${line}"`);
        const file = example();
        mistake(file);
        text = JSON.stringify(file, null, 2);
      }
      const run = await importText(dir, text);
      assert.equal(run.code, 1, line);
      assert.deepEqual(run.err, [line]);
      assert.deepEqual(run.out, []);
    }
    assert.equal(lines.length, Object.keys(mistakes).length + 1, "an example or a mistake too many");
    await assert.rejects(Deno.stat(`${dir}/t.db`), Deno.errors.NotFound, "an invalid file opens no store");
  });
});

/** The object schemas of the format, each with where the complete example has one (`[]`: nowhere to put it). */
function objectSchemas(): [name: string, schema: Json, at: (f: Json) => Json | undefined][] {
  const defs = IMPORT_SCHEMA["$defs"] as Json;
  return [
    ["file", IMPORT_SCHEMA, (f) => f],
    ["event", defs.event, (f) => f.event],
    ["player", defs.player, (f) => f.players[1]],
    ["prior", defs.player.properties.prior, (f) => f.players[0].prior],
    ["account", defs.account, (f) => f.accounts[0]],
    ["category", defs.category, (f) => f.categories[1]],
    ["entry", defs.entry, (f) => f.entries?.[0] ?? f.categories[1].entries[2]],
    ["group", defs.group, (f) => f.categories[0].groups[0]],
    ["draw", defs.draw, (f) => f.categories[1].draw],
    ["slot", defs.slot, () => undefined],
    // A knockout match whose sides are not known yet: every optional field can be null there.
    ["match", defs.match, (f) => f.categories[0].matches[6]],
  ];
}

function allowsNull(schema: Json): boolean {
  const defs = IMPORT_SCHEMA["$defs"] as Json;
  const resolved = typeof schema.$ref === "string" ? defs[schema.$ref.replace("#/$defs/", "")] : schema;
  const type = resolved.type;
  return (Array.isArray(type) ? type.includes("null") : type === "null") ||
    (Array.isArray(resolved.enum) && resolved.enum.includes(null)) || resolved.const === null;
}

Deno.test("[docs] null means absent for every optional field except those the document lists", async () => {
  const sentence =
    /Optional fields may\s+also\s+be\s+`null`, which\s+means\s+the\s+same\s+as\s+absent,\s+except ([^()]*?)\s+\(leave\s+those\s+out\s+instead\)/
      .exec(doc);
  assert.ok(sentence, "no sentence on null in docs/import-format.md");
  const documented = new Set([...sentence[1]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!));
  const notNullable = new Set<string>();
  for (const [name, schema, at] of objectSchemas()) {
    const required = new Set<string>(schema.required ?? []);
    for (const [field, fieldSchema] of Object.entries(schema.properties as Record<string, Json>)) {
      if (required.has(field)) continue;
      const file = example();
      const holder = at(file);
      if (!allowsNull(fieldSchema)) notNullable.add(field);
      if (holder === undefined) continue;
      holder[field] = null;
      const result = await validateEventFile(file);
      if (allowsNull(fieldSchema)) {
        assert.equal(result.ok, true, `${name}.${field}: null ${JSON.stringify(result)}`);
      } else {
        assert.equal(result.ok, false, `${name}.${field}: null is accepted`);
        assert.ok(!result.ok && result.errors.every((p) => p.path.endsWith(field)), JSON.stringify(result));
      }
    }
  }
  assert.deepEqual([...notNullable].sort(), [...documented].sort());
});

Deno.test("[docs] a byte order mark and Windows line endings import as the same file", async () => {
  await withTempDir("tt-import-docs-", async (dir) => {
    const windows = "\ufeff" + exampleText.replaceAll("\n", "\r\n");
    const first = await importText(dir, windows, "windows.json");
    assert.deepEqual(first.err, []);
    assert.match(first.out[0]!, /^Imported "spring-open-2026"/);
    // Layout does not count: the same content without them changes nothing.
    const again = await importText(dir, exampleText);
    assert.match(again.out[0]!, /^Unchanged "spring-open-2026"/);
    // A mistake in such a file is still named by its line and column.
    const broken = await importText(
      dir,
      windows.replace('"Spring Open 2026",', '"Spring Open 2026"'),
      "w.json",
    );
    assert.deepEqual(broken.err, [
      'w.json: Invalid JSON at line 6, column 5: expected "," or "}" after a property value, got "\\""',
    ]);
  });
});

Deno.test("[docs] a director's typical mistakes are each one line naming the file and the place", async () => {
  const edit = (change: (f: Json) => void) => {
    const f = example();
    change(f);
    return JSON.stringify(f, null, 2);
  };
  const cases: [mistake: string, text: string, expected: string[]][] = [
    [
      "a missing comma",
      exampleText.replace('"venue": "Sports Hall North, Ghent",', '"venue": "Sports Hall North, Ghent"'),
      ['spring.json: Invalid JSON at line 7, column 5: expected "," or "}" after a property value, got "\\""'],
    ],
    [
      "a semicolon for a comma",
      exampleText.replace('"name": "Spring Open 2026",', '"name": "Spring Open 2026";'),
      ['spring.json: Invalid JSON at line 5, column 31: expected "," or "}" after a property value, got ";"'],
    ],
    [
      "a trailing comma",
      exampleText.replace('"posterUrl": null\n', '"posterUrl": null,\n'),
      ['spring.json: Invalid JSON at line 12, column 3: trailing comma: expected a property name after ","'],
    ],
    [
      "a spreadsheet saved as CSV",
      "id,displayName,association\r\np1,Ana Lopez,TTC Ghent\r\n",
      ['spring.json: Invalid JSON at line 1, column 1: unexpected "i": expected a value'],
    ],
    [
      "a date written day first",
      exampleText.replace('"startDate": "2026-04-18"', '"startDate": "18/04/2026"'),
      ['spring.json: event.startDate: Expected a date YYYY-MM-DD, got "18/04/2026"'],
    ],
    [
      "a date that does not exist",
      exampleText.replace('"birthDate": "2001-05-14"', '"birthDate": "2001-02-30"'),
      ['spring.json: players[0].birthDate: "2001-02-30" is not a calendar date'],
    ],
    [
      "a time without its offset",
      exampleText.replace('"2026-04-18T09:00:00Z"', '"2026-04-18 09:00"'),
      [
        'spring.json: categories[0].matches[0].startedAt: Expected a date and time with a UTC offset, e.g. "2026-03-14T09:30:00Z", got "2026-04-18 09:00"',
      ],
    ],
    [
      "a game score with a colon",
      exampleText.replace('"11-7"', '"11:7"'),
      [
        'spring.json: categories[0].matches[0].games[0]: Expected a game score, home points first, e.g. "11-8", got "11:7"',
      ],
    ],
    [
      "a duplicate player id",
      edit((f) => (f.players[7].id = "p1")),
      [
        'spring.json: players[7].id: Duplicate player id "p1": also players[0]',
        'spring.json: categories[1].entries[3].players[1]: Unknown player "p8": not in "players"',
      ],
    ],
    [
      "an entry of an unknown player",
      edit((f) => (f.categories[0].entries[0].players = ["p9"])),
      ['spring.json: categories[0].entries[0].players[0]: Unknown player "p9": not in "players"'],
    ],
    [
      "a group of player keys instead of entry keys",
      edit((f) => (f.categories[0].groups[0].entries[0] = "p1")),
      [
        'spring.json: categories[0].groups[0].entries[0]: Unknown entry "p1": not an entry of category "S"',
        'spring.json: categories[0].matches[0].home: Entry "s1" is not a member of group "A"',
        'spring.json: categories[0].matches[2].home: Entry "s1" is not a member of group "A"',
      ],
    ],
    [
      "a group with one player",
      edit((f) => {
        const s = f.categories[0];
        s.format = "groups";
        delete s.qualifiersPerGroup;
        delete s.draw;
        s.groups = [{ name: "A", entries: ["s1", "s3", "s5"] }, { name: "B", entries: ["s2", "s4"] }, {
          name: "C",
          entries: ["s6"],
        }];
        s.matches = s.matches.filter((m: Json) => m.group === "A");
      }),
      ['spring.json: categories[0].groups[2].entries: Group "C" has 1 entry: a group needs at least 2'],
    ],
    [
      "a group with one player, its qualifiers drawn by lot",
      edit((f) => {
        const s = f.categories[0];
        s.groups = [{ name: "A", entries: ["s1", "s3", "s5"] }, { name: "B", entries: ["s2", "s4"] }, {
          name: "C",
          entries: ["s6"],
        }];
        s.draw = { state: "locked", lotSeed: "spring-open-2026/S" };
        s.matches = s.matches.filter((m: Json) => m.group === "A");
      }),
      ['spring.json: categories[0].groups[2].entries: Group "C" has 1 entry: a group needs at least 2'],
    ],
    [
      "a draw by lot of a size that the entries do not fill",
      edit((f) => {
        f.categories[1].draw = { state: "locked", lotSeed: "spring-open-2026/XD", size: 8 };
        f.categories[1].matches = [];
      }),
      [
        'spring.json: categories[1].draw.size: The draw made by lot has 4 slots, not 8: leave "size" out or give the slots',
      ],
    ],
  ];
  await withTempDir("tt-import-docs-", async (dir) => {
    for (const [mistake, text, expected] of cases) {
      const run = await importText(dir, text);
      assert.deepEqual(run.err, expected, mistake);
      assert.equal(run.code, 1, mistake);
      assert.deepEqual(run.out, [], mistake);
      assertNoStackTrace(run);
      let file: Json;
      try {
        file = JSON.parse(text);
      } catch {
        continue;
      }
      for (const line of run.err) {
        const path = line.split(": ")[1]!;
        assert.ok(parentInFile(file, path), `${mistake}: "${path}" is not a place in the file`);
      }
    }
  });
});
