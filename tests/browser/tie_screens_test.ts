/**
 * The screens of team events in Chromium (docs/teams.md, docs/pages.md "Team events"): the tie overlay at 1280x720
 * and 1920x1080 (a singles, the doubles of the longest team names, an unknown tie), the match overlay's tie score,
 * the venue TV with ties, and a tie's page on a phone. The team event is imported through the event file
 * (tests/support/team_screens.ts) and scored through writeMatch as the umpire's tablet does.
 * `deno test -A tests/browser/tie_screens_test.ts -- --update` also writes docs/screenshots/tie_*.png.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { writeMatch } from "../../db/match_writes.ts";
import axe from "axe-core";
import type { AxeResults } from "axe-core";
import { browserSuite, newTestContext, openPage, untilFirstSwap } from "../support/browser.ts";
import { seedTeamScreens } from "../support/team_screens.ts";

const UPDATE = Deno.args.includes("--update");
const DIR = new URL("../../docs/screenshots/", import.meta.url);
const HD = { width: 1280, height: 720 };
const FULL_HD = { width: 1920, height: 1080 };
const PHONE = { width: 390, height: 844 };

/** Writes a screenshot to docs/screenshots/ when the test runs with --update. */
async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  if (UPDATE) await Deno.writeFile(new URL(`${name}.png`, DIR), await page.screenshot({ fullPage }));
}

/** The box of the first element matching `selector`, read in one step inside the page (a swap may come). */
async function boxOf(page: Page, selector: string) {
  await page.locator(selector).first().waitFor({ state: "visible" });
  const b = await page.evaluate((sel) => {
    const r = document.querySelector(sel)!.getBoundingClientRect();
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width };
  }, selector);
  return b;
}

/** The texts of the elements matching `selector`, trimmed. */
const texts = async (page: Page, selector: string) =>
  (await page.locator(selector).allTextContents()).map((t) => t.replace(/\s+/g, " ").trim());

