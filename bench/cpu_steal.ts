/**
 * CPU steal: the share of the machine's CPU time that its host took for others (the `steal` column of
 * /proc/stat), read around each row. On a shared VM a stall of every process at once, the bare baseline
 * included, shows here; a slow row on a machine with no steal is the app's own.
 */

/**
 * CPU steal from this share of the machine's time up counts as a stall: the host stealing 1 % of a row's time, in
 * bursts that hold every request in flight, delays about the 1 % of its requests that a p99 leaves out, so that
 * alone can move the row's p99.
 */
export const STALL_STEAL = 0.01;

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

/** What `waitCalmHost` did: how long it waited, and whether the host was calm when it stopped waiting. */
export interface CalmWait {
  waitedMs: number;
  calm: boolean;
}

/** How `waitCalmHost` samples the host (injectable for tests). */
export interface CalmWaitOptions {
  /** Steal from this share up is not calm (`STALL_STEAL`). */
  threshold: number;
  /** One sample's length. */
  windowMs?: number;
  /** Gives up after this long and lets the row run anyway (its steal is reported with it). */
  maxMs?: number;
  read?: () => CpuTimes | null;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/**
 * Waits until the host takes less than `threshold` of the CPU over one sample window, at most `maxMs`. This VM's
 * host steals in bursts of tens of seconds: a row started inside one measures the host rather than the server.
 * Whether a row starts is decided before it is measured, so no result is picked over another. Off Linux (no
 * counters) it does not wait.
 */
export async function waitCalmHost(options: CalmWaitOptions): Promise<CalmWait> {
  const {
    threshold,
    windowMs = 1000,
    maxMs = 60_000,
    read = readCpuTimes,
    sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms)),
    now = Date.now,
  } = options;
  const started = now();
  let before = read();
  if (before === null) return { waitedMs: 0, calm: true };
  for (;;) {
    await sleep(windowMs);
    const after = read();
    const steal = stealBetween(before, after);
    const waitedMs = now() - started;
    if (steal === null || steal < threshold) return { waitedMs, calm: true };
    if (waitedMs >= maxMs) return { waitedMs, calm: false };
    before = after;
  }
}
