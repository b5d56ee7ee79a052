/**
 * Screenshots of the demo for docs/pages.md, of what issue 50 changed: the bar of a retirement naming who retired
 * (at 1280x720 and 1920x1080), the category board's flags and the TV header on one line with the QR view's loopback warning at 1366x768. Each shot is checked for what it must show; `-- --update` writes docs/screenshots/*.png.
 */
import assert from "node:assert/strict";
import { DEMO_SLUG, loadDemoIfEmpty } from "../../cli/demo.ts";
import { browserSuite, openPage } from "../support/browser.ts";
import { testNow } from "../support/test_clock.ts";

const UPDATE = Deno.args.includes("--update");
const DIR = new URL("../../docs/screenshots/", import.meta.url);

browserSuite(
  "the demo's walkover, retirement, wide bar and TV header, as docs/pages.md shows them",
  (store) => loadDemoIfEmpty(store, testNow()),
  async (_t, { browser, server }) => {
    const event = await (await fetch(`${server.origin}/api/v1/events/${DEMO_SLUG}`)).json();
    const ms = event.data.subevents.find((s: { name: string }) => s.name === "Men's Singles");
    const list = await (await fetch(`${server.origin}/api/v1/subevents/${ms.id}/matches`)).json();
    const retired = list.data.matches.find((m: { resultReasonCode: string }) =>
      m.resultReasonCode === "retired"
    );
    const shots = [
      { file: "overlay_match_retired.png", path: `/overlay/match/${retired.id}?debug=1`, size: [1280, 720] },
      {
        file: "overlay_match_retired_1920x1080.png",
        path: `/overlay/match/${retired.id}`,
        size: [1920, 1080],
      },
      { file: "tv_header_1366x768.png", path: `/t/${DEMO_SLUG}/tv?view=qr`, size: [1366, 768] },
    ];
    // The category board draws a player's flag beside the name, inside the board.
    const board = await openPage(browser, `${server.origin}/overlay/subevent/${ms.id}`, {
      width: 1280,
      height: 720,
    });
    try {
      const flags = await board.page.evaluate(() => {
        const box = document.querySelector(".board")!.getBoundingClientRect();
        const shown = [...document.querySelectorAll(".line .cflag")].map((f) => f.getBoundingClientRect());
        return {
          count: shown.length,
          outside: shown.filter((r) => r.left < box.left || r.right > box.right).length,
        };
      });
      assert.ok(flags.count >= 4, `flags on the board: ${flags.count}`);
      assert.equal(flags.outside, 0);
      assert.deepEqual(board.errors, []);
      if (UPDATE) {
        await Deno.writeFile(new URL("overlay_subevent_flags.png", DIR), await board.page.screenshot());
      }
    } finally {
      await board.close();
    }
    for (const s of shots) {
      const o = await openPage(browser, `${server.origin}${s.path}`, {
        width: s.size[0]!,
        height: s.size[1]!,
      });
      try {
        const text = await o.page.locator("body").innerText();
        if (s.file.startsWith("overlay")) assert.match(text.toUpperCase(), /RETIRED/);
        assert.deepEqual(o.errors, []);
        if (UPDATE) await Deno.writeFile(new URL(s.file, DIR), await o.page.screenshot());
      } finally {
        await o.close();
      }
    }
  },
);
