import assert from "node:assert/strict";
import { bumpRevision } from "../../db/revision.ts";
import type { Store } from "../../db/store.ts";
import { makeToken } from "../api/manage_fixtures.ts";
import { browserSuite, openPage } from "../support/browser.ts";
import { seedPages } from "../pages/seed.ts";
import { FULL_HD, PHONE } from "../support/viewports.ts";

/** 100 characters and no space: nothing to break the line at. */
const UNBROKEN = "W".repeat(50) + "m".repeat(50);
/** 100 characters with spaces: wraps into many lines when let. */
const SPACED = Array.from({ length: 10 }, (_, i) => `Wolfgangus${i}`).join(" ").padEnd(100, "x").slice(
  0,
  100,
);

/** Renames a side's first player of a match. */
async function rename(store: Store, matchId: string, side: "home" | "away", name: string) {
  const column = side === "home" ? "matches.home_entry_id" : "matches.away_entry_id";
  const row = await store.db.selectFrom("matches").innerJoin("entries", "entries.id", column)
    .select(["entries.player1_id", "matches.event_id"]).where("matches.id", "=", matchId)
    .executeTakeFirstOrThrow();
  await store.db.updateTable("players").set({ display_name: name }).where("id", "=", row.player1_id)
    .execute();
  await bumpRevision(store.db, row.event_id);
}

/**
 * The page fixtures with long names in both live matches: the away side of `groupRunning` and both sides of
 * `r1Running`, and a scorer token for the event's matches.
 */
async function seed(store: Store) {
  const seeded = await seedPages(store);
  await rename(store, seeded.matches.groupRunning, "away", UNBROKEN);
  await rename(store, seeded.matches.r1Running, "home", SPACED);
  await rename(store, seeded.matches.r1Running, "away", UNBROKEN.toLowerCase());
  const secret = await makeToken(store.db, "scorer", { eventId: seeded.event.id, label: "Umpire" });
  return { ...seeded, secret };
}

browserSuite("pages with 100-character names in Chromium", seed, async (t, { browser, server, seeded }) => {
  const s = seeded;
  assert.equal(UNBROKEN.length, 100);
  assert.equal(SPACED.length, 100);

  await t.step("the spectator pages and the umpire's list fit a 390 px phone", async () => {
    const index = await (await fetch(`${server.origin}/t/${s.event.slug}/players`)).text();
    const player = new RegExp(`href="(/t/[^"]+/p/[^"]+)">${UNBROKEN}<`).exec(index)?.[1];
    assert.ok(player, "the long-named player is on the players' index");
    const paths = [
      `/t/${s.event.slug}`,
      `/t/${s.event.slug}/players`,
      player,
      `/t/${s.event.slug}/c/${s.groups.id}`,
      `/t/${s.event.slug}/c/${s.knockout.id}`,
      `/m/${s.matches.groupRunning}`,
      `/m/${s.matches.r1Running}`,
      `/score#token=${s.secret}`,
    ];
    const wide: string[] = [];
    for (const path of paths) {
      const { page, errors, close } = await openPage(browser, server.origin + path, PHONE);
      if (path.startsWith("/score")) await page.waitForSelector("a.match-link");
      const text = await page.evaluate(() => document.body.innerText);
      assert.ok(text.toLowerCase().includes(UNBROKEN.toLowerCase()), `${path} shows the whole name`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > PHONE.width) wide.push(`${path} is ${width}px wide`);
      assert.deepEqual(errors, [], path);
      await close();
    }
    assert.deepEqual(wide, []);
  });

  await t.step("the TV keeps each live row to two lines with its scores on screen", async () => {
    const { page, close } = await openPage(
      browser,
      `${server.origin}/t/${s.event.slug}/tv?interval=600`,
      FULL_HD,
    );
    // Found and measured in one step inside the page, where no poll's swap can come in between.
    const rows = await page.evaluate(() =>
      [...document.querySelectorAll('section[data-view-name="live"] tbody tr')].map((tr) => {
        const box = (selector: string) => tr.querySelector(selector)!.getBoundingClientRect();
        return {
          id: tr.getAttribute("data-match"),
          row: tr.getBoundingClientRect(),
          score: box(".score"),
          away: box(".away"),
        };
      })
    );
    assert.equal(rows.length, 2);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(scrollWidth <= FULL_HD.width, `the TV is ${scrollWidth}px wide`);
    for (const { id, row, score, away } of rows) {
      assert.ok(
        score.left >= 0 && score.right <= FULL_HD.width,
        `${id}: score at ${score.left}–${score.right}`,
      );
      assert.ok(away.right <= FULL_HD.width, `${id}: away column ends at ${away.right}`);
      assert.ok(row.bottom <= FULL_HD.height, `${id}: row ends at ${row.bottom}`);
      // At most two lines of 2.5vw text plus padding (a doubles pair reads whole): about 150 px at 1080p, where
      // an uncut 100-character name made a row of several hundred.
      assert.ok(row.height <= 160, `${id}: row is ${row.height}px tall`);
    }
    await close();
  });
});
