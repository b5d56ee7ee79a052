/**
 * The lower thirds (`/overlay/card/match/{matchId}`, `/overlay/card/player/{playerId}`) in Chromium at 1280x720
 * and 1920x1080: with the longest names and pairs nothing is cut and the card stays on the canvas; flags show
 * (the code as text where the set has none); the page is transparent; unknown ids are an empty transparent 404;
 * a style injected as OBS's Custom CSS applies and an injected script does not run.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { bumpRevision } from "../../db/revision.ts";
import { seedTournament } from "../support/fixtures.ts";
import { browserSuite, openPage } from "../support/browser.ts";

const SIZES = [{ width: 1280, height: 720 }, { width: 1920, height: 1080 }];
/** As long as any name on the ITTF's lists, with double-barrelled ones. */
const LONG = [
  "Alexandre ROBINOT-DESPRÉS",
  "Kristian KARLSSON-LINDQVIST",
  "Hugo CALDERANO DA SILVA",
  "Mattias FALCK-ÖVERGAARD",
];
const COUNTRIES = ["FRA", "ENG", "BRA", "TPE"];

/** The names cut on the page (shown narrower than they are), and the card's box. */
const measure = (page: Page) =>
  page.evaluate(() => {
    // A name or line is cut when it reaches past its side's column, or the column past the card.
    const card = document.querySelector(".lt")!.getBoundingClientRect();
    const inside = (a: DOMRect, b: DOMRect) => a.left >= b.left - 1 && a.right <= b.right + 1;
    const cut = [...document.querySelectorAll<HTMLElement>(".lt .name, .lt .about, .lt .facts > *")]
      .filter((el) => {
        const column = (el.closest(".side") ?? el.parentElement!).getBoundingClientRect();
        return !inside(el.getBoundingClientRect(), column) || !inside(column, card);
      })
      .map((el) => el.textContent);
    const r = document.querySelector(".lt")!.getBoundingClientRect();
    return {
      cut,
      box: { x: r.x, right: r.right, y: r.y, bottom: r.bottom },
      background: [
        getComputedStyle(document.documentElement).backgroundColor,
        getComputedStyle(document.body).backgroundColor,
      ],
    };
  });

