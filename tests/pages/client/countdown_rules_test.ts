import assert from "node:assert/strict";
import { countdownText, shownAt } from "../../../pages/client/countdown_rules.ts";

const END = "2026-11-28T10:01:00.000Z";
const at = (iso: string) => Date.parse(iso);

Deno.test("shownAt() shows an element before its until and from its after, and hides what cannot be dated", () => {
  assert.equal(shownAt(END, null, at("2026-11-28T10:00:59.999Z")), true);
  assert.equal(shownAt(END, null, at(END)), false, "the time-out is over at its end");
  assert.equal(shownAt(null, END, at("2026-11-28T10:00:59.999Z")), false);
  assert.equal(shownAt(null, END, at(END)), true);
  assert.equal(shownAt(null, null, 0), true);
  assert.equal(shownAt("not a time", null, 0), false);
  assert.equal(shownAt(null, "not a time", 0), false);
});

Deno.test("countdownText() gives the minutes and seconds left, rounded up, 0:00 once past", () => {
  assert.equal(countdownText(END, at("2026-11-28T10:00:00.000Z")), "1:00");
  assert.equal(countdownText(END, at("2026-11-28T10:00:17.500Z")), "0:43");
  assert.equal(countdownText(END, at("2026-11-28T10:00:59.001Z")), "0:01");
  assert.equal(countdownText(END, at(END)), "0:00");
  assert.equal(countdownText(END, at("2026-11-28T10:05:00.000Z")), "0:00");
  assert.equal(countdownText("soon", 0), "");
});

Deno.test("shownAt() and countdownText() use nothing outside their bodies, so they can be inlined", () => {
  const inlined = new Function(
    `${shownAt.toString()}\n${countdownText.toString()}\n` +
      `return [shownAt("${END}", null, ${at(END) - 1}), countdownText("${END}", ${at(END) - 42_000})];`,
  );
  assert.deepEqual(inlined(), [true, "0:42"]);
});
