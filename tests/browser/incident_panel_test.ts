/**
 * The referee's parts of /manage in Chromium at 1366x768: a red card shown on an umpire's phone raises the alert
 * beside "Needs you" in every view until the referee acknowledges it, and the incident list of the Matches view
 * shows each incident with its table, game and score, filtered by kind and table; one the umpire undid stays,
 * struck and marked, and the Undone filter shows, hides or keeps it alone.
 */
import assert from "node:assert/strict";
import { makeToken } from "../api/manage_fixtures.ts";
import { browserSuite } from "../support/browser.ts";
import { openManage, seedDesk } from "../support/manage_page.ts";

browserSuite(
  "/manage raises a red card to the referee and lists the event's incidents",
  async (store) => {
    const { ev, admin } = await seedDesk(store, { bestOf: 3 });
    const scorer = await makeToken(store.db, "scorer", { label: "Table 2 phone" });
    return { ev, admin, scorer };
  },
  async (t, { browser, server, seeded }) => {
    const umpire = async (id: string, action: string, body: unknown) => {
      const res = await fetch(`${server.origin}/api/manage/matches/${id}/${action}`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${seeded.scorer}`,
          "content-type": "application/json",
          "X-Scorer-Device": "phone-b",
          "Idempotency-Key": crypto.randomUUID(),
        },
        body: JSON.stringify(body),
      });
      assert.equal(res.status, 200, await res.text());
    };
    const [first, second] = [seeded.ev.rounds[0]![0]!, seeded.ev.rounds[0]![1]!];
    const { page, errors, close } = await openManage(
      browser,
      seeded.admin,
      { width: 1366, height: 768 },
      "tables",
    );
    try {
      await page.goto(`${server.origin}/manage`);
      await page.waitForSelector("#referee-alert", { state: "attached" });
      await t.step("a red card on a phone raises the alert in the Tables view", async () => {
        await umpire(first, "start", { firstServer: "home" });
        await umpire(first, "timeout", { side: "home" });
        await umpire(first, "resume", {});
        await umpire(first, "card", { side: "away", target: "player", card: "red" });
        await page.waitForSelector("#referee-alert:not([hidden]) li.need");
        const text = await page.textContent("#referee-alert li.need");
        assert.match(text ?? "", /^Red card: .+ v .+ Game 1, 0-0/);
      });
      await t.step("the incident list shows both incidents, filtered by kind", async () => {
        await page.click("#views button[data-view=matches]");
        await page.waitForFunction(() =>
          document.querySelectorAll("#incident-list li.incident").length === 2
        );
        await page.selectOption("#incident-kind", "timeout");
        await page.waitForFunction(() =>
          document.querySelectorAll("#incident-list li.incident").length === 1
        );
        assert.match(await page.textContent("#incident-list li.incident") ?? "", /^Time-out: /);
        await page.selectOption("#incident-kind", "");
      });
      await t.step("acknowledging ends the alert; the list says who acknowledged", async () => {
        await page.click("#referee-alert li.need button");
        await page.waitForSelector("#referee-alert", { state: "hidden" });
        await page.waitForFunction(() =>
          document.querySelector("#incident-list li.alert")?.textContent?.includes("acknowledged by Desk")
        );
      });
      await t.step(
        "a second match's card on another table is listed, and the table filter keeps it apart",
        async () => {
          await server.store.db.updateTable("matches").set({ table_no: 7 }).where("id", "=", second)
            .execute();
          await umpire(second, "start", { firstServer: "home" });
          await umpire(second, "card", { side: "home", target: "player", card: "yellow" });
          await page.waitForSelector("#incident-table option[value='7']", { state: "attached" });
          await page.selectOption("#incident-table", "7");
          await page.waitForFunction(() =>
            document.querySelectorAll("#incident-list li.incident").length === 1
          );
          assert.match(await page.textContent("#incident-list li.incident") ?? "", /^Yellow card: /);
          assert.equal(await page.isHidden("#referee-alert"), true, "a yellow card raises no alert");
        },
      );
      await t.step(
        "an incident the umpire undid stays, struck and marked, and the Undone filter sorts it",
        async () => {
          await umpire(second, "timeout", { side: "away" });
          await umpire(second, "undo", {});
          await page.waitForSelector("#incident-list li.incident.undone");
          assert.match(
            await page.textContent("#incident-list li.undone") ?? "",
            /^Time-out: .+ \(undone\) .+ · undone by Table 2 phone at /,
          );
          assert.equal(await page.locator("#incident-list li.undone s").count(), 1);
          await page.selectOption("#incident-undone", "only");
          await page.waitForFunction(() =>
            document.querySelectorAll("#incident-list li.incident").length === 1 &&
            document.querySelectorAll("#incident-list li.undone").length === 1
          );
          await page.selectOption("#incident-undone", "hide");
          await page.waitForFunction(() =>
            document.querySelectorAll("#incident-list li.incident").length === 1 &&
            document.querySelectorAll("#incident-list li.undone").length === 0
          );
          await page.selectOption("#incident-undone", "");
          assert.equal(await page.isHidden("#referee-alert"), true);
        },
      );
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  },
);
