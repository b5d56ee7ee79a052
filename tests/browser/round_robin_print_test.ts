/**
 * The group sheets of round robins of 9 and of 16 (one group each, matches made by the import, half of them
 * played) printed by Chromium: the grid on the first A4 page, the order of play going on over the next pages,
 * nothing cut on A4 or on Letter; `-- --update` writes the first page of each filled sheet to
 * docs/screenshots/print_group_sheet_{9,16}.png.
 */
import assert from "node:assert/strict";
import { browserSuite, openPage } from "../support/browser.ts";
import { cutBoxes, printedLetterPages, printedPages } from "../support/print_checks.ts";
import { groupEvent } from "../support/event_files.ts";
import type { EventFile } from "../../event_file/format.ts";

const UPDATE = Deno.args.includes("--update");

/** A round robin of `n` with long names and clubs, its first half played in five games. */
function roundRobin(n: number): EventFile {
  const players = Array.from({ length: n }, (_, i) => ({
    id: `p${i + 1}`,
    displayName: `Alexandrina Konstantinopoulou ${i + 1}`,
    association: `Tafeltennisclub Sint-Niklaas ${i % 4}`,
  }));
  const file = groupEvent({ slug: `rr${n}`, status: "published", players });
  file.categories[0]!.bestOf = 5;
  return file;
}

browserSuite(
  "group sheets of round robins of 9 and 16",
  async (store) => {
    const { importEvent } = await import("../../event_file/import.ts");
    const { exportEvent } = await import("../../event_file/export.ts");
    const ids: Record<number, string> = {};
    for (const n of [9, 16]) {
      await importEvent(store, roundRobin(n));
      const file = (await exportEvent(store.db, `rr${n}`))!;
      const matches = file.categories[0]!.matches!;
      matches.slice(0, Math.ceil(matches.length / 2)).forEach((m, i) => {
        Object.assign(m, {
          status: "completed",
          games: ["11-9", "9-11", "11-7", "8-11", "13-11"],
          firstServer: "home",
          startedAt: new Date(Date.UTC(2026, 5, 1, 9, i)).toISOString(),
          completedAt: new Date(Date.UTC(2026, 5, 1, 9, i + 1)).toISOString(),
        });
      });
      await importEvent(store, file);
      ids[n] = (await store.db.selectFrom("subevents").innerJoin("events", "events.id", "subevents.event_id")
        .select("subevents.id").where("events.slug", "=", `rr${n}`).executeTakeFirstOrThrow()).id;
    }
    return ids;
  },
  async (t, { browser, server, seeded }) => {
    for (const [n, pages] of [[9, 2], [16, 5]] as const) {
      for (const filled of [false, true]) {
        await t.step(
          `a group of ${n}: ${pages} A4 pages, ${filled ? "filled" : "blank"}, nothing cut`,
          async () => {
            const url = `${server.origin}/t/rr${n}/print/groups?category=${seeded[n]}${
              filled ? "&filled=1" : ""
            }`;
            const { page, close, errors } = await openPage(browser, url);
            assert.equal(await page.locator(".grid tbody tr").count(), n);
            assert.equal(await page.locator(".order tbody tr").count(), (n * (n - 1)) / 2);
            assert.equal(await page.locator("section.page").count(), pages);
            assert.equal(await printedPages(page), pages);
            assert.equal(await printedLetterPages(page), pages);
            assert.deepEqual(await cutBoxes(page, ".page"), []);
            const cells = await page.locator(".grid tbody td.num").allTextContents();
            assert.equal(cells.some((x) => x.includes("3:2")), filled);
            assert.deepEqual(errors, []);
            if (UPDATE && filled) {
              await page.emulateMedia({ media: "print" });
              const file = new URL(`../../docs/screenshots/print_group_sheet_${n}.png`, import.meta.url);
              await Deno.writeFile(file, await page.locator(".page").first().screenshot());
            }
            await close();
          },
        );
      }
    }
  },
);
