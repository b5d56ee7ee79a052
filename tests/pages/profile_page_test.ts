import assert from "node:assert/strict";
import { silentLogger } from "../../lib/log.ts";
import { createApp } from "../../main.ts";
import { chartGeometry } from "../../pages/components/rating_chart.tsx";
import { twoSeasons } from "../support/player_seasons.ts";
import { storeTest } from "../support/stores.ts";

Deno.test("chartGeometry() scales ratings into the chart, the band one deviation either side", () => {
  const g = chartGeometry([
    { at: "2026-06-01T09:00:00.000Z", rating: 1500, deviation: 100 },
    { at: "2026-06-02T09:00:00.000Z", rating: 1620, deviation: 80 },
  ]);
  assert.equal(g.low, 1400);
  assert.equal(g.high, 1700);
  assert.equal(g.dots.length, 2);
  assert.ok(g.dots[1]!.cy < g.dots[0]!.cy, "a higher rating is drawn higher");
  assert.equal(g.band.split(" ").length, 4);
});

storeTest(
  "[pages] /p/:id shows a player across events with a chart, results and a head-to-head",
  async (store) => {
    const seeded = await twoSeasons(store);
    const app = createApp({ store, log: silentLogger, clock: () => new Date("2026-11-28T10:00:00.000Z") });
    const ids: Record<string, string> = {
      "Ana Lopez": seeded.ana,
      "Ben Okafor": seeded.ben,
      "Carl Hidden": seeded.carl,
    };
    // Without the blanks that precompiled JSX leaves where a `key` or an undefined attribute was.
    const text = async (res: Response) =>
      (await res.text()).replace(/<([a-z0-9]+) +/g, "<$1 ").replace(/ +>/g, ">");
    const page = await app.request(`/p/${ids["Ana Lopez"]}`);
    assert.equal(page.status, 200);
    const html = await text(page);
    assert.match(html, /<svg[^>]*role="img"[^>]*aria-labelledby="rating-chart-title rating-chart-desc"/);
    assert.match(
      html,
      /<desc id="rating-chart-desc">Ana Lopez's rating over 2 rated matches: from \d+ on 1 Jun 2026/,
    );
    assert.match(html, /href="\/t\/spring\/p\//);
    assert.match(html, /href="\/t\/autumn\/p\//);
    assert.doesNotMatch(html, /secret|Carl Hidden/i, "nothing of the draft");
    assert.match(html, /<option value="[^"]+">Ben Okafor<\/option>/);

    const h2h = await text(await app.request(`/p/${ids["Ana Lopez"]}?vs=${ids["Ben Okafor"]}`));
    assert.match(h2h, /Ana Lopez against Ben Okafor, decided matches/);
    assert.match(h2h, /Next meeting \(best of 5\)/);
    assert.match(h2h, /<option value="[^"]+" selected>Ben Okafor<\/option>/);

    for (const path of [`/p/${ids["Carl Hidden"]}`, "/p/nope", `/p/${crypto.randomUUID()}`]) {
      assert.equal((await app.request(path)).status, 404, path);
    }
    const eventPage = await (await app.request(`/t/spring/p/${ids["Ana Lopez"]}`)).text();
    assert.match(eventPage, new RegExp(`href="/p/${ids["Ana Lopez"]}"`));
    const rankings = await (await app.request("/rankings")).text();
    assert.match(rankings, new RegExp(`<a href="/p/${ids["Ana Lopez"]}">Ana Lopez</a>`));
    assert.match(rankings, /Glicko-2/);
  },
);
