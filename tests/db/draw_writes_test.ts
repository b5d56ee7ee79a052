import { buildDraw } from "../../views/draw.ts";
import assert from "node:assert/strict";
import { advanceGroups, fillGroupQualifiers, generateDraw, groupLotSeed } from "../../db/draw_writes.ts";
import { readDrawDetail, unassignedPositions } from "../../db/read_draw_detail.ts";
import { setDrawLocked } from "../../db/manage_writes.ts";
import { type MatchAction, writeMatch } from "../../db/match_writes.ts";
import type { CategoryFormat, MatchRow } from "../../db/schema.ts";
import type { Store } from "../../db/store.ts";
import { roundRobinOrder } from "../../domain/groups.ts";
import { makeDrawSlot, makeEntry } from "../support/fixtures.ts";
import { storeTest } from "../support/stores.ts";
import { refused } from "../support/write_errors.ts";
import { makeRatedCategory, openDraftDraw, type RatedCategory } from "../support/rated_category.ts";

const T0 = new Date("2026-11-28T10:00:00.000Z");
const ctx = { actor: "desk", now: T0 };

/** An event with one category of `entries` rated players (the first `seeds` seeded), ratings rebuilt. */
function makeCategory(
  store: Store,
  o: { format?: CategoryFormat; entries: number; seeds?: number; doubles?: boolean; associations?: string[] },
): Promise<RatedCategory> {
  return makeRatedCategory(store, {
    ...o,
    event: { status: "published" },
    category: { code: "MS", name: "Men's singles" },
    player: (i) => ({
      association: o.associations?.[i % o.associations.length] ?? null,
      prior_deviation: 80,
      prior_match_count: 10,
    }),
  });
}

async function matchesOf(
  store: Store,
  categoryId: string,
  stage?: "group" | "knockout",
): Promise<MatchRow[]> {
  let q = store.db.selectFrom("matches").selectAll().where("subevent_id", "=", categoryId);
  if (stage) q = q.where("stage", "=", stage);
  return await q.orderBy("stage").orderBy("group_id").orderBy("round_no").orderBy("bracket_pos").execute();
}

async function slotsOf(store: Store, categoryId: string) {
  return (await store.db.selectFrom("draw_slots").selectAll().where("subevent_id", "=", categoryId)
    .orderBy("position").execute()).map((s) => ({
      position: Number(s.position),
      entry: s.entry_id,
      bye: Number(s.is_bye) === 1,
      group: s.qualifier_group === null ? null : Number(s.qualifier_group),
      place: s.qualifier_place === null ? null : Number(s.qualifier_place),
    }));
}

async function predicted(store: Store, categoryId: string): Promise<Set<string>> {
  const rows = await store.db.selectFrom("predictions").innerJoin(
    "matches",
    "matches.id",
    "predictions.match_id",
  )
    .select("predictions.match_id").where("matches.subevent_id", "=", categoryId).execute();
  return new Set(rows.map((r) => r.match_id));
}

const revisionOf = async (store: Store) =>
  Number((await store.db.selectFrom("revisions").select("value").executeTakeFirstOrThrow()).value);

