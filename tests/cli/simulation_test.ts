import assert from "node:assert/strict";
import { silentLogger } from "../../lib/log.ts";
import { writeMatch } from "../../db/match_writes.ts";
import {
  pointChance,
  seededRandom,
  simulateStep,
  startSimulation,
  tablesInUse,
} from "../../cli/simulation.ts";
import type { Store } from "../../db/store.ts";
import { loadDemoIfEmpty, restartDemo } from "../../cli/demo.ts";
import { makeStore, storeTest } from "../support/stores.ts";
import { until } from "../support/wait.ts";
import { seedKnockout, T0 } from "../api/manage_fixtures.ts";

const DEMO = "demo-open-2026";

Deno.test("seededRandom() gives the same numbers in [0, 1) for the same seed", () => {
  const a = seededRandom(42);
  const b = seededRandom(42);
  const xs = Array.from({ length: 100 }, a);
  assert.deepEqual(xs, Array.from({ length: 100 }, b));
  assert.ok(xs.every((x) => x >= 0 && x < 1));
  assert.notDeepEqual(xs, Array.from({ length: 100 }, seededRandom(43)));
});

Deno.test("pointChance() is even without a prediction and leans a third of its edge with one", () => {
  assert.equal(pointChance(null), 0.5);
  assert.ok(Math.abs(pointChance(0.8) - 0.6) < 1e-12);
  assert.ok(Math.abs(pointChance(0.2) - 0.4) < 1e-12);
});

async function runToTheEnd(store: Store, seed: number, maxSteps = 400) {
  const random = seededRandom(seed);
  let steps = 0;
  for (; steps < maxSteps; steps++) {
    const open = await store.db.selectFrom("matches").select("id").where("status", "!=", "completed")
      .execute();
    if (open.length === 0) break;
    await simulateStep(store, {
      eventSlug: DEMO,
      now: new Date(T0.getTime() + steps * 3000),
      random,
      tables: 2,
    });
  }
  return steps;
}

storeTest(
  "simulateStep() starts matches on free tables, scores them to the end and starts the next round",
  async (store) => {
    const ev = await seedKnockout(store.db, { slug: DEMO });
    const first = await simulateStep(store, { eventSlug: DEMO, now: T0, random: seededRandom(1), tables: 2 });
    assert.deepEqual(first, { points: 0, started: 2, completed: 0 });
    const steps = await runToTheEnd(store, 1);
    assert.ok(steps < 400, "the whole event finishes");
    const final = await store.db.selectFrom("matches").selectAll().where("id", "=", ev.rounds[1]![0]!)
      .executeTakeFirstOrThrow();
    assert.equal(final.status, "completed");
    assert.ok(final.table_no === 1 || final.table_no === 2, "the final got a free table");
    assert.ok(final.winner_entry_id !== null);
    const actors = await store.db.selectFrom("audit_log").select("token_label").distinct().execute();
    assert.deepEqual(actors.map((a) => a.token_label), ["simulation"]);
  },
);

storeTest("simulateStep() keeps the number of running matches at the number of tables", async (store) => {
  await seedKnockout(store.db, { slug: DEMO, size: 8 });
  const random = seededRandom(3);
  for (let i = 0; i < 30; i++) {
    await simulateStep(store, { eventSlug: DEMO, now: T0, random, tables: 3 });
    const live = await store.db.selectFrom("matches").select(["table_no"]).where("status", "=", "in_progress")
      .execute();
    assert.ok(live.length <= 3);
    assert.equal(new Set(live.map((l) => l.table_no)).size, live.length, "one match per table");
  }
});

Deno.test("simulateStep() is deterministic for a seed", async () => {
  const histories: string[][] = [];
  for (let run = 0; run < 2; run++) {
    const store = await makeStore("sqlite");
    try {
      await seedKnockout(store.db, { slug: DEMO });
      await runToTheEnd(store, 7);
      const rows = await store.db.selectFrom("match_points").innerJoin(
        "matches",
        "matches.id",
        "match_points.match_id",
      )
        .select(["matches.round_no", "matches.bracket_pos", "match_points.seq", "match_points.side"])
        .orderBy("matches.round_no").orderBy("matches.bracket_pos").orderBy("match_points.seq").execute();
      histories.push(rows.map((r) => `${r.round_no}/${r.bracket_pos}/${r.seq}/${r.side}`));
    } finally {
      await store.drop();
    }
  }
  assert.deepEqual(histories[0], histories[1]);
});

