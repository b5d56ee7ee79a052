/**
 * The standings and bracket overlays of the producer's stream on the demo: off air by default (transparent), on
 * air from the control API, at 1280x720 and 1920x1080; the producer's pick of a group shows after one poll; read
 * from a distance (`?distance=8&diagonal=55`, `?distance=4&diagonal=43`) at 1920x1080 and 3840x2160, every text's
 * capital height measured in Chromium subtends at least 16 arcminutes there, and no row is cut by the screen's
 * edge. `-- --update` writes docs/screenshots/stream_{standings,bracket}*.png.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { DEMO_SLUG, loadDemoIfEmpty } from "../../cli/demo.ts";
import { capHeightMetres, panelHeightMetres } from "../../pages/tv_distance.ts";
import { browserSuite, newTestContext, openPage, runOnePoll } from "../support/browser.ts";
import { axeViolations } from "../support/axe.ts";
import { call, makeToken } from "../api/manage_fixtures.ts";
import { openManage } from "../support/manage_page.ts";
import { testNow } from "../support/test_clock.ts";
import { textCapHeights } from "../support/text_heights.ts";

const UPDATE = Deno.args.includes("--update");
const DIR = new URL("../../docs/screenshots/", import.meta.url);
const SIZES = [{ width: 1280, height: 720 }, { width: 1920, height: 1080 }];
const FAR_SIZES = [{ width: 1920, height: 1080 }, { width: 3840, height: 2160 }];
const SETTINGS = [{ metres: 8, diagonal: 55 }, { metres: 4, diagonal: 43 }];

/** Rows and cards of the page on screen that the screen's edge cuts. */
function cutRows(page: Page): Promise<number> {
  return page.evaluate(() =>
    [...document.querySelectorAll(".far-page tbody tr, .far-page .card")]
      .filter((el) => getComputedStyle(el).visibility !== "hidden")
      .map((el) => el.getBoundingClientRect())
      .filter((r) => r.height > 0 && (r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5)).length
  );
}