async function category(store: Store, id: string) {
  return await store.db.selectFrom("subevents").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

const w = (store: Store, id: string, action: MatchAction) => writeMatch(store, id, action, ctx);

/** Plays a best of 3 to a 2-0 win of `side` (11-0, 11-0) through the write path. */
async function win(store: Store, id: string, side: "home" | "away") {
  await w(store, id, { type: "start", firstServer: "home" });
  for (let i = 0; i < 22; i++) await w(store, id, { type: "point", side });
}

/** The pairings of a draw, without ids: what must be equal when a draw is reproduced. */
async function pairings(store: Store, categoryId: string) {
  const m = await matchesOf(store, categoryId);
  const groups = await store.db.selectFrom("groups").select(["id", "name"]).where(
    "subevent_id",
    "=",
    categoryId,
  )
    .execute();
  const name = new Map(groups.map((g) => [g.id, g.name]));
  return m.map((x) =>
    [
      x.stage,
      x.group_id ? name.get(x.group_id) : null,
      x.round_no,
      x.bracket_pos,
      x.label,
      x.home_entry_id,
      x.away_entry_id,
    ].join("|")
  ).sort();
}

storeTest(
  "generateDraw() draws a knockout: slots with byes, every match of every round, byes advanced, predictions",
  async (store) => {
    const c = await makeCategory(store, { entries: 6, seeds: 2 });
    const before = await revisionOf(store);
    const made = await generateDraw(store, c.categoryId, { lotSeed: "spring-2026" }, ctx);
    assert.deepEqual(
      [
        made.format,
        made.drawState,
        made.lotSeed,
        made.size,
        made.groupCount,
        made.matchCount,
        made.groupsKept,
      ],
      ["knockout", "draft", "spring-2026", 8, 0, 5, false],
    );
    const slots = await slotsOf(store, c.categoryId);
    assert.equal(slots.length, 8);
    assert.equal(slots.filter((s) => s.bye).length, 2);
    assert.deepEqual([slots[0]!.entry, slots[1]!.bye], [c.entryIds[0], true], "seed 1 on top, facing a bye");
    assert.deepEqual(
      [slots[7]!.entry, slots[6]!.bye],
      [c.entryIds[1], true],
      "seed 2 at the bottom, facing a bye",
    );
    assert.deepEqual(new Set(slots.flatMap((s) => s.entry ? [s.entry] : [])), new Set(c.entryIds));

    const ko = await matchesOf(store, c.categoryId, "knockout");
    assert.deepEqual(
      ko.map((m) => [m.round_no, m.bracket_pos, m.label]),
      [[1, 1, "Quarter-final"], [1, 2, "Quarter-final"], [2, 0, "Semi-final"], [2, 1, "Semi-final"], [
        3,
        0,
        "Final",
      ]],
      "no match row for a pairing with a bye",
    );
    const semi = ko.filter((m) => m.round_no === 2);
    assert.deepEqual(
      [semi[0]!.home_entry_id, semi[0]!.away_entry_id],
      [c.entryIds[0], null],
      "the bye advanced",
    );
    assert.deepEqual([semi[1]!.home_entry_id, semi[1]!.away_entry_id], [null, c.entryIds[1]]);
    for (const m of ko.filter((m) => m.round_no === 1)) {
      assert.deepEqual([m.home_entry_id, m.away_entry_id], [
        slots[2 * m.bracket_pos]!.entry,
        slots[2 * m.bracket_pos + 1]!.entry,
      ]);
      assert.equal(m.status, "scheduled");
    }
    assert.deepEqual(
      await predicted(store, c.categoryId),
      new Set(ko.filter((m) => m.round_no === 1).map((m) => m.id)),
    );

    const sub = await category(store, c.categoryId);
    assert.deepEqual([sub.draw_state, sub.draw_seed, Number(sub.draw_size)], ["draft", "spring-2026", 8]);
    assert.ok(await revisionOf(store) > before);
    const audit = await store.db.selectFrom("audit_log").selectAll().where("action", "=", "draw.generate")
      .execute();
    assert.equal(audit.length, 1);
    assert.equal(audit[0]!.token_label, "desk");
    assert.equal(JSON.parse(audit[0]!.detail).lotSeed, "spring-2026");
  },
);

storeTest(
  "generateDraw() reproduces a draw from its stored seed, and a new lot without one",
  async (store) => {
    const c = await makeCategory(store, {
      format: "groups_knockout",
      entries: 11,
      seeds: 3,
      associations: ["A", "B", "C"],
    });
    const first = await generateDraw(store, c.categoryId, { groupSize: 4 }, ctx);
    assert.match(first.lotSeed, /^[0-9a-f]{32}$/, "a crypto-random seed when none is given");
    assert.equal((await category(store, c.categoryId)).draw_seed, first.lotSeed);
    const drawn = await pairings(store, c.categoryId);
    const slots = await slotsOf(store, c.categoryId);

    const other = await generateDraw(store, c.categoryId, {}, ctx);
    assert.notEqual(other.lotSeed, first.lotSeed);

    const again = await generateDraw(store, c.categoryId, { lotSeed: first.lotSeed }, ctx);
    assert.equal(again.lotSeed, first.lotSeed);
    assert.deepEqual(
      await pairings(store, c.categoryId),
      drawn,
      "the same seed gives the same groups and matches",
    );
    assert.deepEqual(await slotsOf(store, c.categoryId), slots, "and the same knockout slots");
    assert.equal(groupLotSeed(first.lotSeed), `${first.lotSeed}/groups`);
    const audit = await store.db.selectFrom("audit_log").select("detail").where(
      "action",
      "=",
      "draw.generate",
    )
      .orderBy("at").orderBy("id").execute();
    assert.equal(audit.length, 3, "every draw is audited with its seed");
  },
);

storeTest("generateDraw() draws groups with round-robin matches in the order of play", async (store) => {
  const c = await makeCategory(store, { format: "groups", entries: 10, seeds: 2 });
  const made = await generateDraw(store, c.categoryId, { lotSeed: "g", groupSize: 4 }, ctx);
  assert.deepEqual([made.size, made.groupCount, made.groupSize, made.qualifiersPerGroup], [null, 3, 4, 1]);
  const groups = await store.db.selectFrom("groups").selectAll().where("subevent_id", "=", c.categoryId)
    .orderBy("position").execute();
  assert.deepEqual(groups.map((g) => g.name), ["A", "B", "C"]);
  const detail = (await readDrawDetail(store.db, c.categoryId))!;
  assert.deepEqual(detail.groups.map((g) => g.members.length), [3, 3, 4], "the snake ends in group C");
  assert.equal(detail.groups[0]!.members[0]!.entryId, c.entryIds[0], "seed 1 heads group A");
  assert.equal(detail.groups[1]!.members[0]!.entryId, c.entryIds[1], "seed 2 heads group B");
  assert.deepEqual(await slotsOf(store, c.categoryId), []);
  for (const [gi, g] of detail.groups.entries()) {
    const own = (await matchesOf(store, c.categoryId, "group")).filter((m) => m.group_id === g.id)
      .sort((a, b) => a.bracket_pos - b.bracket_pos);
    const order = roundRobinOrder(g.members.length, 1);
    const expected = order.flatMap((round, r) =>
      round.map(([a, b]) => [r + 1, g.members[a]!.entryId, g.members[b]!.entryId])
    );
    assert.deepEqual(own.map((m) => [m.round_no, m.home_entry_id, m.away_entry_id]), expected);
    assert.deepEqual(own.map((m) => m.bracket_pos), own.map((_, i) => i), "positions in order of play");
    assert.ok(own.every((m) => m.label === `Group ${"ABC"[gi]}`));
  }
  assert.equal((await predicted(store, c.categoryId)).size, 12, "every group match has both sides known");
  const sub = await category(store, c.categoryId);
  assert.deepEqual([sub.draw_size, Number(sub.group_size), Number(sub.qualifiers_per_group)], [null, 4, 1]);
});

storeTest(
  "generateDraw() for groups feeding a knockout writes qualifier slots, and a final group fills the knockout",
  async (store) => {
    const c = await makeCategory(store, { format: "groups_knockout", entries: 8, seeds: 2 });
    const made = await generateDraw(store, c.categoryId, {
      lotSeed: "gk",
      groupSize: 4,
      qualifiersPerGroup: 2,
    }, ctx);
    assert.deepEqual([made.groupCount, made.size, made.matchCount], [2, 4, 12 + 3]);
    const slots = await slotsOf(store, c.categoryId);
    assert.deepEqual(
      slots.map((s) => [s.group, s.place]).sort(),
      [[0, 1], [0, 2], [1, 1], [1, 2]],
      "each group's two places, once",
    );
    let ko = await matchesOf(store, c.categoryId, "knockout");
    assert.ok(ko.every((m) => m.home_entry_id === null && m.away_entry_id === null));
    assert.deepEqual(ko.map((m) => m.label), ["Semi-final", "Semi-final", "Final"]);

    const detail = (await readDrawDetail(store.db, c.categoryId))!;
    const [groupA, groupB] = detail.groups;
    // Every group match won by the home side, by walkover: the finishing order is the members' order.
    const playGroup = async (groupId: string) => {
      for (const m of (await matchesOf(store, c.categoryId, "group")).filter((m) => m.group_id === groupId)) {
        await w(store, m.id, { type: "walkover", winner: "home" });
      }
    };
    const sideOf = (group: number, place: number) => {
      const p = slots.find((s) => s.group === group && s.place === place)!.position;
      return { pos: Math.floor(p / 2), column: p % 2 === 0 ? "home_entry_id" : "away_entry_id" } as const;
    };
    const groupAMatches = (await matchesOf(store, c.categoryId, "group")).filter((m) =>
      m.group_id === groupA!.id
    );
    for (const m of groupAMatches.slice(0, -1)) await w(store, m.id, { type: "walkover", winner: "home" });
    ko = await matchesOf(store, c.categoryId, "knockout");
    assert.ok(
      ko.every((m) => m.home_entry_id === null && m.away_entry_id === null),
      "not before the last match",
    );
    await w(store, groupAMatches.at(-1)!.id, { type: "walkover", winner: "home" });

    ko = await matchesOf(store, c.categoryId, "knockout");
    const winnerA = sideOf(0, 1);
    const runnerA = sideOf(0, 2);
    const expected = [groupA!.members[0]!.entryId, groupA!.members[1]!.entryId];
    assert.equal(
      ko.find((m) => m.round_no === 1 && m.bracket_pos === winnerA.pos)![winnerA.column],
      expected[0],
    );
    assert.equal(
      ko.find((m) => m.round_no === 1 && m.bracket_pos === runnerA.pos)![runnerA.column],
      expected[1],
    );
    const filled = await slotsOf(store, c.categoryId);
    assert.equal(
      filled.find((s) => s.group === 0 && s.place === 1)!.entry,
      expected[0],
      "the slot names the entry",
    );
    assert.equal(filled.find((s) => s.group === 0 && s.place === 1)!.place, 1, "and keeps its qualifier");
    assert.equal(
      (await predicted(store, c.categoryId)).size,
      12,
      "no knockout prediction while a side is open",
    );

    await playGroup(groupB!.id);
    ko = await matchesOf(store, c.categoryId, "knockout");
    const semis = ko.filter((m) => m.round_no === 1);
    assert.ok(semis.every((m) => m.home_entry_id !== null && m.away_entry_id !== null));
    const known = await predicted(store, c.categoryId);
    assert.ok(semis.every((m) => known.has(m.id)), "predictions frozen once both sides are known");
    // The public bracket (as served once locked) still says where each semi-finalist came from.
    const shown = (await readDrawDetail(store.db, c.categoryId))!;
    const bracket = buildDraw({
      category: { ...shown.category, drawState: "locked" },
      slots: shown.slots,
      matches: shown.matches,
      entries: shown.entries,
      groups: shown.groups,
    })!;
    const firstRound = bracket.rounds[0]!.matches.flatMap((m) => [m.home, m.away]);
    assert.ok(
      firstRound.every((side) => side.kind === "entry" && side.qualifier !== null),
      "first-round sides keep their qualifier",
    );
  },
);

storeTest("a group winner facing a bye goes straight into round 2 when the group is final", async (store) => {
  const c = await makeCategory(store, { format: "groups_knockout", entries: 9, seeds: 3 });
  await generateDraw(store, c.categoryId, { lotSeed: "bye", groupSize: 3, qualifiersPerGroup: 1 }, ctx);
  const slots = await slotsOf(store, c.categoryId);
  assert.deepEqual(slots.map((s) => s.bye ? "bye" : `${s.group}:${s.place}`), ["0:1", "bye", "2:1", "1:1"]);
  const detail = (await readDrawDetail(store.db, c.categoryId))!;
  const groupA = detail.groups[0]!;
  for (const m of (await matchesOf(store, c.categoryId, "group")).filter((m) => m.group_id === groupA.id)) {
    await w(store, m.id, { type: "walkover", winner: "home" });
  }
  const ko = await matchesOf(store, c.categoryId, "knockout");
  assert.deepEqual(ko.map((m) => [m.round_no, m.bracket_pos]), [[1, 1], [2, 0]]);
  assert.equal(ko[1]!.home_entry_id, groupA.members[0]!.entryId, "the winner of A is in the final at once");
  assert.equal(ko[0]!.home_entry_id, null);
});

storeTest("a group still tied by lot blocks its place until a lot order is given", async (store) => {
  const c = await makeCategory(store, { format: "groups_knockout", entries: 6, seeds: 2 });
  await generateDraw(store, c.categoryId, { lotSeed: "tie", groupSize: 3, qualifiersPerGroup: 1 }, ctx);
  const detail = (await readDrawDetail(store.db, c.categoryId))!;
  const groupA = detail.groups[0]!;
  const own = (await matchesOf(store, c.categoryId, "group")).filter((m) => m.group_id === groupA.id);
  // A cycle of walkovers: 2 match points each and no games among them, so only a lot separates them.
  const beats = new Map([[groupA.members[0]!.entryId, groupA.members[1]!.entryId], [
    groupA.members[1]!.entryId,
    groupA.members[2]!.entryId,
  ], [groupA.members[2]!.entryId, groupA.members[0]!.entryId]]);
  for (const m of own) {
    const homeWins = beats.get(m.home_entry_id!) === m.away_entry_id;
    await w(store, m.id, { type: "walkover", winner: homeWins ? "home" : "away" });
  }
  const slotA = (await slotsOf(store, c.categoryId)).find((s) => s.group === 0 && s.place === 1)!;
  assert.equal(slotA.entry, null, "tied: nobody placed");
  await refused(
    advanceGroups(store, c.categoryId, { group: "A" }, ctx),
    409,
    "tied-by-lot",
    /Cannot advance from "Group A": place 1 is tied until a lot order is given/,
  );
  const lots = [groupA.members[2]!.entryId, groupA.members[0]!.entryId, groupA.members[1]!.entryId];
  const result = await advanceGroups(store, c.categoryId, { group: "A", lots }, ctx);
  assert.equal(result.changed, true);
  assert.deepEqual(result.placements.map((p) => [p.groupName, p.place, p.entryId, p.state]), [
    ["A", 1, lots[0], "placed"],
  ]);
  assert.equal((await slotsOf(store, c.categoryId)).find((s) => s.group === 0)!.entry, lots[0]);
  await refused(
    advanceGroups(store, c.categoryId, { group: "A", lots: [lots[0]!, lots[0]!] }, ctx),
    400,
    "invalid-body",
    /Invalid "lots\[1\]": ".*" is listed twice/,
  );
});

storeTest("advanceGroups() refuses to advance from a group with an undecided match", async (store) => {
  const c = await makeCategory(store, { format: "groups_knockout", entries: 8 });
  await generateDraw(store, c.categoryId, { lotSeed: "adv", groupSize: 4 }, ctx);
  const before = await revisionOf(store);
  await refused(
    advanceGroups(store, c.categoryId, { group: "A" }, ctx),
    409,
    "group-not-complete",
    /Cannot advance from "Group A": Player \d+ v Player \d+ \(.+, Group A\) is not decided yet/,
  );
  await refused(
    advanceGroups(store, c.categoryId, { group: "Z" }, ctx),
    400,
    "invalid-body",
    /Invalid "group": "Men's singles" has no group "Z" \(groups: A, B\)/,
  );
  const all = await advanceGroups(store, c.categoryId, {}, ctx);
  assert.equal(all.changed, false);
  assert.ok(all.placements.every((p) => p.state === "pending" && p.entryId === null));
  assert.equal(await revisionOf(store), before, "nothing changed, nothing written");
});

storeTest(
  "setDrawLocked() from 8 requests at once: one changes the draw, the others find it done",
  async (store) => {
    const c = await makeCategory(store, { entries: 5, seeds: 2 });
    await generateDraw(store, c.categoryId, { lotSeed: "race" }, ctx);
    const before = await revisionOf(store);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => setDrawLocked(store, c.categoryId, true, ctx)),
    );
    assert.equal(results.filter((r) => r.changed).length, 1);
    assert.ok(results.every((r) => r.status === "locked"));
    const audits = await store.db.selectFrom("audit_log").select("id").where("action", "=", "draw.lock")
      .execute();
    assert.equal(audits.length, 1, "one audit row");
    assert.equal(await revisionOf(store), before + 1, "one revision bump");
  },
);

