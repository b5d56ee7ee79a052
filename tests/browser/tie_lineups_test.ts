/**
 * A tie's line-ups entered on /manage in Chromium at 1366x768 (docs/teams.md): the tie's row offers its line-ups
 * (not a start, a tie is played as its matches), the desk chooses a player per position for both teams and
 * publishes them; the tie's matches are made and its prediction frozen.
 */
import assert from "node:assert/strict";
import { matchIdFor } from "../../db/ids.ts";
import { importEvent } from "../../event_file/import.ts";
import { makeToken, T0 } from "../api/manage_fixtures.ts";
import { apiClient } from "../support/api_client.ts";
import { browserSuite } from "../support/browser.ts";
import { openManage, openMenu, publishLineups } from "../support/manage_page.ts";
import { TEAM_SLUG, teamEventFile } from "../support/team_event.ts";
import { LAPTOP } from "../support/viewports.ts";

browserSuite(
  "/manage: the desk enters and publishes a tie's line-ups, and the tie's matches are made",
  async (store) => {
    await importEvent(store, teamEventFile(2), () => T0);
    return {
      admin: await makeToken(store.db, "admin", { label: "Desk" }),
      tie: matchIdFor(TEAM_SLUG, "WTG", "G3"),
    };
  },
  async (t, { browser, server, seeded }) => {
    const { page, errors, close } = await openManage(browser, seeded.admin, LAPTOP, "all");
    const row = `li.match[data-match-id="${seeded.tie}"]`;
    try {
      await page.goto(`${server.origin}/manage`);
      await page.waitForSelector(row);
      await t.step("the tie's menu offers its line-ups, not a start", async () => {
        await openMenu(page, row);
        const labels = await page.$$eval(
          `${row} details.match-menu button`,
          (bs) => bs.map((b) => b.textContent),
        );
        assert.ok(labels.includes("Line-ups…"), labels.join(", "));
        assert.ok(!labels.some((l) => /^Start/.test(l ?? "")), labels.join(", "));
      });
      await t.step("both line-ups chosen and published", async () => {
        await page.click(`${row} button:has-text("Line-ups…")`);
        await publishLineups(page);
      });
      await t.step("the public tie has its line-ups, five matches and a prediction", async () => {
        const tie = (await apiClient(server.store).request(`/api/v1/ties/${seeded.tie}`)).body.data.tie;
        assert.ok(tie.lineups, "published");
        assert.equal(tie.matches.filter((m: { match: unknown }) => m.match !== null).length, 5);
        assert.ok(tie.prediction && tie.prediction.pHome > 0 && tie.prediction.pHome < 1);
      });
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  },
);
