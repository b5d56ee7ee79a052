/**
 * The printed sheets (pages/print/, docs/printing.md) printed by Chromium with page.pdf over the demo: page
 * counts, nothing cut, no row split, QR codes that read back as the right URLs; `-- --update` also writes the
 * first page of each sheet to docs/screenshots/print_*.png.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { browserSuite, openPage } from "../support/browser.ts";
import { openManage } from "../support/manage_page.ts";
import { cutBoxes, printedLetterPages, printedPages, readQrCodes } from "../support/print_checks.ts";
import { testNow } from "../support/test_clock.ts";
import type { Match } from "../../pages/view_types.ts";

const UPDATE = Deno.args.includes("--update");
const SHOTS = new URL("../../docs/screenshots/", import.meta.url);

/** Writes the first page of a sheet as it prints (print media, its printable box at 96 dpi) when updating. */
async function shoot(page: Page, file: string): Promise<void> {
  if (!UPDATE) return;
  await page.emulateMedia({ media: "print" });
  await Deno.writeFile(new URL(file, SHOTS), await page.locator(".page, .flow").first().screenshot());
  await page.emulateMedia({ media: "screen" });
}

/** The demo's published event's matches not finished, as the API lists them. */
async function openMatches(origin: string, slug: string): Promise<Match[]> {
  const event = await (await fetch(`${origin}/api/v1/events/${slug}`)).json();
  const out: Match[] = [];
  for (const s of event.data.subevents) {
    const res = await fetch(`${origin}/api/v1/subevents/${s.id}/matches`);
    out.push(...(await res.json()).data.matches.filter((m: Match) => m.status !== "completed"));
  }
  return out;
}