storeTest("a knockout drawn by the service is played through writeMatch to a champion", async (store) => {
  const c = await makeCategory(store, { entries: 5, seeds: 2 });
  await generateDraw(store, c.categoryId, { lotSeed: "play" }, ctx);
  assert.equal((await setDrawLocked(store, c.categoryId, true, ctx)).status, "locked");
  let ko = await matchesOf(store, c.categoryId, "knockout");
  const open = ko.find((m) => m.round_no === 2 && (m.home_entry_id === null || m.away_entry_id === null))!;
  await refused(
    w(store, open.id, { type: "start", firstServer: "home" }),
    409,
    "sides-unknown",
    /cannot be played yet: its two sides are not known/,
  );
  for (let round = 1; round <= 3; round++) {
    ko = await matchesOf(store, c.categoryId, "knockout");
    for (const m of ko.filter((m) => m.round_no === round)) {
      assert.ok(
        m.home_entry_id !== null && m.away_entry_id !== null,
        `round ${round} position ${m.bracket_pos}`,
      );
      await win(store, m.id, round === 3 ? "away" : "home");
    }
  }
  ko = await matchesOf(store, c.categoryId, "knockout");
  const final = ko.find((m) => m.round_no === 3)!;
  assert.equal(final.status, "completed");
  assert.equal(final.winner_entry_id, final.away_entry_id);
  assert.ok(ko.every((m) => m.status === "completed"));
  const outcomes = await store.db.selectFrom("predictions").select("outcome").where(
    "match_id",
    "in",
    ko.map((m) => m.id),
  ).execute();
  assert.equal(outcomes.length, ko.length, "every match had a prediction frozen before play");
  assert.ok(outcomes.every((p) => p.outcome !== null));
  await refused(
    generateDraw(store, c.categoryId, {}, ctx),
    409,
    "draw-locked",
    /Cannot draw "Men's singles" again: the draw is locked \(unlock first\)/,
  );
  await refused(setDrawLocked(store, c.categoryId, false, ctx), 409, "draw-started", /already started/);
});

