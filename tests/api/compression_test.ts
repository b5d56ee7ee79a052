import assert from "node:assert/strict";
import fc from "fast-check";
import { brotliDecompressSync } from "node:zlib";
import { chooseCoding, COMPRESSION_THRESHOLD, compressResponse, encode } from "../../api/compression.ts";

Deno.test("chooseCoding() takes the highest q-value, br before gzip on a tie", () => {
  assert.equal(chooseCoding("gzip, deflate, br"), "br");
  assert.equal(chooseCoding("gzip"), "gzip");
  assert.equal(chooseCoding("br;q=0.5, gzip"), "gzip");
  assert.equal(chooseCoding("gzip;q=0.9, br;q=0.8"), "gzip");
  assert.equal(chooseCoding("br;q=0, gzip;q=0"), null);
  assert.equal(chooseCoding("*"), "br");
  assert.equal(chooseCoding("*;q=0.1, br;q=0"), "gzip");
  assert.equal(chooseCoding("identity"), null);
  assert.equal(chooseCoding("deflate"), null);
  assert.equal(chooseCoding(""), null);
  assert.equal(chooseCoding(undefined), null);
  assert.equal(chooseCoding("GZIP ; Q=1"), "gzip");
});

Deno.test("encode() round-trips through br and gzip", async () => {
  await fc.assert(
    fc.asyncProperty(fc.string({ maxLength: 3000 }), async (text) => {
      const bytes = new TextEncoder().encode(text);
      const br = await encode(bytes, "br");
      assert.equal(new TextDecoder().decode(brotliDecompressSync(br)), text);
      const gz = await encode(bytes, "gzip");
      const back = await new Response(new Blob([gz]).stream().pipeThrough(new DecompressionStream("gzip")))
        .text();
      assert.equal(back, text);
    }),
    { numRuns: 30 },
  );
});

Deno.test("compressResponse() compresses only bodies over the threshold", async () => {
  const big = "x".repeat(COMPRESSION_THRESHOLD + 1);
  const small = "x".repeat(COMPRESSION_THRESHOLD);
  const make = (body: string) =>
    new Response(body, { status: 200, headers: { "Content-Type": "application/json" } });
  const compressed = await compressResponse(make(big), "gzip");
  assert.equal(compressed.headers.get("content-encoding"), "gzip");
  assert.equal(compressed.headers.get("content-type"), "application/json");
  const kept = await compressResponse(make(small), "gzip");
  assert.equal(kept.headers.get("content-encoding"), null);
  assert.equal(await kept.text(), small);
  const none = await compressResponse(make(big), undefined);
  assert.equal(await none.text(), big);
  const empty = await compressResponse(new Response(null, { status: 304 }), "br");
  assert.equal(empty.status, 304);
});

Deno.test("compressResponse() does not touch the body of a response it leaves alone", async () => {
  // Reading `.body` turns a body of bytes into a stream, which Deno.serve sends slower and clones by copying.
  const untouchable = (init?: ResponseInit) => {
    const res = new Response("x".repeat(5000), init);
    Object.defineProperty(res, "body", {
      get() {
        throw new Error("the body was read");
      },
    });
    return res;
  };
  for (const accept of [undefined, "identity", "compress"]) {
    const res = untouchable();
    assert.equal(await compressResponse(res, accept), res, String(accept));
  }
  const encoded = untouchable({ headers: { "Content-Encoding": "br" } });
  assert.equal(await compressResponse(encoded, "br"), encoded);
});
