/**
 * A director's morning on /manage in Chromium at 1366x768 (issue 33), from the console alone: a late entry
 * before the draw, the draw made and locked, the late entry withdrawn after the draw, a group level after every
 * step of ITTF 3.7.5 settled by lot by the players' names, and a wrong semi-final result corrected after the
 * final was started by mistake. `deno test -A tests/browser/director_morning_test.ts -- --update` writes
 * docs/screenshots/morning_*.png.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { writeMatch } from "../../db/match_writes.ts";
import type { Store } from "../../db/store.ts";
import { browserSuite } from "../support/browser.ts";
import { addLateEntry, gotoEntries, openManage, openMenu, withdrawEntry } from "../support/manage_page.ts";
import { CLUB_OPEN_NAMES, seedClubOpen } from "../support/club_open.ts";
import { testNow } from "../support/test_clock.ts";

const UPDATE = Deno.args.includes("--update");
const SHOTS = new URL("../../docs/screenshots/", import.meta.url);
const NAMES = CLUB_OPEN_NAMES;
const desk = { actor: "umpire", now: testNow() };

async function shot(page: Page, name: string, at?: string) {
  if (!UPDATE) return;
  if (at) await page.locator(at).first().scrollIntoViewIfNeeded();
  await Deno.writeFile(new URL(`morning_${name}.png`, SHOTS), await page.screenshot());
}

const says = (page: Page, id: string, re: RegExp) =>
  page.waitForFunction(
    ([el, source]) => new RegExp(source!).test(document.getElementById(el!)?.textContent ?? ""),
    [id, re.source],
  );

/** The group's matches and members (active ones: not withdrawn), read from the store. */
async function groupOf(store: Store, groupId: string) {
  const members = (await store.db.selectFrom("group_members").innerJoin("entries", "entries.id", "entry_id")
    .select(["entry_id", "entries.withdrawn_at"]).where("group_id", "=", groupId).orderBy("position")
    .execute()).filter((m) => m.withdrawn_at === null).map((m) => m.entry_id);
  const matches = await store.db.selectFrom("matches").selectAll().where("group_id", "=", groupId).execute();
  return { members, matches };
}

/** Plays a group's matches still to play by walkovers, `beats(a, b)` saying whether a beats b. */
async function playGroup(store: Store, groupId: string, beats: (a: string, b: string) => boolean) {
  const { matches } = await groupOf(store, groupId);
  for (const m of matches.filter((m) => m.status !== "completed")) {
    const homeWins = beats(m.home_entry_id!, m.away_entry_id!);
    await writeMatch(store, m.id, { type: "walkover", winner: homeWins ? "home" : "away" }, desk);
  }
}

