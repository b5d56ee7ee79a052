/**
 * Assertions on refused writes (db/write_errors.ts): the code and message, and the status the management API
 * answers the code with (api/manage/problem.ts `writeStatus`).
 */
import assert from "node:assert/strict";
import { writeStatus } from "../../api/manage/problem.ts";
import { WriteError } from "../../db/write_errors.ts";

/** Asserts that the write is refused with a WriteError of this code (answered with this status), its message matching. */
export async function refused(promise: Promise<unknown>, status: number, code: string, message: RegExp) {
  await assert.rejects(promise, (e: unknown) => {
    assert.ok(e instanceof WriteError, String(e));
    assert.equal(writeStatus(e.code), status);
    assert.equal(e.code, code);
    assert.match(e.message, message);
    return true;
  });
}
