/**
 * A graphic taken off air leaves with its exit (pages/client/leave.ts) and the overlay is transparent after it:
 * the category board (whose page gives way to the off-air page) and the slate (whose stage is emptied), with and
 * without prefers-reduced-motion (then no exit animation plays). Each end state is waited for as a condition.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { DEMO_SLUG, loadDemoIfEmpty } from "../../cli/demo.ts";
import { browserSuite, openPage } from "../support/browser.ts";
import { call, makeToken } from "../api/manage_fixtures.ts";
import { testNow } from "../support/test_clock.ts";

/**
 * Notes in the tab's sessionStorage (kept across the reload to the off-air page) when a region starts leaving,
 * and how many exit animations it then plays.
 */
async function watchExit(page: Page): Promise<void> {
  await page.evaluate(() => {
    sessionStorage.removeItem("exit");
    new MutationObserver(() => {
      const leaving = document.querySelector("[data-leaving]");
      if (!leaving || sessionStorage.getItem("exit") !== null) return;
      const exits = leaving.getAnimations({ subtree: true }).filter((a) =>
        a instanceof CSSAnimation && a.animationName === "overlay-leave"
      );
      sessionStorage.setItem("exit", String(exits.length));
    }).observe(document.body, { attributes: true, subtree: true, attributeFilter: ["data-leaving"] });
  });
}

/** Waits until the overlay shows nothing: no element of its stage is painted, the page is transparent. */
async function untilTransparent(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    getComputedStyle(document.body).backgroundColor === "rgba(0, 0, 0, 0)" &&
    [...document.querySelectorAll(".stage *")].every((el) => {
      const r = el.getBoundingClientRect();
      return r.width === 0 || r.height === 0 || getComputedStyle(el).opacity === "0";
    })
  );
}

browserSuite(
  "a graphic taken off air leaves with its exit, or at once with reduced motion, and leaves the overlay transparent",
  async (store) => {
    await loadDemoIfEmpty(store, testNow());
    return { admin: await makeToken(store.db, "admin", { label: "Producer" }) };
  },
  async (_t, { browser, server, seeded }) => {
    const patch = async (body: unknown) => {
      const res = await fetch(
        `${server.origin}/api/manage/events/${DEMO_SLUG}/stream`,
        call(seeded.admin, "PATCH", body),
      );
      assert.equal(res.status, 200, await res.clone().text());
      await res.body?.cancel();
    };
    const event = await (await fetch(`${server.origin}/api/v1/events/${DEMO_SLUG}`)).json();
    const board = `${server.origin}/overlay/subevent/${event.data.subevents[0].id}`;
    const slate = `${server.origin}/overlay/slate/${DEMO_SLUG}`;
    for (const reduced of [false, true]) {
      const how = reduced ? "reduced motion" : "motion";
      await patch({ onAir: { board: true, slate: true } });
      const b = await openPage(browser, board, { width: 1920, height: 1080 });
      const s = await openPage(browser, slate, { width: 1280, height: 720 });
      try {
        for (const o of [b, s]) {
          if (reduced) await o.page.emulateMedia({ reducedMotion: "reduce" });
          await watchExit(o.page);
        }
        await b.page.waitForSelector(".board");
        await s.page.waitForSelector(".slate");
        await patch({ onAir: { board: false, slate: false } });
        // The board's page gives way to the transparent off-air page once its exit has played.
        await b.page.waitForSelector('[data-region="off-air"]', { state: "attached" });
        await untilTransparent(b.page);
        // The slate's stage is emptied after its exit.
        await s.page.waitForFunction(() => document.querySelector(".stage")?.childElementCount === 0);
        await untilTransparent(s.page);
        for (const [name, o] of [["board", b], ["slate", s]] as const) {
          const exits = await o.page.evaluate(() => sessionStorage.getItem("exit"));
          assert.notEqual(exits, null, `${name}, ${how}: it left through its exit`);
          if (reduced) assert.equal(exits, "0", `${name}, ${how}: no exit animation`);
          else assert.ok(Number(exits) > 0, `${name}, ${how}: an exit animation played`);
          assert.deepEqual(o.errors, [], name);
        }
      } finally {
        await Promise.all([b.close(), s.close()]);
      }
    }
  },
);
