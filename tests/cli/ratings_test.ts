import assert from "node:assert/strict";
import { runRatings } from "../../cli/ratings.ts";

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
}

Deno.test("[cli] ratings: a wrong command line prints the usage and exits 2", async () => {
  const t = io();
  assert.equal(await runRatings(["rebuid"], () => undefined, t.io), 2);
  assert.match(t.err.join("\n"), /Usage: deno task ratings rebuild/);
});

Deno.test("[cli] ratings rebuild runs on the store DATABASE_URL names", async () => {
  const t = io();
  const env = (name: string) => name === "DATABASE_URL" ? "sqlite::memory:" : undefined;
  assert.equal(await runRatings(["rebuild"], env, t.io), 0);
  assert.deepEqual(t.out, ["Rebuilt the ratings of 0 players from 0 rated matches"]);
});

Deno.test("[cli] ratings: a bad DATABASE_URL is one clear line, exit 1", async () => {
  const t = io();
  assert.equal(await runRatings(["rebuild"], () => "mysql://x", t.io), 1);
  assert.match(t.err[0]!, /DATABASE_URL/);
});
