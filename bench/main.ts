/**
 * `deno task bench`: builds a large tournament in a temporary store, starts the real server (main.ts) on it as a
 * child process beside a bare Deno.serve baseline, drives every public endpoint with wrk, measures the first read
 * after a write, runs the live scenario (1,000 polling overlays while points are written), repeats the reads on a
 * store ten times larger, and on PostgreSQL checks that a write through one instance shows through another.
 * Prints the report and saves it to docs/benchmarks.md. `--quick` is a one-minute smoke run.
 * Run: deno run -A bench/main.ts [--quick] [flags]; DATABASE_URL=postgres://... selects PostgreSQL.
 */
import { MEASURED_HEADING, schedulerSection, withSchedulerSection } from "./scheduler_section.ts";
import { RELAY_HEADING } from "./relay.ts";
import { STADIUM_HEADING } from "./stadium.ts";
import { measurePointWrite, POINT_WRITE_HEADING, renderPointWrite } from "./point_write.ts";
import pg from "pg";
import { parseDatabaseUrl } from "../cli/config.ts";
import { openStore } from "../db/store.ts";
import { BASE_SIZE, buildStore, type BuiltStore, scaleSize, type StoreSize } from "./build_store.ts";
import { type CalmWait, readCpuTimes, STALL_STEAL, stealBetween, waitCalmHost } from "./cpu_steal.ts";
import { onInterrupt } from "./interrupt.ts";
import { type LiveConfig, type LiveResult, pointsShown } from "./live.ts";
import { profileReads } from "./profile.ts";
import {
  type AfterWriteRow,
  type BenchReport,
  type EndpointRow,
  type GrowthRow,
  hotReadRatioOf,
  MAX_RUNS,
  p99JudgedOn,
  ratioOf,
  renderReport,
  TARGETS,
  type TwoInstancesResult,
} from "./report.ts";
import {
  formatReport,
  peakRss,
  REPO_ROOT,
  resetPeakRss,
  type ServerProcess,
  startBaseline,
  startServer,
  startTaskEnv,
  startTaskV8Flags,
  waitIdle,
} from "./server.ts";
import { summarize } from "./stats.ts";
import { openWriter, type PointWriter } from "./writer.ts";
import { runWrk, WRK_INSTALL_HINT, wrkAvailable, type WrkRequest, type WrkResult } from "./wrk.ts";

/** The benchmark's settings, from flags. */
export interface BenchOptions {
  quick: boolean;
  seconds: number;
  warmup: number;
  connections: number;
  liveSeconds: number;
  overlays: number;
  pointsPerSecond: number;
  live: boolean;
  growth: boolean;
  growthFactor: number;
  writer: "auto" | "http" | "direct";
  /** Single reads per endpoint in the after-a-write measure. */
  samples: number;
  out: string;
  keep: boolean;
  databaseUrl: string | undefined;
  /** One part of the bench alone: the point write (bench/point_write.ts), its section written in place. */
  only: "point-write" | undefined;
  /** Points scored per store by the point write's bench. */
  points: number;
}

const USAGE = `Usage: deno run -A bench/main.ts [--quick] [--seconds N] [--warmup N] [--connections N]
  [--live-seconds N] [--overlays N] [--points-per-second N] [--no-live] [--no-growth] [--growth-factor N]
  [--writer auto|http|direct] [--samples N] [--out FILE] [--keep] [--database-url URL]
  [--only point-write] [--points N]
DATABASE_URL (or --database-url) = postgres://... runs on PostgreSQL; otherwise SQLite in a temp dir.`;

/** Reads the flags; `--quick` sets short defaults that later flags may still override. */
export function parseOptions(
  args: readonly string[],
  env: (name: string) => string | undefined,
): BenchOptions {
  const quick = args.includes("--quick");
  const o: BenchOptions = {
    quick,
    seconds: quick ? 1 : 8,
    warmup: quick ? 0 : 2,
    connections: 64,
    liveSeconds: quick ? 8 : 60,
    overlays: 1000,
    pointsPerSecond: 10,
    live: true,
    growth: !quick,
    growthFactor: 10,
    writer: "auto",
    samples: quick ? 10 : 100,
    out: "docs/benchmarks.md",
    keep: false,
    databaseUrl: env("DATABASE_URL") || undefined,
    only: undefined,
    points: quick ? 200 : 2000,
  };
  const numbers: Record<string, keyof BenchOptions> = {
    "--seconds": "seconds",
    "--warmup": "warmup",
    "--connections": "connections",
    "--live-seconds": "liveSeconds",
    "--overlays": "overlays",
    "--points-per-second": "pointsPerSecond",
    "--growth-factor": "growthFactor",
    "--samples": "samples",
    "--points": "points",
  };
  for (let i = 0; i < args.length; i++) {
    const [name, inline] = args[i]!.split(/=(.*)/s, 2) as [string, string | undefined];
    const value = () => {
      const v = inline ?? args[++i];
      if (v === undefined) throw new Error(`Flag "${name}" needs a value\n${USAGE}`);
      return v;
    };
    if (name === "--quick") continue;
    else if (name === "--no-live") o.live = false;
    else if (name === "--no-growth") o.growth = false;
    else if (name === "--keep") o.keep = true;
    else if (name === "--out") o.out = value();
    else if (name === "--database-url") o.databaseUrl = value();
    else if (name === "--only") {
      const v = value();
      if (v !== "point-write") throw new Error(`Invalid "--only" "${v}": expected point-write`);
      o.only = v;
    } else if (name === "--writer") {
      const v = value();
      if (v !== "auto" && v !== "http" && v !== "direct") {
        throw new Error(`Invalid "--writer" "${v}": expected auto, http or direct`);
      }
      o.writer = v;
    } else if (name in numbers) {
      const raw = value();
      const n = Number(raw);
      if (!Number.isInteger(n) || n < 0) {
        throw new Error(`Invalid "${name}" "${raw}": expected a whole number`);
      }
      (o as unknown as Record<string, number>)[numbers[name]!] = n;
    } else throw new Error(`Unknown flag "${args[i]}"\n${USAGE}`);
  }
  return o;
}

