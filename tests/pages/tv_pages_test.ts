/** The venue TV's views with pages, on the demo: the standings three groups a page, a bracket per drawn category. */
import assert from "node:assert/strict";
import { silentLogger } from "../../lib/log.ts";
import { createApp } from "../../main.ts";
import { loadDemoIfEmpty } from "../../cli/demo.ts";
import { TV_GROUPS_PER_PAGE } from "../../pages/tv.tsx";
import { storeTest } from "../support/stores.ts";
import { testNow } from "../support/test_clock.ts";

storeTest(
  "[pages] the TV's standings and brackets come in pages, each named on its section",
  async (store) => {
    const now = testNow();
    await loadDemoIfEmpty(store, now);
    const app = createApp({ store, log: silentLogger, clock: () => now });
    const html = await (await app.request("/t/demo-open-2026/tv")).text();
    const section = (name: string) =>
      new RegExp(`<section[^>]*data-view-name="${name}"[^>]*>([\\s\\S]*?)</section>`).exec(html);
    const standings = section("standings")!;
    const groups = (standings[1]!.match(/<h3>/g) ?? []).length;
    const pages = Math.ceil(groups / TV_GROUPS_PER_PAGE);
    assert.ok(groups > TV_GROUPS_PER_PAGE, `${groups} groups in the demo`);
    assert.match(standings[0]!, new RegExp(`data-pages="${pages}"`));
    for (let i = 0; i < pages; i++) {
      assert.match(
        standings[1]!,
        new RegExp(`class="tv-page" data-page="${i}"`),
      );
    }
    const bracket = section("bracket")!;
    assert.match(bracket[0]!, /data-empty="0" data-pages="2"/, "the demo's two drawn categories");
    assert.match(html, /body\[data-page="1"\] \.tv-page\[data-page="1"\]\{display:flex\}/);
    assert.match(html, /<body class="tv" data-view="live" data-page="0"/);
  },
);
