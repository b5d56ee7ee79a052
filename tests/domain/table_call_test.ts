import assert from "node:assert/strict";
import { callRefusal, matchOnTable, standingCall } from "../../domain/table_call.ts";

Deno.test("callRefusal() lets the desk call a match with a table that has not begun, and says why else", () => {
  assert.equal(callRefusal({ status: "scheduled", tableNo: 3 }), null);
  assert.equal(callRefusal({ status: "scheduled", tableNo: null }), "it has no table yet");
  assert.equal(callRefusal({ status: "in_progress", tableNo: 3 }), "it is in progress");
  assert.equal(callRefusal({ status: "completed", tableNo: 3 }), "it is completed");
});

Deno.test("standingCall() gives the table a call stands for until play begins", () => {
  const at = "2026-11-28T09:00:00.000Z";
  assert.equal(standingCall({ status: "scheduled", tableNo: 5, calledAt: at }), 5);
  assert.equal(standingCall({ status: "scheduled", tableNo: 5, calledAt: null }), null);
  assert.equal(standingCall({ status: "in_progress", tableNo: 5, calledAt: at }), null);
  assert.equal(standingCall({ status: "scheduled", tableNo: null, calledAt: at }), null);
});

Deno.test("matchOnTable() is the match in play there, else the one called there, else none", () => {
  const at = (minute: number) => `2026-11-28T10:${String(minute).padStart(2, "0")}:00.000Z`;
  const m = (
    id: string,
    status: string,
    tableNo: number | null,
    startedAt: string | null,
    calledAt: string | null,
  ) => ({
    id,
    status,
    tableNo,
    startedAt,
    calledAt,
  });
  const called = m("called", "scheduled", 3, null, at(5));
  const laterCall = m("later", "scheduled", 3, null, at(9));
  const playing = m("playing", "in_progress", 3, at(1), at(0));
  const done = m("done", "completed", 3, at(0), null);
  const elsewhere = m("elsewhere", "in_progress", 4, at(2), null);
  const uncalled = m("uncalled", "scheduled", 3, null, null);
  assert.equal(matchOnTable([done, called, playing, elsewhere], 3)?.id, "playing");
  assert.equal(matchOnTable([done, called, laterCall, uncalled], 3)?.id, "later");
  assert.equal(
    matchOnTable([done, uncalled, elsewhere], 3),
    null,
    "a finished or uncalled match leaves it free",
  );
  assert.equal(matchOnTable([elsewhere], 4)?.id, "elsewhere");
  assert.equal(matchOnTable([], 1), null);
});
