import assert from "node:assert/strict";
import { parseOptions } from "../../bench/main.ts";
import { POINT_WRITE_HEADING, renderPointWrite } from "../../bench/point_write.ts";
import { schedulerSection } from "../../bench/scheduler_section.ts";

const none = () => undefined;

Deno.test("parseOptions() reads --only point-write and --points, and refuses another part", () => {
  const o = parseOptions(["--only", "point-write", "--points", "50"], none);
  assert.equal(o.only, "point-write");
  assert.equal(o.points, 50);
  assert.equal(parseOptions([], none).only, undefined);
  assert.throws(() => parseOptions(["--only", "reads"], none), /Invalid "--only" "reads"/);
});

Deno.test("renderPointWrite() writes a section of its own, one row per store", () => {
  const row = { points: 10, p50Ms: 1.234, p99Ms: 12.34, maxMs: 20, statements: 14, meanStatements: 14.5 };
  const section = renderPointWrite(
    [{ dialect: "sqlite", ...row }, { dialect: "postgres", ...row }],
    "deno task bench --only point-write",
    new Date("2026-12-05T03:00:00Z"),
  );
  assert.ok(section.startsWith(`${POINT_WRITE_HEADING}\n`));
  assert.match(section, /\| sqlite \| 10 \| 1\.23 \| 12\.3 \| 20\.0 \| 14 \| 14\.50 \|/);
  assert.match(section, /\| postgres \|/);
  assert.equal(schedulerSection(`# B\n\n${section}`, POINT_WRITE_HEADING).trim(), section.trim());
});