const encoder = new TextEncoder();
/** Progress on stderr (stdout gets the report). */
const t0 = performance.now();
function say(line: string): void {
  const at = ((performance.now() - t0) / 1000).toFixed(0).padStart(4);
  Deno.stderr.writeSync(encoder.encode(`[bench ${at} s] ${line}\n`));
}

/** A store the bench made: its URL for the server, and how to drop it. */
interface BenchStore {
  url: string;
  kind: "sqlite" | "postgres";
  drop(): Promise<void>;
}

/** A fresh store: a SQLite file in `dir`, or a new schema on the PostgreSQL server of `pgUrl`. */
async function freshStore(dir: string, name: string, pgUrl: string | undefined): Promise<BenchStore> {
  if (!pgUrl) {
    const path = `${dir}/${name}.db`;
    return {
      url: `sqlite:${path}`,
      kind: "sqlite",
      drop: async () => {
        for (const f of [path, `${path}-wal`, `${path}-shm`]) await Deno.remove(f).catch(() => {});
      },
    };
  }
  const schema = `bench_${name}_${Date.now().toString(36)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create schema ${schema}`);
  const url = new URL(pgUrl);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return {
    url: url.toString(),
    kind: "postgres",
    drop: () => admin(`drop schema if exists ${schema} cascade`),
  };
}

/** Builds the store at `url` with the given size. */
async function build(url: string, size: StoreSize): Promise<BuiltStore> {
  const store = await openStore(parseDatabaseUrl(url));
  try {
    return await buildStore(store, size, new Date(), (step) => say(`  build: ${step}`));
  } finally {
    await store.close();
  }
}

/** One row to drive: the requests it rotates over and the status every one must answer. */
export interface Target {
  name: string;
  note: string;
  kind: EndpointRow["kind"];
  /** One of the hot reads of the target. */
  hot?: boolean;
  requests: WrkRequest[];
  expect: 200 | 304;
  /** For 304 rows: fetch each path's current ETag first. */
  revalidate?: boolean;
  /**
   * Measure the bare server sending this row's very answers right after it (bench/baseline.ts `/same/`): for a
   * row whose bytes, not its work, set its speed.
   */
  sameAnswers?: boolean;
}

/**
 * The bare server sending a row's own answers (status, headers and bytes, each kept once and cloned): what the
 * runtime does at best with exactly what the row sends.
 */
export function sameAnswersTarget(t: Target): Target & Pick<EndpointRow, "sameAs"> {
  return {
    name: "reference: bare Deno.serve, the same answers",
    note: `those of ${t.name}, kept and cloned`,
    kind: "reference",
    expect: t.expect,
    requests: t.requests.map((r) => ({ ...r, path: `/same${r.path}` })),
    sameAs: t.name,
  };
}

/** The mean of the baseline runs around a row (one of them when the other failed). */
export function pairedMean(before: number | undefined, after: number | undefined): number | undefined {
  const runs = [before, after].filter((x): x is number => x !== undefined);
  return runs.length ? runs.reduce((a, b) => a + b, 0) / runs.length : undefined;
}

/** A bare baseline run around a row: its wrk figures and the CPU steal while it ran. */
export type BaselineRun = Pick<EndpointRow, "result" | "steal">;

/**
 * A bare server's tail this many times its median is a stall: answering a constant body, its p99 stays within
 * about three times its p50 however large the body (the queue behind a slow answer is its own); a run stopped by
 * the machine has a p99 far out of line with it (the bench's runs: 2.1–3.7 calm, 4–22 in stalls).
 */
const DETACHED_TAIL = 4;

/**
 * Why the machine stalled while a row ran, or null when it was calm: the host took CPU time (steal) during the row
 * or the baseline runs around it, those runs disagree by more than a quarter, or one of them had a tail detached
 * from its median past the p99 target. A bare server with a large body misses the target on its own bytes (its
 * median is a few ms): that alone is no stall.
 */
export function stallAround(
  before: BaselineRun | undefined,
  after: BaselineRun | undefined,
  rowSteal?: number | null,
): string | null {
  const a = before?.result, b = after?.result;
  if (a && b && Math.abs(a.rps - b.rps) > 0.25 * Math.max(a.rps, b.rps)) {
    return `the baseline runs around it disagree: ${Math.round(a.rps)} and ${Math.round(b.rps)} req/s`;
  }
  const steal = Math.max(rowSteal ?? 0, before?.steal ?? 0, after?.steal ?? 0);
  if (steal >= STALL_STEAL) return `the host took ${Math.round(steal * 100)} % of the CPU (steal) around it`;
  const detached = [a, b].find((r) => r && r.p99Ms >= TARGETS.p99Ms && r.p99Ms > DETACHED_TAIL * r.p50Ms);
  if (detached) {
    return `the bare baseline's own p99 around it was ${detached.p99Ms.toFixed(1)} ms (p50 ${
      detached.p50Ms.toFixed(2)
    } ms)`;
  }
  return null;
}

/**
 * Why a row is worth a second run, or null: the machine stalled around it (`stallAround`), or the row missed a
 * target it is judged on. One more run, between two new baseline runs, tells a stall from a cost: a real cost
 * shows again.
 */
