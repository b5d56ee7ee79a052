/**
 * Check-in at the desk on /manage, in Chromium at 1366x768: players found by name or club and ticked present
 * (stored, audited); the one not here for the match on its table is named in "Needs you" before the call, and
 * marked present from there.
 */
import assert from "node:assert/strict";
import { listAudit } from "../../db/audit.ts";
import { importEvent } from "../../event_file/import.ts";
import { makeToken } from "../api/manage_fixtures.ts";
import { browserSuite } from "../support/browser.ts";
import { undrawnGroups } from "../support/event_files.ts";
import { atTheDesk } from "../support/manage_page.ts";
import { keepScreenshot } from "../support/screenshot.ts";

const players = [
  ["Ana Ruiz", "Northgate"],
  ["Ben Okafor", "Riverside"],
  ["Cat Meyer", "Northgate"],
  ["Dan Holm", "Riverside"],
].map(([n, club]) => ({ id: n!.split(" ")[0]!.toLowerCase(), displayName: n!, association: club! }));

browserSuite(
  "/manage checks players in and names who is missing before the call",
  async (store) => {
    const file = undrawnGroups("club-open", players);
    file.event.name = "Club open";
    file.categories[0]!.groups = [{ name: "A", entries: players.map((p) => p.id) }];
    file.categories[0]!.draw = { state: "locked", lotSeed: "club" };
    await importEvent(store, file);
    // Ana v Dan is next on table 2.
    const ana = await store.db.selectFrom("players").select("id").where("display_name", "=", "Ana Ruiz")
      .executeTakeFirstOrThrow();
    const first = await store.db.selectFrom("matches").innerJoin(
      "entries",
      "entries.id",
      "matches.home_entry_id",
    )
      .select("matches.id").where("entries.player1_id", "=", ana.id).orderBy("round_no")
      .executeTakeFirstOrThrow();
    await store.db.updateTable("matches").set({ table_no: 2 }).where("id", "=", first.id).execute();
    return { admin: await makeToken(store.db, "admin", { label: "Desk" }) };
  },
  async (t, { browser, server, seeded }) => {
    await atTheDesk(browser, server.origin, seeded.admin, "categories", async (page, confirmations) => {
      await t.step("found by club and ticked present: stored and audited", async () => {
        await page.waitForSelector("#check-in-list li");
        assert.equal(await page.textContent("#check-in-count"), "0 of 4 players here");
        await page.fill("#check-in-text", "northgate");
        assert.deepEqual(
          await page.$$eval("#check-in-list li", (ls) => ls.map((l) => l.textContent?.trim())),
          ["Ana Ruiz · Northgate", "Cat Meyer · Northgate"],
        );
        await page.check("#check-in-list li:has-text('Ana Ruiz') input");
        await page.waitForFunction(() =>
          document.getElementById("check-in-count")?.textContent === "1 of 4 players here"
        );
        const audit = await listAudit(server.store.db, { actions: ["player.check_in"], limit: 5 });
        assert.equal(audit.length, 1);
        await page.fill("#check-in-text", "");
      });
      await t.step("Needs you names Dan before the call; one click marks him present", async () => {
        await page.waitForSelector("#needs li.need[data-kind=absent]");
        assert.match(
          await page.textContent("#needs li.need[data-kind=absent]") ?? "",
          /^Dan Holm has not checked in for Ana Ruiz v Dan Holm \(Singles, .+\), next on table 2 Mark Dan Holm present$/,
        );
        await keepScreenshot(page, "manage_check_in");
        await page.click("#needs li.need[data-kind=absent] button");
        await page.waitForSelector("#needs li.need[data-kind=absent]", { state: "detached" });
        // The check-in list is read again on the next refresh.
        await page.waitForFunction(() =>
          document.getElementById("check-in-count")?.textContent === "2 of 4 players here"
        );
      });
      await t.step("the two no-shows are withdrawn in one confirmed step", async () => {
        await page.click("#check-in-no-shows:has-text('Withdraw the 2 no-shows')");
        await page.waitForFunction(() =>
          document.getElementById("status")?.textContent === "2 no-shows withdrawn"
        );
        assert.match(
          confirmations.at(-1) ?? "",
          /^Withdraw the 2 players not checked in \(Ben Okafor and Cat Meyer\)/,
        );
        const withdrawn = await server.store.db.selectFrom("entries").select("id")
          .where("withdrawn_at", "is not", null).execute();
        assert.equal(withdrawn.length, 2);
        const audit = await listAudit(server.store.db, { actions: ["event.withdraw_no_shows"], limit: 5 });
        assert.equal(audit.length, 1);
      });
    });
  },
);