browserSuite(
  "the lower thirds: longest names at 1280x720 and 1920x1080, flags, transparency, unknown ids",
  async (store) => {
    const seeded = await seedTournament(store.db);
    const sides = async (matchId: string) => {
      const m = await store.db.selectFrom("matches").select(["home_entry_id", "away_entry_id"])
        .where("id", "=", matchId).executeTakeFirstOrThrow();
      const entries = await store.db.selectFrom("entries").select(["player1_id", "player2_id"])
        .where("id", "in", [m.home_entry_id!, m.away_entry_id!]).execute();
      return entries.flatMap((e) => e.player2_id === null ? [e.player1_id] : [e.player1_id, e.player2_id]);
    };
    const singles = await sides(seeded.matches.r1Running);
    const pairs = await sides(seeded.matches.doublesDone);
    for (const ids of [singles, pairs]) {
      for (const [i, id] of ids.entries()) {
        await store.db.updateTable("players").set({ display_name: LONG[i]!, country: COUNTRIES[i]! })
          .where("id", "=", id).execute();
      }
    }
    await bumpRevision(store.db, seeded.event.id);
    return { seeded, singles };
  },
  async (t, { browser, server, seeded: { seeded, singles } }) => {
    const cards = [
      { url: `/overlay/card/match/${seeded.matches.r1Running}`, names: LONG.slice(0, 2), kind: "match" },
      { url: `/overlay/card/match/${seeded.matches.doublesDone}`, names: LONG, kind: "match" },
      { url: `/overlay/card/player/${singles[0]}`, names: LONG.slice(0, 1), kind: "player" },
    ];

    await t.step("each card shows its players whole, with their flags, on a transparent page", async () => {
      for (const viewport of SIZES) {
        for (const card of cards) {
          const { page, errors, close } = await openPage(browser, server.origin + card.url, viewport);
          await page.locator(`.lt[data-card="${card.kind}"]`).waitFor();
          const shown = await page.evaluate(() => document.body.innerText);
          for (const name of card.names) assert.ok(shown.includes(name), `${card.url}: ${name} shown`);
          const { cut, box, background } = await measure(page);
          assert.deepEqual(cut, [], `${card.url} at ${viewport.width}: nothing cut`);
          assert.ok(
            box.x >= 0 && box.right <= viewport.width,
            `${card.url} at ${viewport.width}: on the canvas`,
          );
          assert.ok(box.bottom <= viewport.height, "above the bottom edge");
          assert.deepEqual(background, ["rgba(0, 0, 0, 0)", "rgba(0, 0, 0, 0)"]);
          // France, England and Brazil have flags in the bundled set; Chinese Taipei is its code.
          const flags = await page.locator(".lt img.cflag").evaluateAll((els) =>
            els.map((e) => [(e as HTMLImageElement).alt, (e as HTMLImageElement).naturalWidth > 0])
          );
          const expected = COUNTRIES.slice(0, card.names.length).filter((c) => c !== "TPE");
          assert.deepEqual(flags.sort(), expected.sort().map((c) => [c, true]), `${card.url}: flags drawn`);
          if (card.names.length === 4) assert.equal(await page.locator(".lt .ccode").textContent(), "TPE");
          assert.deepEqual(errors, []);
          await close();
        }
      }
    });

    await t.step(
      "the match card says the prediction and the head-to-head; the player card the record",
      async () => {
        const { page, close } = await openPage(browser, server.origin + cards[0]!.url, SIZES[1]);
        const facts = await page.locator(".lt .facts").innerText();
        assert.match(facts, /First meeting|Head-to-head \d+–\d+/);
        assert.match(facts, /Prediction /);
        await close();
        const player = await openPage(browser, server.origin + cards[2]!.url, SIZES[1]);
        assert.match(await player.page.locator(".lt .facts").innerText(), /^Record \d+–\d+/);
        assert.match(await player.page.locator(".lt .about").innerText(), /Rating \d+|Unrated/);
        await player.close();
      },
    );

    await t.step(
      "unknown ids answer an empty transparent 404; a match without its players is empty",
      async () => {
        const unknown = [
          `/overlay/card/match/${crypto.randomUUID()}`,
          "/overlay/card/match/not-a-match",
          `/overlay/card/player/${crypto.randomUUID()}`,
          "/overlay/card/player/42",
          `/overlay/card/match/${seeded.draft.matchId}`,
        ];
        for (const url of unknown) {
          const res = await fetch(server.origin + url);
          assert.equal(res.status, 404, url);
          const html = await res.text();
          assert.doesNotMatch(html, /class="lt|class="stage/, url);
          assert.match(html, /background:transparent/);
        }
        const { page, close } = await openPage(
          browser,
          `${server.origin}/overlay/card/match/${seeded.matches.semiOpen}`,
        );
        assert.equal(await page.locator(".stage").evaluate((s) => s.children.length), 0);
        await close();
      },
    );

    await t.step(
      "pos, scale and the theme apply to a card as to the match bar; bad values fall back",
      async () => {
        const url = server.origin + cards[0]!.url;
        const box = async (query: string) => {
          const { page, close } = await openPage(browser, url + query, SIZES[1]);
          const b = await page.locator(".lt").evaluate((el) => {
            const r = el.getBoundingClientRect();
            const shown = (sel: string) =>
              [...el.querySelectorAll(sel)].filter((f) => f.getClientRects().length > 0);
            return {
              x: r.x,
              right: r.right,
              y: r.y,
              width: r.width,
              flags: shown(".cflag").length,
              clubs: shown(".club").length,
              top: shown(".top").length > 0,
              panel: getComputedStyle(el).backgroundColor,
            };
          });
          await close();
          return b;
        };
        const plain = await box("");
        assert.ok(Math.abs(plain.x + plain.width / 2 - SIZES[1]!.width / 2) <= 1, "centred at the bottom");
        const corner = await box("?pos=top-right&scale=1.2&hide=flag,club&panel=112233");
        assert.ok(
          Math.abs(corner.right - (SIZES[1]!.width - 24)) <= 1 && Math.abs(corner.y - 24) <= 1,
          "top right",
        );
        assert.deepEqual([plain.flags > 0, corner.flags, corner.clubs], [true, 0, 0]);
        assert.equal(corner.panel, "rgb(17, 34, 51)");
        assert.ok(Math.abs((await box("?scale=1.2")).width / plain.width - 1.2) < 0.01, "scaled 1.2");
        assert.equal((await box("?compact=1")).top, false);
        const bad = await box("?pos=middle&scale=big&panel=red&hide=all");
        assert.deepEqual([bad.x, bad.width, bad.flags > 0, bad.top], [plain.x, plain.width, true, true]);
      },
    );

    await t.step(
      "a style injected as OBS's Custom CSS applies; an injected script does not run",
      async () => {
        const { page, close } = await openPage(browser, server.origin + cards[0]!.url, SIZES[0]);
        await page.addStyleTag({ content: ".lt{outline:4px solid rgb(255, 0, 0)}" });
        assert.equal(
          await page.locator(".lt").evaluate((el) => getComputedStyle(el).outlineColor),
          "rgb(255, 0, 0)",
        );
        await page.addScriptTag({ content: "document.body.dataset.injected = '1'" }).catch(() => {});
        assert.equal(await page.evaluate(() => document.body.dataset.injected), undefined);
        await close();
      },
    );
  },
);
