import assert from "node:assert/strict";
import { parseCpuTimes, readCpuTimes, stealBetween } from "../../bench/cpu_steal.ts";

Deno.test("parseCpuTimes() reads the machine's line of /proc/stat, guest time left out", () => {
  assert.deepEqual(parseCpuTimes("cpu  10 0 5 80 1 0 0 4 3 0\ncpu0 5 0 2 40 0 0 0 2 0 0\n"), {
    steal: 4,
    total: 100,
  });
  assert.equal(parseCpuTimes("cpu0 1 2 3 4 5 6 7 8\n"), null, "a single CPU's line is not the machine's");
  assert.equal(parseCpuTimes("cpu 1 2 3\n"), null, "too short");
  assert.equal(parseCpuTimes(""), null);
});

Deno.test("stealBetween() is the share of CPU time stolen between two readings", () => {
  assert.equal(stealBetween({ steal: 4, total: 100 }, { steal: 24, total: 300 }), 0.1);
  assert.equal(stealBetween({ steal: 4, total: 100 }, { steal: 4, total: 100 }), null, "no time passed");
  assert.equal(stealBetween(null, { steal: 4, total: 100 }), null);
});

Deno.test("readCpuTimes() reads this machine's counters on Linux", () => {
  const t = readCpuTimes();
  if (Deno.build.os !== "linux") return assert.equal(t, null);
  assert.ok(t && t.total > 0 && t.steal >= 0);
});
