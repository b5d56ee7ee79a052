/**
 * The poster opened on the computer that runs the server (127.0.0.1, as a director's laptop may): its QR code
 * would send phones to themselves, and it says so on screen, never on the printed sheet.
 */
import assert from "node:assert/strict";
import { browserSuite, openPage } from "../support/browser.ts";
import { seedPages } from "../pages/seed.ts";

browserSuite(
  "the poster's loopback warning in Chromium",
  seedPages,
  async (t, { browser, server, seeded }) => {
    await t.step("is on screen above the sheet and not in print", async () => {
      const { page, errors, close } = await openPage(
        browser,
        `${server.origin}/t/${seeded.event.slug}/poster`,
        { width: 900, height: 1240 },
      );
      const warning = page.locator(".loopback");
      assert.equal(await warning.isVisible(), true);
      assert.match(
        await warning.innerText(),
        /^Phones cannot open this QR code\. It points to 127\.0\.0\.1:\d+/,
      );
      const box = (await warning.boundingBox())!;
      const sheet = (await page.locator(".sheet").boundingBox())!;
      assert.ok(box.y + box.height <= sheet.y, "above the sheet, not on it");
      await page.emulateMedia({ media: "print" });
      assert.equal(await warning.isVisible(), false, "not printed");
      assert.equal(await page.locator(".sheet svg.qr").isVisible(), true);
      assert.deepEqual(errors, []);
      await close();
    });
  },
);
