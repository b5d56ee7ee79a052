/**
 * The printed order of play over the demo planned half an hour before midnight in the hall (the process's time
 * zone, TZ): a day a section, the days in order, each day's times in order, a match after midnight on the next
 * day's. Run at any hour, in any zone: the instant is the hall's 23:30 on the night the clocks go back in Europe.
 */
import assert from "node:assert/strict";
import { DEMO_SLUG, loadDemoIfEmpty } from "../../cli/demo.ts";
import { silentLogger } from "../../lib/log.ts";
import { createApp } from "../../main.ts";
import { storeTest } from "../support/stores.ts";

/** Each day's section of the sheet: the day of its heading and the times of its rows. */
function daySections(html: string): { day: string; times: string[] }[] {
  return [...html.matchAll(/<section[^>]*class="flow day"[^>]*>([\s\S]*?)<\/section>/g)].map(([, body]) => ({
    day: /<h1>Order of play · (\d{4}-\d{2}-\d{2})/.exec(body!)![1]!,
    times: [...body!.matchAll(/<tr[^>]*><td class="num">([^<]*)<\/td>/g)].map((m) => m[1]!),
  }));
}

storeTest(
  "[pages] the printed order of play puts a match after midnight on the next day's page, the days in order",
  async (store) => {
    const now = new Date(2026, 9, 24, 23, 30);
    await loadDemoIfEmpty(store, now);
    const app = createApp({ store, log: silentLogger, clock: () => now });
    const res = await app.request(`/t/${DEMO_SLUG}/print/order`);
    assert.equal(res.status, 200);
    const sections = daySections(await res.text());
    const next = new Date(2026, 9, 25).toLocaleDateString("sv-SE");
    assert.deepEqual(sections.map((s) => s.day), [now.toLocaleDateString("sv-SE"), next]);
    for (const s of sections) {
      assert.ok(s.times.length > 0);
      assert.deepEqual(s.times, s.times.toSorted(), `the times of ${s.day} in order`);
    }
    assert.ok(sections[0]!.times.every((t) => t >= "23:30"));
  },
);
