/**
 * The umpire confirms a result on a phone (390x844, touch) over a flaky link, and the desk (1366x768) sees which
 * results are confirmed, by whom and when; once confirmed the phone offers no Undo and the server refuses the
 * umpire's changes. Every wait is for a condition. Screenshots: `-- --update`.
 */
import assert from "node:assert/strict";
import { browserSuite } from "../support/browser.ts";
import { openManage } from "../support/manage_page.ts";
import { openPhone, scoreUrl, seedStarted, waitQueued } from "../support/score_page.ts";
import { LAPTOP } from "../support/viewports.ts";
import { makeToken } from "../api/manage_fixtures.ts";

const UPDATE = Deno.args.includes("--update");
const DIR = new URL("../../docs/screenshots/", import.meta.url);

browserSuite(
  "the umpire confirms a result over a flaky link; the desk sees confirmed and unconfirmed results",
  async (store) => {
    const { ev, secret, id, write } = await seedStarted(store, "Table 1 phone", { bestOf: 3 });
    // Game 1 to home, 10-0 in game 2: match point.
    for (let i = 0; i < 21; i++) await write({ type: "point", side: "home" });
    // The other match of the round is finished at the desk, and nobody confirms it.
    const { deskWriter } = await import("../support/score_page.ts");
    const other = ev.rounds[0]![1]!;
    const writeOther = deskWriter(store, other);
    await writeOther({ type: "start", firstServer: "away" });
    for (let i = 0; i < 22; i++) await writeOther({ type: "point", side: "away" });
    const admin = await makeToken(store.db, "admin", { label: "Desk" });
    return { ev, secret, id, other, admin };
  },
  async (t, { browser, server, seeded }) => {
    const phone = await openPhone(browser, scoreUrl(server.origin, seeded.secret, seeded.id), "phone-a");
    const { page } = phone;
    let sent = 0;
    try {
      await t.step(
        "on a link that drops every other request, Confirm result is kept, then sent",
        async () => {
          await page.waitForSelector("#score-panel:not([hidden])");
          // Every other call to the management API fails as on a dead link.
          await page.route("**/api/manage/**", async (route) => {
            sent += 1;
            if (sent % 2 === 0) return await route.abort("failed");
            await route.continue();
          });
          await page.tap("#tap-home");
          await page.waitForSelector("#dialog:not([hidden])");
          assert.equal(
            await page.textContent("#dialog-text"),
            "Match to Player test-open 1, 2-0: 11-0, 11-0. Confirm the result?",
          );
          await page.tap("#dialog-ok");
          await page.waitForFunction(() =>
            /^Match to Player test-open 1, 2-0: 11-0, 11-0\. Result confirmed by Table 1 phone at \d\d:\d\d\. Only the desk can change it now\.$/
              .test(document.getElementById("dialog-text")?.textContent ?? "")
          );
          await waitQueued(page, 0);
          assert.equal(await page.isVisible("#dialog-undo"), false, "no Undo once confirmed");
          assert.equal(await page.isDisabled("#undo"), true);
          assert.equal(await page.textContent("#dialog-ok"), "Back to the list");
          const row = await server.store.db.selectFrom("result_confirmations").selectAll()
            .where("match_id", "=", seeded.id).executeTakeFirstOrThrow();
          assert.equal(row.confirmed_by, "Table 1 phone");
          assert.equal(row.confirmed_role, "scorer");
          assert.ok(sent >= 2, "the link dropped a request on the way");
          if (UPDATE) {
            await Deno.writeFile(new URL("umpire_confirmed_390x844.png", DIR), await page.screenshot());
          }
        },
      );

      await t.step("the umpire's change after the confirmation is refused, and says why", async () => {
        await page.unroute("**/api/manage/**");
        const res = await page.evaluate(async ({ id, token }) => {
          const r = await fetch(`/api/manage/matches/${id}/undo`, {
            method: "POST",
            headers: {
              Authorization: `Bearer ${token}`,
              "Content-Type": "application/json",
              "Idempotency-Key": crypto.randomUUID(),
              "X-Scorer-Device": "phone-a",
            },
            body: "{}",
          });
          return { status: r.status, body: await r.json() };
        }, { id: seeded.id, token: seeded.secret });
        assert.equal(res.status, 409);
        assert.equal(res.body.code, "result-confirmed");
        assert.match(res.body.detail, /confirmed by "Table 1 phone" at .*; only the desk \(an admin token\)/);
        await page.tap("#dialog-ok");
        await page.waitForURL(`${server.origin}/score`);
      });
    } finally {
      await phone.close();
    }

    await t.step("the desk's results say which are confirmed, by whom and when", async () => {
      const desk = await openManage(browser, seeded.admin, LAPTOP);
      try {
        await desk.page.goto(`${server.origin}/manage`);
        const confirmed = `#done li.match[data-match-id="${seeded.id}"] .confirmed`;
        const unconfirmed = `#done li.match[data-match-id="${seeded.other}"] .unconfirmed`;
        await desk.page.waitForSelector(confirmed);
        assert.match(
          (await desk.page.textContent(confirmed)) ?? "",
          /^Confirmed by Table 1 phone \(scorer\) \w+ \d\d:\d\d/,
        );
        await desk.page.waitForSelector(unconfirmed);
        assert.equal(await desk.page.textContent(unconfirmed), "Not confirmed by the umpire");
        if (UPDATE) {
          await desk.page.locator("#done").scrollIntoViewIfNeeded();
          await Deno.writeFile(new URL("desk_confirmations_1366x768.png", DIR), await desk.page.screenshot());
        }
        // The row's Report opens the printable match report for the referee.
        const [report] = await Promise.all([
          desk.page.context().waitForEvent("page"),
          desk.page.click(`#done li.match[data-match-id="${seeded.id}"] a.report-link`),
        ]);
        await report.waitForLoadState();
        assert.match(await report.textContent("h1") ?? "", /^Match report$/);
        assert.match(await report.textContent("body") ?? "", /11-0, 11-0/);
        if (UPDATE) {
          await Deno.writeFile(new URL("match_report_1366x768.png", DIR), await report.screenshot());
        }
        assert.deepEqual(desk.errors, []);
      } finally {
        await desk.close();
      }
    });
  },
);
