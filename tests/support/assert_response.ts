import assert from "node:assert/strict";

/** Asserts a response's status, then the headers given (by name), then its JSON body. */
export async function assertJsonResponse(
  res: Response,
  status: number,
  headers: Record<string, string>,
  body: unknown,
): Promise<void> {
  assert.equal(res.status, status);
  for (const [name, value] of Object.entries(headers)) assert.equal(res.headers.get(name), value, name);
  assert.deepEqual(await res.json(), body);
}
