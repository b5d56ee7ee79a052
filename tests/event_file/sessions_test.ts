/** Sessions of play in the event file: checked with their paths, stored, exported and imported again the same. */
import assert from "node:assert/strict";
import { exportEvent } from "../../event_file/export.ts";
import type { EventFile, ImportProblem } from "../../event_file/format.ts";
import { importEvent } from "../../event_file/import.ts";
import { parseEventFile, validateEventFile } from "../../event_file/validate.ts";
import { readEventSessions } from "../../db/read_event_sessions.ts";
import { makeStore, storeTest } from "../support/stores.ts";

const T0 = new Date("2026-04-18T06:00:00.000Z");
const text = Deno.readTextFileSync(new URL("../fixtures/import/spring_open.json", import.meta.url));

/** The fixture with two sessions on Saturday and one on Sunday; the doubles play on Sunday only. */
function withSessions(): EventFile {
  const file = JSON.parse(text) as EventFile;
  file.sessions = [
    {
      id: "sat-am",
      name: "Saturday morning",
      start: "2026-04-18T09:00+02:00",
      end: "2026-04-18T13:00+02:00",
      tables: [1, 2, 3, 4],
    },
    {
      id: "sat-pm",
      start: "2026-04-18T14:00:00+02:00",
      end: "2026-04-18T18:00:00+02:00",
      tables: [4, 3, 2, 1, 5],
    },
    { id: "sun", name: "Sunday", start: "2026-04-19T09:00:00Z", end: "2026-04-19T12:00:00Z", tables: [1, 2] },
  ];
  file.categories[1]!.sessions = ["sun"];
  return file;
}

/** The sessions of `withSessions()` as the store keeps them: in UTC, tables ascending. */
const STORED = [
  {
    id: "sat-am",
    name: "Saturday morning",
    start: "2026-04-18T07:00:00.000Z",
    end: "2026-04-18T11:00:00.000Z",
    tables: [1, 2, 3, 4],
  },
  {
    id: "sat-pm",
    name: null,
    start: "2026-04-18T12:00:00.000Z",
    end: "2026-04-18T16:00:00.000Z",
    tables: [1, 2, 3, 4, 5],
  },
  {
    id: "sun",
    name: "Sunday",
    start: "2026-04-19T09:00:00.000Z",
    end: "2026-04-19T12:00:00.000Z",
    tables: [1, 2],
  },
];

async function problemsOf(file: unknown): Promise<ImportProblem[]> {
  const result = await validateEventFile(file);
  return result.ok ? [] : result.errors.map(({ path, message }) => ({ path, message }));
}

Deno.test("validateEventFile() takes sessions and the sessions a category plays in", async () => {
  const result = await validateEventFile(withSessions());
  assert.ok(result.ok, JSON.stringify(!result.ok && result.errors));
});

Deno.test("validateEventFile() refuses broken sessions with their paths and a sentence", async () => {
  const file = withSessions();
  file.sessions![1]!.end = "2026-04-18T13:30:00+02:00"; // before its start
  file.sessions![2]!.tables = [1, 2, 2];
  file.sessions!.push({
    id: "sat-am",
    start: "2026-04-18T12:00:00+02:00",
    end: "2026-04-18T15:00:00+02:00",
    tables: [9, 4],
  });
  file.categories[0]!.sessions = ["sat-am", "mon", "sat-am"];
  assert.deepEqual(await problemsOf(file), [
    { path: "sessions[1].end", message: 'Session "sat-pm" ends before it starts' },
    { path: "sessions[2].tables", message: "Table 2 is listed twice" },
    { path: "sessions[3].id", message: 'Duplicate session id "sat-am": also sessions[0]' },
    {
      path: "sessions[3].tables",
      message:
        'Session "sat-am" and session "sat-am" (sessions[0]) are at the same time and both use table 4: a table is in one session at a time',
    },
    {
      path: "categories[0].sessions[1]",
      message: 'Unknown session "mon": the event\'s sessions are "sat-am", "sat-pm", "sun", "sat-am"',
    },
    { path: "categories[0].sessions[2]", message: 'Session "sat-am" is listed twice' },
  ]);
});

Deno.test("validateEventFile() refuses unreal session times, a session without tables and unknown fields", async () => {
  const file = withSessions() as unknown as {
    sessions: Record<string, unknown>[];
    categories: Record<string, unknown>[];
  };
  file.sessions[0]!.start = "2026-02-30T09:00:00Z";
  file.sessions[1]!.tables = [];
  file.sessions[2]!.room = "B";
  file.categories[0]!.sessions = [];
  const problems = await problemsOf(file);
  assert.deepEqual(problems.map((p) => p.path).sort(), [
    "categories[0].sessions",
    "sessions[0].start",
    "sessions[1].tables",
    "sessions[2].room",
  ]);
  assert.equal(
    problems.find((p) => p.path === "sessions[0].start")!.message,
    '"2026-02-30T09:00:00Z" is not a real date and time',
  );
});

Deno.test("validateEventFile() names a category's unknown session when the event has none", async () => {
  const file = JSON.parse(text) as EventFile;
  file.categories[0]!.sessions = ["sat"];
  assert.deepEqual(await problemsOf(file), [
    { path: "categories[0].sessions[0]", message: 'Unknown session "sat": the event has no sessions' },
  ]);
});

Deno.test("parseEventFile() reads sessions from the text of a file", async () => {
  const result = await parseEventFile(JSON.stringify(withSessions(), null, 2));
  assert.ok(result.ok);
  assert.equal(result.file.sessions?.length, 3);
});

storeTest(
  "importEvent() stores the sessions in UTC and the categories' sessions; exportEvent() writes them back",
  async (store) => {
    await importEvent(store, withSessions(), () => T0);
    const stored = await readEventSessions(store.db, "spring-open-2026");
    assert.deepEqual(stored?.sessions, STORED);
    assert.deepEqual(stored?.categories.map((c) => [c.name, c.sessions]), [["Open singles", null], [
      "Mixed doubles",
      ["sun"],
    ]]);

    const file = await exportEvent(store.db, "spring-open-2026");
    assert.ok(file);
    // A session without a name is written without one.
    assert.deepEqual(file.sessions, STORED.map(({ name, ...s }) => name === null ? s : { ...s, name }));
    assert.equal(file.categories[0]!.sessions, undefined);
    assert.deepEqual(file.categories[1]!.sessions, ["sun"]);
    // Export, import elsewhere, export again: the same text, byte for byte.
    const other = await makeStore("sqlite");
    try {
      await importEvent(other, file, () => T0);
      assert.equal(
        JSON.stringify(await exportEvent(other.db, "spring-open-2026"), null, 2),
        JSON.stringify(file, null, 2),
      );
    } finally {
      await other.drop();
    }
  },
);

storeTest(
  "importEvent() of a changed file replaces the sessions; a file without them leaves none",
  async (store) => {
    await importEvent(store, withSessions(), () => T0);
    const fewer = withSessions();
    fewer.sessions = fewer.sessions!.slice(2);
    await importEvent(store, fewer, () => T0);
    assert.deepEqual((await readEventSessions(store.db, "spring-open-2026"))?.sessions.map((s) => s.id), [
      "sun",
    ]);
    await importEvent(store, JSON.parse(text), () => T0);
    const none = await readEventSessions(store.db, "spring-open-2026");
    assert.deepEqual(none?.sessions, []);
    assert.deepEqual(none?.categories.map((c) => c.sessions), [null, null]);
    assert.equal((await exportEvent(store.db, "spring-open-2026"))?.sessions, undefined);
  },
);
