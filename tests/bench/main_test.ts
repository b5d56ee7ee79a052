import assert from "node:assert/strict";
import {
  type BaselineRun,
  earlierRuns,
  pairedMean,
  parseOptions,
  sameAnswersTarget,
  secondRunReason,
  stallAround,
} from "../../bench/main.ts";
import { STALL_STEAL } from "../../bench/cpu_steal.ts";
import { type EndpointRow, MAX_RUNS } from "../../bench/report.ts";
import type { WrkResult } from "../../bench/wrk.ts";
import { wrkResult as wrk } from "../support/wrk_result.ts";

const row = (result: WrkResult, extra: Partial<EndpointRow> = {}): EndpointRow => ({
  name: "GET /api/v1/matches/{id}",
  note: "100 live matches",
  kind: "read",
  hot: true,
  result,
  ...extra,
});

const noEnv = () => undefined;

Deno.test("parseOptions() gives --quick short rows and no growth", () => {
  const o = parseOptions(["--quick"], noEnv);
  assert.equal(o.quick, true);
  assert.equal(o.growth, false);
  assert.ok(o.seconds <= 2 && o.liveSeconds <= 15);
  assert.equal(parseOptions([], noEnv).growth, true);
});

Deno.test("parseOptions() reads flags after --quick and DATABASE_URL", () => {
  const o = parseOptions(
    ["--quick", "--seconds=5", "--overlays", "200", "--no-live", "--writer", "direct"],
    (n) => n === "DATABASE_URL" ? "postgres://u@h/db" : undefined,
  );
  assert.equal(o.seconds, 5);
  assert.equal(o.overlays, 200);
  assert.equal(o.live, false);
  assert.equal(o.writer, "direct");
  assert.equal(o.databaseUrl, "postgres://u@h/db");
  assert.throws(() => parseOptions(["--fast"], noEnv), /Unknown flag "--fast"/);
  assert.throws(() => parseOptions(["--seconds", "x"], noEnv), /Invalid "--seconds" "x"/);
  assert.throws(() => parseOptions(["--writer", "ftp"], noEnv), /Invalid "--writer" "ftp"/);
});

Deno.test("pairedMean() is the mean of the baseline runs around a row, or the one that ran", () => {
  assert.equal(pairedMean(40_000, 60_000), 50_000);
  assert.equal(pairedMean(undefined, 60_000), 60_000);
  assert.equal(pairedMean(40_000, undefined), 40_000);
  assert.equal(pairedMean(undefined, undefined), undefined);
});

const calm = (rps: number, p99Ms = 2): BaselineRun => ({ result: wrk(rps, p99Ms), steal: 0 });

Deno.test("secondRunReason() asks for a second run when the machine stalled around a row or the row missed a target", () => {
  const fine = calm(60_000);
  assert.equal(secondRunReason(row(wrk(58_000)), fine, calm(62_000), "sqlite"), null, "nothing to doubt");
  assert.match(
    secondRunReason(row(wrk(58_000)), fine, calm(30_000), "sqlite")!,
    /baseline runs around it disagree: 60000 and 30000/,
  );
  assert.match(
    secondRunReason(row(wrk(58_000)), fine, calm(60_000, 40), "sqlite")!,
    /own p99 around it was 40\.0 ms \(p50 1\.00 ms\)/,
  );
  assert.match(
    secondRunReason(row(wrk(58_000), { steal: 0.03 }), fine, fine, "sqlite")!,
    /the host took 3 % of the CPU \(steal\) around it/,
    "steal during the row itself",
  );
  assert.match(
    secondRunReason(row(wrk(30_000)), fine, fine, "sqlite")!,
    /ratio 0\.50/,
    "a hot read under its target",
  );
  assert.equal(secondRunReason(row(wrk(30_000)), fine, fine, "postgres"), null, "PostgreSQL's target is 0.5");
  assert.equal(
    secondRunReason(
      row(wrk(30_000), { hot: false, name: "GET /api/v1/subevents/{id}/matches" }),
      fine,
      fine,
      "sqlite",
    ),
    null,
    "a category list is not judged on the hot-read ratio",
  );
  assert.match(
    secondRunReason(row(wrk(50_000), { kind: "revalidate", hot: false }), fine, fine, "sqlite")!,
    /^ratio 0\.83, under the 0\.9 target$/,
  );
  assert.equal(secondRunReason(row(wrk(60_000, 12)), fine, fine, "sqlite"), "p99 not under the 5 ms target");
  assert.equal(
    secondRunReason(row(wrk(60_000, 12)), fine, fine, "postgres"),
    null,
    "the p99 target is SQLite's",
  );
  assert.equal(
    secondRunReason({ ...row(wrk(60_000)), result: undefined }, fine, fine, "sqlite"),
    null,
    "nothing measured",
  );
});

