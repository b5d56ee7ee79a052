/**
 * The relay's panel on /manage at the venue (docs/relay.md), at 1366x768: connected with nothing waiting, then,
 * with the public server gone, "Not connected … since" with the changes the desk makes waiting, then connected
 * again with nothing waiting. `-- --update` writes docs/screenshots/relay_status.png (the demo, connected).
 */
import assert from "node:assert/strict";
import { createHandler } from "../../main.ts";
import { DEMO_SLUG, loadDemoIfEmpty } from "../../cli/demo.ts";
import { RelayPusher } from "../../cli/relay_pusher.ts";
import { createToken } from "../../db/tokens.ts";
import { silentLogger } from "../../lib/log.ts";
import { CHROMIUM_PATH, hasChromium, launchBrowser } from "../support/browser.ts";
import { openManage } from "../support/manage_page.ts";
import { serveHandler } from "../support/serve_handler.ts";
import { makeStore } from "../support/stores.ts";

const UPDATE = Deno.args.includes("--update");

Deno.test({
  name: hasChromium()
    ? "[browser] /manage shows the relay: connected, not connected with changes waiting, connected again"
    : `[browser] /manage shows the relay (skipped: no Chromium at ${CHROMIUM_PATH})`,
  ignore: !hasChromium(),
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const venue = await makeStore("sqlite");
    const publicStore = await makeStore("sqlite");
    const now = new Date();
    await loadDemoIfEmpty(venue, now);
    const admin = (await createToken(venue.db, { role: "admin", label: "Desk" }, now)).secret;
    const relayToken =
      (await createToken(publicStore.db, { role: "relay", label: "hall", relaySlug: DEMO_SLUG }, now)).secret;
    const publicHandler = createHandler({ store: publicStore, log: silentLogger, clock: () => new Date() });
    let pub = serveHandler(publicHandler);
    const publicPort = pub.port;
    const pusher = new RelayPusher({
      url: `http://127.0.0.1:${publicPort}`,
      token: relayToken,
      store: venue,
      log: silentLogger,
      pollMs: 50,
      maxBackoffMs: 500,
      // A push with nothing new each second: the panel learns of a link gone without waiting for a change.
      heartbeatMs: 1000,
    });
    pusher.start();
    const desk = serveHandler(
      createHandler({ store: venue, log: silentLogger, clock: () => new Date(), relay: pusher }),
    );
    const browser = await launchBrowser();
    try {
      const { page, errors, close } = await openManage(
        browser,
        admin,
        { width: 1366, height: 768 },
        "tables",
      );
      await page.goto(`http://127.0.0.1:${desk.port}/manage`);
      await page.waitForFunction(() =>
        /^Connected to/.test(document.getElementById("relay-state")?.textContent ?? "") &&
        /nothing waiting/.test(document.getElementById("relay-detail")?.textContent ?? "")
      );
      assert.equal(await page.isVisible("#relay"), true);
      assert.equal(await page.isVisible("#relay-takeover"), false);
      if (UPDATE) await Deno.writeFile("docs/screenshots/relay_status.png", await page.screenshot());

      await pub.stop();

      await page.waitForFunction(() =>
        /^Not connected to .* since/.test(document.getElementById("relay-state")?.textContent ?? "")
      );
      const res = await fetch(`http://127.0.0.1:${desk.port}/api/manage/events/${DEMO_SLUG}/announcement`, {
        method: "PUT",
        headers: { Authorization: `Bearer ${admin}`, "Content-Type": "application/json" },
        body: JSON.stringify({ text: "Doubles finals at 15:00" }),
      });
      assert.equal(res.status, 200);
      await page.waitForFunction(() =>
        /· 1 change waiting ·/.test(document.getElementById("relay-detail")?.textContent ?? "") &&
        /no connection$/.test(document.getElementById("relay-detail")?.textContent ?? "")
      );
      if (UPDATE) await Deno.writeFile("docs/screenshots/relay_offline.png", await page.screenshot());

      pub = serveHandler(publicHandler, publicPort);
      await page.waitForFunction(() =>
        /^Connected to/.test(document.getElementById("relay-state")?.textContent ?? "") &&
        /nothing waiting/.test(document.getElementById("relay-detail")?.textContent ?? "")
      );
      assert.deepEqual(errors, []);
      await close();
    } finally {
      await browser.close();
      await pusher.stop();
      await desk.stop();
      await pub.stop().catch(() => {});
      await venue.drop();
      await publicStore.drop();
    }
  },
});
