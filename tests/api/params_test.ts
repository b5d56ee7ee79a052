import assert from "node:assert/strict";
import fc from "fast-check";
import { idParam, isUuid, pagingParams, playerParam, slugParam } from "../../api/params.ts";
import { HttpError } from "../../http/problem.ts";

function rejects(fn: () => unknown, status: number, message?: RegExp) {
  assert.throws(fn, (e: unknown) => {
    assert.ok(e instanceof HttpError);
    assert.equal(e.status, status);
    if (message) assert.match(e.message, message);
    return true;
  });
}

Deno.test("idParam() accepts UUIDs only and answers anything else with 404", () => {
  fc.assert(fc.property(fc.uuid(), (id) => assert.equal(idParam(id, "a match"), id.toLowerCase())));
  for (
    const bad of [
      "",
      "x",
      "' OR 1=1--",
      "00000000-0000-0000-0000-00000000000",
      "{00000000-0000-0000-0000-000000000000}",
    ]
  ) {
    rejects(() => idParam(bad, "a match"), 404, /^Cannot find a match ".*": not a valid id/);
  }
  rejects(() => idParam(undefined, "a category"), 404);
  fc.assert(fc.property(fc.string(), (s) => {
    if (isUuid(s)) return;
    rejects(() => idParam(s, "a match"), 404);
  }));
});

Deno.test("slugParam() answers characters no slug has with 404", () => {
  assert.equal(slugParam("city-open-2026"), "city-open-2026");
  for (const bad of ["", "a b", "a/b", "'", "x".repeat(201)]) rejects(() => slugParam(bad), 404);
});

Deno.test("pagingParams() defaults to 100 from 0 and names a bad parameter", () => {
  assert.deepEqual(pagingParams(new URLSearchParams("")), { limit: 100, offset: 0 });
  assert.deepEqual(pagingParams(new URLSearchParams("limit=500&offset=1000000&x=y")), {
    limit: 500,
    offset: 1000000,
  });
  rejects(
    () => pagingParams(new URLSearchParams("limit=0")),
    400,
    /^Invalid query parameter "limit": expected an integer from 1 to 500, got "0"$/,
  );
  rejects(
    () => pagingParams(new URLSearchParams("offset=1000001")),
    400,
    /"offset": expected an integer from 0 to 1000000/,
  );
  fc.assert(fc.property(fc.integer({ min: -1000, max: 2000 }), (n) => {
    const query = new URLSearchParams(`limit=${n}`);
    if (n >= 1 && n <= 500) assert.equal(pagingParams(query).limit, n);
    else rejects(() => pagingParams(query), 400);
  }));
});

Deno.test("playerParam() is null when absent, a lowercased UUID when given once, and names itself otherwise", () => {
  assert.equal(playerParam(new URLSearchParams("status=scheduled")), null);
  fc.assert(fc.property(fc.uuid(), (id) => {
    assert.equal(playerParam(new URLSearchParams({ player: id.toUpperCase() })), id.toLowerCase());
  }));
  rejects(
    () => playerParam(new URLSearchParams("player=abc")),
    400,
    /^Invalid query parameter "player": expected a player id \(a UUID\), got "abc"$/,
  );
  const id = crypto.randomUUID();
  rejects(() => playerParam(new URLSearchParams(`player=${id}&player=${id}`)), 400, /given once/);
  for (const bad of ["", " ", `${id} `, `{${id}}`, "' OR 1=1--"]) {
    rejects(() => playerParam(new URLSearchParams({ player: bad })), 400);
  }
});
