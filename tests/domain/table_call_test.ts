import assert from "node:assert/strict";
import { callRefusal, standingCall } from "../../domain/table_call.ts";

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
