import assert from "node:assert/strict";
import {
  baselineRps,
  type BenchReport,
  checkTargets,
  endpointTable,
  fmtBytes,
  fmtMb,
  fmtMs,
  fmtRatio,
  fmtRps,
  fmtShare,
  ratioOf,
  renderReport,
  table,
} from "../../bench/report.ts";
import { summarize } from "../../bench/stats.ts";
import { wrkResult as wrk } from "../support/wrk_result.ts";

function tinyReport(): BenchReport {
  const counts = {
    events: 1,
    categories: 8,
    tournamentPlayers: 300,
    rankedPlayers: 1000,
    entries: 500,
    matches: 1200,
    liveMatches: 5,
    completedMatches: 900,
    predictions: 100,
  };
  return {
    date: "2026-11-28 09:00 UTC",
    mode: "quick",
    store: "sqlite",
    machine: "2 cores",
    command: "deno task bench --quick",
    connections: 64,
    seconds: 2,
    built: { counts, seconds: 1.5 },
    rows: [
      { name: "baseline: bare Deno.serve", note: "constant JSON", kind: "baseline", result: wrk(40_000) },
      {
        name: "GET /api/v1/matches/{id}",
        note: "5 live matches",
        kind: "read",
        hot: true,
        result: wrk(20_000, 9),
        peakRss: 80e6,
      },
      {
        name: "304 GET /api/v1/matches/{id}",
        note: "If-None-Match",
        kind: "revalidate",
        result: wrk(38_000),
      },
      {
        name: "GET /api/v1/rankings",
        note: "first page",
        kind: "read",
        error: "HTTP 404 on /api/v1/rankings",
      },
      {
        name: "baseline: bare Deno.serve (again)",
        note: "constant JSON",
        kind: "baseline",
        result: wrk(42_000),
      },
    ],
    afterWrite: {
      rows: [{ name: "GET /api/v1/matches/{id}", idle: summarize([1, 2]), afterWrite: summarize([3, 4]) }],
      writes: summarize([5, 6]),
      writerMode: "http",
    },
    churn: { rows: [], writesPerSecond: 120, writeErrors: 0 },
    peakRss: 90e6,
    totalSeconds: 61,
    load: { start: 0.2, end: 0.4 },
  };
}

Deno.test("fmtMs() and friends print figures for a table", () => {
  assert.equal(fmtMs(1.234), "1.23");
  assert.equal(fmtMs(12.34), "12.3");
  assert.equal(fmtMs(1234.5), "1,235");
  assert.equal(fmtMs(NaN), "–");
  assert.equal(fmtRps(12345.6), "12,346");
  assert.equal(fmtRatio(0.8349), "0.83");
  assert.equal(fmtMb(150 * 1024 * 1024), "150.0 MiB");
  assert.equal(fmtMb(null), "–");
  assert.equal(fmtBytes(412), "412 B");
  assert.equal(fmtBytes(2950), "3.0 kB");
});

Deno.test("table() escapes pipes inside cells", () => {
  assert.equal(table(["a", "b"], [["x|y", "z"]]), "| a | b |\n| --- | --- |\n| x\\|y | z |");
});

Deno.test("baselineRps() is the mean of the baseline runs", () => {
  assert.equal(baselineRps(tinyReport().rows), 41_000);
});

Deno.test("endpointTable() shows a missing endpoint as an error row", () => {
  const text = endpointTable(tinyReport().rows, 41_000);
  assert.match(text, /\| GET \/api\/v1\/rankings \| first page \| error \|.*HTTP 404 on \/api\/v1\/rankings/);
  assert.match(
    text,
    /\| GET \/api\/v1\/matches\/\{id\} \| 5 live matches \| 20,000 \| 1\.00 \| 9\.00 \|.*\| 0\.49 \|/,
  );
});

