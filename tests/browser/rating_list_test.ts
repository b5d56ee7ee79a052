/**
 * The rating list on /manage, in Chromium at 1366x768: a federation's CSV checked against the event's players
 * (matched, unmatched, ambiguous and refused rows, each with its line), then applied: the ratings are stored.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { importEvent } from "../../event_file/import.ts";
import { makeToken } from "../api/manage_fixtures.ts";
import { browserSuite } from "../support/browser.ts";
import { undrawnGroups } from "../support/event_files.ts";
import { atTheDesk } from "../support/manage_page.ts";
import { keepScreenshot } from "../support/screenshot.ts";

const players = [
  ["Ana Ruiz", "Northgate", "NG-101"],
  ["Ben Okafor", "Riverside", ""],
  ["Cat Meyer", "Northgate", ""],
  ["Dan Holm", "Riverside", ""],
].map(([n, club, fed]) => ({
  id: n!.split(" ")[0]!.toLowerCase(),
  displayName: n!,
  association: club!,
  ...(fed ? { federationId: fed } : {}),
}));

const LIST = [
  "Licence;Name;Club;Points;Year of birth",
  "NG-101;RUIZ Ana;Northgate;1620;2004",
  ";Okafor, Ben;Riverside;1544;2001",
  ";Dan Holm;Northgate;1490;1999",
  ";Eli Novak;Westend;1475;2003",
  ';"Meyer, Cat";Northgate;n/a;2006',
].join("\r\n");

browserSuite(
  "/manage checks a rating list against the players, then applies it",
  async (store) => {
    const file = undrawnGroups("club-open", players);
    file.event.name = "Club open";
    await importEvent(store, file);
    return { admin: await makeToken(store.db, "admin", { label: "Desk" }) };
  },
  async (t, { browser, server, seeded }) => {
    await atTheDesk(browser, server.origin, seeded.admin, "categories", async (page) => {
      await t.step("the report names each row by its line", async () => {
        await page.waitForSelector("#check-in-list li");
        await page.setInputFiles("#rating-list-file", {
          name: "ratings.csv",
          mimeType: "text/csv",
          buffer: Buffer.from("\uFEFF" + LIST),
        });
        await page.click("#rating-list-form button[type=submit]");
        await page.waitForSelector("#rating-list-apply");
        const report = await page.textContent("#rating-list-report") ?? "";
        assert.match(
          report,
          /Players matched: 2 \(2 with a new rating\) · rows unmatched: 1 · ambiguous: 1 · refused: 1/,
        );
        assert.match(report, /Line 6: its rating "n\/a" is not a number/);
        assert.match(report, /Line 4: Dan Holm: the name matches but the club "Northgate" does not/);
        assert.match(report, /Ana Ruiz: 1620, by federation id, line 2/);
        assert.match(report, /Line 5: Eli Novak/);
        await page.evaluate(() => {
          const top = document.getElementById("rating-list")!.getBoundingClientRect().top;
          scrollBy(0, top - 60);
        });
        await keepScreenshot(page, "manage_rating_list");
      });
      await t.step("Apply stores the ratings", async () => {
        await page.click("#rating-list-apply");
        await page.waitForSelector("#rating-list-apply", { state: "detached" });
        const rows = await server.store.db.selectFrom("players").select(["display_name", "prior_rating"])
          .orderBy("display_name").execute();
        assert.deepEqual(
          rows.map((r) => [r.display_name, r.prior_rating === null ? null : Number(r.prior_rating)]),
          [
            ["Ana Ruiz", 1620],
            ["Ben Okafor", 1544],
            ["Cat Meyer", null],
            ["Dan Holm", null],
          ],
        );
      });
    });
  },
);
