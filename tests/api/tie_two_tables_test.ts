/**
 * A team category whose ties are played on two tables (docs/scheduling.md, "Ties"): set on the management API
 * (bad values and other categories refused with a sentence), carried by the event file, and planned: each tie
 * holds two tables for its time, its matches timed on both, and keeping the plan writes both tables.
 */
import assert from "node:assert/strict";
import { importEvent } from "../../event_file/import.ts";
import { keepPlan } from "../../db/plan_writes.ts";
import { planOrderOfPlay } from "../../views/order_of_play.ts";
import { exportEvent } from "../../event_file/export.ts";
import { validateEventFile } from "../../event_file/validate.ts";
import type { Store } from "../../db/store.ts";
import { storeTest } from "../support/stores.ts";
import { TEAM_SLUG, teamEventFile } from "../support/team_event.ts";
import { publishFirstGroupTie } from "../support/team_lineups.ts";
import { call, makeToken, manageApp, seedKnockout } from "./manage_fixtures.ts";

const MINUTE = 60_000;
const DAY_START = "2026-05-01T09:00:00Z";
const clock = () => new Date(DAY_START);
const sessions = [{ start: DAY_START, end: "2026-05-01T20:00:00Z", tables: [1, 2, 3, 4] }];

async function categoryId(store: Store, code: string): Promise<string> {
  return (await store.db.selectFrom("subevents").select("id").where("code", "=", code)
    .executeTakeFirstOrThrow()).id;
}

storeTest(
  "[api] PUT /api/manage/subevents/:id/tables-per-tie sets a team category's, and refuses the rest",
  async (store) => {
    await importEvent(store, teamEventFile(0), clock);
    const admin = await makeToken(store.db, "admin", { label: "Desk" });
    const app = manageApp(store, clock);
    const wtg = await categoryId(store, "WTG");
    const url = `/api/manage/subevents/${wtg}/tables-per-tie`;

    const badRes = await app.request(url, call(admin, "PUT", { tablesPerTie: 3 }));
    assert.equal(badRes.status, 400);
    assert.equal(badRes.headers.get("Content-Type"), "application/problem+json");
    const bad = (await badRes.json()).detail;
    assert.match(bad, /tablesPerTie.*expected 1 or 2 tables/);

    const set = await app.request(url, call(admin, "PUT", { tablesPerTie: 2 }));
    assert.equal(set.status, 200, await set.clone().text());
    assert.deepEqual((await set.json()).data, { subeventId: wtg, tablesPerTie: 2, changed: true });
    const again = await app.request(url, call(admin, "PUT", { tablesPerTie: 2 }));
    assert.equal((await again.json()).data.changed, false);
    const audit = await store.db.selectFrom("audit_log").select("action")
      .where("action", "=", "category.tables_per_tie").execute();
    assert.equal(audit.length, 1);

    const overview = await app.request(`/api/manage/events/${TEAM_SLUG}`, call(admin, "GET"));
    const categories = (await overview.json()).data.subevents as { code: string; tablesPerTie?: number }[];
    assert.deepEqual(categories.map((c) => [c.code, c.tablesPerTie]), [["WTG", 2], ["WTK", 1]]);

    const singles = await seedKnockout(store.db, { size: 4, bestOf: 5 });
    const notTeam = await app.request(
      `/api/manage/subevents/${singles.categoryId}/tables-per-tie`,
      call(admin, "PUT", { tablesPerTie: 2 }),
    );
    assert.equal(notTeam.status, 400);
    assert.equal(
      (await notTeam.json()).detail,
      `Cannot set the tables per tie of "Men's singles": only a team category plays ties`,
    );

    const missing = await app.request(
      "/api/manage/subevents/nope/tables-per-tie",
      call(admin, "PUT", { tablesPerTie: 2 }),
    );
    assert.equal(missing.status, 404);

    // The event file carries it: export, import into a fresh store, export give the same.
    const file = (await exportEvent(store.db, TEAM_SLUG))!;
    assert.deepEqual(file.categories.map((c) => c.tablesPerTie), [2, undefined]);
    const wrong = await validateEventFile({
      ...file,
      categories: [{ ...file.categories[0]!, tablesPerTie: 3 }],
    });
    const problem = wrong.ok ? undefined : wrong.errors.find((e) => e.path === "categories[0].tablesPerTie");
    assert.ok(problem, JSON.stringify(wrong));
    assert.match(problem.message, /1.*2/);
    const single = await validateEventFile({
      ...file,
      categories: [{ ...file.categories[0]!, kind: "singles", tablesPerTie: 2 }],
    });
    assert.ok(!single.ok);
    assert.ok(
      single.errors.some((e) =>
        e.path === "categories[0].tablesPerTie" &&
        e.message === 'Only a category of kind "team" has tables per tie, not "singles"'
      ),
      JSON.stringify(single.errors),
    );
  },
);