Deno.test("the bare baseline's p99 around a row stands beside it, and the p99 target says where it missed too", () => {
  const report = tinyReport();
  // The match row's p99 (9 ms) missed the target; the bare server with as many bytes missed it before and after.
  report.rows[1] = { ...report.rows[1]!, pairedBaselineP99Ms: [7.5, 6.25] };
  report.rows[2] = { ...report.rows[2]!, result: wrk(38_000, 6), pairedBaselineP99Ms: [4.5, 8] };
  assert.match(endpointTable(report.rows, 41_000), /\| 9\.00 \| 7\.50 \/ 6\.25 \| 18\.0 \|/);
  assert.match(
    endpointTable(report.rows, 41_000),
    /\| baseline: bare Deno\.serve \| constant JSON \| 40,000 \| 1\.00 \| 2\.00 \| – \|/,
  );
  const p99 = checkTargets(report).find((c) => c.target.startsWith("p99"))!;
  assert.match(
    p99.measured,
    /; at 1 of the 2 rows over 5 ms the bare Deno\.serve answering as many bytes was over it too, right before and right after \(GET \/api\/v1\/matches\/\{id\}\)$/,
  );
  assert.equal(p99.ok, false, "the verdict stays the app's rows'");
  // Rows measured without paired runs (or no row over the target) say nothing of it.
  assert.doesNotMatch(
    checkTargets(tinyReport()).find((c) => c.target.startsWith("p99"))!.measured,
    /as many bytes/,
  );
  report.rows[1] = { ...report.rows[1]!, result: wrk(20_000, 3) };
  report.rows[2] = { ...report.rows[2]!, result: wrk(38_000, 3) };
  assert.doesNotMatch(
    checkTargets(report).find((c) => c.target.startsWith("p99"))!.measured,
    /as many bytes/,
  );
});

Deno.test("checkTargets() says which targets hold", () => {
  const checks = checkTargets(tinyReport());
  const byName = (prefix: string) => checks.find((c) => c.target.startsWith(prefix))!;
  assert.equal(byName("hot reads").ok, false);
  assert.equal(byName("304 revalidation").ok, true);
  assert.equal(byName("p99").ok, false);
  assert.equal(byName("live").ok, null);
  assert.equal(byName("peak RSS").ok, true);
  assert.equal(byName("every endpoint").ok, false);
});

