import assert from "node:assert/strict";
import fc from "fast-check";
import { brotliCompressSync, brotliDecompressSync, constants } from "node:zlib";
import {
  BROTLI_Q5_FROM,
  brotliQuality,
  brotliWindowBits,
  chooseCoding,
  COMPRESSION_THRESHOLD,
  compressResponse,
  encode,
} from "../../http/compression.ts";

Deno.test("chooseCoding() takes the highest q-value, br before gzip on a tie", () => {
  const cases: [header: string | undefined, coding: "br" | "gzip" | null][] = [
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
    ["br;q=0.5, gzip", "gzip"],
    ["gzip;q=0.9, br;q=0.8", "gzip"],
    ["br;q=0, gzip;q=0", null],
    ["*", "br"],
    ["*;q=0.1, br;q=0", "gzip"],
    ["identity", null],
    ["deflate", null],
    ["", null],
    [undefined, null],
    ["GZIP ; Q=1", "gzip"],
  ];
  for (const [header, coding] of cases) assert.equal(chooseCoding(header), coding, String(header));
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

Deno.test("brotliWindowBits() is the smallest window holding the body, from 10 to the default 22", () => {
  assert.equal(brotliWindowBits(0), 10);
  assert.equal(brotliWindowBits(1008), 10); // 2^10 - 16
  assert.equal(brotliWindowBits(1009), 11);
  assert.equal(brotliWindowBits(130_000), 17); // a category's matches
  assert.equal(brotliWindowBits(131_056), 17);
  assert.equal(brotliWindowBits(131_057), 18);
  assert.equal(brotliWindowBits(4_194_288), 22);
  assert.equal(brotliWindowBits(50_000_000), 22); // never above brotli's default
  fc.assert(fc.property(fc.integer({ min: 0, max: 5_000_000 }), (n) => {
    const bits = brotliWindowBits(n);
    assert.ok(bits === 22 || 2 ** bits - 16 >= n, `window 2^${bits} holds ${n} bytes`);
    assert.ok(bits === 10 || 2 ** (bits - 1) - 16 < n, `2^${bits - 1} would hold ${n} bytes`);
  }));
});

Deno.test("brotliQuality() is 4 for small bodies and 5 from BROTLI_Q5_FROM bytes", () => {
  assert.equal(brotliQuality(1_140), 4); // a match
  assert.equal(brotliQuality(BROTLI_Q5_FROM - 1), 4);
  assert.equal(brotliQuality(BROTLI_Q5_FROM), 5);
  assert.equal(brotliQuality(113_000), 5); // a category's matches
});

Deno.test("encode() as br compresses a small body at quality 4: the same bytes, and they round-trip", async () => {
  const text = JSON.stringify({
    data: { match: { id: "m1", homeName: "Ma Long", awayName: "Fan Zhendong", gameScores: [] } },
  }).repeat(8);
  const bytes = new TextEncoder().encode(text);
  const br = await encode(bytes, "br");
  const q4 = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 4,
      [constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(bytes.length),
    },
  });
  assert.deepEqual(Array.from(br), Array.from(q4));
  assert.equal(new TextDecoder().decode(brotliDecompressSync(br)), text);
});

Deno.test("encode() as br compresses a large body as well as with the default window, and round-trips", async () => {
  // A body like a category's matches: repetitive JSON of 200 kB (a window of 2^18).
  const items = Array.from({ length: 400 }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    homeName: `Player ${(i * 37) % 101}`,
    gameScores: [{ home: 11, away: i % 10 }, { home: i % 9, away: 11 }],
  }));
  let text = JSON.stringify({ data: { matches: items } });
  while (text.length < 200_000) text += text.slice(0, 200_000 - text.length);
  const bytes = new TextEncoder().encode(text);
  assert.equal(brotliWindowBits(bytes.length), 18);
  const br = await encode(bytes, "br");
  assert.equal(new TextDecoder().decode(brotliDecompressSync(br)), text);
  const withDefault = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  assert.ok(
    br.length <= withDefault.length * 1.01,
    `${br.length} bytes vs ${withDefault.length} with the default`,
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

Deno.test("encode() as br takes the quality it is given over the size's (pages ask for 4)", async () => {
  const text = '<svg><path d="' +
    Array.from({ length: 4000 }, (_, i) => `M${i % 57} ${i % 41}h1v1h-1z`).join("") +
    '"/></svg>';
  const bytes = new TextEncoder().encode(text);
  assert.equal(brotliQuality(bytes.length), 5);
  const q4 = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 4,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      [constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(bytes.length),
    },
  });
  assert.deepEqual(Array.from(await encode(bytes, "br", 4)), Array.from(q4));
  assert.notDeepEqual(Array.from(await encode(bytes, "br")), Array.from(q4));
});
