import assert from "node:assert/strict";
import { earlierRuns, pairedMean, parseOptions, secondRunReason, stallAround } from "../../bench/main.ts";
import type { EndpointRow } from "../../bench/report.ts";
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

Deno.test("secondRunReason() asks for a second run when the machine stalled around a row or the row missed a target", () => {
  const fine = wrk(60_000);
  assert.equal(secondRunReason(row(wrk(58_000)), fine, wrk(62_000), 0.8), null, "nothing to doubt");
  assert.match(
    secondRunReason(row(wrk(58_000)), fine, wrk(30_000), 0.8)!,
    /baseline runs around it disagree: 60000 and 30000/,
  );
  assert.match(
    secondRunReason(row(wrk(58_000)), fine, wrk(60_000, 40), 0.8)!,
    /own p99 around it was 40\.0 ms/,
  );
  assert.match(
    secondRunReason(row(wrk(30_000)), fine, fine, 0.8)!,
    /ratio 0\.50/,
    "a hot read under its target",
  );
  assert.equal(secondRunReason(row(wrk(30_000)), fine, fine, 0.5), null, "PostgreSQL's target is 0.5");
  assert.equal(
    secondRunReason(
      row(wrk(30_000), { hot: false, name: "GET /api/v1/subevents/{id}/matches" }),
      fine,
      fine,
      0.8,
    ),
    null,
    "a category list is not judged on the hot-read ratio",
  );
  assert.match(
    secondRunReason(row(wrk(50_000), { kind: "revalidate", hot: false }), fine, fine, 0.8)!,
    /ratio 0\.83/,
  );
  assert.match(secondRunReason(row(wrk(60_000, 12)), fine, fine, 0.8)!, /p99 12\.0 ms/);
  assert.equal(
    secondRunReason({ ...row(fine), result: undefined }, fine, fine, 0.8),
    null,
    "nothing measured",
  );
});

Deno.test("stallAround() names a stall of the machine from the baseline runs around a row alone", () => {
  assert.equal(stallAround(wrk(60_000), wrk(62_000)), null);
  assert.match(stallAround(wrk(60_000), wrk(30_000))!, /disagree/);
  assert.match(stallAround(wrk(60_000, 9), wrk(60_000))!, /own p99 around it was 9\.0 ms/);
  assert.equal(stallAround(undefined, wrk(60_000)), null);
});

Deno.test("earlierRuns() says which run is reported and what the earlier ones measured", () => {
  assert.equal(
    earlierRuns([wrk(54_561, 5.9)], ["p99 5.9 ms"]),
    "second run (the first: 54561 req/s, p99 5.9 ms; p99 5.9 ms)",
  );
  assert.equal(
    earlierRuns([wrk(30_000, 40), wrk(50_000, 12)], ["p99 40.0 ms", "the baseline runs around it disagree"]),
    "third run (the first: 30000 req/s, p99 40.0 ms; p99 40.0 ms; then the second: 50000 req/s, p99 12.0 ms; " +
      "the baseline runs around it disagree)",
  );
});
