import assert from "node:assert/strict";
import {
  addToOutbox,
  adoptOldQueues,
  matchesWaiting,
  type OutboxItem,
  readOutbox,
  removeFromOutbox,
  retryAfterFailures,
  waitingFor,
} from "../../../../../pages/operator/client/score/outbox.ts";
import { memoryStorage as memory } from "../memory_storage.ts";

const item = (key: string, matchId: string, type = "point"): OutboxItem => ({
  key,
  matchId,
  type,
  body: { side: "home" },
  at: "2026-11-28T10:00:00.000Z",
  label: `tap ${key}`,
});

Deno.test("the outbox keeps every match's taps in order, and takes out exactly those answered", () => {
  const s = memory();
  addToOutbox(s, item("a", "m1"));
  addToOutbox(s, item("b", "m2"));
  addToOutbox(s, item("c", "m1"));
  assert.deepEqual(matchesWaiting(readOutbox(s)), ["m1", "m2"]);
  assert.deepEqual(waitingFor(readOutbox(s), "m1").map((i) => i.key), ["a", "c"]);
  assert.deepEqual(removeFromOutbox(s, ["a", "x"]).map((i) => i.key), ["b", "c"]);
});

Deno.test("readOutbox() reads an unreadable outbox as empty, and skips what is not a tap", () => {
  const s = memory();
  s.setItem("tt.outbox", "{not json");
  assert.deepEqual(readOutbox(s), []);
  s.setItem("tt.outbox", JSON.stringify([item("a", "m1"), { key: 1 }, null]));
  assert.deepEqual(readOutbox(s).map((i) => i.key), ["a"]);
});

Deno.test("adoptOldQueues() moves the per-match queues of an older page in front of the outbox", () => {
  const s = memory();
  addToOutbox(s, item("new", "m2"));
  s.setItem(
    "tt.queue.m1",
    JSON.stringify([{ key: "old1", type: "point", body: { side: "away" } }, { bad: true }]),
  );
  const items = adoptOldQueues(s, "2026-11-28T09:00:00.000Z");
  assert.deepEqual(items.map((i) => [i.key, i.matchId]), [["old1", "m1"], ["new", "m2"]]);
  assert.equal(s.getItem("tt.queue.m1"), null);
  assert.deepEqual(readOutbox(s), items);
});

Deno.test("retryAfterFailures() retries within a second at first, never waits more than 2 s", () => {
  assert.equal(retryAfterFailures(1), 250);
  assert.ok(retryAfterFailures(2) <= 1000);
  for (let n = 0; n < 50; n++) assert.ok(retryAfterFailures(n) <= 2000);
});
