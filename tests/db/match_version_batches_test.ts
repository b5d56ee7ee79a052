import assert from "node:assert/strict";
import { MatchVersionBatches, MAX_BATCH } from "../../db/match_version_batches.ts";

/** A fake store: versions by id, a generation, and the reads made (each the ids it asked for). */
function fake() {
  const state = { generation: 1, now: 0, versions: new Map<string, string>(), reads: [] as string[][] };
  let fail = false;
  const batches = new MatchVersionBatches<string>(
    () => Promise.resolve(state.generation),
    (ids) => {
      state.reads.push([...ids].sort());
      if (fail) return Promise.reject(new Error("the store is away"));
      return Promise.resolve(
        new Map(ids.flatMap((id) => {
          const v = state.versions.get(id);
          return v === undefined ? [] : [[id, v] as [string, string]];
        })),
      );
    },
    () => state.now,
  );
  return { state, batches, failReads: (on: boolean) => fail = on };
}

Deno.test("MatchVersionBatches: one read per generation for every match asked about lately", async () => {
  const { state, batches } = fake();
  for (const id of ["a", "b", "c"]) state.versions.set(id, `${id}1`);
  assert.equal(await batches.row("a"), "a1");
  assert.equal(await batches.row("b"), "b1", "b was not in the first read: read on its own");
  assert.equal(await batches.row("a"), "a1");
  assert.equal(await batches.row("b"), "b1");
  assert.deepEqual(state.reads, [["a"], ["b"]]);
  // A write: the generation moves on; the first call reads every recent match at once.
  state.generation = 2;
  state.versions.set("b", "b2");
  assert.equal(await batches.row("a"), "a1");
  assert.equal(await batches.row("b"), "b2", "the batch read after the write shows it");
  assert.equal(await batches.row("c"), "c1");
  assert.deepEqual(state.reads.slice(2), [["a", "b"], ["c"]]);
  state.generation = 3;
  assert.equal(await batches.row("b"), "b2");
  assert.deepEqual(state.reads.at(-1), ["a", "b", "c"], "c is in the next generation's read");
});

Deno.test("MatchVersionBatches: calls at the same generation share a read in flight", async () => {
  const { state, batches } = fake();
  state.versions.set("a", "a1");
  await batches.row("a");
  state.generation = 2;
  const all = await Promise.all([batches.row("a"), batches.row("a"), batches.row("a")]);
  assert.deepEqual(all, ["a1", "a1", "a1"]);
  assert.equal(state.reads.length, 2);
});

Deno.test("MatchVersionBatches: a match that is not public is null; a failed read is not kept", async () => {
  const { state, batches, failReads } = fake();
  assert.equal(await batches.row("gone"), null);
  state.generation = 2;
  failReads(true);
  await assert.rejects(batches.row("gone"), /away/);
  failReads(false);
  state.versions.set("gone", "g1");
  assert.equal(await batches.row("gone"), "g1", "read again at the same generation");
});

Deno.test("MatchVersionBatches: a call that saw an older generation reads on its own", async () => {
  const { state, batches } = fake();
  state.versions.set("a", "a1");
  state.generation = 5;
  await batches.row("a");
  state.generation = 4;
  state.versions.set("a", "a2");
  assert.equal(await batches.row("a"), "a2");
  assert.deepEqual(state.reads, [["a"], ["a"]]);
});

Deno.test("MatchVersionBatches: matches not asked about for 10 s leave the batches; at most MAX_BATCH stay", async () => {
  const { state, batches } = fake();
  await batches.row("old");
  state.now = 10_001;
  state.generation = 2;
  await batches.row("new");
  assert.deepEqual(state.reads.at(-1), ["new"]);
  for (let i = 0; i < MAX_BATCH + 10; i++) await batches.row(`m${i}`);
  state.generation = 3;
  await batches.row("m0");
  assert.equal(state.reads.at(-1)!.length, MAX_BATCH);
});