/** The team event, its group's ties on two tables, the first tie's line-ups published. */
async function seedTwoTables(store: Store) {
  const file = teamEventFile(0);
  file.categories[0] = { ...file.categories[0]!, tablesPerTie: 2 };
  await importEvent(store, file, clock);
  return await publishFirstGroupTie(store, clock());
}

storeTest(
  "[api] a team category on two tables gets a plan whose ties hold two tables, their matches on both",
  async (store) => {
    const { tie, parts } = await seedTwoTables(store);
    const admin = await makeToken(store.db, "admin", { label: "Desk" });
    const app = manageApp(store, clock);
    const res = await app.request(`/api/manage/events/${TEAM_SLUG}/plan`, call(admin, "POST", { sessions }));
    assert.equal(res.status, 200, await res.clone().text());
    const plan = (await res.json()).data.plan as {
      unplaced: unknown[];
      matches: {
        id: string;
        table: number;
        secondTable?: number;
        tieId?: string;
        start: string;
        end: string;
      }[];
    };
    assert.deepEqual(plan.unplaced, []);
    const block = plan.matches.find((m) => m.id === tie)!;
    assert.ok(
      block.secondTable !== undefined && block.secondTable !== block.table,
      "the tie holds two tables",
    );
    // A World Team tie on two tables: three rounds of 20 minutes and two buffers.
    assert.equal(Date.parse(block.end) - Date.parse(block.start), 64 * MINUTE);
    const own = parts.map((id) => plan.matches.find((m) => m.id === id)!);
    assert.deepEqual(
      own.map((m) => [m.tieId, m.table, (Date.parse(m.start) - Date.parse(block.start)) / MINUTE]),
      [
        [tie, block.table, 0],
        [tie, block.secondTable, 0],
        [tie, block.table, 22],
        [tie, block.secondTable, 22],
        [tie, block.table, 44],
      ],
    );
    // No other match on either table during the tie.
    for (const m of plan.matches.filter((m) => m.id !== tie && m.tieId !== tie)) {
      const tables = [m.table, m.secondTable];
      if (!tables.includes(block.table) && !tables.includes(block.secondTable)) continue;
      assert.ok(Date.parse(m.start) >= Date.parse(block.end) || Date.parse(m.end) <= Date.parse(block.start));
    }

    const kept = await app.request(
      `/api/manage/events/${TEAM_SLUG}/plan/keep`,
      call(admin, "POST", { sessions }),
    );
    assert.equal(kept.status, 200, await kept.clone().text());
    const rows = await store.db.selectFrom("matches").select(["table_no", "scheduled_at"])
      .where("id", "in", parts).orderBy("tie_order").execute();
    assert.deepEqual(
      rows.map((r) => [Number(r.table_no), r.scheduled_at]),
      own.map((m) => [m.table, new Date(Date.parse(m.start)).toISOString()]),
    );
  },
);

storeTest(
  "a tie on two tables under way keeps both tables; its next matches follow the two in play",
  async (store) => {
    const { tie, parts } = await seedTwoTables(store);
    const request = {
      sessions: [{
        id: "day",
        start: Date.parse(DAY_START),
        end: Date.parse(sessions[0]!.end),
        tables: [1, 2, 3, 4],
      }],
      restMs: 10 * MINUTE,
      bufferMs: 2 * MINUTE,
    };
    const first =
      (await planOrderOfPlay(store.db, TEAM_SLUG, { ...request, now: Date.parse(DAY_START) }))!.plan;
    await keepPlan(
      store,
      TEAM_SLUG,
      first.matches.filter((m) => !m.fixed).map((m) => ({ matchId: m.id, table: m.table, start: m.start })),
      { actor: "desk", now: clock() },
    );
    const block = first.matches.find((m) => m.id === tie)!;
    // Matches 1 and 2 begin on the tie's two tables at its start (as the umpires' first points would mark them).
    const started = new Date(block.start).toISOString();
    await store.db.updateTable("matches").set({ status: "in_progress", started_at: started })
      .where("id", "in", [tie, parts[0]!, parts[1]!]).execute();
    const later =
      (await planOrderOfPlay(store.db, TEAM_SLUG, { ...request, now: block.start + 10 * MINUTE }))!.plan;
    const again = later.matches.find((m) => m.id === tie)!;
    assert.deepEqual([again.fixed, again.table, again.secondTable], [true, block.table, block.secondTable]);
    assert.deepEqual(
      parts.slice(2).map((id) => later.matches.find((m) => m.id === id)!).map((m) =>
        (m.start - block.start) / MINUTE
      ),
      [22, 22, 44],
    );
    // Nothing else on either table while the tie goes on.
    for (const m of later.matches.filter((m) => m.id !== tie && m.tieId !== tie)) {
      if (![block.table, block.secondTable].some((t) => t === m.table || t === m.secondTable)) continue;
      assert.ok(m.start >= again.end || m.end <= again.start, `${m.id} during the tie`);
    }
  },
);
