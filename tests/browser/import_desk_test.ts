/**
 * Import from the desk on /manage, in Chromium at 1366x768: a file with a problem is refused with every problem
 * listed, the mended file is previewed and imported; a re-import that would drop the desk's late entry names it
 * and needs the box ticked.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { EventFile } from "../../event_file/format.ts";
import { addEntry } from "../../db/entry_writes.ts";
import { makeToken } from "../api/manage_fixtures.ts";
import { browserSuite } from "../support/browser.ts";
import { keepScreenshot } from "../support/screenshot.ts";
import { undrawnGroups } from "../support/event_files.ts";
import { openManage } from "../support/manage_page.ts";

const players = ["Ana Ruiz", "Ben Okafor", "Cat Meyer", "Dan Holm"].map((n) => ({
  id: n.split(" ")[0]!.toLowerCase(),
  displayName: n,
}));

/** The club open as the organiser sent it: four players, one group to draw. */
function openFile(): EventFile {
  const f = undrawnGroups("club-open", players);
  f.event.name = "Club open";
  return f;
}

/** The file as an upload. */
const upload = (file: unknown) => ({
  name: "club-open.json",
  mimeType: "application/json",
  buffer: Buffer.from(JSON.stringify(file, null, 2)),
});

browserSuite(
  "/manage imports an event file from the desk: problems, preview, confirm",
  async (store) => ({ admin: await makeToken(store.db, "admin", { label: "Desk" }) }),
  async (t, { browser, server, seeded }) => {
    const { page, errors, close } = await openManage(
      browser,
      seeded.admin,
      { width: 1366, height: 768 },
      "event",
    );
    const check = async (file: unknown) => {
      await page.setInputFiles("#import-file", upload(file));
      await page.click("#import-form button[type=submit]");
    };
    try {
      await page.goto(`${server.origin}/manage`);
      await t.step("a file with a problem: every problem listed, nothing imported", async () => {
        const bad = openFile();
        (bad.categories[0] as { bestOf: unknown }).bestOf = 4;
        await check(bad);
        await page.waitForSelector("#import-problems:not([hidden])");
        const lines = await page.$$eval("#import-problems li", (ls) => ls.map((l) => l.textContent));
        assert.ok(lines.some((l) => l?.startsWith("categories[0].bestOf: ")), lines.join("\n"));
        assert.equal((await server.store.db.selectFrom("events").selectAll().execute()).length, 0);
      });
      await t.step("the mended file: a preview, then Import shows the event", async () => {
        await check(openFile());
        await page.waitForSelector("#import-preview:not([hidden]) #import-go");
        const summary = await page.textContent("#import-preview p");
        assert.equal(summary, 'A new event "Club open": 4 entries, 0 matches');
        assert.ok(await page.isHidden("#import-problems"));
        await keepScreenshot(page, "manage_import_preview");
        await page.click("#import-go");
        await page.waitForFunction(() => document.getElementById("event-name")?.textContent === "Club open");
      });
      await t.step("a re-import that drops the desk's late entry names it and needs the box", async () => {
        const category = await server.store.db.selectFrom("subevents").select("id").executeTakeFirstOrThrow();
        await addEntry(server.store, category.id, { players: [{ name: "Maya Lin" }] }, {
          actor: "Desk",
          now: new Date(),
        });
        const mended = openFile();
        mended.event.name = "Club open (mended)";
        await check(mended);
        await page.waitForSelector("#import-preview .warning li");
        assert.deepEqual(
          await page.$$eval("#import-preview .warning li", (ls) => ls.map((l) => l.textContent)),
          ['Entry "Maya Lin" of "Singles" would be removed'],
        );
        await keepScreenshot(page, "manage_import_losses");
        await page.click("#import-go");
        assert.match(await page.textContent("#status") ?? "", /^Tick the box/);
        assert.equal((await server.store.db.selectFrom("entries").selectAll().execute()).length, 5);
        await page.check("#import-replace");
        await page.click("#import-go");
        await page.waitForFunction(() =>
          document.getElementById("event-name")?.textContent === "Club open (mended)"
        );
        assert.equal((await server.store.db.selectFrom("entries").selectAll().execute()).length, 4);
      });
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  },
);
