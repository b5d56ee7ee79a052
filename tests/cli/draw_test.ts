import assert from "node:assert/strict";
import { parseDrawArgs, renderDraw, runDraw, runDrawCommand, UsageError } from "../../cli/draw.ts";
import { drawJson } from "../../api/manage/draws.ts";
import { readDrawDetail } from "../../db/read_draw_detail.ts";
import type { CategoryFormat } from "../../db/schema.ts";
import type { Store } from "../../db/store.ts";
import { makeDrawSlot, makeEntry, makePlayer } from "../support/fixtures.ts";
import { storeTest } from "../support/stores.ts";
import { makeRatedCategory, openDraftDraw } from "../support/rated_category.ts";

const T0 = new Date("2026-11-28T10:00:00.000Z");

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
}

/** An event "club-open" with a category "MS" of `entries` rated players (the first `seeds` seeded). */
function makeCategory(store: Store, o: { format?: CategoryFormat; entries: number; seeds?: number }) {
  return makeRatedCategory(store, {
    ...o,
    event: { slug: "club-open", status: "draft" },
    category: { code: "MS", name: "Men's singles" },
  });
}

const ref = ["--event", "club-open", "--category", "MS"];

Deno.test("parseDrawArgs() reads generate, show, lock, unlock and advance", () => {
  assert.deepEqual(
    parseDrawArgs(["generate", ...ref, "--group-size=4", "--qualifiers", "2", "--seed", "s1"]),
    {
      kind: "generate",
      event: "club-open",
      category: "MS",
      options: { groupSize: 4, qualifiersPerGroup: 2, lotSeed: "s1" },
    },
  );
  assert.deepEqual(parseDrawArgs(["generate", ...ref]), {
    kind: "generate",
    event: "club-open",
    category: "MS",
    options: {},
  });
  assert.deepEqual(parseDrawArgs(["show", ...ref, "--json"]), {
    kind: "show",
    event: "club-open",
    category: "MS",
    json: true,
  });
  assert.deepEqual(parseDrawArgs(["lock", ...ref]), { kind: "lock", event: "club-open", category: "MS" });
  assert.deepEqual(parseDrawArgs(["unlock", ...ref]), { kind: "unlock", event: "club-open", category: "MS" });
  assert.deepEqual(parseDrawArgs(["advance", ...ref, "--group", "B", "--lots", "e1, e2"]), {
    kind: "advance",
    event: "club-open",
    category: "MS",
    group: "B",
    lots: ["e1", "e2"],
  });
});

Deno.test("parseDrawArgs() refuses bad command lines with a message naming the flag", () => {
  const cases: [string[], RegExp][] = [
    [[], /Missing command/],
    [["shuffle", ...ref], /Unknown command "shuffle": expected generate, show, lock, unlock or advance/],
    [["generate", "--category", "MS"], /Missing "--event"/],
    [["generate", "--event", "club-open"], /Missing "--category"/],
    [["generate", ...ref, "--group-size", "17"], /Invalid "--group-size": expected 3 to 16, got "17"/],
    [["generate", ...ref, "--group-size", "two"], /Invalid "--group-size"/],
    [["generate", ...ref, "--qualifiers", "3"], /Invalid "--qualifiers": expected 1 or 2, got "3"/],
    [["generate", ...ref, "--seed"], /Flag "--seed" needs a value/],
    [["generate", ...ref, "--seed", "--group-size", "4"], /Flag "--seed" needs a value/],
    [["lock", ...ref, "--group-size", "4"], /Unknown flag "--group-size" for "lock"/],
    [["show", ...ref, "--json=yes"], /Flag "--json" takes no value/],
    [["advance", ...ref, "--lots", "a,b"], /Invalid "--lots": name the "--group"/],
    [
      ["advance", ...ref, "--group", "A", "--lots", "a,,b"],
      /Invalid "--lots": expected players' names \(or entry ids\)/,
    ],
    [["show", "club-open"], /Unexpected argument "club-open"/],
    [["lock", ...ref, "--category=other"], /Option "--category" is given more than once/],
    [["show", ...ref, "--json", "--json"], /Option "--json" is given more than once/],
  ];
  for (const [args, message] of cases) {
    assert.throws(() => parseDrawArgs(args), (e: unknown) => {
      assert.ok(e instanceof UsageError, String(e));
      assert.match(e.message, message);
      return true;
    });
  }
});

Deno.test("runDraw() answers a usage error with exit code 2 and the usage", async () => {
  const c = capture();
  assert.equal(await runDraw(["generate", ...ref, "--group-size", "19"], () => undefined, c.io), 2);
  assert.match(c.err[0]!, /Invalid "--group-size"/);
  assert.match(c.err.join("\n"), /Usage: deno task draw generate/);
});

Deno.test("runDraw() opens the store DATABASE_URL names and reports an unknown event", async () => {
  const c = capture();
  const env = (name: string) => name === "DATABASE_URL" ? "sqlite::memory:" : undefined;
  assert.equal(await runDraw(["show", ...ref], env, c.io, T0), 1);
  assert.match(c.err[0]!, /Cannot find the draw: no event has the slug "club-open" \("--event"\)/);
});