storeTest("setDrawLocked() refuses a draw with a position assigned to nothing", async (store) => {
  const c = await makeCategory(store, { entries: 4 });
  await openDraftDraw(store, c.categoryId, 4);
  await refused(
    setDrawLocked(store, c.categoryId, true, ctx),
    409,
    "draw-incomplete",
    /Cannot lock the draw of "Men's singles": it has no positions yet \(generate the draw first\)/,
  );
  await makeDrawSlot(store.db, { subevent_id: c.categoryId, position: 0, entry_id: c.entryIds[0]! });
  await makeDrawSlot(store.db, { subevent_id: c.categoryId, position: 1, is_bye: 1 });
  await makeDrawSlot(store.db, { subevent_id: c.categoryId, position: 2 });
  assert.deepEqual(await unassignedPositions(store.db, c.categoryId), [2, 3]);
  await refused(
    setDrawLocked(store, c.categoryId, true, ctx),
    409,
    "draw-incomplete",
    /positions 3, 4 are assigned to nothing \(an entry, a bye or a group qualifier\)/,
  );
  assert.equal((await category(store, c.categoryId)).draw_state, "draft", "nothing changed");

  const g = await makeCategory(store, { format: "groups_knockout", entries: 8 });
  await generateDraw(store, g.categoryId, { groupSize: 4 }, ctx);
  assert.deepEqual(await unassignedPositions(store.db, g.categoryId), []);
  assert.equal(
    (await setDrawLocked(store, g.categoryId, true, ctx)).changed,
    true,
    "qualifier slots are valid",
  );
});

