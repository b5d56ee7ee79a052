/**
 * The widths of the match bar and the tie overlay: both may use the canvas less 24 px each side (docs/pages.md),
 * so that at 1920x1080 a long pair is shown whole rather than cut at a fixed width, and at 1280x720 the bar
 * takes the whole room before it cuts a name.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { bumpRevision } from "../../db/revision.ts";
import { seedKnockout } from "../api/manage_fixtures.ts";
import { browserSuite, openPage } from "../support/browser.ts";
import { seedTeamScreens } from "../support/team_screens.ts";

const HD = { width: 1280, height: 720 };
const FULL_HD = { width: 1920, height: 1080 };
const LONG = ["Alexandrina Konstantinopoulou", "Maximiliana Fitzgerald-Hohenzollern"];

/** The bar's width and the cells of `cells` whose text is cut (wider than their box). */
const measure = (page: Page, bar: string, cells: string) =>
  page.evaluate(([bar, cells]) => ({
    width: document.querySelector(bar)!.getBoundingClientRect().width,
    cut: [...document.querySelectorAll<HTMLElement>(cells)].filter((el) =>
      el.scrollWidth > el.clientWidth + 1
    )
      .map((el) => el.textContent),
  }), [bar, cells] as const);

browserSuite(
  "the match bar shows a long pair whole at 1920x1080 and fills 1280x720 before it cuts",
  async (store) => {
    const ev = await seedKnockout(store.db, { slug: "wide-open", bestOf: 3, size: 4, doubles: true });
    const entry = await store.db.selectFrom("entries").select(["player1_id", "player2_id"])
      .where("id", "=", ev.entryIds[0]!).executeTakeFirstOrThrow();
    for (const [i, id] of [entry.player1_id, entry.player2_id!].entries()) {
      await store.db.updateTable("players").set({ display_name: LONG[i]! }).where("id", "=", id).execute();
    }
    await bumpRevision(store.db, ev.eventId);
    return ev;
  },
  async (_t, { browser, server, seeded }) => {
    const url = `${server.origin}/overlay/match/${seeded.rounds[0]![0]}`;
    const wide = await openPage(browser, url, FULL_HD);
    const narrow = await openPage(browser, url, HD);
    try {
      const full = await measure(wide.page, ".bar", ".row .who");
      assert.deepEqual(full.cut, [], "nothing cut at 1920x1080");
      assert.ok(full.width > 1180, `the bar grows past 1180 px: ${full.width}`);
      const small = await measure(narrow.page, ".bar", ".row .who");
      assert.ok(Math.abs(small.width - (HD.width - 48)) < 1, `the bar fills 1280 less 48 px: ${small.width}`);
      assert.deepEqual([...wide.errors, ...narrow.errors], []);
    } finally {
      await wide.close();
      await narrow.close();
    }
  },
);

browserSuite(
  "the tie overlay uses the canvas less 24 px each side, shows a doubles pair whole at 1920x1080 and the teams' flags",
  seedTeamScreens,
  async (_t, { browser, server, seeded }) => {
    const url = `${server.origin}/overlay/tie/${seeded.mixedFinal}`;
    for (const viewport of [HD, FULL_HD]) {
      const o = await openPage(browser, url, viewport);
      try {
        const m = await measure(o.page, ".tiebar", ".trow .player");
        assert.ok(Math.abs(m.width - (viewport.width - 48)) < 1, `${viewport.width}: ${m.width}`);
        if (viewport === FULL_HD) assert.deepEqual(m.cut, [], "no pair cut at 1920x1080");
        // A national team's flag stands before its name, inside its cell.
        const flags = await o.page.evaluate(() =>
          [...document.querySelectorAll(".trow .team")].map((team) => {
            const flag = team.querySelector(".cflag")?.getBoundingClientRect();
            const box = team.getBoundingClientRect();
            return flag !== undefined && flag.width > 0 && flag.left >= box.left && flag.right <= box.right;
          })
        );
        assert.deepEqual(flags, [true, true]);
        assert.deepEqual(o.errors, []);
      } finally {
        await o.close();
      }
    }
  },
);
