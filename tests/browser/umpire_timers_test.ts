/**
 * The toss and the medical break on the umpire's page, on a phone (390x844, touch) over a link that drops every
 * other request: the toss is kept on the phone, then stored (Law 2.13.1); a medical break counts its 10 minutes
 * down on the banner (Regulation 3.4.2.3), after the phone asked why the referee allowed it (the Regulation's
 * cases), goes on counting after a reload and ends with Resume play; its start, end and reason are stored.
 * Screenshots: `-- --update`.
 */
import assert from "node:assert/strict";
import { browserSuite } from "../support/browser.ts";
import { openPhone, scoreUrl, seedScoring } from "../support/score_page.ts";
import { until } from "../support/wait.ts";

const UPDATE = Deno.args.includes("--update");
const DIR = new URL("../../docs/screenshots/", import.meta.url);

browserSuite(
  "the umpire records the toss and times a medical break on a flaky link",
  async (store) => {
    const { ev, secret } = await seedScoring(store, "Table 1 phone", { bestOf: 3 });
    return { secret, id: ev.rounds[0]![0]! };
  },
  async (t, { browser, server, seeded }) => {
    const phone = await openPhone(browser, scoreUrl(server.origin, seeded.secret, seeded.id), "phone-a");
    const { page } = phone;
    let sent = 0;
    try {
      await page.waitForSelector("#start-panel:not([hidden])");
      await page.route("**/api/manage/**", async (route) => {
        sent += 1;
        if (sent % 2 === 0) return await route.abort("failed");
        await route.continue();
      });

      await t.step("the toss: who won it and the choice, kept then stored", async () => {
        await page.tap("#toss");
        await page.tap("#sheet-choices button:text('Player test-open 2')");
        await page.tap("#sheet-choices button:text('An end')");
        await until(
          async () =>
            (await server.store.db.selectFrom("match_tosses").selectAll().where("match_id", "=", seeded.id)
              .executeTakeFirst())?.choice === "end",
          "the toss reaches the server",
        );
        await page.waitForFunction(() =>
          document.getElementById("toss-text")?.textContent ===
            "Player test-open 2 won the toss and chose the end; Player test-open 1 chooses to serve or receive first"
        );
        const row = await server.store.db.selectFrom("match_tosses").selectAll()
          .where("match_id", "=", seeded.id).executeTakeFirstOrThrow();
        assert.equal(row.winner, "away");
        assert.equal(row.recorded_by, "Table 1 phone");
        if (UPDATE) await Deno.writeFile(new URL("umpire_toss_390x844.png", DIR), await page.screenshot());
      });

      await t.step(
        "a medical break counts 10 minutes down, through a reload, until Resume play",
        async () => {
          await page.tap("#start-home");
          await page.waitForSelector("#score-panel:not([hidden])");
          await page.tap("#open-medical");
          await page.tap("#sheet-choices button:text('Medical break for Player test-open 2')");
          // Then why the referee allowed it (Regulation 3.4.2.3's cases).
          await page.waitForFunction(() =>
            document.getElementById("sheet-title")?.textContent ===
              "Why did the referee allow it for Player test-open 2?"
          );
          assert.deepEqual(await page.locator("#sheet-choices button").allTextContents(), [
            "Injury from an accident (a fall, a collision)",
            "Bleeding (treated before play goes on)",
            "Another reason the referee allowed",
          ]);
          if (UPDATE) {
            await Deno.writeFile(new URL("umpire_medical_reason_390x844.png", DIR), await page.screenshot());
          }
          await page.tap("#sheet-choices button:text('Injury from an accident (a fall, a collision)')");
          // Any time left up to 10:00: how long a reload takes is the machine's (a loaded one takes many seconds).
          const banner =
            /^Medical break: Player test-open 2, (10:00|0\d:\d\d) left \(up to 10 minutes, Regulation 3\.4\.2\.3\)$/;
          await page.waitForFunction(
            (re) => new RegExp(re).test(document.getElementById("banner-text")?.textContent ?? ""),
            banner.source,
          );
          assert.equal(await page.textContent("#banner-action"), "Resume play");
          if (UPDATE) {
            await Deno.writeFile(new URL("umpire_medical_390x844.png", DIR), await page.screenshot());
          }
          await page.unroute("**/api/manage/**");
          await page.reload();
          await page.waitForFunction(
            (re) => new RegExp(re).test(document.getElementById("banner-text")?.textContent ?? ""),
            banner.source,
          );
          await page.tap("#banner-action");
          await page.waitForFunction(() =>
            !/Medical/.test(document.getElementById("banner-text")?.textContent ?? "")
          );
          await until(
            async () =>
              (await server.store.db.selectFrom("medical_breaks").selectAll().where(
                "match_id",
                "=",
                seeded.id,
              )
                .executeTakeFirst())?.ended_at != null,
            "the break's start and end reach the server",
          );
          const stored = await server.store.db.selectFrom("medical_breaks").selectAll()
            .where("match_id", "=", seeded.id).execute();
          assert.equal(stored.length, 1);
          assert.equal(stored[0]!.side, "away");
          assert.equal(Number(stored[0]!.game_number), 1);
          assert.equal(stored[0]!.recorded_by, "Table 1 phone");
          // The reason, sent with the start and kept by the end.
          assert.equal(stored[0]!.reason, "accident");
          assert.ok(sent >= 2, "the link dropped a request on the way");
        },
      );
    } finally {
      await phone.close();
    }
  },
);
