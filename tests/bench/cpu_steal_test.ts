import assert from "node:assert/strict";
import { parseCpuTimes, readCpuTimes, stealBetween, waitCalmHost } from "../../bench/cpu_steal.ts";

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

Deno.test("waitCalmHost() waits through a burst of steal and gives up after its limit", async () => {
  // Each sample window: 100 ticks, of which the given number stolen.
  const fake = (stolen: number[]) => {
    let t = 0, steal = 0, clock = 0, i = 0;
    return {
      read: () => ({ steal, total: t }),
      sleep: (ms: number) => {
        clock += ms;
        steal += stolen[Math.min(i++, stolen.length - 1)]!;
        t += 100;
        return Promise.resolve();
      },
      now: () => clock,
    };
  };
  assert.deepEqual(await waitCalmHost({ threshold: 0.01, ...fake([0]) }), { waitedMs: 1000, calm: true });
  assert.deepEqual(
    await waitCalmHost({ threshold: 0.01, ...fake([20, 8, 1, 0]) }),
    { waitedMs: 4000, calm: true },
    "1 % is not calm yet",
  );
  assert.deepEqual(
    await waitCalmHost({ threshold: 0.01, maxMs: 3000, ...fake([30]) }),
    { waitedMs: 3000, calm: false },
  );
  assert.deepEqual(
    await waitCalmHost({ threshold: 0.01, read: () => null }),
    { waitedMs: 0, calm: true },
    "no counters: no wait",
  );
});
