import assert from "node:assert/strict";
import { bytesOf, partsResponse, textResponse } from "../../http/text_response.ts";

Deno.test("textResponse() sends the text as UTF-8 with the given status and headers", async () => {
  const res = textResponse('{"name":"Zoë 🏓"}', {
    status: 201,
    headers: { "Content-Type": "application/json" },
  });
  assert.equal(res.status, 201);
  assert.equal(res.headers.get("Content-Type"), "application/json");
  assert.equal(await res.text(), '{"name":"Zoë 🏓"}');
});

Deno.test("textResponse() keeps each response's bytes its own when the scratch buffer is reused", async () => {
  const first = textResponse("a".repeat(1000), { status: 200 });
  const long = "ü".repeat(300_000); // more bytes than the first scratch buffer holds
  const second = textResponse(long, { status: 200 });
  const third = textResponse("b".repeat(10), { status: 200 });
  assert.equal(await first.text(), "a".repeat(1000));
  assert.equal(await second.text(), long);
  assert.equal(await third.text(), "b".repeat(10));
  const huge = "x".repeat(1024 * 1024 + 1); // past the scratch buffer's bound: encoded on its own
  assert.equal((await textResponse(huge, { status: 200 }).bytes()).length, huge.length);
});

Deno.test("partsResponse() sends its parts one after the other, each response its own bytes", async () => {
  const e = new TextEncoder();
  const shared = e.encode("[1,2,3]");
  const first = partsResponse([e.encode('{"a":'), shared.subarray(0, 3), e.encode("]}")], { status: 200 });
  const big = new Uint8Array(400_000).fill(0x7a); // more than the scratch buffer held so far
  const second = partsResponse([big, shared], { status: 203, headers: { "Content-Type": "text/plain" } });
  const huge = partsResponse([new Uint8Array(3 * 1024 * 1024 + 1), shared], { status: 200 }); // past its bound
  assert.equal(await first.text(), '{"a":[1,]}');
  assert.equal(second.status, 203);
  assert.equal(second.headers.get("Content-Type"), "text/plain");
  assert.equal(await second.text(), "z".repeat(400_000) + "[1,2,3]");
  assert.equal((await huge.bytes()).length, 3 * 1024 * 1024 + 1 + shared.length);
  assert.equal(await partsResponse([], { status: 200 }).text(), "");
});

Deno.test("bytesOf() reads a response's bytes without copying them and leaves it whole", async () => {
  const res = textResponse("y".repeat(500_000), { status: 200 });
  const before = Deno.memoryUsage().external;
  const a = await bytesOf(res);
  const b = await bytesOf(res);
  assert.equal(a.buffer, b.buffer, "the same memory each time");
  assert.ok(Deno.memoryUsage().external - before < 250_000, "no copy of the 500 kB body");
  assert.equal(await res.text(), "y".repeat(500_000));
});
