import assert from "node:assert/strict";
import { SingleFlight } from "../../lib/single_flight.ts";

Deno.test("SingleFlight shares one run per id while it goes on, and runs again once it settled", async () => {
  const flights = new SingleFlight();
  let runs = 0;
  const slow = () => new Promise<number>((r) => setTimeout(() => r(++runs), 2));
  const [a, b] = await Promise.all([flights.run("x", slow), flights.run("x", slow)]);
  assert.deepEqual([a, b, runs], [1, 1, 1]);
  assert.equal(flights.pending("x"), undefined);
  assert.equal(await flights.run("x", slow), 2);
  // A failed run is shared as a failure and forgotten too.
  const failing = flights.run("y", () => Promise.reject(new Error("no")));
  assert.ok(flights.pending("y"));
  await assert.rejects(failing, /no/);
  assert.equal(flights.pending("y"), undefined);
  assert.equal(await flights.run("y", () => 3), 3);
});
