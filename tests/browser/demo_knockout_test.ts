/**
 * The demo plays the knockout of its main category: once the men's groups end, their qualifiers go into the
 * knockout's matches, which the simulation plays to the final before the day starts again. The simulation runs
 * in steps on a clock of its own (2.5 s a step, as the server's), then the final's bar and the category's page
 * are looked at in Chromium (`-- --update` writes docs/screenshots/overlay_demo_final_1920x1080.png).
 */
import assert from "node:assert/strict";
import { DEMO_SLUG, loadDemoIfEmpty, restartDemo } from "../../cli/demo.ts";
import { seededRandom, simulateStep, tablesInUse } from "../../cli/simulation.ts";
import type { Store } from "../../db/store.ts";
import { T0 } from "../api/manage_fixtures.ts";
import { browserSuite, openPage } from "../support/browser.ts";

const UPDATE = Deno.args.includes("--update");

/** The men's singles knockout matches, by round and position. */
const knockout = (store: Store) =>
  store.db.selectFrom("matches").innerJoin("subevents", "subevents.id", "matches.subevent_id")
    .innerJoin("events", "events.id", "subevents.event_id")
    .select(["matches.id", "matches.status", "matches.round_no", "subevents.id as categoryId"])
    .where("events.slug", "=", DEMO_SLUG).where("subevents.code", "=", "MS")
    .where("matches.stage", "=", "knockout").orderBy("matches.round_no").orderBy("matches.bracket_pos")
    .execute();

/** Simulates the demo until its men's final is in play (at most four hours of its day); the final's id. */
async function playToTheFinal(store: Store) {
  assert.ok(await loadDemoIfEmpty(store, T0));
  const tables = await tablesInUse(store, DEMO_SLUG);
  const random = seededRandom(7);
  for (let at = 0; at <= 4 * 3600_000; at += 2500) {
    const report = await simulateStep(store, {
      eventSlug: DEMO_SLUG,
      now: new Date(T0.getTime() + at),
      random,
      tables,
      restart: (when) => restartDemo(store, when),
    });
    assert.ok(!report.restarted, "the day started again before the men's final was played");
    const matches = await knockout(store);
    const final = matches.at(-1);
    if (final && final.status === "in_progress") {
      assert.ok(matches.slice(0, -1).every((m) => m.status === "completed"), "every earlier round is over");
      return { finalId: final.id, categoryId: final.categoryId, played: matches.length - 1 };
    }
  }
  throw new Error("The men's final never began");
}

browserSuite(
  "the demo plays its men's singles knockout to the final before the day starts again",
  playToTheFinal,
  async (_t, { browser, server, seeded }) => {
    assert.ok(seeded.played >= 7, `knockout matches played before the final: ${seeded.played}`);
    const bar = await openPage(browser, `${server.origin}/overlay/match/${seeded.finalId}`, {
      width: 1920,
      height: 1080,
    });
    const page = await openPage(browser, `${server.origin}/t/${DEMO_SLUG}/c/${seeded.categoryId}`);
    try {
      const head = (await bar.page.locator(".bar .head").innerText()).toUpperCase();
      assert.match(head, /FINAL/);
      assert.match(head, /LIVE/);
      if (UPDATE) {
        const shot = await bar.page.screenshot();
        await Deno.writeFile(
          new URL("../../docs/screenshots/overlay_demo_final_1920x1080.png", import.meta.url),
          shot,
        );
      }
      const text = await page.page.locator("body").innerText();
      assert.match(text, /Final/);
      assert.match(text, /Semi/i);
      assert.deepEqual([...bar.errors, ...page.errors], []);
    } finally {
      await bar.close();
      await page.close();
    }
  },
);
