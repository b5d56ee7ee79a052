/**
 * A game played by the wrong players corrected from /manage in one confirmed step, in Chromium at 1366x768:
 * "Discard the points and set back" asks first, then the match is not started, its points gone, audited.
 */
import assert from "node:assert/strict";
import { writeMatch } from "../../db/match_writes.ts";
import { listAudit } from "../../db/audit.ts";
import { browserSuite } from "../support/browser.ts";
import { testNow } from "../support/test_clock.ts";
import { openManage, rowAction, seedDesk } from "../support/manage_page.ts";

browserSuite(
  "/manage sets a match with points back to not started in one confirmed step",
  async (store) => {
    const seeded = await seedDesk(store, { size: 4 });
    const id = seeded.ev.rounds[0]![0]!;
    const at = { actor: "Umpire", now: testNow() };
    await writeMatch(store, id, { type: "start", firstServer: "home" }, at);
    for (const side of ["home", "home", "away"] as const) {
      await writeMatch(store, id, { type: "point", side }, at);
    }
    return { ...seeded, id };
  },
  async (t, { browser, server, seeded }) => {
    const { page, errors, confirmations, close } = await openManage(browser, seeded.admin, {
      width: 1366,
      height: 768,
    });
    try {
      await page.goto(`${server.origin}/manage`);
      const row = `#live li.match[data-match-id="${seeded.id}"]`;
      const back = `#next li.match[data-match-id="${seeded.id}"]`;
      await t.step("the row offers the discard only once points are scored, and asks first", async () => {
        await rowAction(page, row, `button:has-text("Discard the points and set back")`);
        await page.waitForSelector(back);
        assert.equal(confirmations.length, 1);
        assert.match(
          confirmations[0]!,
          /^Discard every point of .+ \(.*2-1.*\) and set it back to not started\?/,
        );
      });
      await t.step("the match is not started, its points gone, the audit keeps the score", async () => {
        const m = await server.store.db.selectFrom("matches").select("status").where("id", "=", seeded.id)
          .executeTakeFirstOrThrow();
        assert.equal(m.status, "scheduled");
        const points = await server.store.db.selectFrom("match_points").selectAll()
          .where("match_id", "=", seeded.id).execute();
        assert.equal(points.length, 0);
        const audit = await listAudit(server.store.db, {
          eventId: seeded.ev.eventId,
          actions: ["match.reset"],
          limit: 5,
        });
        assert.deepEqual((audit[0]!.detail as { was: { current: number[] } }).was.current, [2, 1]);
      });
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  },
);