browserSuite(
  "a director's morning from /manage: late entry, draw, withdrawal, a lot by names, a correction",
  seedClubOpen,
  async (t, { browser, server, seeded }) => {
    const { page, errors, consoleErrors, confirmations, close } = await openManage(browser, seeded.admin, {
      width: 1366,
      height: 768,
    }, "categories");
    const { c } = seeded;
    const store = server.store;
    const categoryRow = `#categories li[data-category-id="${c.categoryId}"]`;
    try {
      await gotoEntries(page, server.origin);

      await t.step("a late entry joins the women's singles before the draw", async () => {
        await addLateEntry(page, c.categoryId, 6);
        await says(page, "entries-said", /Added Gus Late to Women's singles/);
        await shot(page, "late_entry", "#entries");
      });

      await t.step("the draw is made and locked from the console, with the players' names", async () => {
        await page.click(`${categoryRow} button:has-text("Draw…")`);
        await says(page, "draw-console", /No draw yet/);
        await page.fill("#draw-seed", "saturday");
        await page.fill("#draw-group-size", "4");
        await page.selectOption("#draw-qualifiers", "2");
        await page.click("#draw-form button[type=submit]");
        await says(page, "draw-console", /Draft \(not public\), lot seed saturday/);
        const drawn = await page.$$eval(".draw-group ol li", (li) => li.map((x) => x.textContent ?? ""));
        assert.equal(drawn.length, 7);
        assert.ok(drawn.some((n) => n.includes("Gus Late")), JSON.stringify(drawn));
        await shot(page, "draw_made", "#draw-console");
        await page.click("#draw-console button:has-text('Lock draw')");
        await says(page, "draw-console", /Locked \(public\)/);
      });

      await t.step("the late entry withdraws after the draw: walkovers for the opponents", async () => {
        await withdrawEntry(page, c.categoryId, "Gus Late");
        await says(page, "entries-said", /Withdrew Gus Late: 3 walkovers/);
        assert.match(confirmations.at(-1) ?? "", /^Withdraw Gus Late\?/);
        await page.waitForFunction(() =>
          [...document.querySelectorAll("#entry-list li")].some((li) =>
            /Gus Late.*withdrawn/.test(li.textContent!)
          )
        );
        await shot(page, "withdrawal", "#entries");
      });

      const groups = await store.db.selectFrom("groups").select(["id", "name"])
        .where("subevent_id", "=", c.categoryId).orderBy("position").execute();
      assert.equal(groups.length, 2);

      await t.step("a group level after every step of 3.7.5 is settled by lot, by names", async () => {
        // The morning's results come in: in group A a cycle (1 beats 2, 2 beats 3, 3 beats 1), in group B the
        // order of the draw.
        const a = await groupOf(store, groups[0]!.id);
        const b = await groupOf(store, groups[1]!.id);
        assert.equal(a.members.length, 3, "three players still in group A");
        const cycle = new Map([[a.members[0], a.members[1]], [a.members[1], a.members[2]], [
          a.members[2],
          a.members[0],
        ]]);
        await playGroup(store, groups[0]!.id, (x, y) => cycle.get(x) === y);
        await playGroup(store, groups[1]!.id, (x, y) => b.members.indexOf(x) < b.members.indexOf(y));
        await page.click(`${categoryRow} button:has-text("Draw…")`);
        await says(page, "draw-console", /are level after every step of ITTF 3\.7\.5/);
        const selects = page.locator("form.lot select");
        assert.equal(await selects.count(), 3);
        const tied = await selects.first().locator("option").allTextContents();
        assert.ok(tied.every((n) => NAMES.includes(n)), `chosen by names: ${tied}`);
        const order = [tied[1]!, tied[2]!, tied[0]!];
        for (const [i, name] of order.entries()) await selects.nth(i).selectOption({ label: name });
        await shot(page, "lot", "form.lot");
        await page.click("form.lot button[type=submit]");
        await says(page, "draw-console", /Final standings: 1\. .+ \(by lot\)/);
        const res = await fetch(`${server.origin}/api/v1/subevents/${c.categoryId}/standings`);
        const standings = (await res.json()).data.standings;
        const groupA = standings.find((g: { groupId: string }) => g.groupId === groups[0]!.id);
        assert.deepEqual(
          groupA.rows.slice(0, 3).map((r: { entry: { name: string }; decidedByLot: boolean }) => [
            r.entry.name,
            r.decidedByLot,
          ]),
          order.map((n) => [n, true]),
        );
      });

      await t.step(
        "a wrong semi-final result is corrected after the final was started by mistake",
        async () => {
          const ko = await store.db.selectFrom("matches").selectAll().where("subevent_id", "=", c.categoryId)
            .where("stage", "=", "knockout").orderBy("round_no").orderBy("bracket_pos").execute();
          const [semi1, semi2, final] = ko;
          assert.ok(semi1!.home_entry_id && semi1!.away_entry_id, "the semi-finals have their players");
          await writeMatch(store, semi1!.id, {
            type: "result",
            games: [{ home: 11, away: 7 }, { home: 11, away: 9 }],
          }, desk);
          await writeMatch(store, semi2!.id, {
            type: "result",
            games: [{ home: 11, away: 5 }, { home: 11, away: 6 }],
          }, desk);
          // An umpire's phone starts the final by mistake: no point is scored.
          await writeMatch(store, final!.id, { type: "start", firstServer: "home" }, desk);
          const winnerBefore = (await store.db.selectFrom("matches").select("home_entry_id")
            .where("id", "=", final!.id).executeTakeFirstOrThrow()).home_entry_id;
          // The director comes back to the console once these results are in (its lists read them afresh).
          await page.reload();
          await page.click("#views button[data-view=matches]");
          await page.waitForSelector("main[data-view=matches]");
          await page.fill("#find-text", "semi-final");
          await page.selectOption("#find-status", "completed");
          await page.click("#match-find button[type=submit]");
          const row = `#done li.match[data-match-id="${semi1!.id}"]`;
          await page.waitForSelector(row);
          await openMenu(page, row);
          await page.fill(`${row} form.result input`, "7-11 9-11");
          await page.click(`${row} form.result button`);
          const loser = (await (await fetch(`${server.origin}/api/v1/matches/${semi1!.id}`)).json()).data
            .match
            .awayName as string;
          await page.waitForFunction(
            ([sel, name]) => document.querySelector(sel!)?.textContent?.includes(`${name} wins 2-0`),
            [`${row} .score`, loser],
          );
          const [question, offer] = confirmations.slice(-2);
          assert.match(question!, /7-11, 9-11\? .+ wins 2-0\./);
          assert.match(
            offer!,
            /has already started but has no point yet\.\n\nSet it back to not started now/,
          );
          assert.match(offer!, /Women's singles, Final/);
          const after = await store.db.selectFrom("matches").select(["status", "home_entry_id"])
            .where("id", "=", final!.id).executeTakeFirstOrThrow();
          assert.equal(after.status, "scheduled", "the final is back to not started");
          assert.notEqual(after.home_entry_id, winnerBefore, "the corrected winner goes through");
          await shot(page, "correction", row);
        },
      );

      assert.deepEqual(errors, []);
      // The blocked correction's first answer is a 409 (the console then offers the reset): nothing else.
      assert.deepEqual(consoleErrors.filter((e) => !/status of 409/.test(e)), []);
    } finally {
      await close();
    }
  },
);
