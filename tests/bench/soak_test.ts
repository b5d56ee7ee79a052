import assert from "node:assert/strict";
import { parseSoakOptions, pathTemplate, residentBytes } from "../../bench/soak.ts";

Deno.test("parseSoakOptions() has 10-minute defaults and reads its flags", () => {
  const env = () => undefined;
  assert.deepEqual(parseSoakOptions([], env), {
    seconds: 600,
    warmup: 60,
    rate: 300,
    out: "docs/soak.md",
    databaseUrl: undefined,
  });
  const o = parseSoakOptions(["--seconds", "30", "--warmup=5", "--rate", "50", "--out", "/tmp/x.md"], env);
  assert.deepEqual([o.seconds, o.warmup, o.rate, o.out], [30, 5, 50, "/tmp/x.md"]);
  assert.throws(() => parseSoakOptions(["--seconds", "ten"], env), /--seconds/);
  assert.throws(() => parseSoakOptions(["--warmup", "600"], env), /--warmup/);
  assert.throws(() => parseSoakOptions(["--bogus", "1"], env), /--bogus/);
});

Deno.test("residentBytes() reads a process's resident memory, null for no such process", () => {
  const own = residentBytes(Deno.pid);
  assert.ok(own === null || own > 1024 * 1024);
  assert.equal(residentBytes(2 ** 31 - 2), null);
});

Deno.test("pathTemplate() names the ids of a path {id}", () => {
  assert.equal(pathTemplate("/t/open/c/0000003A-0000-4000-8000-000000000001"), "/t/open/c/{id}");
  assert.equal(
    pathTemplate("/api/v1/subevents/000000ca-0000-4000-8000-000000000017/matches"),
    "/api/v1/subevents/{id}/matches",
  );
  assert.equal(pathTemplate("/api/v1/rankings?offset=500"), "/api/v1/rankings?offset=500");
});