browserSuite(
  "printed sheets over the demo",
  async (store) => {
    const { loadDemoIfEmpty, DEMO_SLUG } = await import("../../cli/demo.ts");
    const { makeToken } = await import("../api/manage_fixtures.ts");
    await loadDemoIfEmpty(store, testNow());
    return { slug: DEMO_SLUG, token: await makeToken(store.db, "admin") };
  },
  async (t, { browser, server, seeded }) => {
    const base = `${server.origin}/t/${seeded.slug}/print`;
    const open = await openMatches(server.origin, seeded.slug);

    /** Opens a sheet needing the token with /manage's token kept in the browser, and waits for its sheets. */
    const openWithToken = async (url: string) => {
      const opened = await openPage(browser, url);
      await opened.page.waitForSelector("body[data-ready]");
      await opened.page.evaluate((token) => localStorage.setItem("tt.token", token), seeded.token);
      await opened.page.reload();
      await opened.page.waitForSelector("body[data-ready]");
      assert.equal(await opened.page.getAttribute("body", "data-ready"), "1");
      return opened;
    };

    await t.step("a match sheet needs the operator's token: without it the page holds no sheet", async () => {
      const m = open[0]!;
      const { page, close, errors } = await openPage(browser, `${base}/matches?match=${m.id}`);
      await page.waitForSelector("body[data-ready]");
      assert.equal(await page.getAttribute("body", "data-ready"), "no-token");
      assert.equal(await page.locator(".card").count(), 0);
      const bare = await fetch(`${base}/matches?match=${m.id}`);
      assert.equal(bare.status, 200);
      assert.ok(!(await bare.text()).includes(`/score/${m.id}`));
      const refused = await fetch(`${base}/matches?match=${m.id}`, {
        headers: { Authorization: "Bearer nope" },
      });
      assert.equal(refused.status, 401);
      await refused.body?.cancel();
      assert.deepEqual(errors, []);
      await close();
    });

    await t.step(
      "one match sheet: one A4 page, nothing cut, QR codes to /score/{id} and /m/{id}",
      async () => {
        const m = open.find((x) => x.homeName.includes(" / ")) ?? open[0]!;
        const { page, close, errors } = await openWithToken(`${base}/matches?match=${m.id}`);
        assert.equal(await page.locator(".card").count(), 1);
        // Before the checks below: Playwright's own tools (the screenshot's caret hider) add a style the page's
        // policy refuses.
        assert.deepEqual(errors, []);
        assert.equal(await printedPages(page), 1);
        assert.deepEqual(await cutBoxes(page, ".page, .card"), []);
        assert.deepEqual(await readQrCodes(page), [
          `${server.origin}/score/${m.id}`,
          `${server.origin}/m/${m.id}`,
        ]);
        await shoot(page, "print_match_sheet.png");
        await close();
      },
    );

    for (const per of [1, 2] as const) {
      await t.step(`the matches of a table, ${per} a page: the page count follows`, async () => {
        const table = open.find((m) => m.tableNo !== null)!.tableNo!;
        const count = open.filter((m) => m.tableNo === table).length;
        const { page, close } = await openWithToken(`${base}/matches?table=${table}&per=${per}`);
        assert.equal(await page.locator(".card").count(), count);
        assert.equal(await printedPages(page), Math.ceil(count / per));
        assert.equal(await printedLetterPages(page), Math.ceil(count / per));
        assert.deepEqual(await cutBoxes(page, ".page, .card"), []);
        const qrs = await readQrCodes(page, "svg.qr.scorer");
        assert.deepEqual(
          qrs.toSorted(),
          open.filter((m) => m.tableNo === table).map((m) => `${server.origin}/score/${m.id}`).toSorted(),
        );
        if (per === 2) await shoot(page, "print_match_sheets_two.png");
        await close();
      });
    }

    await t.step("the matches of a knockout round of a category", async () => {
      const m = open.find((x) => x.stage === "knockout")!;
      const count = open.filter((x) =>
        x.subeventId === m.subeventId && x.stage === "knockout" && x.roundNo === m.roundNo
      ).length;
      const { page, close } = await openWithToken(
        `${base}/matches?category=${m.subeventId}&round=${m.roundNo}`,
      );
      assert.equal(await page.locator(".card").count(), count);
      assert.equal(await printedPages(page), count);
      await close();
    });

    await t.step(
      "the results lists: a category a page at least, rows kept whole, the CSV of the same",
      async () => {
        const event = await (await fetch(`${server.origin}/api/v1/events/${seeded.slug}`)).json();
        const { page, close, errors } = await openPage(browser, `${base}/results`);
        const categories = event.data.subevents.length;
        assert.equal(await page.locator("section.results").count(), categories);
        assert.ok(await printedPages(page) >= categories);
        assert.deepEqual(await cutBoxes(page, "section.results"), []);
        await page.emulateMedia({ media: "print" });
        const splittable = await page.$$eval(
          "tr",
          (rows) => rows.filter((r) => getComputedStyle(r).breakInside !== "avoid").length,
        );
        assert.equal(splittable, 0);
        const rows = await page.locator("table.matches tbody tr").count();
        const csv = await fetch(`${base}/results.csv`);
        assert.equal(csv.headers.get("content-type"), "text/csv; charset=utf-8");
        const lines = (await csv.text()).trimEnd().split("\r\n");
        assert.equal(lines.length, rows + 1);
        assert.ok((await page.locator("main").textContent())!.includes("walkover"));
        assert.deepEqual(
          await readQrCodes(page),
          event.data.subevents.map((s: { id: string }) => `${server.origin}/t/${seeded.slug}/c/${s.id}`),
        );
        await shoot(page, "print_results.png");
        assert.deepEqual(errors, []);
        await close();
      },
    );

    await t.step("/manage links to the print center, whose every link answers a sheet", async () => {
      const res = await fetch(`${server.origin}/api/manage/events/${seeded.slug}/links`, {
        headers: { Authorization: `Bearer ${seeded.token}` },
      });
      const links: { kind: string; url: string }[] = (await res.json()).data.links;
      assert.deepEqual(links.filter((l) => l.kind === "print").map((l) => l.url), [base]);
      const { page, close, errors } = await openPage(browser, base);
      const hrefs = await page.$$eval("main a", (as) => as.map((a) => (a as HTMLAnchorElement).href));
      assert.ok(hrefs.length > 10);
      for (const href of new Set(hrefs)) {
        const answer = await fetch(href);
        assert.equal(answer.status, 200, href);
        await answer.body?.cancel();
      }
      assert.deepEqual(errors, []);
      await close();
    });

    await t.step(
      "/manage's print menu opens every sheet, their QR codes leading to the phones' address",
      async () => {
        const desk = await openManage(browser, seeded.token, { width: 1366, height: 768 });
        await desk.page.goto(`${server.origin}/manage`);
        await desk.page.waitForSelector("#print-menu li");
        const hrefs = await desk.page.$$eval(
          "#print-menu a",
          (as) => as.map((a) => (a as HTMLAnchorElement).href),
        );
        assert.ok(
          hrefs.some((h) => new URL(h).pathname === `/t/${seeded.slug}/print`),
          "the print center",
        );
        assert.ok(hrefs.some((h) => /[?&]round=\d/.test(h)), "a knockout round's sheets");
        assert.ok(hrefs.some((h) => /[?&]table=\d/.test(h)), "a table's sheets");
        for (const href of new Set(hrefs)) {
          const url = new URL(href);
          if (!url.pathname.endsWith(".csv")) assert.equal(url.searchParams.get("base"), server.origin, href);
          const answer = await fetch(href);
          assert.equal(answer.status, 200, href);
          await answer.body?.cancel();
        }
        assert.deepEqual(desk.errors, []);
        await desk.close();
      },
    );

    await t.step("the order of play, of the event and of a table: times in order, a day a page", async () => {
      const { page, close, errors } = await openPage(browser, `${base}/order`);
      const days = await page.locator("section.day").count();
      const scheduled = open.filter((m) => m.status === "scheduled");
      assert.equal(await page.locator("section.day tbody tr").count(), scheduled.length);
      assert.ok(await printedPages(page) >= days);
      assert.deepEqual(await cutBoxes(page, "section.day"), []);
      const qrs = await readQrCodes(page);
      assert.equal(qrs.length, days);
      assert.ok(qrs.every((q) => q === `${server.origin}/t/${seeded.slug}`));
      await shoot(page, "print_order_of_play.png");
      const table = scheduled.find((m) => m.tableNo !== null)!.tableNo!;
      await page.goto(`${base}/order?table=${table}`);
      // A day a section, in the hall's time zone (the process's: TZ), the days in order and each day's times
      // in order: a match after midnight is on the next day's page.
      const sections = await page.locator("section.day").evaluateAll((days) =>
        days.map((d) => ({
          title: d.querySelector("h1")!.textContent!,
          times: [...d.querySelectorAll("tbody tr td:first-child")].map((td) => td.textContent!),
        }))
      );
      const expected = new Map<string, string[]>();
      for (const m of scheduled.filter((m) => m.tableNo === table && m.scheduledAt !== null)) {
        const at = new Date(m.scheduledAt!);
        const day = at.toLocaleDateString("sv-SE");
        const time = at.toLocaleTimeString("sv-SE", { hour: "2-digit", minute: "2-digit" });
        expected.set(day, [...(expected.get(day) ?? []), time]);
      }
      assert.deepEqual(
        sections.map((s) => [s.title, s.times]),
        [...expected].sort(([a], [b]) => a < b ? -1 : 1).map(([day, times]) => [
          `Order of play · ${day} · table ${table}`,
          times.toSorted(),
        ]),
      );
      assert.deepEqual(errors, []);
      await close();
    });

    await t.step("the draws of the demo: one A4 landscape page each", async () => {
      const event = await (await fetch(`${server.origin}/api/v1/events/${seeded.slug}`)).json();
      const drawn = event.data.subevents.filter((s: { hasDraw: boolean }) => s.hasDraw);
      assert.ok(drawn.length > 0);
      for (const s of drawn) {
        const { page, close, errors } = await openPage(browser, `${base}/draw?category=${s.id}`);
        assert.equal(await printedPages(page), 1);
        assert.deepEqual(await cutBoxes(page, ".page, .bracket"), []);
        assert.deepEqual(errors, []);
        if (s === drawn[0]) await shoot(page, "print_draw.png");
        await close();
      }
    });

    await t.step("the group sheets of a category: one page a group, blank and filled", async () => {
      const event = await (await fetch(`${server.origin}/api/v1/events/${seeded.slug}`)).json();
      const category = event.data.subevents.find((s: { groupCount: number }) => s.groupCount > 0);
      for (const filled of ["", "&filled=1"]) {
        const { page, close, errors } = await openPage(
          browser,
          `${base}/groups?category=${category.id}${filled}`,
        );
        assert.equal(await page.locator("section.group").count(), category.groupCount);
        assert.equal(await printedPages(page), category.groupCount);
        assert.deepEqual(await cutBoxes(page, ".page"), []);
        assert.deepEqual(errors, []);
        if (filled) await shoot(page, "print_group_sheet.png");
        await close();
      }
    });
  },
);