storeTest("generateDraw() refuses bad input with a clear error and writes nothing", async (store) => {
  const one = await makeCategory(store, { entries: 1 });
  const before = await revisionOf(store);
  await refused(
    generateDraw(store, one.categoryId, {}, ctx),
    409,
    "too-few-entries",
    /Cannot draw "Men's singles": it has 1 entry, at least 2 are needed/,
  );
  const groups = await makeCategory(store, { format: "groups", entries: 6 });
  await refused(
    generateDraw(store, groups.categoryId, { groupSize: 17 }, ctx),
    400,
    "invalid-body",
    /Invalid "groupSize": expected 3 to 16, got 17/,
  );
  await refused(
    generateDraw(store, groups.categoryId, { groupSize: 2 }, ctx),
    400,
    "invalid-body",
    /Invalid "groupSize"/,
  );
  await refused(
    generateDraw(store, groups.categoryId, { qualifiersPerGroup: 3 }, ctx),
    400,
    "invalid-body",
    /Invalid "qualifiersPerGroup": expected 1 or 2, got 3/,
  );
  await refused(
    generateDraw(store, groups.categoryId, { lotSeed: " " }, ctx),
    400,
    "invalid-body",
    /"lotSeed"/,
  );
  const ko = await makeCategory(store, { entries: 4 });
  await refused(
    generateDraw(store, ko.categoryId, { groupSize: 4 }, ctx),
    400,
    "invalid-body",
    /Invalid "groupSize": "Men's singles" is a knockout without groups/,
  );
  // The same player entered twice.
  await makeEntry(store.db, { subevent_id: ko.categoryId, player1_id: ko.playerIds[0]! });
  await refused(
    generateDraw(store, ko.categoryId, {}, ctx),
    409,
    "duplicate-entry",
    /Cannot draw "Men's singles": a player is entered twice, in "Player 1" \(.+\) and "Player 1" \(.+\)/,
  );
  const seeds = await makeCategory(store, { entries: 3, seeds: 1 });
  await store.db.updateTable("entries").set({ seed: 1 }).where("id", "=", seeds.entryIds[1]!).execute();
  await refused(
    generateDraw(store, seeds.categoryId, {}, ctx),
    409,
    "duplicate-seed",
    /seed 1 is given to both "Player 1" and "Player 2"/,
  );
  await refused(generateDraw(store, "nope", {}, ctx), 404, "not-found", /Category "nope" does not exist/);
  assert.equal(await revisionOf(store), before, "no refused draw bumped the revision");
  const rows = await store.db.selectFrom("matches").select("id").execute();
  assert.equal(rows.length, 0);
  assert.equal((await store.db.selectFrom("audit_log").select("id").execute()).length, 0);
});