export function secondRunReason(
  row: EndpointRow,
  before: BaselineRun | undefined,
  after: BaselineRun | undefined,
  store: BenchReport["store"],
): string | null {
  const r = row.result;
  if (!r) return null;
  const stall = stallAround(before, after, row.steal);
  if (stall) return stall;
  const ratio = ratioOf(
    { ...row, pairedBaselineRps: pairedMean(before?.result?.rps, after?.result?.rps) },
    undefined,
  );
  // The reason names the target missed: the run's own figures stand beside it in the note (earlierRuns).
  if (row.hot && ratio !== undefined && ratio < hotReadRatioOf(store)) {
    return `ratio ${ratio.toFixed(2)}, under the ${hotReadRatioOf(store)} target`;
  }
  if (row.kind === "revalidate" && ratio !== undefined && ratio < TARGETS.revalidateRatio) {
    return `ratio ${ratio.toFixed(2)}, under the ${TARGETS.revalidateRatio} target`;
  }
  if (p99JudgedOn(store) && r.p99Ms >= TARGETS.p99Ms) return `p99 not under the ${TARGETS.p99Ms} ms target`;
  return null;
}

/**
 * The note of a row measured more than once: which run is reported and what the earlier ones measured and why
 * they were run again.
 * @example earlierRuns([{ rps: 60000, p99Ms: 6, ... }], ["p99 not under the 5 ms target"])
 * // "second run (the first: 60000 req/s, p99 6.0 ms; p99 not under the 5 ms target)"
 */
export function earlierRuns(earlier: readonly WrkResult[], reasons: readonly string[]): string {
  const ordinal = ["first", "second", "third", "fourth", "fifth"];
  const runs = earlier.map((r, i) =>
    `${i === 0 ? "the" : "then the"} ${ordinal[i]}: ${Math.round(r.rps)} req/s, p99 ${
      r.p99Ms.toFixed(1)
    } ms; ${reasons[i]}`
  );
  return `${ordinal[earlier.length]} run (${runs.join("; ")})`;
}

const BROWSER_ENCODING = { "Accept-Encoding": "gzip, deflate, br" };

/** The reference body: about the size of the largest answer, a category's 224 matches. */
const LARGE_BYTES = 130_000;

/** The ids of the first `limit` players of the live event, as its public list gives them. */
async function eventPlayerIds(baseUrl: string, slug: string, limit: number): Promise<string[]> {
  const res = await fetch(`${baseUrl}/api/v1/events/${slug}/players?limit=${limit}`);
  if (!res.ok) throw new Error(`Cannot list the players of "${slug}": HTTP ${res.status}`);
  const body = await res.json() as { data: { players: { id: string }[] } };
  return body.data.players.map((p) => p.id);
}

/** The public endpoints of the live event, as wrk rows; `players` are ids of its players. */
export function targets(built: BuiltStore, players: readonly string[]): Target[] {
  const cats = built.categories;
  const live = built.live.map((m) => m.id);
  const get = (paths: string[], headers?: Record<string, string>) => paths.map((path) => ({ path, headers }));
  const matchPaths = live.map((id) => `/api/v1/matches/${id}`);
  const categoryMatches = cats.map((c) => `/api/v1/subevents/${c.id}/matches`);
  return [
    {
      name: "GET /api/v1/events",
      note: "1 path",
      kind: "read",
      hot: true,
      expect: 200,
      requests: get(["/api/v1/events"]),
    },
    {
      name: "GET /api/v1/events/{slug}",
      note: `the live event (${cats.length} categories)`,
      kind: "read",
      hot: true,
      expect: 200,
      requests: get([`/api/v1/events/${built.slug}`]),
    },
    {
      name: "GET /api/v1/subevents/{id}/matches",
      note: `${cats.length} categories (127–224 matches)`,
      kind: "read",
      expect: 200,
      requests: get(categoryMatches),
      sameAnswers: true,
    },
    {
      name: "GET /api/v1/events/{slug}/matches?status=in_progress",
      note: `the live event's matches in play (${live.length}: a page of 100)`,
      kind: "read",
      expect: 200,
      requests: get([`/api/v1/events/${built.slug}/matches?status=in_progress`]),
    },
    {
      name: "GET /api/v1/events/{slug}/matches?player={id}",
      note: `${players.length} players' matches`,
      kind: "read",
      expect: 200,
      requests: get(players.map((id) => `/api/v1/events/${built.slug}/matches?player=${id}`)),
    },
    {
      name: "GET /api/v1/events/{slug}/players",
      note: "first page (100)",
      kind: "read",
      expect: 200,
      requests: get([`/api/v1/events/${built.slug}/players`]),
    },
    {
      name: "GET /api/v1/subevents/{id}/standings",
      note: `${cats.filter((c) => c.hasGroups).length} categories with groups`,
      kind: "read",
      hot: true,
      expect: 200,
      requests: get(cats.filter((c) => c.hasGroups).map((c) => `/api/v1/subevents/${c.id}/standings`)),
    },
    {
      name: "GET /api/v1/subevents/{id}/draw",
      note: `${cats.filter((c) => c.hasDraw).length} knockout draws (16 or 128)`,
      kind: "read",
      expect: 200,
      requests: get(cats.filter((c) => c.hasDraw).map((c) => `/api/v1/subevents/${c.id}/draw`)),
    },
    {
      name: "GET /api/v1/matches/{id}",
      note: `${live.length} live matches`,
      kind: "read",
      hot: true,
      expect: 200,
      requests: get(matchPaths),
    },
    {
      name: "GET /api/v1/rankings",
      note: "first page (100)",
      kind: "read",
      expect: 200,
      requests: get(["/api/v1/rankings"]),
    },
    {
      name: "GET /api/v1/rankings?offset=50000",
      note: "a deep page (100)",
      kind: "read",
      expect: 200,
      requests: get(["/api/v1/rankings?limit=100&offset=50000"]),
    },
    {
      name: "304 GET /api/v1/matches/{id}",
      note: `${live.length} live matches, If-None-Match`,
      kind: "revalidate",
      expect: 304,
      revalidate: true,
      requests: get(matchPaths),
    },
    {
      name: "304 GET /api/v1/subevents/{id}/matches",
      note: `${cats.length} categories, If-None-Match`,
      kind: "revalidate",
      expect: 304,
      revalidate: true,
      requests: get(categoryMatches),
    },
    {
      name: "GET /api/v1/matches/{id} (br)",
      note: `${live.length} live matches, Accept-Encoding as a browser`,
      kind: "compressed",
      expect: 200,
      requests: get(matchPaths, BROWSER_ENCODING),
    },
    {
      name: "GET /api/v1/subevents/{id}/matches (br)",
      note: `${cats.length} categories, Accept-Encoding as a browser`,
      kind: "compressed",
      expect: 200,
      requests: get(categoryMatches, BROWSER_ENCODING),
    },
    {
      name: "GET /overlay/match/{id}",
      note: `${live.length} live matches (HTML)`,
      kind: "page",
      expect: 200,
      requests: get(live.map((id) => `/overlay/match/${id}`)),
    },
    ...feedAndProfileTargets(built, players),
  ];
}

