import assert from "node:assert/strict";

/** Asserts that `fn` throws a `type`, whose message is `message` (a string) or matches it (a RegExp). */
export function assertThrownBy(
  fn: () => unknown,
  // deno-lint-ignore no-explicit-any
  type: new (...args: any[]) => Error,
  message: string | RegExp,
): void {
  assert.throws(fn, (error: unknown) => {
    assert.ok(error instanceof type, `expected a ${type.name}, got ${error}`);
    if (typeof message === "string") assert.equal(error.message, message);
    else assert.match(error.message, message);
    return true;
  });
}
