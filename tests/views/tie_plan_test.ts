import assert from "node:assert/strict";
import { importEvent } from "../../event_file/import.ts";
import { keepPlan } from "../../db/plan_writes.ts";
import { readTeams } from "../../db/read_ties.ts";
import { setTieLineups } from "../../db/tie_writes.ts";
import type { Store } from "../../db/store.ts";
import { planOrderOfPlay } from "../../views/order_of_play.ts";
import { storeTest } from "../support/stores.ts";
import { TEAM_SLUG, teamEventFile, teamPlayers } from "../support/team_event.ts";

const MINUTE = 60_000;
const DAY = { id: "day", start: Date.parse("2026-05-01T09:00:00Z"), end: Date.parse("2026-05-01T20:00:00Z") };
const request = { sessions: [{ ...DAY, tables: [1, 2, 3, 4] }], restMs: 10 * MINUTE, bufferMs: 2 * MINUTE };
const ctx = { actor: "desk", now: new Date(DAY.start) };

/** The team event (no tie played) with a men's singles group of CHN's and FRA's first players beside it. */
async function seed(store: Store) {
  const file = teamEventFile(0);
  const [chn1] = teamPlayers("CHN");
  const [fra1] = teamPlayers("FRA");
  file.categories.push({
    id: "MS",
    name: "Men's singles",
    kind: "singles",
    format: "groups",
    bestOf: 5,
    groupSize: 3,
    entries: [{ id: "a", players: [chn1!] }, { id: "b", players: [fra1!] }],
    groups: [{ name: "A", entries: ["a", "b"] }],
  });
  await importEvent(store, file, () => ctx.now);
  const id = async (code: string, stage: string, position: number) =>
    (await store.db.selectFrom("matches").innerJoin("subevents", "subevents.id", "matches.subevent_id")
      .select("matches.id").where("subevents.code", "=", code).where("matches.stage", "=", stage as "group")
      .where("matches.bracket_pos", "=", position).executeTakeFirstOrThrow()).id;
  return { tie: await id("WTG", "group", 0), single: await id("MS", "group", 0) };
}

const plan = async (store: Store) =>
  (await planOrderOfPlay(store.db, TEAM_SLUG, { ...request, now: DAY.start }))!.plan;

storeTest("the order of play gives a tie its length and holds its players for all of it", async (store) => {
  const { tie, single } = await seed(store);
  const p = await plan(store);
  assert.deepEqual(p.unplaced, []);
  const t = p.matches.find((m) => m.id === tie)!;
  // Five best-of-5 singles of 20 minutes, the 2-minute buffer between them.
  assert.equal(t.end - t.start, 5 * 20 * MINUTE + 4 * 2 * MINUTE);
  const s = p.matches.find((m) => m.id === single)!;
  // CHN's and FRA's first players are in both: the single is not during the tie (nor within the rest of it).
  assert.ok(
    s.start >= t.end + 10 * MINUTE || s.end + 10 * MINUTE <= t.start,
    "the single clashes with the tie",
  );
});

storeTest(
  "a tie's matches made by its line-ups get their times inside the tie, and keeping the plan writes them",
  async (store) => {
    const { tie } = await seed(store);
    const row = await store.db.selectFrom("matches").selectAll().where("id", "=", tie)
      .executeTakeFirstOrThrow();
    const teams = await readTeams(store.db, [row.home_entry_id!, row.away_entry_id!]);
    const [a, b, c] = teams.get(row.home_entry_id!)!.players.map((p) => p.id);
    const [x, y, z] = teams.get(row.away_entry_id!)!.players.map((p) => p.id);
    const made = await setTieLineups(store, tie, {
      home: { positions: { A: a!, B: b!, C: c! } },
      away: { positions: { X: x!, Y: y!, Z: z! } },
      publish: true,
    }, ctx);
    assert.equal(made.matchIds.length, 5);
    const p = await plan(store);
    const t = p.matches.find((m) => m.id === tie)!;
    const parts = made.matchIds.map((id) => p.matches.find((m) => m.id === id));
    assert.ok(parts.every((m) => m !== undefined), "every match of the tie is in the order of play");
    parts.forEach((m, i) => {
      assert.equal(m!.table, t.table);
      assert.equal(m!.tieId, tie);
      assert.equal(m!.start, t.start + i * 22 * MINUTE);
      assert.ok(m!.end <= t.end);
    });
    await keepPlan(
      store,
      TEAM_SLUG,
      p.matches.filter((m) => !m.fixed).map((m) => ({
        matchId: m.id,
        table: m.table,
        start: m.start,
      })),
      ctx,
    );
    const rows = await store.db.selectFrom("matches").select(["id", "table_no", "scheduled_at"])
      .where("id", "in", made.matchIds).orderBy("tie_order").execute();
    rows.forEach((r, i) => {
      assert.equal(r.table_no, t.table);
      assert.equal(r.scheduled_at, new Date(t.start + i * 22 * MINUTE).toISOString());
    });
  },
);