storeTest("generateDraw() refuses a re-draw once a match has begun", async (store) => {
  const c = await makeCategory(store, { entries: 4 });
  await generateDraw(store, c.categoryId, { lotSeed: "k" }, ctx);
  const first = (await matchesOf(store, c.categoryId, "knockout"))[0]!;
  await w(store, first.id, { type: "start", firstServer: "home" });
  await refused(
    generateDraw(store, c.categoryId, {}, ctx),
    409,
    "draw-started",
    /Cannot draw "Men's singles" again: Player \d v Player \d \(Men's singles, Semi-final\) has already begun/,
  );
  assert.equal((await category(store, c.categoryId)).draw_seed, "k");
});

storeTest(
  "generateDraw() keeps groups in play and draws only the knockout again, placing final groups at once",
  async (store) => {
    const c = await makeCategory(store, { format: "groups_knockout", entries: 8, seeds: 2 });
    await generateDraw(store, c.categoryId, { lotSeed: "one", groupSize: 4 }, ctx);
    const detail = (await readDrawDetail(store.db, c.categoryId))!;
    const groupA = detail.groups[0]!;
    for (const m of (await matchesOf(store, c.categoryId, "group")).filter((m) => m.group_id === groupA.id)) {
      await w(store, m.id, { type: "walkover", winner: "home" });
    }
    const groupMatches = (await matchesOf(store, c.categoryId, "group")).map((m) => m.id).sort();
    await refused(
      generateDraw(store, c.categoryId, { groupSize: 3 }, ctx),
      409,
      "groups-in-play",
      /Cannot change the group size of "Men's singles" to 3: group matches have begun/,
    );
    const again = await generateDraw(store, c.categoryId, { lotSeed: "two" }, ctx);
    assert.deepEqual([again.groupsKept, again.groupCount, again.matchCount, again.groupSize], [
      true,
      2,
      3,
      4,
    ]);
    assert.deepEqual((await matchesOf(store, c.categoryId, "group")).map((m) => m.id).sort(), groupMatches);
    const slots = await slotsOf(store, c.categoryId);
    assert.equal(slots.find((s) => s.group === 0 && s.place === 1)!.entry, groupA.members[0]!.entryId);
    const ko = await matchesOf(store, c.categoryId, "knockout");
    const placed = ko.flatMap((m) => [m.home_entry_id, m.away_entry_id]).filter((x) => x !== null);
    assert.deepEqual(new Set(placed), new Set([groupA.members[0]!.entryId, groupA.members[1]!.entryId]));
    // Placing again changes nothing.
    await store.db.transaction().execute(async (trx) => {
      const again = await fillGroupQualifiers(trx, c.categoryId, groupA.id, T0.toISOString());
      assert.deepEqual(again.map((p) => p.state), ["placed", "placed"]);
    });
  },
);

storeTest("generateDraw() draws doubles pairs by their common association", async (store) => {
  const c = await makeCategory(store, { entries: 4, doubles: true, associations: ["X"] });
  const made = await generateDraw(store, c.categoryId, { lotSeed: "dbl" }, ctx);
  assert.equal(made.size, 4);
  const ko = await matchesOf(store, c.categoryId, "knockout");
  assert.equal(ko.filter((m) => m.home_entry_id && m.away_entry_id).length, 2);
  assert.equal((await predicted(store, c.categoryId)).size, 2, "pairs are predicted from both players");
});