browserSuite(
  "printed sheets over a group of 6 and a draw of 128",
  async (store) => {
    const { importEvent } = await import("../../event_file/import.ts");
    const { bigPrintEvent, BIG_SLUG } = await import("../support/print_events.ts");
    await importEvent(store, bigPrintEvent());
    const { listEventCategories } = await import("../../db/read_categories.ts");
    const { findPublishedEvent } = await import("../../db/read_events.ts");
    const event = await findPublishedEvent(store.db, BIG_SLUG);
    const ids = Object.fromEntries(
      (await listEventCategories(store.db, event!.id)).map((s) => [s.name, s.id]),
    );
    return {
      slug: BIG_SLUG,
      group: ids["Group of six"]!,
      draw: ids["Open 128"]!,
      draw64: ids["Open 64"]!,
      draw32: ids["Open 32"]!,
    };
  },
  async (t, { browser, server, seeded }) => {
    const base = `${server.origin}/t/${seeded.slug}/print`;
    for (const filled of [false, true]) {
      await t.step(`the group of 6 on one A4 page, ${filled ? "filled" : "blank"}, nothing cut`, async () => {
        const url = `${base}/groups?category=${seeded.group}${filled ? "&filled=1" : ""}`;
        const { page, close, errors } = await openPage(browser, url);
        assert.equal(await page.locator(".grid tbody tr").count(), 6);
        assert.equal(await page.locator(".order tbody tr").count(), 15);
        assert.equal(await printedPages(page), 1);
        assert.equal(await printedLetterPages(page), 1);
        assert.deepEqual(await cutBoxes(page, ".page"), []);
        const cells = await page.locator(".grid tbody td.num").allTextContents();
        assert.equal(cells.some((x) => x.includes("w/o")), filled);
        assert.deepEqual(await readQrCodes(page), [`${server.origin}/t/${seeded.slug}/c/${seeded.group}`]);
        assert.deepEqual(errors, []);
        await close();
      });
    }

    for (const [name, slots, paper] of [["draw32", 32, "A4"], ["draw64", 64, "A3"]] as const) {
      await t.step(`a draw of ${slots} on one ${paper} landscape page by default, nothing cut`, async () => {
        const { page, close, errors } = await openPage(browser, `${base}/draw?category=${seeded[name]}`);
        assert.equal(await page.locator(".toolbar a[aria-current]").textContent(), paper);
        assert.equal(await printedPages(page), 1);
        assert.deepEqual(await cutBoxes(page, ".page, .bracket"), []);
        assert.equal(await page.locator(".round.first .s").count(), slots);
        assert.deepEqual(errors, []);
        await close();
      });
    }

    for (const [size, pages] of [["a3", 3], ["a4", 5]] as const) {
      await t.step(
        `the draw of 128 on ${size}: sections and a closing page, ${pages} pages, nothing cut`,
        async () => {
          const { page, close, errors } = await openPage(
            browser,
            `${base}/draw?category=${seeded.draw}&size=${size}`,
          );
          assert.equal(await page.locator("section.draw").count(), pages);
          assert.equal(await printedPages(page), pages);
          assert.deepEqual(await cutBoxes(page, ".page, .bracket"), []);
          const perPage = size === "a3" ? 64 : 32;
          const first = await page.locator("section.draw").first().locator(".round.first .s").count();
          assert.equal(first, perPage);
          assert.equal(await page.locator(".cont").count(), pages - 1);
          const marks = await page.locator("section.draw").last().locator(".mark").allTextContents();
          assert.deepEqual(marks, Array.from({ length: pages - 1 }, (_, i) => `from p. ${i + 1}: `));
          assert.deepEqual(await readQrCodes(page, "section.draw:first-child svg.qr"), [
            `${server.origin}/t/${seeded.slug}/c/${seeded.draw}`,
          ]);
          assert.deepEqual(errors, []);
          await close();
        },
      );
    }
  },
);