browserSuite(
  "the standings and bracket overlays go on air, follow the producer's pick and read from a distance",
  async (store) => {
    await loadDemoIfEmpty(store, testNow());
    return { admin: await makeToken(store.db, "admin", { label: "Producer" }) };
  },
  async (_t, { browser, server, seeded }) => {
    const stream = `${server.origin}/api/manage/events/${DEMO_SLUG}/stream`;
    const patch = async (body: unknown) => {
      const res = await fetch(stream, call(seeded.admin, "PATCH", body));
      assert.equal(res.status, 200, await res.clone().text());
      return (await res.json()).data.stream;
    };
    const standingsUrl = `${server.origin}/overlay/standings/${DEMO_SLUG}`;
    const bracketUrl = `${server.origin}/overlay/bracket/${DEMO_SLUG}`;

    // Off air until the producer puts them up: transparent pages.
    for (const url of [standingsUrl, bracketUrl]) {
      const o = await openPage(browser, url);
      try {
        await o.page.waitForSelector('[data-region="off-air"]', { state: "attached" });
      } finally {
        await o.close();
      }
    }
    await patch({ onAir: { standings: true, bracket: true } });

    // The producer picks a group: the categories and groups come with the state.
    const got = await fetch(stream, call(seeded.admin, "GET"));
    const categories = (await got.json()).data.categories as {
      id: string;
      groups: { id: string; name: string }[];
      knockout: boolean;
    }[];
    const withGroups = categories.find((c) => c.groups.length > 1)!;
    assert.ok(withGroups, "the demo has a category with groups");
    const standings = await openPage(browser, standingsUrl, SIZES[1], { pausedClock: true });
    const panel = await openManage(browser, seeded.admin, { width: 1366, height: 900 });
    try {
      await standings.page.waitForSelector(".gstand tbody tr");
      // On the panel, the standings' card offers every group; the second one is picked.
      await panel.page.goto(`${server.origin}/manage/stream?event=${DEMO_SLUG}`);
      const second = withGroups.groups[1]!;
      await panel.page.selectOption("#pick-standings", `${withGroups.id}/${second.id}`);
      await panel.page.waitForFunction(() =>
        document.getElementById("status")?.textContent === "Group chosen"
      );
      await runOnePoll(standings.page);
      await standings.page.waitForSelector(`.gstand[data-group="${second.id}"]`);
      assert.deepEqual([standings.errors, panel.errors], [[], []]);
    } finally {
      await Promise.all([standings.close(), panel.close()]);
    }
    // The panel, standings and bracket cards included, has no serious or critical axe violation (axe's source
    // is injected past the page's CSP, as tests/browser/accessibility_test.ts does).
    for (const viewport of [{ width: 390, height: 844 }, { width: 1366, height: 900 }]) {
      const context = await newTestContext(browser, { viewport, bypassCSP: true });
      try {
        await context.addInitScript((t) => localStorage.setItem("tt.token", t), seeded.admin);
        const page = await context.newPage();
        await page.goto(`${server.origin}/manage/stream?event=${DEMO_SLUG}`);
        await page.waitForSelector("#pick-bracket option:nth-child(2)", { state: "attached" });
        assert.deepEqual(await axeViolations(page), [], `the panel at ${viewport.width}px`);
      } finally {
        await context.close();
      }
    }
    // A group of another event, or one without its category, is refused.
    const refused = await fetch(stream, call(seeded.admin, "PATCH", { picks: { standingsGroupId: "x" } }));
    assert.equal(refused.status, 422);
    await refused.body?.cancel();

    for (const size of SIZES) {
      for (
        const [name, url, must] of [["standings", standingsUrl, ".gstand tbody tr"], [
          "bracket",
          bracketUrl,
          ".kbr .bm",
        ]] as const
      ) {
        const o = await openPage(browser, url, size);
        try {
          await o.page.waitForSelector(must);
          assert.equal(
            await o.page.evaluate(() => getComputedStyle(document.body).backgroundColor),
            "rgba(0, 0, 0, 0)",
          );
          // The graphic stays within the canvas.
          const box = await o.page.locator(".stage > *").first().boundingBox();
          assert.ok(box && box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width + 0.5);
          assert.ok(box.y + box.height <= size.height + 0.5, `${name} fits ${size.width}x${size.height}`);
          assert.deepEqual(o.errors, []);
          if (UPDATE) {
            const png = await o.page.screenshot({ animations: "disabled" });
            await Deno.writeFile(new URL(`stream_${name}_${size.width}x${size.height}.png`, DIR), png);
          }
        } finally {
          await o.close();
        }
      }
    }

    for (const { metres, diagonal } of SETTINGS) {
      for (const size of FAR_SIZES) {
        // The smallest capital height in CSS px: 16 arcminutes at that distance, over the panel's height.
        const minPx = capHeightMetres(metres) / panelHeightMetres(diagonal) * size.height;
        for (
          const [name, url, must] of [["standings", standingsUrl, ".gstand tbody tr"], [
            "bracket",
            bracketUrl,
            ".kbr .card",
          ]] as const
        ) {
          const o = await openPage(browser, `${url}?distance=${metres}&diagonal=${diagonal}`, size);
          try {
            await o.page.waitForSelector(must);
            const texts = await textCapHeights(o.page);
            assert.ok(texts.length > 3, `${name}: texts on screen`);
            const small = texts.filter((t) => t.cap < minPx - 0.01);
            const where = `${metres} m, ${diagonal}", ${size.width}x${size.height}, ${name}`;
            assert.deepEqual(small, [], `${where}: under ${minPx.toFixed(1)} px`);
            assert.equal(await cutRows(o.page), 0, `${where}: a row cut at the edge`);
            assert.deepEqual(o.errors, []);
            if (UPDATE && metres === 8) {
              const png = await o.page.screenshot({ animations: "disabled" });
              await Deno.writeFile(new URL(`stream_${name}_far_${size.width}x${size.height}.png`, DIR), png);
            }
          } finally {
            await o.close();
          }
        }
      }
    }
  },
);
