import assert from "node:assert/strict";

/** Asserts that `actual` lies within `tolerance` of `expected`; `what` names the value in the message. */
export function assertClose(actual: number, expected: number, tolerance: number, what = "value"): void {
  assert.ok(
    Math.abs(actual - expected) <= tolerance,
    `${what}: expected ${expected} ± ${tolerance}, got ${actual}`,
  );
}
