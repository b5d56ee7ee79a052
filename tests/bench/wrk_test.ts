import assert from "node:assert/strict";
import { parseWrkOutput, RESULT_MARK, wrkScript } from "../../bench/wrk.ts";

Deno.test("wrkScript() rotates the requests with their headers", () => {
  const script = wrkScript([
    { path: "/api/v1/matches/a" },
    { path: "/api/v1/matches/b", headers: { "If-None-Match": 'W/"r1-abc"' } },
  ]);
  assert.ok(script.includes(`{ "/api/v1/matches/a", {  } },`));
  assert.match(script, /\{ "\/api\/v1\/matches\/b", \{ \["If-None-Match"\] = "W\/\\"r1-abc\\"" \} \}/);
  assert.match(script, /latency:percentile\(99\)/);
  assert.throws(() => wrkScript([]), /no requests/);
});

Deno.test("parseWrkOutput() reads the script's summary line", () => {
  const line = RESULT_MARK + JSON.stringify({
    requests: 20000,
    duration_us: 2_000_000,
    bytes: 24_000_000,
    mean_us: 1500.5,
    p50_us: 1200,
    p90_us: 2500,
    p99_us: 4800,
    max_us: 9000,
    connect: 0,
    read: 1,
    write: 0,
    status: 3,
    timeout: 2,
  });
  const r = parseWrkOutput(`Running 2s test @ http://127.0.0.1:8000\n${line}\n`);
  assert.equal(r.rps, 10_000);
  assert.equal(r.p50Ms, 1.2);
  assert.equal(r.p99Ms, 4.8);
  assert.equal(r.statusErrors, 3);
  assert.equal(r.socketErrors, 3);
  assert.throws(() => parseWrkOutput("no summary"), /Cannot read the wrk result/);
});

Deno.test("[bench] wrkScript() paces each connection with delay() when asked", () => {
  const paced = wrkScript([{ path: "/t/open" }], 1000);
  assert.match(paced, /delay = function\(\)\n {2}return 1000\nend/);
  assert.doesNotMatch(wrkScript([{ path: "/t/open" }]), /delay/);
});
