/**
 * A player's profile page (/p/{id}) in Chromium, on a phone and a desktop: it fits the phone's width, draws its
 * chart with no script error. (The screenshots of docs/pages.md are made from the demo:
 * tests/browser/desk_screenshots_test.ts.)
 */
import assert from "node:assert/strict";
import type { Store } from "../../db/store.ts";
import { importEvent } from "../../event_file/import.ts";
import { browserSuite, openPage } from "../support/browser.ts";
import { ANA, BEN, federated, groupEvent } from "../support/event_files.ts";
import { LAPTOP, PHONE } from "../support/viewports.ts";

const CLEO = federated(3, "cleo", "Cleo Martin", "TTC Leuven", 1550);
const DAN = federated(4, "dan", "Dan Whitfield", "Bruges Spin", 1450);

/** Four events of a season, a round robin each, and the winners of each match (winner first). */
const SEASON: [slug: string, start: string, results: [string, string][]][] = [
  ["winter-open", "2026-01-10T09:00:00.000Z", [["ana", "ben"], ["cleo", "ana"], ["ana", "dan"], [
    "ben",
    "dan",
  ]]],
  ["spring-cup", "2026-03-14T09:00:00.000Z", [["ana", "cleo"], ["ben", "ana"], ["ana", "dan"], [
    "cleo",
    "ben",
  ]]],
  ["summer-league", "2026-06-20T09:00:00.000Z", [["ana", "ben"], ["ana", "cleo"], ["dan", "ana"], [
    "ben",
    "cleo",
  ]]],
  ["autumn-masters", "2026-10-03T09:00:00.000Z", [["ana", "dan"], ["ana", "ben"], ["ana", "cleo"], [
    "cleo",
    "dan",
  ]]],
];

/** The season, imported; the ids of Ana and Ben. */
async function season(store: Store): Promise<{ ana: string; ben: string }> {
  for (const [slug, start, results] of SEASON) {
    await importEvent(
      store,
      groupEvent({ slug, status: "published", players: [ANA, BEN, CLEO, DAN], results, start }),
    );
  }
  const ids = new Map(
    (await store.db.selectFrom("players").select(["id", "display_name"]).execute()).map((p) => [
      p.display_name,
      p.id,
    ]),
  );
  return { ana: ids.get("Ana Lopez")!, ben: ids.get("Ben Okafor")! };
}

browserSuite(
  "a player's profile on a phone and a desktop",
  season,
  async (t, { browser, server, seeded }) => {
    const path = `/p/${seeded.ana}?vs=${seeded.ben}`;
    for (
      const [file, viewport] of [
        ["profile_phone.png", PHONE],
        ["profile_desktop.png", LAPTOP],
      ] as const
    ) {
      await t.step(file, async () => {
        const { page, errors, close } = await openPage(browser, server.origin + path, viewport);
        const chart = page.locator(".rating-chart svg");
        assert.equal(await chart.getAttribute("role"), "img");
        const box = await chart.boundingBox();
        assert.ok(box && box.width > 300 && box.height > 100, "the chart is drawn at a readable size");
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= viewport.width, `no sideways scroll (${width} > ${viewport.width})`);
        assert.deepEqual(errors, []);
        await close();
      });
    }
  },
);
