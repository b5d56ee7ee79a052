/**
 * The relay's panel on /manage says why the relay is not pushing in the desk's language (docs/relay.md), at
 * 1366x768 in every language: a public server that refuses the token (unknown there), then none at all. The
 * panel's line has no English desk text left; in English it says what the pusher logged.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { createHandler } from "../../main.ts";
import { loadDemoIfEmpty } from "../../cli/demo.ts";
import { RelayPusher } from "../../cli/relay_pusher.ts";
import { createToken } from "../../db/tokens.ts";
import { LANGUAGES } from "../../lib/languages.ts";
import { silentLogger } from "../../lib/log.ts";
import { CATALOGS } from "../../pages/i18n/mod.ts";
import { deskEn } from "../../pages/i18n/desk/en.ts";
import { CHROMIUM_PATH, hasChromium, launchBrowser } from "../support/browser.ts";
import { deskEnglishLeft } from "../support/language_checks.ts";
import { openDeskToCheck } from "../support/manage_page.ts";
import { serveHandler } from "../support/serve_handler.ts";
import { makeStore } from "../support/stores.ts";
import { testNow } from "../support/test_clock.ts";

/** The relay's error keys: the words the panel's line may end with. */
const ERROR_KEYS = Object.keys(deskEn).filter((k) => k.startsWith("desk.relay."));

/** Waits until the panel's detail line ends with `ending`, and returns the line. */
async function relayDetail(page: Page, ending: string): Promise<string> {
  await page.waitForFunction(
    (end) => (document.getElementById("relay-detail")?.textContent ?? "").endsWith(end),
    ending,
  );
  return await page.locator("#relay-detail").innerText();
}

Deno.test({
  name: hasChromium()
    ? "[browser] /manage says in each language why the relay is refused or cut"
    : `[browser] /manage says why the relay is refused (skipped: no Chromium at ${CHROMIUM_PATH})`,
  ignore: !hasChromium(),
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const now = testNow();
    const venue = await makeStore("sqlite");
    const publicStore = await makeStore("sqlite");
    await loadDemoIfEmpty(venue, now);
    const admin = (await createToken(venue.db, { role: "admin", label: "Desk" }, now)).secret;
    // A token the public server has never given: it answers 401 to every push.
    const pub = serveHandler(createHandler({ store: publicStore, log: silentLogger, clock: () => now }));
    const pusher = new RelayPusher({
      url: `http://127.0.0.1:${pub.port}`,
      token: "tt_unknown_to_the_public_server",
      store: venue,
      log: silentLogger,
      clock: () => now,
      pollMs: 50,
      maxBackoffMs: 200,
      heartbeatMs: 1000,
    });
    pusher.start();
    const desk = serveHandler(
      createHandler({ store: venue, log: silentLogger, clock: () => now, relay: pusher }),
    );
    let pubStopped = false;
    const browser = await launchBrowser();
    try {
      for (const cut of [false, true]) {
        if (cut && !pubStopped) {
          await pub.stop();
          pubStopped = true;
        }
        const key = cut ? "desk.relay.error.noConnection" : "desk.relay.error.tokenUnknown";
        for (const lang of LANGUAGES) {
          const { page, errors, close } = await openDeskToCheck(browser, {
            "tt.token": admin,
            "tt.manage.view": "tables",
          });
          await page.goto(`http://127.0.0.1:${desk.port}/manage?lang=${lang}`);
          const words: Record<string, unknown> = CATALOGS[lang];
          const line = await relayDetail(page, String(words[key]));
          if (lang === "en") {
            assert.match(line, cut ? /no connection$/ : /refused the token \(unknown or revoked\)$/);
          } else {
            const left = deskEnglishLeft(lang, ERROR_KEYS, []).filter((p) => line.includes(p));
            assert.deepEqual(left, [], `${lang}: ${line}`);
          }
          assert.deepEqual(errors, [], lang);
          await close();
        }
      }
    } finally {
      await browser.close();
      await pusher.stop();
      await desk.stop();
      if (!pubStopped) await pub.stop();
      await venue.drop();
      await publicStore.drop();
    }
  },
});
