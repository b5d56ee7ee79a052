import assert from "node:assert/strict";
import { categorySessionProblems, sessionProblems } from "../../domain/event_sessions.ts";

const h = (hour: number) => Date.UTC(2026, 10, 28, hour);

Deno.test("sessionProblems() lets sessions at the same time share no table, and one after another share all", () => {
  assert.deepEqual(
    sessionProblems([
      { id: "am", start: h(9), end: h(13), tables: [1, 2, 3, 4] },
      { id: "side", start: h(10), end: h(12), tables: [5, 6] },
      { id: "pm", start: h(13), end: h(18), tables: [1, 2, 3, 4, 5, 6] },
    ]),
    [],
  );
});

Deno.test("sessionProblems() reports a session that ends before it starts, a table twice and a shared table", () => {
  assert.deepEqual(
    sessionProblems([
      { id: "am", start: h(9), end: h(9), tables: [1, 1] },
      { id: "am2", start: h(8), end: h(10), tables: [2] },
      { id: "late", start: h(9), end: h(12), tables: [3, 2] },
    ]),
    [
      {
        index: 0,
        field: "end",
        code: "ends-before-start",
        params: { session: "am" },
        message: 'Session "am" ends before it starts',
      },
      {
        index: 0,
        field: "tables",
        code: "listed-twice",
        params: { value: 1 },
        message: "Table 1 is listed twice",
        table: 1,
      },
      {
        index: 2,
        field: "tables",
        code: "sessions-overlap",
        params: { session: "late", other: "am2", table: 2 },
        message:
          'Session "late" and session "am2" (sessions[1]) are at the same time and both use table 2: a table is in one session at a time',
        table: 2,
        other: 1,
      },
    ],
  );
});

Deno.test("categorySessionProblems() reports an unknown session and a session named twice", () => {
  assert.deepEqual(categorySessionProblems(["sat", "sun", "sat"], ["sat"]), [
    {
      index: 1,
      code: "unknown-session",
      params: { value: "sun", sessions: ["sat"] },
      message: 'Unknown session "sun": the event\'s sessions are "sat"',
    },
    { index: 2, code: "listed-twice", params: { value: "sat" }, message: 'Session "sat" is listed twice' },
  ]);
  assert.deepEqual(categorySessionProblems([], []), []);
});