storeTest("simulateStep() never touches another event", async (store) => {
  const other = await seedKnockout(store.db, { slug: "imported-cup" });
  await writeMatch(store, other.rounds[0]![0]!, { type: "start", firstServer: "home" }, {
    actor: "umpire",
    now: T0,
  });
  await seedKnockout(store.db, { slug: DEMO });
  await runToTheEnd(store, 2, 40);
  const theirs = await store.db.selectFrom("matches").select(["id", "status", "revision"])
    .where("event_id", "=", other.eventId).orderBy("round_no").orderBy("bracket_pos").execute();
  assert.deepEqual(theirs.map((m) => [m.status, Number(m.revision)]), [["in_progress", 1], ["scheduled", 0], [
    "scheduled",
    0,
  ]]);
});

storeTest("simulateStep() does nothing when the demo event is absent", async (store) => {
  await seedKnockout(store.db, { slug: "imported-cup" });
  const report = await simulateStep(store, { eventSlug: DEMO, now: T0, random: seededRandom(1), tables: 4 });
  assert.deepEqual(report, { points: 0, started: 0, completed: 0 });
});

storeTest("tablesInUse() counts the tables of the event's matches", async (store) => {
  await seedKnockout(store.db, { slug: DEMO, size: 8 });
  assert.equal(await tablesInUse(store, DEMO), 4);
  assert.equal(await tablesInUse(store, "nothing"), 1);
});

storeTest("startSimulation() advances the demo and stops on abort", async (store) => {
  await seedKnockout(store.db, { slug: DEMO });
  const controller = new AbortController();
  const running = startSimulation(store, {
    eventSlug: DEMO,
    intervalMs: 5,
    clock: () => new Date(),
    log: silentLogger,
    signal: controller.signal,
    seed: 5,
  });
  await until(async () => {
    const n = await store.db.selectFrom("match_points").select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(n.n) >= 10;
  }, "ten points simulated");
  controller.abort();
  await running;
  const count = async () =>
    Number(
      (await store.db.selectFrom("audit_log").select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()).n,
    );
  const after = await count();
  assert.ok(after >= 10);
  await new Promise((r) => setTimeout(r, 50));
  assert.equal(await count(), after, "nothing is written after the abort");
});

storeTest(
  "simulateStep() never puts a player on two tables at once (singles and doubles share players)",
  async (store) => {
    const { buildDemoEvent, DEMO_SLUG } = await import("../../cli/demo.ts");
    const { importEvent } = await import("../../event_file/import.ts");
    const now = new Date("2026-11-25T12:00:00.000Z");
    await importEvent(store, buildDemoEvent(now), () => now);
    // Finish what the demo has running, so that only matches the simulation starts are in play.
    await store.db.updateTable("matches").set({ status: "completed" }).where("status", "=", "in_progress")
      .execute();
    const random = seededRandom(7);
    for (let step = 0; step < 30; step++) {
      await simulateStep(store, {
        eventSlug: DEMO_SLUG,
        now: new Date(now.getTime() + step * 1000),
        random,
        tables: 8,
      });
      const running = await store.db.selectFrom("matches as m")
        .innerJoin("entries as h", "h.id", "m.home_entry_id").innerJoin(
          "entries as a",
          "a.id",
          "m.away_entry_id",
        )
        .select(["h.player1_id as h1", "h.player2_id as h2", "a.player1_id as a1", "a.player2_id as a2"])
        .where("m.status", "=", "in_progress").execute();
      const players = running.flatMap((r) => [r.h1, r.h2, r.a1, r.a2].filter((p) => p !== null));
      assert.equal(new Set(players).size, players.length, `step ${step}: a player is on two tables`);
    }
  },
);

storeTest(
  "the demo stays live for an hour of simulation: its knockout draw is locked when the groups end, and the day starts again",
  async (store) => {
    assert.ok(await loadDemoIfEmpty(store, T0));
    const tables = await tablesInUse(store, DEMO);
    const random = seededRandom(7);
    const step = 2500; // the server's interval: the clock runs as fast as the steps do
    let locked = 0;
    let restarts = 0;
    let quiet = 0;
    for (let at = 0; at <= 60 * 60_000; at += step) {
      const now = new Date(T0.getTime() + at);
      const report = await simulateStep(store, {
        eventSlug: DEMO,
        now,
        random,
        tables,
        restart: (when) => restartDemo(store, when),
      });
      locked += report.locked ?? 0;
      if (report.restarted) restarts++;
      const live = await store.db.selectFrom("matches").innerJoin("events", "events.id", "matches.event_id")
        .select("matches.id").where("events.slug", "=", DEMO).where("matches.status", "=", "in_progress")
        .limit(1).executeTakeFirst();
      // A step may end every running match and the next start at the step after: never two steps in a row.
      quiet = live ? 0 : quiet + 1;
      assert.ok(quiet < 2, `a match is live ${Math.round(at / 60_000)} minutes in`);
    }
    assert.ok(locked >= 1, "the men's knockout draw was locked once its groups were over");
    assert.ok(restarts >= 1, "the day started again once it was over");
  },
);
