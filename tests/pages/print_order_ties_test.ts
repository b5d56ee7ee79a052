/**
 * The printed order of play of a team category played on two tables (docs/scheduling.md, "A tie on two
 * tables"): the tie names both its tables, and its own matches are marked as the tie's, not as a second booking.
 */
import assert from "node:assert/strict";
import { importEvent } from "../../event_file/import.ts";
import { keepPlan } from "../../db/plan_writes.ts";
import { silentLogger } from "../../lib/log.ts";
import { createApp } from "../../main.ts";
import { planOrderOfPlay } from "../../views/order_of_play.ts";
import { storeTest } from "../support/stores.ts";
import { TEAM_SLUG, teamEventFile } from "../support/team_event.ts";
import { publishFirstGroupTie } from "../support/team_lineups.ts";

const now = new Date("2026-05-01T08:00:00Z");
const day = { id: "day", start: Date.parse("2026-05-01T09:00:00Z"), end: Date.parse("2026-05-01T20:00:00Z") };

storeTest(
  "[pages] the printed order of play lists a tie on two tables with both, its matches marked as its own",
  async (store) => {
    const file = teamEventFile(0);
    file.categories[0] = { ...file.categories[0]!, tablesPerTie: 2 };
    await importEvent(store, file, () => now);
    const { tie, parts } = await publishFirstGroupTie(store, now);
    const planned = (await planOrderOfPlay(store.db, TEAM_SLUG, {
      sessions: [{ ...day, tables: [1, 2, 3, 4] }],
      restMs: 10 * 60_000,
      bufferMs: 2 * 60_000,
      now: now.getTime(),
    }))!;
    const block = planned.plan.matches.find((m) => m.id === tie)!;
    await keepPlan(
      store,
      TEAM_SLUG,
      planned.plan.matches.filter((m) => !m.fixed).map((m) => ({
        matchId: m.id,
        table: m.table,
        start: m.start,
      })),
      { actor: "desk", now },
    );
    const app = createApp({ store, log: silentLogger, clock: () => now });
    const res = await app.request(`/t/${TEAM_SLUG}/print/order`);
    assert.equal(res.status, 200);
    const html = await res.text();
    const rows = [...html.matchAll(/<tr([^>]*)><td class="num">([^<]*)<\/td><td class="num">([^<]*)<\/td>/g)]
      .map(([, attrs, , table]) => ({ part: /class="tie-part"/.test(attrs!), table: table! }));
    const both = [block.table, block.secondTable!].sort((a, b) => a - b).join(", ");
    assert.ok(
      rows.some((r) => !r.part && r.table === both),
      `the tie on tables ${both}: ${JSON.stringify(rows)}`,
    );
    assert.equal(rows.filter((r) => r.part).length, parts.length);
    assert.deepEqual(
      new Set(rows.filter((r) => r.part).map((r) => r.table)),
      new Set([String(block.table), String(block.secondTable)]),
    );
  },
);