browserSuite("the screens of team events", seedTeamScreens, async (t, { browser, server, seeded }) => {
  let minute = 0;
  const at = () => ({ actor: "Umpire", now: new Date(Date.UTC(2026, 4, 2, 11, minute++)) });
  const point = (matchId: string, side: "home" | "away") =>
    writeMatch(server.store, matchId, { type: "point", side }, at());
  const tieOverlay = (id: string, query = "") => `${server.origin}/overlay/tie/${id}${query}`;

  await t.step("tie overlay, 1280x720: teams, tie score, the match in play, live", async () => {
    const { page, errors, close } = await openPage(browser, tieOverlay(seeded.menSemi, "?debug=1"), HD);
    assert.deepEqual(await texts(page, ".trow .tname"), ["China", "Japan"]);
    assert.deepEqual(await texts(page, ".trow .assoc"), ["CHN", "JPN"]);
    assert.deepEqual(await texts(page, ".trow .tscore"), ["2", "1"]);
    assert.deepEqual(await texts(page, ".trow .player"), ["Zhou Mingxuan", "Ren Kobayashi"]);
    assert.deepEqual(await texts(page, ".trow .points"), ["7", "5"]);
    assert.equal(await page.locator(".trow .serve.on").count(), 1, "the serve dot of the match in play");
    assert.match((await texts(page, ".head .state"))[0]!, /^Match 4 of 5 · Live · game 3$/i);
    const before = await boxOf(page, ".tiebar");
    assert.ok(before.left >= 0 && before.right <= HD.width && before.bottom <= HD.height - 23, "on screen");
    // A point through the umpire's write path shows at the overlay's next poll, the bar keeping its width.
    await untilFirstSwap(page);
    await point(seeded.liveSingles, "home");
    await page.locator('.trow[data-side="home"] .points', { hasText: "8" }).waitFor();
    assert.equal((await boxOf(page, ".tiebar")).width, before.width, "one width from point to point");
    await shot(page, "tie_overlay_1280x720");
    assert.deepEqual(errors, []);
    await close();
  });

  await t.step("tie overlay, 1920x1080: longest names, a doubles", async () => {
    const url = tieOverlay(seeded.mixedFinal, "?debug=1");
    const { page, errors, close } = await openPage(browser, url, FULL_HD);
    // Names longer than the bar has room for are shown by their association's code, the whole name as its title.
    assert.deepEqual(await texts(page, ".trow .tname"), ["PRK", "BIH"]);
    assert.equal(
      await page.locator(".trow .tname").first().getAttribute("title"),
      "Democratic People's Republic of Korea",
    );
    assert.equal((await texts(page, ".head .kind"))[0], "Doubles");
    assert.match((await texts(page, ".trow .player"))[1]!, / \/ /);
    const bar = await boxOf(page, ".tiebar");
    assert.ok(bar.left >= 0 && bar.right <= FULL_HD.width && bar.bottom <= FULL_HD.height, "on screen");
    // Every cell stays inside the bar: a pair's names are cut, never pushed out.
    const outside = await page.evaluate(() => {
      const bar = document.querySelector(".tiebar")!.getBoundingClientRect();
      return [...document.querySelectorAll(".trow > *")].filter((el) => {
        const r = el.getBoundingClientRect();
        return r.left < bar.left - 0.5 || r.right > bar.right + 0.5;
      }).length;
    });
    assert.equal(outside, 0);
    await shot(page, "tie_overlay_doubles_1920x1080");
    // At 1280 and scale 1.5 the bar is still on screen.
    const scaled = await openPage(browser, tieOverlay(seeded.mixedFinal, "?scale=1.5&pos=top"), HD);
    const big = await boxOf(scaled.page, ".tiebar");
    assert.ok(big.left >= 0 && big.right <= HD.width + 0.5 && big.top >= 23, "scaled bar on screen");
    await scaled.close();
    // The theme as on the other overlays: colours from the URL, compact drops the top line and the associations.
    const themed = await openPage(browser, tieOverlay(seeded.menSemi, "?accent=00ff00&compact=1"), HD);
    await themed.page.locator(".tiebar").waitFor();
    const look = await themed.page.evaluate(() => ({
      points: getComputedStyle(document.querySelector(".points")!).backgroundColor,
      head: getComputedStyle(document.querySelector(".tiebar .head")!).display,
      assoc: getComputedStyle(document.querySelector(".team .assoc")!).display,
    }));
    assert.deepEqual(look, { points: "rgb(0, 255, 0)", head: "none", assoc: "none" });
    await themed.close();
    assert.deepEqual(errors, []);
    await close();
  });

  await t.step("an unknown tie's overlay is an empty transparent page", async () => {
    const res = await fetch(tieOverlay(crypto.randomUUID()));
    assert.equal(res.status, 404);
    await res.body?.cancel();
    // The final, whose teams are not known yet, is transparent too but polls its category until they are.
    const final = await (await fetch(tieOverlay(seeded.menFinal))).text();
    assert.match(final, /data-watch="\/api\/v1\/subevents\/[^" ]+\/matches[ "]/);
    assert.doesNotMatch(final, /class="tiebar"/);
    const { page, close } = await openPage(browser, tieOverlay("not-a-tie"), HD);
    const seen = await page.evaluate(() => ({
      children: document.body.children.length,
      background: getComputedStyle(document.body).backgroundColor,
      html: getComputedStyle(document.documentElement).backgroundColor,
    }));
    assert.deepEqual(seen, { children: 0, background: "rgba(0, 0, 0, 0)", html: "rgba(0, 0, 0, 0)" });
    await close();
  });

  await t.step("a match of a tie: its overlay's top line has the tie score", async () => {
    const { page, close } = await openPage(
      browser,
      `${server.origin}/overlay/match/${seeded.liveSingles}`,
      HD,
    );
    assert.equal((await texts(page, ".head .tie-line"))[0], "CHN 2–1 JPN");
    const bar = await boxOf(page, ".bar");
    const line = await boxOf(page, ".head .tie-line");
    // The tie's own match (its id is the tie's) is the tie's bar, on the match's, the table's or the featured overlay.
    const own = await fetch(`${server.origin}/overlay/match/${seeded.menSemi}`);
    assert.equal(own.status, 200);
    assert.match(await own.text(), /class="tiebar"/);
    // A table's overlay shows the tie there: its bar between two matches, the match's bar with the tie line during one.
    const table = await fetch(`${server.origin}/overlay/table/${seeded.slug}/1`);
    assert.match(await table.text(), /class="(tiebar|tie-line)"/);
    assert.ok(line.left >= bar.left && line.right <= bar.right, "the tie line stays within the bar");
    await close();
  });

  await t.step("the venue TV at 1920x1080 shows a tie in play as one row", async () => {
    const { page, errors, close } = await openPage(
      browser,
      `${server.origin}/t/${seeded.slug}/tv?view=live`,
      FULL_HD,
    );
    const row = page.locator(`tr.tie-row[data-tie="${seeded.menSemi}"]`);
    assert.deepEqual(await row.locator("td .n").allTextContents(), ["China", "Japan"]);
    assert.equal(await row.locator(".tie-sc").textContent(), "2–1");
    assert.deepEqual(await row.locator(".tp").allTextContents(), ["Zhou Mingxuan", "Ren Kobayashi"]);
    assert.match((await row.locator(".tie-now").textContent()) ?? "", /^M4 1–1\s*8–5$/);
    // The ties' own matches and their matches are in the tie rows only.
    assert.equal(await page.locator("tr[data-match]").count(), 0);
    const rows = await page.evaluate(() =>
      [...document.querySelectorAll('section[data-view-name="live"] tr.tie-row')].map((r) =>
        r.getBoundingClientRect().bottom
      )
    );
    assert.equal(rows.length, 2);
    assert.ok(rows.every((b) => b <= 1080), "both ties on screen");
    await shot(page, "tie_tv");
    const results = await openPage(browser, `${server.origin}/t/${seeded.slug}/tv?view=results`, FULL_HD);
    const over = results.page.locator(`tr.tie-row[data-tie="${seeded.menSemiOver}"]`);
    assert.equal(await over.locator(".tie-sc").textContent(), "3–1");
    assert.equal(await over.locator("td.winner .n").textContent(), "Germany");
    await results.close();
    assert.deepEqual(errors, []);
    await close();
  });

  await t.step("a tie's page on a phone: every match, the line-ups, no sideways scroll", async () => {
    // The tie's own match page is the tie's page.
    const { page, errors, close } = await openPage(browser, `${server.origin}/m/${seeded.menSemi}`, PHONE);
    assert.equal(new URL(page.url()).pathname, `/tie/${seeded.menSemi}`);
    assert.equal(await page.locator("h1").textContent(), "China v Japan");
    assert.equal(await page.locator(".tie-score .result").textContent(), "2–1");
    assert.deepEqual(
      await page.locator("ol.tie-matches > li").evaluateAll((els) =>
        els.map((e) => e.getAttribute("data-status"))
      ),
      [
        "completed",
        "completed",
        "completed",
        "in_progress",
        "scheduled",
      ],
    );
    assert.equal(
      await page.locator("ol.tie-matches a.tm-link").count(),
      4,
      "each match made links to its page",
    );
    assert.deepEqual(await page.locator(".lineups caption").allTextContents(), ["China", "Japan"]);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= PHONE.width, `no sideways scroll (${wide} px)`);
    await shot(page, "tie_page_phone", true);
    // A link goes to the match's own page.
    await page.locator('ol.tie-matches > li[data-order="1"] a.tm-link').click();
    await page.waitForURL(/\/m\//);
    assert.match((await page.locator("h1").textContent()) ?? "", /Zhou Mingxuan vs Haruto Ishikawa/);
    // The match's page names its tie, the score of the tie and where it stands, and links back.
    assert.equal(await page.locator(".tie-of a").getAttribute("href"), `/tie/${seeded.menSemi}`);
    assert.match(
      (await page.locator(".tie-of").textContent()) ?? "",
      /^Match 1 of the tie China v Japan: 2–1 · Match 4 in play$/,
    );
    assert.deepEqual(errors, []);
    await close();
  });

  await t.step(
    "a tie's page: no serious or critical axe-core violation, no sideways scroll at 200 %",
    async () => {
      for (const viewport of [PHONE, { width: 195, height: 422 }]) {
        const context = await newTestContext(browser, { viewport, bypassCSP: true });
        const page = await context.newPage();
        await page.goto(`${server.origin}/tie/${seeded.mixedFinal}`);
        // After the first poll's swap nothing changes the page while no score is written.
        await untilFirstSwap(page);
        await page.addScriptTag({ content: axe.source });
        const found = await page.evaluate(() =>
          (globalThis as unknown as { axe: { run(o: unknown): Promise<AxeResults> } }).axe.run({
            resultTypes: ["violations"],
          })
        );
        const bad = found.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
        assert.deepEqual(bad, [], `at ${viewport.width} px`);
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(wide <= viewport.width, `no sideways scroll at ${viewport.width} px (${wide} px)`);
        await context.close();
      }
    },
  );

  await t.step("the event's and the category's pages list the ties", async () => {
    const { page, close } = await openPage(browser, `${server.origin}/t/${seeded.slug}`, PHONE);
    assert.equal(
      await page.locator(`table.ties tr[data-tie="${seeded.menSemi}"] a`).getAttribute("href"),
      `/tie/${seeded.menSemi}`,
    );
    assert.match(
      (await page.locator("ul.categories li", { hasText: "Men's Teams" }).textContent()) ?? "",
      /1 tie in play$/,
    );
    await page.locator("ul.categories a", { hasText: "Men's Teams" }).click();
    await page.waitForURL(/\/c\//);
    assert.equal(
      await page.locator("table.ties tr[data-tie]").count(),
      2,
      "both semi-finals; the final's teams are not known",
    );
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= PHONE.width, `no sideways scroll (${wide} px)`);
    await close();
  });

  await t.step("the deciding match: the overlay names the winner, match 5 is not needed", async () => {
    const { page, close } = await openPage(browser, tieOverlay(seeded.menSemi), HD);
    await untilFirstSwap(page);
    // China's player wins the third and fourth games: 3–1 in games, 3–1 in the tie.
    for (let i = 0; i < 30; i++) {
      const result = await point(seeded.liveSingles, "home");
      if (result.match.status === "completed") break;
    }
    await page.locator(".tiebar[data-status=completed]").waitFor();
    assert.deepEqual(await texts(page, ".trow .tscore"), ["3", "1"]);
    assert.equal((await texts(page, ".head .state"))[0], "China win 3–1");
    assert.equal(await page.locator(".trow.won .tname").textContent(), "China");
    await close();
    const tiePage = await openPage(browser, `${server.origin}/tie/${seeded.menSemi}`, PHONE);
    assert.equal(
      await tiePage.page.locator('ol.tie-matches > li[data-order="5"]').getAttribute("data-status"),
      "not_needed",
    );
    await tiePage.close();
  });
});
