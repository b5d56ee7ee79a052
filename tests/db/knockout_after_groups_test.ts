import assert from "node:assert/strict";
import { generateDraw } from "../../db/draw_writes.ts";
import { readDrawDetail } from "../../db/read_draw_detail.ts";
import { writeMatch } from "../../db/match_writes.ts";
import type { Store } from "../../db/store.ts";
import { makeRatedCategory } from "../support/rated_category.ts";
import { storeTest } from "../support/stores.ts";

const T0 = new Date("2026-11-28T10:00:00.000Z");
const ctx = { actor: "desk", now: T0 };

/** 24 players of 24 clubs, six seeded, in groups of four feeding a Round of 16, drawn with `lotSeed`. */
async function drawnOpen(store: Store, lotSeed: string) {
  const c = await makeRatedCategory(store, {
    entries: 24,
    seeds: 6,
    format: "groups_knockout",
    event: { status: "published" },
    category: { code: "MS", name: "Men's singles" },
    player: (i) => ({ association: `Club ${i}` }),
  });
  await generateDraw(store, c.categoryId, { lotSeed, groupSize: 4, qualifiersPerGroup: 2 }, ctx);
  return { c, drawn: (await readDrawDetail(store.db, c.categoryId))! };
}

/** Six groups of four feeding a Round of 16; every group match won by the home side, by walkover. */
async function playedGroups(store: Store, lotSeed: string) {
  const { c, drawn } = await drawnOpen(store, lotSeed);
  const groupMatches = drawn.matches.filter((m) => m.stage === "group");
  for (const m of groupMatches) await writeMatch(store, m.id, { type: "walkover", winner: "home" }, ctx);
  const played = (await readDrawDetail(store.db, c.categoryId))!;
  return { c, played };
}

/** The first-round pairs of the knockout, as entry ids (null: a bye or a side not known). */
async function firstRound(store: Store, categoryId: string) {
  const ko = await store.db.selectFrom("matches").select([
    "round_no",
    "bracket_pos",
    "home_entry_id",
    "away_entry_id",
  ])
    .where("subevent_id", "=", categoryId).where("stage", "=", "knockout").where("round_no", "=", 1)
    .orderBy("bracket_pos").execute();
  return ko.map((m) => [m.home_entry_id, m.away_entry_id]);
}

storeTest(
  "the knockout after the groups keeps each group's qualifiers in different halves",
  async (store) => {
    const { c } = await playedGroups(store, "open-2026");
    const slots = await store.db.selectFrom("draw_slots").selectAll().where("subevent_id", "=", c.categoryId)
      .orderBy("position").execute();
    assert.equal(slots.length, 16);
    for (let g = 0; g < 6; g++) {
      const at = (place: number) =>
        Number(
          slots.find((s) => Number(s.qualifier_group) === g && Number(s.qualifier_place) === place)!.position,
        );
      assert.notEqual(at(1) < 8, at(2) < 8, `group ${g}: winner and runner-up in different halves`);
      assert.ok(slots.every((s) => Number(s.is_bye) === 1 || s.entry_id !== null), "every place filled");
    }
  },
);

storeTest(
  "the knockout after the groups keeps two players of one club out of the Round of 16",
  async (store) => {
    const { c, drawn } = await drawnOpen(store, "d");
    // Home wins by walkover: each group finishes in the order of its members, so its second member is second.
    const runnersUp = drawn.groups.map((g) => g.members[1]!.entryId);
    // Before the groups, with this seed, the runners-up of groups B and E were drawn to meet in the first round.
    const slotsBefore = await store.db.selectFrom("draw_slots").selectAll().where(
      "subevent_id",
      "=",
      c.categoryId,
    )
      .orderBy("position").execute();
    const at = (g: number, p: number) =>
      Number(
        slotsBefore.find((s) => Number(s.qualifier_group) === g && Number(s.qualifier_place) === p)!.position,
      );
    assert.equal(at(1, 2) ^ 1, at(4, 2), "drawn together before the groups");
    const westbrook = [runnersUp[1]!, runnersUp[4]!];
    const players = await store.db.selectFrom("entries").select("player1_id").where("id", "in", westbrook)
      .execute();
    await store.db.updateTable("players").set({ association: "Westbrook" })
      .where("id", "in", players.map((p) => p.player1_id)).execute();

    for (const m of drawn.matches.filter((m) => m.stage === "group")) {
      await writeMatch(store, m.id, { type: "walkover", winner: "home" }, ctx);
    }
    const pairs = await firstRound(store, c.categoryId);
    assert.ok(
      !pairs.some(([h, a]) => westbrook.includes(h ?? "") && westbrook.includes(a ?? "")),
      "the two Westbrook players do not meet in the Round of 16",
    );
    const after = await store.db.selectFrom("draw_slots").selectAll().where("subevent_id", "=", c.categoryId)
      .orderBy("position").execute();
    const posOf = (id: string) => Number(after.find((s) => s.entry_id === id)!.position);
    // Both winners of their groups are in the bottom half, so both runners-up are in the top: different quarters.
    assert.notEqual(posOf(westbrook[0]!) >> 2, posOf(westbrook[1]!) >> 2, "in different quarters");
    assert.ok(after.every((s) => Number(s.is_bye) === 1 || s.qualifier_group !== null), "the links are kept");
    const audit = await store.db.selectFrom("audit_log").select("action").where(
      "action",
      "=",
      "draw.after-groups",
    )
      .execute();
    assert.equal(audit.length, 1, "audited once");
  },
);
