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

/** Asserts a management answer's status and JSON type, and gives its `data`. */
export async function manageData(res: Response, status = 200) {
  assert.equal(res.status, status, await res.clone().text());
  assert.match(res.headers.get("Content-Type") ?? "", /^application\/json/);
  return (await res.json()).data;
}

/** Asserts a problem answer's status and type, and gives the problem. */
export async function manageProblem(res: Response, status: number) {
  assert.equal(res.status, status, await res.clone().text());
  assert.equal(res.headers.get("Content-Type"), "application/problem+json");
  return await res.json();
}
