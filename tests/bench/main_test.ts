import assert from "node:assert/strict";
import { pairedMean, parseOptions } from "../../bench/main.ts";

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