Deno.test("renderReport() writes every section that was measured", () => {
  const text = renderReport(tinyReport());
  assert.match(text, /^# Benchmarks/);
  for (
    const heading of [
      "## Targets",
      "## Throughput and latency",
      "## Uncached",
      "## Where it is slow",
      "## Running it",
    ]
  ) {
    assert.ok(text.includes(heading), heading);
  }
  assert.ok(!text.includes("## Live scenario"), "no live section when it did not run");
  assert.ok(!text.includes("## Growth"), "no growth section when it did not run");
  assert.match(text, /Below 0\.8 of the baseline/);
  assert.ok(!text.includes("runs as `deno task start`"), "no runtime flags when none were given");
  const flagged = renderReport({ ...tinyReport(), serverFlags: ["--v8-flags=--memory-saver-mode"] });
  assert.ok(flagged.includes("runs as `deno task start` runs it, with `--v8-flags=--memory-saver-mode`"));
});

Deno.test("checkTargets() judges hot reads on the reads the target names only", () => {
  const report = tinyReport();
  const hot = report.rows.find((r) => r.hot)!;
  hot.result = { ...hot.result!, rps: 39_000 };
  report.rows.push({
    name: "GET /api/v1/subevents/{id}/matches",
    note: "large",
    kind: "read",
    result: hot.result,
  });
  report.rows.at(-1)!.result = { ...hot.result, rps: 1_000 };
  const check = checkTargets(report).find((c) => c.target.startsWith("hot reads"))!;
  assert.equal(check.ok, true, check.measured);
});

Deno.test("ratioOf() takes a row against the baseline measured right before it, else the run's mean", () => {
  const result = { ...tinyReport().rows[1]!.result!, rps: 30_000 };
  const row = { name: "r", note: "", kind: "read" as const, result };
  assert.equal(ratioOf(row, 40_000), 0.75);
  assert.equal(ratioOf({ ...row, pairedBaselineRps: 60_000 }, 40_000), 0.5);
  assert.equal(ratioOf({ ...row, result: undefined }, 40_000), undefined);
  assert.equal(ratioOf(row, undefined), undefined);
});

Deno.test("checkTargets() holds PostgreSQL's hot reads to 0.5 of the baseline, SQLite's to 0.8", () => {
  const report = tinyReport();
  const hot = report.rows.find((r) => r.hot)!;
  hot.pairedBaselineRps = 40_000;
  hot.result = { ...hot.result!, rps: 24_000 };
  const hotCheck = (r: BenchReport) => checkTargets(r).find((c) => c.target.startsWith("hot reads"))!;
  assert.equal(hotCheck(report).ok, false);
  assert.match(hotCheck(report).target, /≥ 0\.8 /);
  const pg = hotCheck({ ...report, store: "postgres" });
  assert.equal(pg.ok, true);
  assert.match(pg.target, /≥ 0\.5 /);
});

Deno.test("checkTargets() judges p99 on SQLite only and shows PostgreSQL's beside it", () => {
  const p99Check = (r: BenchReport) => checkTargets(r).find((c) => c.target.startsWith("p99"))!;
  assert.equal(p99Check(tinyReport()).ok, false);
  assert.doesNotMatch(p99Check(tinyReport()).target, /SQLite/);
  const pg = p99Check({ ...tinyReport(), store: "postgres" });
  assert.equal(pg.ok, null);
  assert.match(pg.target, /\(a target on SQLite; shown here, not judged\)$/);
  assert.match(pg.measured, /^worst 9\.00 ms/);
});

Deno.test("the report shows each row's CPU steal and says when the host took a share of the machine", () => {
  assert.equal(fmtShare(0.123), "12%");
  assert.equal(fmtShare(null), "–");
  const calm = tinyReport();
  assert.ok(!renderReport(calm).includes("The host took"), "no steal measured: nothing said");
  const stolen = tinyReport();
  stolen.rows[1] = { ...stolen.rows[1]!, steal: 0.31 };
  const text = renderReport(stolen);
  assert.match(text, /The host took up to 31% of this VM's CPU time during a row/);
  assert.match(text, /worst 9\.00 ms \(GET \/api\/v1\/matches\/\{id\}, CPU steal 31%\)/);
  assert.match(endpointTable(stolen.rows, 41_000), /\| 31% \|/);
});

Deno.test("checkTargets() tells rows that ran in a stall of the machine from the others on p99", () => {
  const report = tinyReport();
  report.rows[1] = { ...report.rows[1]!, stall: "the bare baseline's own p99 around it was 40.0 ms" };
  report.rows[2] = { ...report.rows[2]!, result: wrk(38_000, 3) };
  const p99 = checkTargets(report).find((c) => c.target.startsWith("p99"))!;
  assert.equal(p99.ok, false, "the verdict stays on every row");
  assert.match(
    p99.measured,
    /1 of 2 rows ran in a stall of the machine, the others' worst 3\.00 ms \(304 GET \/api\/v1\/matches\/\{id\}\)/,
  );
});

Deno.test("checkTargets() says when a ratio target's worst row ran in a stall, and the calm rows' worst", () => {
  const report = tinyReport();
  const stall = "the baseline runs around it disagree: 40000 and 25000 req/s";
  report.rows[1] = { ...report.rows[1]!, stall };
  report.rows.splice(2, 0, {
    name: "GET /api/v1/events",
    note: "1 path",
    kind: "read",
    hot: true,
    result: wrk(36_000),
  });
  const hot = checkTargets(report).find((c) => c.target.startsWith("hot reads"))!;
  assert.equal(hot.ok, false, "the verdict stays on every row");
  assert.equal(
    hot.measured,
    `worst 0.49 (GET /api/v1/matches/{id}); it ran in a stall of the machine (${stall}), ` +
      "the calm rows' worst 0.88 (GET /api/v1/events)",
  );
  report.rows[2] = { ...report.rows[2]!, stall: "the host took 9 % of the CPU (steal) around it" };
  assert.match(
    checkTargets(report).find((c) => c.target.startsWith("hot reads"))!.measured,
    /\(GET \/api\/v1\/matches\/\{id\}\); it ran in a stall of the machine \([^)]*\), as did every other row$/,
  );
  report.rows[3] = { ...report.rows[3]!, stall };
  assert.match(
    checkTargets(report).find((c) => c.target.startsWith("304"))!.measured,
    /\(304 GET \/api\/v1\/matches\/\{id\}\); it ran in a stall of the machine \([^)]*\)$/,
    "a lone row has no others",
  );
  const calm = checkTargets(tinyReport()).find((c) => c.target.startsWith("304"))!;
  assert.doesNotMatch(calm.measured, /stall/);
});

