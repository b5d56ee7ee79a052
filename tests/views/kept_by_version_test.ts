/** views/kept_by_version.ts: a value is built once per version of its key, and kept under no null version. */
import assert from "node:assert/strict";
import { KeptByVersion } from "../../views/kept_by_version.ts";

/** A build that counts its runs and answers the run's number. */
function counted() {
  let runs = 0;
  return { build: () => Promise.resolve(++runs), runs: () => runs };
}

Deno.test("KeptByVersion.get() builds once while the version holds, again when it moves", async () => {
  const kept = new KeptByVersion<number>(10);
  const { build, runs } = counted();
  assert.equal(await kept.get("a", "v1", build), 1);
  assert.equal(await kept.get("a", "v1", build), 1);
  assert.equal(await kept.get("a", "v2", build), 2);
  assert.equal(await kept.get("b", "v2", build), 3);
  assert.equal(runs(), 3);
  assert.deepEqual(kept.last("a"), { version: "v2", value: 2 });
});

Deno.test("KeptByVersion.get() keeps nothing under a null version (not public a moment ago)", async () => {
  const kept = new KeptByVersion<number>(10);
  const { build, runs } = counted();
  await kept.get("a", null, build);
  await kept.get("a", null, build);
  assert.equal(runs(), 2);
  assert.equal(kept.last("a"), undefined);
});

Deno.test("KeptByVersion keeps at most its count and its bytes, the least recently used out first", () => {
  const kept = new KeptByVersion<string>(2, 5, (v) => v.length);
  kept.keep("a", "1", "aa");
  kept.keep("b", "1", "bb");
  kept.last("a");
  kept.keep("c", "1", "cc");
  assert.equal(kept.last("b"), undefined);
  assert.equal(kept.last("a")?.value, "aa");
  kept.keep("d", "1", "dddd");
  assert.equal(kept.last("a"), undefined);
  assert.equal(kept.last("d")?.value, "dddd");
});