/**
 * The rows of a bot and a club widget (issue 37): the live event's change feed from its start (a page of 100),
 * the same poll revalidated (the 304 a bot gets while nothing changes), and players' profiles across events.
 */
export function feedAndProfileTargets(built: BuiltStore, players: readonly string[]): Target[] {
  const feed = [{ path: `/api/v1/events/${built.slug}/changes` }];
  return [
    {
      name: "GET /api/v1/events/{slug}/changes",
      note: "the live event's feed, first page (100)",
      kind: "read",
      expect: 200,
      requests: feed,
    },
    {
      name: "304 GET /api/v1/events/{slug}/changes",
      note: "the live event's feed, If-None-Match",
      kind: "revalidate",
      expect: 304,
      revalidate: true,
      requests: feed,
    },
    {
      name: "GET /api/v1/players/{id}",
      note: `${players.length} players' profiles`,
      kind: "read",
      expect: 200,
      requests: players.map((id) => ({ path: `/api/v1/players/${id}` })),
    },
  ];
}

/**
 * Checks that every request of the target answers as expected (fetching ETags for 304 rows first); returns the
 * requests to drive or an error that says what answered instead.
 */
async function prepare(
  baseUrl: string,
  target: Target,
): Promise<{ requests: WrkRequest[]; aloneMs: number } | { error: string }> {
  const requests: WrkRequest[] = [];
  const times: number[] = [];
  for (const r of target.requests) {
    try {
      let headers: Record<string, string> = { "Accept-Encoding": "identity", ...r.headers };
      if (target.revalidate) {
        const first = await fetch(baseUrl + r.path, { headers });
        await first.body?.cancel();
        const etag = first.headers.get("ETag");
        if (first.status !== 200 || !etag) {
          return { error: `HTTP ${first.status}${etag ? "" : ", no ETag"} on ${r.path}` };
        }
        headers = { ...headers, "If-None-Match": etag };
      }
      const res = await fetch(baseUrl + r.path, { headers });
      await res.arrayBuffer();
      if (res.status !== target.expect) return { error: `HTTP ${res.status} on ${r.path}` };
      // Timed again, warm: the first read of a resource may fill a cache that the row then hits.
      if (times.length < 20) {
        const sent = performance.now();
        await (await fetch(baseUrl + r.path, { headers })).arrayBuffer();
        times.push(performance.now() - sent);
      }
      // wrk sends exactly these headers (identity only where the row has no Accept-Encoding of its own).
      const { "Accept-Encoding": encoding, ...rest } = headers;
      requests.push({ path: r.path, headers: encoding === "identity" ? rest : headers });
    } catch (e) {
      return { error: `${(e as Error).message} on ${r.path}` };
    }
  }
  return { requests, aloneMs: summarize(times).p50 };
}

/**
 * The mean body size of a row's answers as wrk gets them: the size of its bare baseline. A 304 has no body; it
 * is compared with the bare server answering `small` bytes (a match answer's size), as a poll would get them.
 */
async function meanBodyBytes(baseUrl: string, target: Target, small: number): Promise<number> {
  if (target.expect === 304) return small;
  let total = 0, count = 0;
  for (const r of target.requests) {
    try {
      const res = await fetch(baseUrl + r.path, { headers: { "Accept-Encoding": "identity", ...r.headers } });
      const body = (await res.arrayBuffer()).byteLength;
      // Bytes on the wire: fetch decompresses a br answer, its Content-Length is what was sent.
      total += Number(res.headers.get("content-length") ?? body);
      count++;
    } catch { /* measure() reports what fails */ }
  }
  return count ? Math.round(total / count) : 0;
}

/** Work that runs while a row is measured (a writer), started after the server went idle. */
interface Background {
  start(): void;
  stop(): Promise<void>;
}

/** Longest latency a row is driven to: slower endpoints get fewer connections, or no request would finish. */
const MAX_QUEUE_MS = 3000;

/** Every wait for a calm host before a wrk run (`measure`), for the report's header. */
const calmWaits: CalmWait[] = [];

/**
 * Runs one row: warm-up, then the measured run with the serving process's peak memory reset, waiting for the
 * server to go idle before and after (wrk stops counting at the end of a run, the server goes on answering).
 * An endpoint so slow that 64 queued requests would wait more than 3 s is driven with fewer connections.
 */