storeTest("runDrawCommand() generates, shows a text bracket and locks a knockout draw", async (store) => {
  const cat = await makeCategory(store, { entries: 6, seeds: 2 });
  const g = capture();
  assert.equal(
    await runDrawCommand(store, parseDrawArgs(["generate", ...ref, "--seed", "cli-1"]), g.io, T0),
    0,
  );
  assert.match(g.out[0]!, /Drew "MS" \(knockout\): 8 slots, 0 groups, 5 matches; lot seed "cli-1"/);
  const s = capture();
  assert.equal(await runDrawCommand(store, parseDrawArgs(["show", ...ref]), s.io, T0), 0);
  const text = s.out.join("\n");
  assert.match(text, /^Men's singles \(MS\), event club-open/);
  assert.match(text, /Draw: draft, lot seed "cli-1"/);
  assert.match(text, /Knockout, 8 slots\nQuarter-final\n {2}1\. Player 1 \[1\] {2}v {2}Bye\n/);
  assert.match(text, /Semi-final\n {2}1\. Player 1 \[1\] {2}v {2}Winner of Quarter-final 2\n/);
  assert.match(text, /Final\n {2}1\. Winner of Semi-final 1 {2}v {2}Winner of Semi-final 2$/);
  const j = capture();
  await runDrawCommand(store, parseDrawArgs(["show", ...ref, "--json"]), j.io, T0);
  const json = JSON.parse(j.out.join("\n"));
  assert.deepEqual([json.lotSeed, json.size, json.bracket.rounds.length], ["cli-1", 8, 3]);
  const l = capture();
  assert.equal(await runDrawCommand(store, parseDrawArgs(["lock", ...ref]), l.io, T0), 0);
  assert.equal(l.out[0], `The draw of "MS" is now locked`);
  const again = capture();
  assert.equal(await runDrawCommand(store, parseDrawArgs(["generate", ...ref]), again.io, T0), 1);
  assert.match(again.err[0]!, /Cannot draw "Men's singles" again: the draw is locked \(unlock first\)/);
  const audit = await store.db.selectFrom("audit_log").select(["action", "token_label"]).orderBy("at")
    .execute();
  assert.deepEqual(audit.map((a) => [a.action, a.token_label]), [["draw.generate", "cli"], [
    "draw.lock",
    "cli",
  ]]);
  assert.equal(cat.entryIds.length, 6);
});

storeTest("runDrawCommand() shows groups and refuses to advance from an undecided group", async (store) => {
  await makeCategory(store, { format: "groups_knockout", entries: 8, seeds: 2 });
  const g = capture();
  assert.equal(
    await runDrawCommand(
      store,
      parseDrawArgs(["generate", ...ref, "--group-size", "4", "--seed", "gk"]),
      g.io,
      T0,
    ),
    0,
  );
  const s = capture();
  await runDrawCommand(store, parseDrawArgs(["show", ...ref]), s.io, T0);
  const text = s.out.join("\n");
  assert.match(text, /groups feeding a knockout, best of 3, groups of 4, 2 from each group/);
  assert.match(text, /\nGroup A\n {2}1\. Player 1 \[1\]\n/);
  assert.match(text, /\n {2}Round 1: .+ v .+; .+ v .+\n/);
  assert.match(text, /1st Group [AB] {2}v {2}2nd Group [AB]/);
  const a = capture();
  assert.equal(await runDrawCommand(store, parseDrawArgs(["advance", ...ref, "--group", "A"]), a.io, T0), 1);
  assert.match(
    a.err[0]!,
    /Cannot advance from "Group A": Player \d+ v Player \d+ \(.+, Group A\) is not decided yet/,
  );
  const z = capture();
  assert.equal(await runDrawCommand(store, parseDrawArgs(["advance", ...ref, "--group", "Z"]), z.io, T0), 1);
  assert.match(z.err[0]!, /^Invalid "--group": "Men's singles" has no group "Z"/);
  const all = capture();
  assert.equal(await runDrawCommand(store, parseDrawArgs(["advance", ...ref]), all.io, T0), 0);
  assert.match(all.out.join("\n"), /Group A place 1: pending[\s\S]*Nothing changed/);
});

storeTest("runDrawCommand() refuses what cannot be drawn or locked, naming the problem", async (store) => {
  const cat = await makeCategory(store, { entries: 1 });
  const few = capture();
  assert.equal(await runDrawCommand(store, parseDrawArgs(["generate", ...ref]), few.io, T0), 1);
  assert.match(few.err[0]!, /Cannot draw "Men's singles": it has 1 entry, at least 2 are needed/);
  const unknown = capture();
  assert.equal(
    await runDrawCommand(
      store,
      parseDrawArgs(["show", "--event", "club-open", "--category", "XD"]),
      unknown.io,
      T0,
    ),
    1,
  );
  assert.match(
    unknown.err[0]!,
    /event "club-open" has no category "XD" \("--category"; its categories: MS\)/,
  );
  const p = await makePlayer(store.db, { display_name: "Player 2" });
  await makeEntry(store.db, { subevent_id: cat.categoryId, player1_id: p.id });
  await openDraftDraw(store, cat.categoryId, 2);
  await makeDrawSlot(store.db, { subevent_id: cat.categoryId, position: 0, entry_id: cat.entryIds[0]! });
  await makeDrawSlot(store.db, { subevent_id: cat.categoryId, position: 1 });
  const lock = capture();
  assert.equal(await runDrawCommand(store, parseDrawArgs(["lock", ...ref]), lock.io, T0), 1);
  assert.match(lock.err[0]!, /Cannot lock the draw of "Men's singles": position 2 is assigned to nothing/);
  const text = renderDraw(drawJson((await readDrawDetail(store.db, cat.categoryId))!)).join("\n");
  assert.match(text, /Positions assigned to nothing \(a lock is refused\): 2/);
  assert.match(text, /1\. Player 1 {2}v {2}To be decided/);
});
