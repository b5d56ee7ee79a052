import assert from "node:assert/strict";
import fc from "fast-check";
import {
  createRng,
  hashSeed,
  LotError,
  mulberry32,
  pickByLot,
  randomIndex,
  seededShuffle,
  shuffle,
} from "../../domain/lot.ts";

Deno.test("hashSeed() is FNV-1a over UTF-8 then fmix32, pinned so stored draws stay reproducible", () => {
  assert.equal(hashSeed(""), 2872998923);
  assert.equal(hashSeed("a"), 444641715);
  assert.equal(hashSeed("draw-1"), 1563494887);
  assert.equal(hashSeed("Ω"), 1093835869);
});

Deno.test("mulberry32() matches the reference generator's first outputs", () => {
  const rng = mulberry32(0);
  assert.equal(rng(), 0.26642920868471265);
  const other = mulberry32(1);
  assert.equal(other(), 0.6270739405881613);
});

Deno.test("mulberry32() repeats its sequence for a seed and stays in [0, 1)", () => {
  const a = mulberry32(42);
  const b = mulberry32(42);
  const first = Array.from({ length: 1000 }, () => a());
  assert.deepEqual(first, Array.from({ length: 1000 }, () => b()));
  assert.equal(first[0], 0.6011037519201636);
  assert.ok(first.every((x) => x >= 0 && x < 1));
  const mean = first.reduce((s, x) => s + x, 0) / first.length;
  assert.ok(Math.abs(mean - 0.5) <= 0.05, `mean ${mean}`);
  assert.notEqual(mulberry32(43)(), first[0]);
});

Deno.test("createRng() gives the same sequence for the same seed, pinned", () => {
  const a = createRng("ms-2026");
  const b = createRng("ms-2026");
  const first = [a(), a(), a()];
  assert.deepEqual(first, [b(), b(), b()]);
  assert.deepEqual(first, [0.18259599152952433, 0.025135858450084925, 0.5319105403032154]);
});

Deno.test("createRng() starts neighbouring seeds far apart", () => {
  const firsts = new Set(Array.from({ length: 100 }, (_, i) => createRng(`draw-${i}`)()));
  assert.equal(firsts.size, 100);
});

Deno.test("createRng() refuses an empty seed", () => {
  assert.throws(() => createRng(""), LotError);
  assert.throws(() => createRng(""), /the lot seed is empty/);
});

Deno.test("createRng() returns numbers in [0, 1) spread over the interval", () => {
  const rng = createRng("spread");
  const buckets = new Array<number>(10).fill(0);
  for (let i = 0; i < 10_000; i++) {
    const x = rng();
    assert.ok(x >= 0 && x < 1);
    buckets[Math.floor(x * 10)]! += 1;
  }
  for (const count of buckets) assert.ok(count > 850 && count < 1150, `bucket count ${count}`);
});

Deno.test("randomIndex() stays in range and refuses an empty range", () => {
  fc.assert(
    fc.property(fc.string({ minLength: 1 }), fc.integer({ min: 1, max: 1000 }), (seed, n) => {
      const i = randomIndex(createRng(seed), n);
      return Number.isInteger(i) && i >= 0 && i < n;
    }),
  );
  assert.equal(randomIndex(() => 0.9999999999999999, 3), 2);
  assert.throws(() => randomIndex(createRng("x"), 0), /Cannot draw lots among "0" choices/);
  assert.throws(() => pickByLot(createRng("x"), []), LotError);
});

Deno.test("shuffle() returns a permutation and leaves its input alone", () => {
  fc.assert(
    fc.property(fc.array(fc.integer()), fc.string({ minLength: 1 }), (items, seed) => {
      const copy = [...items];
      const out = shuffle(items, createRng(seed));
      assert.deepEqual(items, copy);
      assert.deepEqual([...out].sort((a, b) => a - b), [...items].sort((a, b) => a - b));
    }),
  );
});

Deno.test("seededShuffle() is reproducible from the stored seed and depends on it", () => {
  const items = Array.from({ length: 20 }, (_, i) => i);
  assert.deepEqual(seededShuffle(items, "lot-1"), seededShuffle(items, "lot-1"));
  assert.notDeepEqual(seededShuffle(items, "lot-1"), seededShuffle(items, "lot-2"));
});

Deno.test("shuffle() puts each item first about equally often", () => {
  const rng = createRng("uniform");
  const firsts = new Array<number>(4).fill(0);
  for (let i = 0; i < 8000; i++) firsts[shuffle([0, 1, 2, 3], rng)[0]!]! += 1;
  for (const count of firsts) assert.ok(count > 1800 && count < 2200, `first count ${count}`);
});