async function measure(
  server: ServerProcess,
  target: Target,
  options: BenchOptions,
  dir: string,
  background?: Background,
): Promise<EndpointRow> {
  const row: EndpointRow = { name: target.name, note: target.note, kind: target.kind, hot: target.hot };
  const prepared = await prepare(server.url, target);
  if ("error" in prepared) {
    say(`  ${target.name}: ${prepared.error}`);
    return { ...row, error: prepared.error };
  }
  const connections = Math.min(options.connections, Math.max(1, Math.floor(MAX_QUEUE_MS / prepared.aloneMs)));
  if (connections < options.connections) {
    row.note += `; ${connections} connection${connections === 1 ? "" : "s"} (${
      Math.round(prepared.aloneMs)
    } ms a request alone)`;
  }
  const wrk = { connections, threads: 1, timeoutSeconds: 5 };
  try {
    await waitIdle(server.pid);
    // Background work keeps the server busy: no idle wait until it stops.
    background?.start();
    if (options.warmup > 0) {
      await runWrk(server.url, prepared.requests, { ...wrk, seconds: options.warmup }, dir);
      if (!background) await waitIdle(server.pid);
    }
    const calm = await waitCalmHost({ threshold: STALL_STEAL });
    const reset = resetPeakRss(server.pid);
    const cpu = readCpuTimes();
    const result = await runWrk(server.url, prepared.requests, { ...wrk, seconds: options.seconds }, dir);
    const steal = stealBetween(cpu, readCpuTimes());
    const peak = reset ? peakRss(server.pid) : null;
    await background?.stop();
    await waitIdle(server.pid);
    say(
      `  ${target.name}: ${Math.round(result.rps)} req/s, p50 ${result.p50Ms.toFixed(2)} ms, p99 ${
        result.p99Ms.toFixed(2)
      } ms`,
    );
    calmWaits.push(calm);
    return { ...row, result, peakRss: peak, steal };
  } catch (e) {
    return { ...row, error: (e as Error).message };
  }
}

/** Single reads, idle and right after a write, of each GET target (a time budget per endpoint). */
async function afterWrite(
  server: ServerProcess,
  list: Target[],
  writer: PointWriter,
  built: BuiltStore,
  samples: number,
): Promise<{ rows: AfterWriteRow[]; writes: number[] }> {
  const rows: AfterWriteRow[] = [];
  const writes: number[] = [];
  let n = 0;
  const read = async (path: string) => {
    const started = performance.now();
    const res = await fetch(server.url + path, { headers: { "Accept-Encoding": "identity" } });
    await res.arrayBuffer();
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`HTTP ${res.status} on ${path}`);
    return ms;
  };
  for (const target of list.filter((t) => t.expect === 200 && t.kind !== "compressed")) {
    try {
      const idle: number[] = [];
      const after: number[] = [];
      const budget = performance.now() + 4000;
      const warmed = new Set<string>();
      for (let i = 0; i < samples && (i < 5 || performance.now() < budget); i++) {
        const path = target.requests[i % target.requests.length]!.path;
        // "Idle" is a repeat read: the first read of each path (which may fill a cache) is not counted.
        if (!warmed.has(path)) {
          warmed.add(path);
          await read(path);
        }
        idle.push(await read(path));
      }
      const budget2 = performance.now() + 6000;
      for (let i = 0; i < samples && (i < 5 || performance.now() < budget2); i++) {
        const match = built.live[n++ % built.live.length]!;
        // The read of a category goes to the category of the match just written, where one is listed.
        const path = target.requests.find((r) =>
          r.path.includes(match.categoryId) || r.path.includes(match.id)
        )?.path ??
          target.requests[i % target.requests.length]!.path;
        const w = await writer.write(match.id);
        if (!w.ok) throw new Error(`Cannot write a point: ${w.error}`);
        writes.push(w.ms);
        after.push(await read(path));
      }
      rows.push({ name: target.name, idle: summarize(idle), afterWrite: summarize(after) });
    } catch (e) {
      rows.push({ name: target.name, error: (e as Error).message });
    }
  }
  return { rows, writes };
}

/** wrk rows while a writer writes points back to back (each write bumps the revision). */
async function churn(
  server: ServerProcess,
  list: Target[],
  writer: PointWriter,
  built: BuiltStore,
  options: BenchOptions,
  dir: string,
): Promise<{ rows: EndpointRow[]; writesPerSecond: number; writeErrors: number }> {
  const rows: EndpointRow[] = [];
  let writes = 0, errors = 0, seconds = 0;
  for (const target of list) {
    let stop = false;
    let n = 0;
    let started = 0;
    let loop: Promise<void> = Promise.resolve();
    const background: Background = {
      start() {
        started = performance.now();
        loop = (async () => {
          while (!stop) {
            const w = await writer.write(built.live[n++ % built.live.length]!.id);
            if (w.ok) writes++;
            else errors++;
            await new Promise((r) => setTimeout(r, 2));
          }
        })();
      },
      async stop() {
        stop = true;
        await loop;
        seconds += (performance.now() - started) / 1000;
      },
    };
    rows.push(
      await measure(server, { ...target, name: `${target.name} under writes` }, options, dir, background),
    );
  }
  return { rows, writesPerSecond: seconds ? writes / seconds : 0, writeErrors: errors };
}

/** The live scenario in its own process. */
async function live(
  server: ServerProcess,
  built: BuiltStore,
  writer: PointWriter,
  totals: Map<string, number>,
  options: BenchOptions,
  databaseUrl: string,
  dir: string,
): Promise<LiveResult & { peakRss: number | null }> {
  const config: LiveConfig = {
    baseUrl: server.url,
    overlays: options.overlays,
    seconds: options.liveSeconds,
    pointsPerSecond: options.pointsPerSecond,
    reloadPage: true,
    matches: built.live.map((m) => ({
      id: m.id,
      totalPoints: totals.get(m.id) ?? m.totalPoints,
      current: writer.scores.get(m.id) ?? m.current,
    })),
    writer: { mode: writer.mode, baseUrl: server.url, adminSecret: built.adminSecret, databaseUrl },
  };
  const configPath = `${dir}/live-config.json`;
  const resultPath = `${dir}/live-result.json`;
  await Deno.writeTextFile(configPath, JSON.stringify(config));
  const reset = resetPeakRss(server.pid);
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "bench/live.ts", configPath, resultPath],
    cwd: REPO_ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success) {
    throw new Error(
      `The live scenario failed (exit ${out.code}): ${new TextDecoder().decode(out.stderr).slice(-600)}`,
    );
  }
  const result = JSON.parse(await Deno.readTextFile(resultPath)) as LiveResult;
  for (const [id, s] of Object.entries(result.scores)) writer.scores.set(id, s);
  for (const [id, t] of Object.entries(result.totals)) totals.set(id, t);
  return { ...result, peakRss: reset ? peakRss(server.pid) : null };
}

