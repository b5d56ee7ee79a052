/**
 * The producer's panel (/manage/stream) on the demo: a lower third taken off air leaves its overlay transparent
 * after one poll and comes back after one more; the slate and the sponsor's slot show when put on air; a hidden
 * character in the slate is refused with a sentence. Overlays' clocks are paused, so that "one poll" is one run
 * of their clock, however slow the machine. `-- --update` writes each graphic and state at 1280x720 and
 * 1920x1080 to docs/screenshots/ (stream_*.png).
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import { DEMO_SLUG, loadDemoIfEmpty } from "../../cli/demo.ts";
import { browserSuite, openPage, runOnePoll, untilFirstSwap } from "../support/browser.ts";
import { call, makeToken } from "../api/manage_fixtures.ts";
import { openManage } from "../support/manage_page.ts";
import { pollWait } from "../../pages/client/poll_wait.ts";

const UPDATE = Deno.args.includes("--update");
const DIR = new URL("../../docs/screenshots/", import.meta.url);
const SIZES = [[1280, 720], [1920, 1080]] as const;

/** A sponsor's logo as an SVG file, as a producer would pick it in the panel. */
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100" viewBox="0 0 300 100">
<rect width="300" height="100" rx="14" fill="#f4f4f4"/><circle cx="50" cy="50" r="32" fill="#d62828"/>
<text x="95" y="62" font-family="sans-serif" font-size="34" font-weight="700" fill="#0d1b2a">ACME</text>
<text x="195" y="62" font-family="sans-serif" font-size="24" fill="#0d1b2a">tables</text></svg>`;

browserSuite(
  "the producer's panel takes graphics on and off air, and puts up the slate and the sponsor",
  async (store) => {
    await loadDemoIfEmpty(store, new Date());
    return { admin: await makeToken(store.db, "admin", { label: "Producer" }) };
  },
  async (_t, { browser, server, seeded }) => {
    const api = async (path: string) => (await (await fetch(server.origin + path)).json()).data;
    const live = (await api(`/api/v1/events/${DEMO_SLUG}/matches?status=in_progress`)).matches as {
      id: string;
    }[];
    assert.ok(live.length > 0, "the demo has a match in play");
    const match = live[0]!.id;
    // The featured overlay shows a match in play (the desk's "Feature on the stream").
    const featured = await fetch(
      `${server.origin}/api/manage/matches/${match}/feature`,
      call(seeded.admin, "POST", {}, { "Idempotency-Key": crypto.randomUUID() }),
    );
    assert.equal(featured.status, 200, await featured.clone().text());
    await featured.body?.cancel();

    const panel = await openManage(browser, seeded.admin, { width: 1366, height: 900 });
    const card = await openPage(browser, `${server.origin}/overlay/card/match/${match}`, {
      width: 1920,
      height: 1080,
    }, { pausedClock: true });
    const slate = await openPage(browser, `${server.origin}/overlay/slate/${DEMO_SLUG}`, {
      width: 1280,
      height: 720,
    }, { pausedClock: true });
    const sponsor = await openPage(browser, `${server.origin}/overlay/sponsor/${DEMO_SLUG}?pos=top-right`, {
      width: 1280,
      height: 720,
    }, { pausedClock: true });
    const saved = (page: Page, words: string) =>
      page.waitForFunction((w) => document.getElementById("status")?.textContent === w, words);
    const switchOf = (graphic: string) => `article.graphic[data-graphic="${graphic}"] button.switch`;
    try {
      await panel.page.goto(`${server.origin}/manage/stream?event=${DEMO_SLUG}`);
      await panel.page.waitForSelector('article.graphic[data-graphic="lowerThird"].on');
      assert.equal(await panel.page.locator("article.graphic").count(), 8);
      assert.equal(await card.page.locator(".lt").count(), 1, "the lower third is on air by default");
      assert.equal(await slate.page.locator(".slate").count(), 0, "no slate before the producer puts one up");
      assert.equal(await sponsor.page.locator(".sponsor").count(), 0);

      // Off air: the overlay's next poll sees it, and the page is transparent (it polls the state alone).
      await panel.page.click(switchOf("lowerThird"));
      await saved(panel.page, "Taken off air");
      await onePollReloads(card.page);
      await card.page.waitForSelector('[data-region="off-air"]', { state: "attached" });
      assert.equal(await card.page.locator(".lt").count(), 0);
      assert.equal(
        await card.page.evaluate(() => getComputedStyle(document.body).backgroundColor),
        "rgba(0, 0, 0, 0)",
      );
      // Back on air, after one poll again.
      await panel.page.click(switchOf("lowerThird"));
      await saved(panel.page, "On air");
      await onePollReloads(card.page);
      await card.page.waitForSelector(".lt");

      // The slate: "Back after the break", then the producer's own words.
      await panel.page.selectOption("#slate-kind", "break");
      await panel.page.click('#slate-form button[type="submit"]');
      await saved(panel.page, "Slate on air");
      await runOnePoll(slate.page);
      await slate.page.waitForFunction(() =>
        document.querySelector(".slate .words")?.textContent === "Back after the break"
      );
      // A hidden character is refused with a sentence; the slate stays.
      await panel.page.selectOption("#slate-kind", "custom");
      await panel.page.fill("#slate-text", "Back at\u202e 14:00");
      await panel.page.click('#slate-form button[type="submit"]');
      await panel.page.waitForFunction(() =>
        /invisible character \(U\+202E\)/.test(document.getElementById("status")?.textContent ?? "")
      );
      assert.equal((await api(`/../overlay/air/${DEMO_SLUG}`)).slate.text, "Back after the break");

      // The sponsor: a logo file and a line, then on air from its card.
      await panel.page.setInputFiles("#sponsor-file", {
        name: "acme.svg",
        mimeType: "image/svg+xml",
        buffer: Buffer.from(LOGO),
      });
      await panel.page.fill("#sponsor-text", "Official table supplier");
      await panel.page.click('#sponsor-form button[type="submit"]');
      await saved(panel.page, "Sponsor saved");
      await panel.page.click(switchOf("sponsor"));
      await saved(panel.page, "On air");
      await runOnePoll(sponsor.page);
      await sponsor.page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>(".sponsor img");
        return img !== null && img.complete && img.naturalWidth === 300;
      });
      assert.match(await sponsor.page.locator(".sponsor").innerText(), /Official table supplier/);
      assert.deepEqual([card.errors, slate.errors, sponsor.errors, panel.errors], [[], [], [], []]);
      if (UPDATE) {
        await panel.page.fill("#slate-text", "");
        await panel.page.selectOption("#slate-kind", "break");
        for (const [w, h] of [[1366, 900], [1920, 1080]] as const) {
          await panel.page.setViewportSize({ width: w, height: h });
          await panel.page.evaluate(() => scrollTo(0, 0));
          // The previews' frames scale to their boxes on a resize.
          await panel.page.waitForFunction(() =>
            [...document.querySelectorAll<HTMLElement>(".preview-box")].every((box) =>
              Math.abs(
                Number(/scale\(([\d.]+)\)/.exec(box.querySelector("iframe")?.style.transform ?? "")?.[1]) -
                  box.clientWidth / 1920,
              ) < 0.001
            )
          );
          for (const g of ["bar", "lowerThird", "board", "slate", "sponsor"]) {
            await panel.page.frameLocator(`article[data-graphic="${g}"] iframe`).locator(".stage > *").first()
              .waitFor();
          }
          const png = await panel.page.screenshot({ animations: "disabled" });
          await Deno.writeFile(new URL(`stream_panel_${w}x${h}.png`, DIR), png);
        }
      }
    } finally {
      await Promise.all([panel.close(), card.close(), slate.close(), sponsor.close()]);
    }
    if (UPDATE) await screenshots(browser, server.origin, seeded.admin, match);
  },
);

/**
 * Runs a paused page's clock for the longest wait between two polls (pollWait's upper bound): the one poll due
 * in it finds the change, and the page, whose regions then differ (on air or off), loads itself again.
 */
async function onePollReloads(page: Page): Promise<void> {
  const every = await page.evaluate(() => Number(document.body.dataset.pollMs) || 1000);
  await page.clock.runFor(pollWait(every, 1));
}

/** Each graphic and state at both sizes, each checked for what it must show. */
async function screenshots(
  browser: Parameters<typeof openPage>[0],
  origin: string,
  admin: string,
  match: string,
) {
  const patch = async (body: unknown) => {
    const res = await fetch(`${origin}/api/manage/events/${DEMO_SLUG}/stream`, call(admin, "PATCH", body));
    assert.equal(res.status, 200, await res.clone().text());
    await res.body?.cancel();
  };
  const event = await (await fetch(`${origin}/api/v1/events/${DEMO_SLUG}`)).json();
  const category = event.data.subevents[0].id;
  const shots: { name: string; path: string; must: string; before?: unknown }[] = [
    { name: "bar", path: `/overlay/featured/${DEMO_SLUG}`, must: ".bar" },
    { name: "lower_third", path: `/overlay/card/match/${match}`, must: ".lt" },
    { name: "board", path: `/overlay/subevent/${category}`, must: ".board" },
    {
      name: "slate_starting_soon",
      path: `/overlay/slate/${DEMO_SLUG}`,
      must: ".slate",
      before: { onAir: { slate: true }, slate: { kind: "starting-soon" } },
    },
    {
      name: "slate_technical",
      path: `/overlay/slate/${DEMO_SLUG}`,
      must: ".slate",
      before: { slate: { kind: "technical" } },
    },
    {
      name: "slate_custom",
      path: `/overlay/slate/${DEMO_SLUG}?accent=e63946&panel=101820`,
      must: ".slate",
      before: { slate: { kind: "custom", text: "Finals from 15:00 on Table 1" } },
    },
    {
      name: "sponsor_image",
      path: `/overlay/sponsor/${DEMO_SLUG}?pos=top-right`,
      must: ".sponsor img",
      before: { onAir: { sponsor: true } },
    },
    {
      name: "sponsor_text",
      path: `/overlay/sponsor/${DEMO_SLUG}?pos=bottom-right`,
      must: ".sponsor .text",
      before: { sponsor: { imageUrl: null, text: "Coffee by Café Central" } },
    },
    {
      name: "bar_off_air",
      path: `/overlay/featured/${DEMO_SLUG}?debug=1`,
      must: '[data-region="off-air"]',
      before: { onAir: { bar: false } },
    },
  ];
  for (const s of shots) {
    if (s.before) await patch(s.before);
    for (const [width, height] of SIZES) {
      const o = await openPage(browser, origin + s.path, { width, height });
      try {
        await o.page.waitForSelector(s.must, { state: "attached" });
        // The first poll swaps the stage for a fresh copy (its entrance plays again): the shot is taken after it.
        await untilFirstSwap(o.page);
        assert.deepEqual(o.errors, []);
        // The graphic as it stands once its entrance is over.
        const png = await o.page.screenshot({ animations: "disabled" });
        await Deno.writeFile(new URL(`stream_${s.name}_${width}x${height}.png`, DIR), png);
      } finally {
        await o.close();
      }
    }
  }
}
