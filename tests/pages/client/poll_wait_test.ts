import assert from "node:assert/strict";
import { pollWait } from "../../../pages/client/poll_wait.ts";

Deno.test("pollWait() stays within a tenth of the interval and averages to it", () => {
  assert.equal(pollWait(1000, 0), 900);
  assert.equal(pollWait(1000, 0.5), 1000);
  assert.ok(Math.abs(pollWait(1000, 1 - Number.EPSILON) - 1100) < 1e-9);
  assert.ok(Math.abs(pollWait(2000, 0.25) - 1900) < 1e-9);
  const draws = Array.from({ length: 1001 }, (_, i) => pollWait(1000, i / 1001));
  const mean = draws.reduce((a, b) => a + b, 0) / draws.length;
  assert.ok(Math.abs(mean - 1000) < 1, `mean ${mean}`);
});

/** A seeded generator (mulberry32), so that the test draws the same numbers every run. */
function seeded(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The most polls that fall within one 5 ms. */
const busiest5ms = (times: number[]) => {
  const bins = new Map<number, number>();
  for (const t of times) bins.set(Math.floor(t / 5), (bins.get(Math.floor(t / 5)) ?? 0) + 1);
  return Math.max(...bins.values());
};

Deno.test("pollWait() spreads pages that were answered together, where a fixed wait keeps them in step", () => {
  // 100 overlays answered at the same instant (a pause of the server): their next polls.
  const random = seeded(7);
  const fixed = Array.from({ length: 100 }, () => 1000);
  const drawn = Array.from({ length: 100 }, () => pollWait(1000, random()));
  assert.equal(busiest5ms(fixed), 100);
  assert.ok(busiest5ms(drawn) <= 10, `${busiest5ms(drawn)} polls within 5 ms`);
});

Deno.test("pollWait() uses nothing outside its body, so it can be inlined into a page", () => {
  const inlined = new Function(`${pollWait.toString()}; return pollWait(1000, 0.5);`);
  assert.equal(inlined(), 1000);
});
