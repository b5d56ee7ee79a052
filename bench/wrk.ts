/**
 * Runs wrk (Debian package `wrk`) against a list of requests and reads its result. A generated Lua script
 * rotates through the requests (so a row covers many matches or categories, not one hot key), sets per-request
 * headers (If-None-Match for revalidation, Accept-Encoding for a browser's poll) and prints the summary as one
 * JSON line with exact percentiles from wrk's own histogram.
 */

/** One request of a rotation: a path and its headers. */
export interface WrkRequest {
  path: string;
  headers?: Record<string, string>;
}

/** How hard and how long to drive the server. */
export interface WrkOptions {
  connections: number;
  /** wrk threads: 1 on a 2-core machine, so that wrk and the server do not fight over both cores. */
  threads: number;
  /** Whole seconds (wrk takes no fractions). */
  seconds: number;
  /** Seconds before wrk counts a request as timed out. */
  timeoutSeconds: number;
  /** Each connection waits this long before its next request (a phone polling at its pace); none by default. */
  delayMs?: number;
}

/** What one wrk run measured; latencies in milliseconds. */
export interface WrkResult {
  requests: number;
  seconds: number;
  rps: number;
  bytes: number;
  meanMs: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Responses with a status of 400 or more (wrk's "Non-2xx or 3xx"). */
  statusErrors: number;
  /** Connect, read, write errors and timeouts. */
  socketErrors: number;
}

/** The line prefix of the script's JSON summary. */
export const RESULT_MARK = "BENCH_JSON ";

/** A Lua string literal (JSON's escapes are Lua's for the ASCII that paths and header values hold). */
function lua(value: string): string {
  return JSON.stringify(value);
}

/**
 * The Lua script: requests prebuilt in `init` (wrk.format adds Host), rotated in `request`, a JSON summary in
 * `done`.
 */
export function wrkScript(requests: readonly WrkRequest[], delayMs?: number): string {
  if (requests.length === 0) throw new Error("Cannot write a wrk script: no requests given");
  const list = requests.map((r) => {
    const headers = Object.entries(r.headers ?? {}).map(([k, v]) => `[${lua(k)}] = ${lua(v)}`).join(", ");
    return `  { ${lua(r.path)}, { ${headers} } },`;
  }).join("\n");
  return `local specs = {
${list}
}
local reqs = {}
local i = 0
init = function(args)
  for k, spec in ipairs(specs) do
    reqs[k] = wrk.format("GET", spec[1], spec[2])
  end
end
${
    delayMs === undefined ? "" : `delay = function()
  return ${delayMs}
end
`
  }request = function()
  i = i + 1
  if i > #reqs then i = 1 end
  return reqs[i]
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    "${RESULT_MARK}{\\"requests\\":%d,\\"duration_us\\":%d,\\"bytes\\":%d,\\"mean_us\\":%f,\\"p50_us\\":%d," ..
    "\\"p90_us\\":%d,\\"p99_us\\":%d,\\"max_us\\":%d,\\"connect\\":%d,\\"read\\":%d,\\"write\\":%d," ..
    "\\"status\\":%d,\\"timeout\\":%d}\\n",
    summary.requests, summary.duration, summary.bytes, latency.mean, latency:percentile(50),
    latency:percentile(90), latency:percentile(99), latency.max, e.connect, e.read, e.write, e.status, e.timeout))
end
`;
}

/** Reads the script's JSON summary out of wrk's output; throws when it is missing. */
export function parseWrkOutput(stdout: string): WrkResult {
  const line = stdout.split("\n").find((l) => l.startsWith(RESULT_MARK));
  if (!line) throw new Error(`Cannot read the wrk result: no "${RESULT_MARK.trim()}" line in its output`);
  const r = JSON.parse(line.slice(RESULT_MARK.length)) as Record<string, number>;
  const seconds = r["duration_us"]! / 1e6;
  return {
    requests: r["requests"]!,
    seconds,
    rps: seconds > 0 ? r["requests"]! / seconds : 0,
    bytes: r["bytes"]!,
    meanMs: r["mean_us"]! / 1000,
    p50Ms: r["p50_us"]! / 1000,
    p90Ms: r["p90_us"]! / 1000,
    p99Ms: r["p99_us"]! / 1000,
    maxMs: r["max_us"]! / 1000,
    statusErrors: r["status"]!,
    socketErrors: r["connect"]! + r["read"]! + r["write"]! + r["timeout"]!,
  };
}

/** How to install wrk when it is missing. */
export const WRK_INSTALL_HINT =
  "wrk is not installed: run `apt-get install wrk` (Debian/Ubuntu) or `brew install wrk`";

/** Whether wrk can be run. */
export async function wrkAvailable(): Promise<boolean> {
  try {
    // wrk prints its version and usage and exits 1 without a URL; it only has to start.
    await new Deno.Command("wrk", { args: ["--version"], stdout: "null", stderr: "null" }).output();
    return true;
  } catch {
    return false;
  }
}

/** Runs wrk against `baseUrl` with the rotation; the script is written into `dir`. */
export async function runWrk(
  baseUrl: string,
  requests: readonly WrkRequest[],
  options: WrkOptions,
  dir: string,
): Promise<WrkResult> {
  const script = await Deno.makeTempFile({ dir, prefix: "wrk-", suffix: ".lua" });
  await Deno.writeTextFile(script, wrkScript(requests, options.delayMs));
  const out = await new Deno.Command("wrk", {
    args: [
      `-t${options.threads}`,
      `-c${Math.max(options.connections, options.threads)}`,
      `-d${Math.max(1, Math.round(options.seconds))}s`,
      `--timeout`,
      `${options.timeoutSeconds}s`,
      "-s",
      script,
      baseUrl,
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  await Deno.remove(script).catch(() => {});
  const stdout = new TextDecoder().decode(out.stdout);
  if (!out.success && !stdout.includes(RESULT_MARK)) {
    throw new Error(`Cannot run wrk: exit ${out.code}: ${new TextDecoder().decode(out.stderr).trim()}`);
  }
  return parseWrkOutput(stdout);
}
