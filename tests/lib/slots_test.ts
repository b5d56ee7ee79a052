import assert from "node:assert/strict";
import { Slots } from "../../lib/slots.ts";
import { concurrencyProbe } from "../support/concurrency_probe.ts";

Deno.test("Slots runs at most its size at once, the others in order of arrival, and frees a slot on failure", async () => {
  const slots = new Slots(2);
  const probe = concurrencyProbe();
  const task = (i: number) =>
    probe.task(i, () => {
      if (i === 1) throw new Error("task 1 fails");
      return i;
    });
  const results = await Promise.allSettled(Array.from({ length: 7 }, (_, i) => slots.run(task(i))));
  assert.equal(probe.most(), 2);
  assert.deepEqual(probe.started, [0, 1, 2, 3, 4, 5, 6]);
  assert.equal(results[1]!.status, "rejected");
  assert.deepEqual(results.filter((r) => r.status === "fulfilled").map((r) => r.value), [0, 2, 3, 4, 5, 6]);
  // Every slot came back: two more run at once straight away.
  let again = 0;
  await Promise.all([0, 1].map(() => slots.run(() => Promise.resolve(again++))));
  assert.equal(again, 2);
});