Deno.test("stallAround() names a stall of the machine from the steal and the baseline runs around a row", () => {
  assert.equal(stallAround(calm(60_000), calm(62_000)), null);
  assert.match(stallAround(calm(60_000), calm(30_000))!, /disagree/);
  assert.match(stallAround(calm(60_000, 9), calm(60_000))!, /own p99 around it was 9\.0 ms/);
  assert.equal(stallAround(undefined, calm(60_000)), null);
  // The host's steal during the row or either baseline run; below 1 % it is not one.
  assert.match(stallAround(calm(60_000), calm(60_000), STALL_STEAL)!, /took 1 % of the CPU/);
  assert.match(stallAround({ ...calm(60_000), steal: 0.12 }, calm(60_000), 0)!, /took 12 % of the CPU/);
  assert.equal(stallAround(calm(60_000), { ...calm(60_000), steal: 0.004 }, null), null);
  // A bare server moving a large body misses 5 ms on its own bytes: a tail in line with its median is no stall.
  const large = (p50Ms: number, p99Ms: number): BaselineRun => ({
    result: { ...wrk(14_000, p99Ms), p50Ms },
    steal: 0,
  });
  assert.equal(stallAround(large(3.6, 12.5), large(3.0, 9.0)), null);
  assert.match(
    stallAround(large(1.2, 26.2), large(1.0, 2.3))!,
    /own p99 around it was 26\.2 ms \(p50 1\.20 ms\)/,
  );
});

Deno.test("earlierRuns() says which run is reported and what the earlier ones measured", () => {
  assert.equal(
    earlierRuns([wrk(54_561, 5.9)], ["p99 not under the 5 ms target"]),
    "second run (the first: 54561 req/s, p99 5.9 ms; p99 not under the 5 ms target)",
  );
  assert.equal(
    earlierRuns([wrk(30_000, 40), wrk(50_000, 12)], [
      "p99 not under the 5 ms target",
      "the baseline runs around it disagree",
    ]),
    "third run (the first: 30000 req/s, p99 40.0 ms; p99 not under the 5 ms target; then the second: 50000 req/s, p99 12.0 ms; " +
      "the baseline runs around it disagree)",
  );
  // As many earlier runs as a row may have: each is named.
  const stalls = Array.from({ length: MAX_RUNS - 1 }, (_, i) => wrk(30_000 + i * 1_000, 40));
  const note = earlierRuns(stalls, stalls.map(() => "stall"));
  assert.match(note, /^fifth run \(the first: 30000 .*then the fourth: 33000 req\/s/);
  assert.doesNotMatch(note, /undefined/);
});

Deno.test("sameAnswersTarget() is a reference row asking the bare server for a row's own answers", () => {
  const target = sameAnswersTarget({
    name: "GET /api/v1/subevents/{id}/matches",
    note: "2 categories",
    kind: "read",
    expect: 200,
    requests: [{ path: "/api/v1/subevents/a/matches" }, { path: "/api/v1/subevents/b/matches" }],
    sameAnswers: true,
  });
  assert.equal(target.kind, "reference");
  assert.equal(target.sameAs, "GET /api/v1/subevents/{id}/matches");
  assert.equal(target.sameAnswers, undefined, "the reference has no reference of its own");
  assert.deepEqual(target.requests.map((r) => r.path), [
    "/same/api/v1/subevents/a/matches",
    "/same/api/v1/subevents/b/matches",
  ]);
});
