import assert from "node:assert/strict";
import fc from "fast-check";
import { BoundedLru } from "../../lib/lru.ts";

Deno.test("BoundedLru drops the least recently used entry over its count", () => {
  const lru = new BoundedLru<string>(2, 1000, (v) => v.length);
  lru.set("a", "1");
  lru.set("b", "2");
  assert.equal(lru.get("a"), "1", "a is now the most recent");
  lru.set("c", "3");
  assert.equal(lru.get("b"), undefined, "b was the least recently used");
  assert.equal(lru.get("a"), "1");
  assert.equal(lru.get("c"), "3");
  assert.equal(lru.size, 2);
});

Deno.test("BoundedLru keeps its bytes under the bound, also when an entry grows in place", () => {
  const lru = new BoundedLru<{ n: number }>(100, 10, (v) => v.n);
  const a = { n: 4 };
  lru.set("a", a);
  lru.set("b", { n: 4 });
  assert.equal(lru.bytes, 8);
  a.n += 4;
  lru.grew(4);
  assert.equal(lru.peek("a"), undefined, "over 10 bytes: the oldest (a) went");
  assert.equal(lru.bytes, 4);
});

Deno.test("BoundedLru: replacing a key counts its bytes once", () => {
  fc.assert(fc.property(fc.array(fc.tuple(fc.constantFrom("a", "b", "c", "d"), fc.nat(20))), (ops) => {
    const lru = new BoundedLru<number>(3, 40, (v) => v);
    for (const [key, size] of ops) lru.set(key, size);
    const kept = ["a", "b", "c", "d"].map((k) => lru.peek(k) ?? 0).reduce((x, y) => x + y, 0);
    assert.equal(lru.bytes, kept);
    assert.ok(lru.size <= 3 && lru.bytes <= 40);
  }));
});
