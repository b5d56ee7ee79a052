/**
 * Child processes of the benchmark: the real server (main.ts) and the bare Deno.serve baseline, each logging to
 * a file, and the peak resident memory of a process from /proc (VmHWM, which `clear_refs` resets between rows).
 */

/** A running child that answers HTTP. */
export interface ServerProcess {
  readonly pid: number;
  readonly port: number;
  readonly url: string;
  readonly logPath: string;
  /** SIGTERM, then SIGKILL after 5 s. */
  stop(): Promise<void>;
}

/** A port that was free a moment ago (the OS picks it). */
export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

/** The root of the repository (bench/ sits in it). */
export const REPO_ROOT = new URL("..", import.meta.url).pathname;

async function tail(path: string, lines = 20): Promise<string> {
  try {
    return (await Deno.readTextFile(path)).split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

/** Spawns `deno run` with the arguments, its output going to `logPath`, and waits until `readyPath` answers. */
export async function spawnDeno(
  args: string[],
  port: number,
  logPath: string,
  readyPath: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const log = await Deno.open(logPath, { write: true, create: true, append: true });
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", ...args],
    cwd: REPO_ROOT,
    stdout: "piped",
    stderr: "piped",
    stdin: "null",
    env,
  }).spawn();
  // Both streams into one file; the file closes when both end.
  const writer = log.writable.getWriter();
  const pump = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream) await writer.write(chunk);
  };
  const pumped = Promise.all([pump(child.stdout), pump(child.stderr)]).finally(() =>
    writer.close().catch(() => {})
  );
  let exited = false;
  const status = child.status.then((s) => {
    exited = true;
    return s;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (true) {
    if (exited) {
      await pumped.catch(() => {});
      throw new Error(
        `Cannot start "${args.join(" ")}": it exited (${(await status).code}):\n${await tail(logPath)}`,
      );
    }
    try {
      const res = await fetch(url + readyPath, { signal: AbortSignal.timeout(2000) });
      await res.body?.cancel();
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill("SIGKILL");
        throw new Error(
          `Cannot start "${args.join(" ")}": no answer on ${url} after 90 s:\n${await tail(logPath)}`,
        );
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    pid: child.pid,
    port,
    url,
    logPath,
    async stop() {
      if (exited) return;
      try {
        child.kill("SIGTERM");
      } catch { /* already gone */ }
      const timer = setTimeout(() => {
        try {
          child.kill("SIGKILL");
        } catch { /* already gone */ }
      }, 5000);
      await status;
      clearTimeout(timer);
      await pumped.catch(() => {});
    },
  };
}

/**
 * Formats a report the bench wrote with the repository's own configuration (named, since a file written outside
 * the repository would get deno fmt's defaults), so that `deno fmt --check` (the CI gate) passes on it once
 * copied in. Whether it could.
 */
export async function formatReport(path: string): Promise<boolean> {
  const fmt = await new Deno.Command(Deno.execPath(), {
    args: ["fmt", "--quiet", "--config", `${REPO_ROOT}deno.json`, path],
    cwd: REPO_ROOT,
    stdout: "null",
    stderr: "null",
  }).output().catch(() => null);
  return fmt?.success ?? false;
}

/** The words of a deno.json task's command. */
export function taskWords(task: string): string[] {
  const config = JSON.parse(Deno.readTextFileSync(`${REPO_ROOT}deno.json`));
  const entry = config.tasks?.[task];
  const command: string = typeof entry === "string" ? entry : entry?.command ?? "";
  if (!command) throw new Error(`deno.json has no task "${task}"`);
  return command.split(/\s+/);
}

/** The runtime flags of `deno task start` (`--v8-flags=...`): the bench runs the server as that task does. */
export function startTaskV8Flags(): string[] {
  return taskWords("start").filter((word) => word.startsWith("--v8-flags="));
}

/**
 * The environment `deno task start` sets for the server (its leading `NAME=value` words, such as
 * `MALLOC_ARENA_MAX=2`): the bench runs the server with it too.
 */
export function startTaskEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const word of taskWords("start")) {
    const assignment = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(word);
    if (!assignment) break;
    env[assignment[1]!] = assignment[2]!;
  }
  return env;
}

/**
 * Starts the real server on the store as `deno task start` does, without the demo and its simulation (`extra`:
 * more flags of main.ts).
 */
export function startServer(
  databaseUrl: string,
  logPath: string,
  extra: string[] = [],
): Promise<ServerProcess> {
  const port = freePort();
  return spawnDeno(
    [
      ...startTaskV8Flags(),
      "--allow-net",
      "--allow-env",
      "--allow-read",
      "--allow-write",
      "main.ts",
      "--port",
      String(port),
      "--host",
      "127.0.0.1",
      "--database-url",
      databaseUrl,
      "--no-simulate",
      "--no-demo",
      // The bench measures the server, not the limit on one client's requests (on by default on PostgreSQL).
      "--rate-limit",
      "off",
      ...extra,
    ],
    port,
    logPath,
    "/api/v1/events",
    startTaskEnv(),
  );
}

/**
 * Starts the baseline: a bare Deno.serve answering a constant JSON body of `bytes` bytes (`largeBytes` at /large),
 * and at /same/PATH the answer `origin` gives at PATH, kept and cloned (bench/baseline.ts).
 */
export function startBaseline(
  bytes: number,
  largeBytes: number,
  logPath: string,
  origin?: string,
): Promise<ServerProcess> {
  const port = freePort();
  return spawnDeno(
    [
      "--allow-net",
      "bench/baseline.ts",
      "--port",
      String(port),
      "--bytes",
      String(bytes),
      "--large-bytes",
      String(largeBytes),
      ...(origin ? ["--origin", origin] : []),
    ],
    port,
    logPath,
    "/",
  );
}

/** Peak resident memory of a process in bytes (VmHWM), or null when /proc cannot tell. */
export function peakRss(pid: number): number | null {
  try {
    const status = Deno.readTextFileSync(`/proc/${pid}/status`);
    const kb = /^VmHWM:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb === undefined ? null : Number(kb) * 1024;
  } catch {
    return null;
  }
}

/**
 * Resets a process's peak resident memory to its current size (`echo 5 > /proc/PID/clear_refs`, Linux 4.0+),
 * so that the next VmHWM is the peak of what follows; false when not allowed (then peaks are cumulative).
 */
export function resetPeakRss(pid: number): boolean {
  try {
    Deno.writeTextFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

/** CPU time a process has used so far, in clock ticks (utime + stime of /proc/PID/stat); null off Linux. */
export function cpuTicks(pid: number): number | null {
  try {
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
    // Fields after "(comm)": state is the first, utime the 12th and stime the 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/**
 * Waits until the process is idle (under ~10% of a core over 200 ms), so that requests still queued from one
 * row (wrk stops counting, the server goes on answering) do not slow the next one; gives up after `maxMs`.
 */
export async function waitIdle(pid: number, maxMs = 60_000): Promise<number> {
  const started = Date.now();
  let before = cpuTicks(pid);
  if (before === null) return 0;
  while (Date.now() - started < maxMs) {
    await new Promise((r) => setTimeout(r, 200));
    const now = cpuTicks(pid);
    if (now === null) return Date.now() - started;
    if (now - before <= 2) return Date.now() - started;
    before = now;
  }
  return Date.now() - started;
}
