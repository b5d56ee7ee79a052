import assert from "node:assert/strict";
import { sessionsBody } from "../../../../../pages/operator/client/manage/sessions.ts";

const row = (from: string, to: string) => ({
  id: "s1",
  name: "Evening",
  day: "2030-05-04",
  from,
  to,
  tables: "1-4",
});

Deno.test("a session whose end is before its start runs past midnight (up to 12 hours) and ends the next day", () => {
  const body = sessionsBody([row("19:00", "01:00")], []);
  assert.ok(typeof body !== "string", String(body));
  const [s] = body.sessions;
  // Local times, in whatever zone the test runs: the desk's computer is in the hall.
  assert.equal(s!.start, new Date(2030, 4, 4, 19, 0).toISOString());
  assert.equal(s!.end, new Date(2030, 4, 5, 1, 0).toISOString());
});

Deno.test("a session within its day keeps its day, and one that starts as it ends is refused", () => {
  const body = sessionsBody([row("09:00", "18:00")], []);
  assert.ok(typeof body !== "string", String(body));
  assert.equal(body.sessions[0]!.end, new Date(2030, 4, 4, 18, 0).toISOString());
  assert.equal(typeof sessionsBody([row("09:00", "09:00")], []), "string");
  // An end just before the start is mistyped, not a session of 23 hours and a half.
  assert.equal(typeof sessionsBody([row("14:00", "13:30")], []), "string");
});