/** Writes through A, polls B until it shows the point. */
async function twoInstances(
  b: ServerProcess,
  built: BuiltStore,
  writer: PointWriter,
  samples: number,
): Promise<TwoInstancesResult> {
  const delays: number[] = [];
  let late = 0;
  for (let i = 0; i < samples; i++) {
    const match = built.live[i % built.live.length]!;
    const url = `${b.url}/api/v1/matches/${match.id}`;
    const shown = async () =>
      pointsShown(((await (await fetch(url)).json()) as { data: unknown }).data) ?? -1;
    const before = await shown();
    const w = await writer.write(match.id);
    if (!w.ok) {
      return { samples: i, delay: summarize(delays), late, error: `Cannot write through A: ${w.error}` };
    }
    const acked = performance.now();
    let seen = false;
    while (performance.now() - acked < 2000) {
      if (await shown() > before) {
        delays.push(performance.now() - acked);
        seen = true;
        break;
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    if (!seen) late++;
  }
  return { samples, delay: summarize(delays), late };
}

/** The 1-minute load average, or NaN off Linux. */
function loadAverage(): number {
  try {
    return Number(Deno.readTextFileSync("/proc/loadavg").split(" ")[0]);
  } catch {
    return NaN;
  }
}

function machine(): string {
  let cpu = "unknown CPU";
  try {
    cpu = /^model name\s*:\s*(.+)$/m.exec(Deno.readTextFileSync("/proc/cpuinfo"))?.[1] ?? cpu;
  } catch { /* not Linux */ }
  return `${navigator.hardwareConcurrency} cores (${cpu}), Deno ${Deno.version.deno}, ${Deno.build.os}`;
}

/** Runs the whole benchmark and returns the report (also written to `options.out`). */
export async function runBench(options: BenchOptions, command: string): Promise<string> {
  const started = performance.now();
  const loadAtStart = loadAverage();
  if (!(await wrkAvailable())) throw new Error(WRK_INSTALL_HINT);
  const pgUrl = options.databaseUrl && parseDatabaseUrl(options.databaseUrl).kind === "postgres"
    ? options.databaseUrl
    : undefined;
  const dir = await Deno.makeTempDir({ prefix: "tt-bench-" });
  calmWaits.length = 0; // this run's waits only
  say(`working in ${dir} (${pgUrl ? "PostgreSQL" : "SQLite"})`);
  const stores: BenchStore[] = [];
  const processes: ServerProcess[] = [];
  const stopAll = async () => {
    for (const p of processes.splice(0)) await p.stop().catch(() => {});
  };
  const cleanUp = async () => {
    await stopAll();
    for (const s of stores.splice(0)) await s.drop().catch(() => {});
    if (options.keep) say(`kept ${dir}`);
    else await Deno.remove(dir, { recursive: true }).catch(() => {});
  };
  // Cut short (Ctrl-C, a CI's timeout), the run still stops its servers and removes its stores; wrk and the live
  // scenario's process end on their own within their run.
  const release = onInterrupt(cleanUp, say);
  try {
    const baseStore = await freshStore(dir, "base", pgUrl);
    stores.push(baseStore);
    say(
      `building the store (${BASE_SIZE.categories} categories, ${BASE_SIZE.players} players, ${BASE_SIZE.rankings} ranked)`,
    );
    const built = await build(baseStore.url, BASE_SIZE);
    say(`built in ${built.seconds.toFixed(1)} s: ${built.counts.matches} matches`);

    const server = await startServer(baseStore.url, `${dir}/server.log`);
    processes.push(server);
    const rssAtStart = peakRss(server.pid);
    // The baseline answers a body the size of a match answer (the overlays' hot read).
    let bytes = 3000;
    if (built.live[0]) {
      const res = await fetch(`${server.url}/api/v1/matches/${built.live[0].id}`, {
        headers: { "Accept-Encoding": "identity" },
      });
      const body = await res.arrayBuffer();
      if (res.status === 200) bytes = body.byteLength;
    }
    const baseline = await startBaseline(bytes, LARGE_BYTES, `${dir}/baseline.log`, server.url);
    processes.push(baseline);
    say(`server pid ${server.pid} on ${server.url}; baseline (${bytes} B) on ${baseline.url}`);

    // A second constant body the size of the largest answers (a category's matches), to tell the cost of the
    // bytes from the cost of the app.
    const largeTarget: Target = {
      name: "reference: bare Deno.serve, large body",
      note: `constant JSON, ${LARGE_BYTES} B`,
      kind: "reference",
      expect: 200,
      requests: [{ path: "/large" }],
    };
    const baselineTarget: Target = {
      name: "baseline: bare Deno.serve",
      note: `constant JSON, ${bytes} B`,
      kind: "baseline",
      expect: 200,
      requests: [{ path: "/" }],
    };
    const list = targets(built, await eventPlayerIds(server.url, built.slug, 100));
    const rows: EndpointRow[] = [];
    rows.push(await measure(baseline, baselineTarget, options, dir));
    rows.push(await measure(baseline, largeTarget, options, dir));
    // Each row is measured between two runs of the bare baseline answering a body of the row's own size (the
    // issue's "constant JSON body of similar size"): its ratio is over their mean (bench/report.ts ratioOf), so
    // that neither the bytes a row moves nor a drift or stall of the machine (a shared VM) counts as the app's.
    const store = pgUrl ? "postgres" : "sqlite";
    const paired = async (t: Target) => {
      const size = await meanBodyBytes(server.url, t, bytes);
      const bare: Target = { ...baselineTarget, requests: [{ path: `/size/${size}` }] };
      const before: BaselineRun = await measure(baseline, bare, options, dir);
      const row = await measure(server, t, options, dir);
      const after: BaselineRun = await measure(baseline, bare, options, dir);
      return { row, before, after, size };
    };
    for (const t of list) {
      // A row is measured again when it missed a target or ran in a stall, and again (up to MAX_RUNS) while the
      // last run ran in a stall too; the last run is the one reported (even when worse), the earlier ones in its
      // note.
      const runs = [await paired(t)];
      const reasons: string[] = [];
      for (;;) {
        const last = runs.at(-1)!;
        const reason = runs.length === 1
          ? secondRunReason(last.row, last.before, last.after, store)
          : stallAround(last.before, last.after, last.row.steal);
        if (reason === null || !last.row.result || runs.length === MAX_RUNS) break;
        say(`  ${t.name}: once more (${reason})`);
        reasons.push(reason);
        runs.push(await paired(t));
      }
      const kept = runs.at(-1)!;
      if (runs.length > 1) {
        kept.row.note += `; ${earlierRuns(runs.slice(0, -1).map((r) => r.row.result!), reasons)}`;
      }
      rows.push({
        ...kept.row,
        pairedBaselineRps: pairedMean(kept.before.result?.rps, kept.after.result?.rps),
        pairedBaselineBytes: kept.size,
        pairedBaselineP99Ms: [kept.before, kept.after].flatMap((b) => b.result ? [b.result.p99Ms] : []),
        stall: stallAround(kept.before, kept.after, kept.row.steal),
      });
      if (t.sameAnswers) {
        const same = sameAnswersTarget(t);
        rows.push({ ...await measure(baseline, same, options, dir), sameAs: same.sameAs });
      }
    }
    const last = await measure(
      baseline,
      { ...baselineTarget, name: "baseline: bare Deno.serve (again)" },
      options,
      dir,
    );
    rows.push(last);
    await baseline.stop();
    processes.splice(processes.indexOf(baseline), 1);
    const serverPeak = () => peakRss(server.pid);
    const rowPeaks = rows.filter((r) => r.kind !== "baseline" && r.kind !== "reference").map((r) =>
      r.peakRss ?? 0
    );

    say("uncached: reads right after writes");
    const scores = new Map(built.live.map((m) => [m.id, { ...m.current }]));
    const writer = await openWriter({
      mode: options.writer,
      baseUrl: server.url,
      adminSecret: built.adminSecret,
      databaseUrl: baseStore.url,
      scores,
    });
    say(`writer: ${writer.mode}`);
    let aw: BenchReport["afterWrite"];
    try {
      const r = await afterWrite(server, list, writer, built, options.samples);
      aw = { rows: r.rows, writes: summarize(r.writes), writerMode: writer.mode };
    } catch (e) {
      aw = { rows: [], writes: summarize([]), writerMode: writer.mode, error: (e as Error).message };
    }
    const written = new Map<string, number>();
    say("uncached: under continuous writes");
    const churnTargets = list.filter((t) =>
      t.name === "GET /api/v1/matches/{id}" || t.name === "GET /api/v1/subevents/{id}/matches"
    );
    const churned = await churn(server, churnTargets, writer, built, options, dir);
    rowPeaks.push(...churned.rows.map((r) => r.peakRss ?? 0));

    // Totals follow the writes so far: read them back once, the live scenario goes on from there.
    for (const m of built.live) {
      try {
        const res = await fetch(`${server.url}/api/v1/matches/${m.id}`);
        const total = pointsShown(((await res.json()) as { data: unknown }).data);
        if (total !== null) written.set(m.id, total);
      } catch { /* the live scenario reports the endpoint's errors */ }
    }

    say("profiling the reads in-process");
    const profile = await profileReads(baseStore.url, built, options.quick ? 100 : 1000).catch((e) => {
      say(`  profile failed: ${(e as Error).message}`);
      return undefined;
    });

    let liveResult: BenchReport["live"];
    let liveQuiet: BenchReport["liveQuiet"];
    if (options.live) {
      say(`live scenario: ${options.overlays} overlays, ${options.liveSeconds} s`);
      const run = async (o: BenchOptions): Promise<NonNullable<BenchReport["live"]>> => {
        await waitIdle(server.pid);
        try {
          const cpu = readCpuTimes();
          const r = await live(server, built, writer, written, o, baseStore.url, dir);
          const steal = stealBetween(cpu, readCpuTimes());
          say(`  ${r.polls} polls, ${r.errors} errors, p99 ${r.pollLatency.p99.toFixed(2)} ms`);
          return { ...r, steal };
        } catch (e) {
          return { error: (e as Error).message };
        }
      };
      liveResult = await run(options);
      say("live scenario without writes");
      liveQuiet = await run({
        ...options,
        pointsPerSecond: 0,
        liveSeconds: Math.max(6, Math.round(options.liveSeconds / 3)),
      });
    }

    let two: TwoInstancesResult | undefined;
    if (pgUrl) {
      say("two instances on one PostgreSQL");
      try {
        const other = await startServer(baseStore.url, `${dir}/server-b.log`);
        processes.push(other);
        two = await twoInstances(other, built, writer, options.quick ? 5 : 20);
        await other.stop();
        processes.splice(processes.indexOf(other), 1);
      } catch (e) {
        two = { samples: 0, delay: summarize([]), late: 0, error: (e as Error).message };
      }
    }
    const livePeak = liveResult && "peakRss" in liveResult ? liveResult.peakRss ?? 0 : 0;
    const peak = Math.max(serverPeak() ?? 0, livePeak, ...rowPeaks);
    await writer.close();
    await server.stop();
    processes.splice(processes.indexOf(server), 1);

    let growth: BenchReport["growth"];
    if (options.growth) {
      const size = scaleSize(BASE_SIZE, options.growthFactor);
      say(`growth: building a store ${options.growthFactor} times larger (${size.rankings} ranked players)`);
      growth = { factor: options.growthFactor, rows: [] };
      try {
        const grownStore = await freshStore(dir, "grown", pgUrl);
        stores.push(grownStore);
        const grownBuilt = await build(grownStore.url, size);
        growth.built = { counts: grownBuilt.counts, seconds: grownBuilt.seconds };
        const grownServer = await startServer(grownStore.url, `${dir}/server-grown.log`);
        processes.push(grownServer);
        const grownRows: EndpointRow[] = [];
        const grownTargets = targets(grownBuilt, await eventPlayerIds(grownServer.url, grownBuilt.slug, 100));
        for (const t of grownTargets) grownRows.push(await measure(grownServer, t, options, dir));
        say("growth: reads right after writes");
        const grownWriter = await openWriter({
          mode: options.writer,
          baseUrl: grownServer.url,
          adminSecret: grownBuilt.adminSecret,
          databaseUrl: grownStore.url,
          scores: new Map(grownBuilt.live.map((m) => [m.id, { ...m.current }])),
        });
        try {
          growth.afterWrite =
            (await afterWrite(grownServer, grownTargets, grownWriter, grownBuilt, options.samples))
              .rows;
        } finally {
          await grownWriter.close();
        }
        await grownServer.stop();
        processes.splice(processes.indexOf(grownServer), 1);
        growth.rows = grownRows.map((g): GrowthRow => {
          const b = rows.find((r) => r.name === g.name);
          return { name: g.name, base: b?.result, grown: g.result, error: g.error ?? b?.error };
        });
        say("profiling the reads on the larger store");
        growth.profile = await profileReads(grownStore.url, grownBuilt, 1000).catch(() => undefined);
        await grownStore.drop();
        stores.splice(stores.indexOf(grownStore), 1);
      } catch (e) {
        growth.error = (e as Error).message;
      }
    }

    const report: BenchReport = {
      date: new Date().toISOString().slice(0, 16).replace("T", " ") + " UTC",
      mode: options.quick ? "quick" : "full",
      store: pgUrl ? "postgres" : "sqlite",
      machine: machine(),
      serverFlags: [
        ...Object.entries(startTaskEnv()).map(([name, value]) => `${name}=${value}`),
        ...startTaskV8Flags(),
      ],
      command,
      connections: options.connections,
      seconds: options.seconds,
      warmup: options.warmup,
      built: { counts: built.counts, seconds: built.seconds },
      rows,
      afterWrite: aw,
      churn: churned,
      live: liveResult,
      liveQuiet,
      growth,
      twoInstances: two,
      profile,
      peakRss: peak || null,
      rssAtStart,
      totalSeconds: (performance.now() - started) / 1000,
      load: { start: loadAtStart, end: loadAverage() },
      calmWait: {
        totalMs: calmWaits.reduce((sum, w) => sum + w.waitedMs, 0),
        runs: calmWaits.length,
        notCalm: calmWaits.filter((w) => !w.calm).length,
      },
    };
    const out = options.out.startsWith("/") ? options.out : `${REPO_ROOT}${options.out}`;
    // The scheduler's, the relay's and the stadium's figures (bench/scheduler.ts, relay.ts, stadium.ts) and those
    // measured for a choice in the code are measured apart: kept.
    const before = await Deno.readTextFile(out).catch(() => "");
    const kept = schedulerSection(before) + schedulerSection(before, RELAY_HEADING) +
      schedulerSection(before, STADIUM_HEADING) + schedulerSection(before, POINT_WRITE_HEADING) +
      schedulerSection(before, MEASURED_HEADING);
    await Deno.writeTextFile(out, renderReport(report) + kept);
    await formatReport(out);
    const markdown = await Deno.readTextFile(out);
    await Deno.writeTextFile(`${dir}/report.json`, JSON.stringify(report, null, 1));
    say(`report written to ${options.out}`);
    return markdown;
  } finally {
    release();
    await cleanUp();
  }
}

/**
 * The point write's bench alone (bench/point_write.ts): SQLite, and PostgreSQL when its URL is given; its
 * section of the report is replaced in place. Returns the section.
 */
async function runPointWrite(options: BenchOptions, command: string): Promise<string> {
  const pgUrl = options.databaseUrl && parseDatabaseUrl(options.databaseUrl).kind === "postgres"
    ? options.databaseUrl
    : undefined;
  const dir = await Deno.makeTempDir({ prefix: "tt-bench-points-" });
  const figures = [];
  try {
    for (const url of pgUrl ? [undefined, pgUrl] : [undefined]) {
      const store = await freshStore(dir, "points", url);
      try {
        figures.push(await measurePointWrite(store.url, options.points, say));
      } finally {
        await store.drop();
      }
    }
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
  const section = renderPointWrite(figures, command, new Date());
  const out = options.out.startsWith("/") ? options.out : `${REPO_ROOT}${options.out}`;
  await Deno.writeTextFile(
    out,
    withSchedulerSection(await Deno.readTextFile(out), section, POINT_WRITE_HEADING),
  );
  await formatReport(out);
  say(`section "${POINT_WRITE_HEADING.slice(3)}" written to ${options.out}`);
  return section;
}

if (import.meta.main) {
  let options: BenchOptions;
  try {
    options = parseOptions(Deno.args, (name) => Deno.env.get(name));
  } catch (e) {
    say((e as Error).message);
    Deno.exit(2);
  }
  try {
    const command = `deno task bench${Deno.args.length ? " " + Deno.args.join(" ") : ""}`;
    const markdown = options.only === "point-write"
      ? await runPointWrite(options, command)
      : await runBench(options, command);
    Deno.stdout.writeSync(encoder.encode(markdown));
  } catch (e) {
    say(`failed: ${(e as Error).message}`);
    Deno.exit(1);
  }
}
