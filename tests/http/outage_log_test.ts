import assert from "node:assert/strict";
import { OutageLog } from "../../http/outage_log.ts";

function recorder() {
  const lines: string[] = [];
  const keep = (level: string) => (message: string) => lines.push(`${level} ${message}`);
  return { lines, log: { info: keep("info"), warn: keep("warn"), error: keep("error") } };
}

Deno.test("OutageLog logs one line when the store goes away and one, with the count, when it is back", async () => {
  const { lines, log } = recorder();
  let now = 1_000_000;
  let up = false;
  let probes = 0;
  const outages = new OutageLog({
    log,
    probe: () => {
      probes++;
      return up ? Promise.resolve() : Promise.reject(new Error("connect ECONNREFUSED"));
    },
    now: () => now,
  });
  outages.check(); // nothing is away: no probe
  assert.equal(probes, 0);
  for (let i = 0; i < 160; i++) {
    outages.refused("connect ECONNREFUSED 127.0.0.1:5432");
    now += 100;
    await outages.check();
  }
  assert.deepEqual(lines, [
    "warn The store is unavailable (connect ECONNREFUSED 127.0.0.1:5432): answering 503 until it is back",
  ]);
  // At most one probe a second while it is away.
  assert.ok(probes <= 17, `${probes} probes in 16 s`);
  up = true;
  now += 1000;
  await outages.check();
  assert.equal(lines.length, 2, lines.join("\n"));
  assert.equal(lines[1], "info The store is back after 17.0 s: 160 requests were answered 503 meanwhile");
  await outages.check();
  assert.equal(lines.length, 2, "no line while nothing changes");
  outages.refused("Connection terminated unexpectedly");
  assert.equal(lines.length, 3, "a new outage is a new line");
});