Deno.test("renderReport() shows the live scenario with the load generator's own delay", () => {
  const s = (values: number[]) => summarize(values);
  const live = {
    overlays: 10,
    matches: 2,
    seconds: 8,
    pointsPerSecond: 2,
    writerMode: "http" as const,
    polls: 60,
    ok200: 10,
    notModified: 50,
    errors: 0,
    errorSamples: [],
    pollLatency: s([1, 2, 3]),
    pageReloads: 10,
    pageErrors: 0,
    pageLatency: s([2, 3]),
    writesAttempted: 12,
    writesFailed: 0,
    writeErrorSamples: [],
    writeLatency: s([4, 5]),
    delay: s([500, 900]),
    unseen: 0,
    clientLag: s([0.5, 1, 7.5]),
    scores: {},
    totals: {},
    peakRss: 80e6,
    steal: 0.02,
  };
  const text = renderReport({ ...tinyReport(), live, liveQuiet: live });
  assert.match(text, /## Live scenario/);
  assert.match(
    text,
    /the load generator's own event-loop delay p50 \/ p99 \/ max ms[^|]*\| 1\.00 \/ 7\.\d+ \/ 7\.50/,
  );
  assert.match(text, /CPU steal \(the host's share of this VM's CPU time\)\s*\| 2%/);
});

Deno.test("renderReport() tells how long the runs waited for a calm host, and how many ran without one", () => {
  const calm = renderReport({ ...tinyReport(), calmWait: { totalMs: 91_400, runs: 87, notCalm: 0 } });
  assert.match(
    calm.replace(/\s+/g, " "),
    /stolen under 1% of the CPU for a second: 91 s of waiting in all over 87 runs\./,
  );
  const stormy = renderReport({ ...tinyReport(), calmWait: { totalMs: 130_000, runs: 20, notCalm: 2 } });
  assert.match(
    stormy.replace(/\s+/g, " "),
    /over 20 runs, 2 of them started after a minute with the host still stealing\./,
  );
  assert.doesNotMatch(renderReport(tinyReport()), /waiting in all/);
});

Deno.test("checkTargets() puts the bare server's figures with the same answers beside the row they copy", () => {
  const report = tinyReport();
  report.rows.splice(2, 0, {
    name: "reference: bare Deno.serve, the same answers",
    note: "those of GET /api/v1/matches/{id}, kept and cloned",
    kind: "reference",
    sameAs: "GET /api/v1/matches/{id}",
    result: wrk(25_000, 7),
  });
  const p99 = checkTargets(report).find((c) => c.target.startsWith("p99"))!;
  assert.match(
    p99.measured,
    /worst 9\.00 ms \(GET \/api\/v1\/matches\/\{id\}, where the bare Deno\.serve sending the same answers had p99 7\.00 ms at 25,000 req\/s\)/,
  );
  // A reference is no served row: the worst p99 is judged on the app's rows only.
  assert.equal(p99.ok, false);
  assert.doesNotMatch(
    checkTargets(tinyReport()).find((c) => c.target.startsWith("p99"))!.measured,
    /same answers/,
  );
});
