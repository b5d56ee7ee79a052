/** Assertions on refused writes (db/write_errors.ts): the status, code and message the API answers with. */
import assert from "node:assert/strict";
import { WriteError } from "../../db/write_errors.ts";

/** Asserts that the write is refused with a WriteError of this status and code, its message matching. */
export async function refused(promise: Promise<unknown>, status: number, code: string, message: RegExp) {
  await assert.rejects(promise, (e: unknown) => {
    assert.ok(e instanceof WriteError, String(e));
    assert.equal(e.status, status);
    assert.equal(e.code, code);
    assert.match(e.message, message);
    return true;
  });
}
