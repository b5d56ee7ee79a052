/**
 * CPU steal: the share of the machine's CPU time that its host took for others (the `steal` column of
 * /proc/stat), read around each row. On a shared VM a stall of every process at once, the bare baseline
 * included, shows here; a slow row on a machine with no steal is the app's own.
 */

/** The machine's CPU time counters (all CPUs, clock ticks), or null where /proc/stat cannot be read. */
export interface CpuTimes {
  steal: number;
  total: number;
}

/**
 * Parses the first line of /proc/stat (`cpu user nice system idle iowait irq softirq steal guest guest_nice`).
 * Guest time is already counted in user time, so it is left out of the total.
 * @example parseCpuTimes("cpu  10 0 5 80 1 0 0 4 0 0\n") // { steal: 4, total: 100 }
 */
export function parseCpuTimes(stat: string): CpuTimes | null {
  const line = stat.split("\n", 1)[0] ?? "";
  const fields = line.trim().split(/\s+/);
  if (fields[0] !== "cpu" || fields.length < 9) return null;
  const n = fields.slice(1, 9).map(Number);
  if (n.some((v) => !Number.isFinite(v))) return null;
  return { steal: n[7]!, total: n.reduce((a, b) => a + b, 0) };
}

/** The counters now, or null off Linux. */
export function readCpuTimes(): CpuTimes | null {
  try {
    return parseCpuTimes(Deno.readTextFileSync("/proc/stat"));
  } catch {
    return null;
  }
}

/**
 * The share of CPU time stolen between two readings (0 to 1), or null when either is missing or no time passed.
 * @example stealBetween({ steal: 4, total: 100 }, { steal: 24, total: 300 }) // 0.1
 */
export function stealBetween(a: CpuTimes | null, b: CpuTimes | null): number | null {
  if (!a || !b || b.total <= a.total) return null;
  return Math.max(0, (b.steal - a.steal) / (b.total - a.total));
}
