/**
 * The umpire's states as the server renders them on the spectators' pages (match overlay, match page, venue TV)
 * from the public match answer: game and match point on the side concerned, a running time-out by the render's
 * clock (the browser then follows its own: tests/browser/umpire_states_test.ts), cards, time-outs taken, the
 * expedite system and the serving player of a doubles pair.
 */
import assert from "node:assert/strict";
import { silentLogger } from "../../lib/log.ts";
import { writeMatch } from "../../db/match_writes.ts";
import type { Store } from "../../db/store.ts";
import { createApp } from "../../main.ts";
import { storeTest } from "../support/stores.ts";
import { seedUmpireStates } from "./seed.ts";
import { testNow } from "../support/test_clock.ts";

async function setup(store: Store) {
  const seeded = await seedUmpireStates(store);
  let now = new Date(seeded.timeoutAt.getTime() + 10_000);
  const app = createApp({ store, log: silentLogger, clock: () => now });
  const get = async (path: string) => {
    const res = await app.request(path);
    assert.equal(res.status, 200, path);
    // Without the blanks that precompiled JSX leaves where a `key` or an undefined attribute was.
    return (await res.text()).replace(/<([a-z0-9]+) +/g, "<$1 ").replace(/ +>/g, ">");
  };
  return { seeded, get, setNow: (d: Date) => void (now = d) };
}

/** The markup of a side's row of the overlay, from its opening tag to the next row or the bar's end. */
function overlayRow(html: string, side: "home" | "away"): string {
  const start = html.indexOf(`data-side="${side}"`);
  assert.ok(start >= 0, `a ${side} row`);
  const next = html.indexOf('class="row', start);
  return html.slice(start, next < 0 ? undefined : next);
}

/** The opening tag of the first element whose opening tag has `marker`. */
function tagWith(html: string, marker: string): string {
  const at = html.indexOf(marker);
  assert.ok(at >= 0, `an element with ${marker}`);
  return html.slice(html.lastIndexOf("<", at), html.indexOf(">", at) + 1);
}

storeTest(
  "[pages] the match overlay flags match point and game point on the side concerned",
  async (store) => {
    const { seeded, get } = await setup(store);
    const matchPoint = await get(`/overlay/match/${seeded.matchPoint}`);
    assert.match(overlayRow(matchPoint, "home"), /class="flag point match"[^>]*>MATCH POINT</);
    assert.doesNotMatch(overlayRow(matchPoint, "away"), /class="flag /);
    const gamePoint = await get(`/overlay/match/${seeded.gamePoint}`);
    assert.match(overlayRow(gamePoint, "away"), /class="flag point"[^>]*>GAME POINT</);
    assert.doesNotMatch(overlayRow(gamePoint, "home"), /class="flag /);
    assert.doesNotMatch(await get(`/overlay/match/${seeded.plain}`), /class="flag /);
  },
);

storeTest(
  "[pages] the match overlay shows a running time-out with the time left, then the side's game point",
  async (store) => {
    const { seeded, get, setNow } = await setup(store);
    const endsAt = new Date(seeded.timeoutAt.getTime() + 60_000).toISOString();
    const running = overlayRow(await get(`/overlay/match/${seeded.timeout}`), "away");
    assert.match(running, /TIME-OUT <span data-countdown="[^"]+">0:50</);
    assert.doesNotMatch(tagWith(running, "flag timeout"), /hidden/);
    assert.match(tagWith(running, "flag timeout"), new RegExp(`data-until="${endsAt}"`));
    // The side's game point waits for the end of its time-out.
    assert.match(tagWith(running, "flag point"), /hidden/);
    assert.match(tagWith(running, "flag point"), new RegExp(`data-after="${endsAt}"`));
    setNow(new Date(Date.parse(endsAt) + 1000));
    const over = overlayRow(await get(`/overlay/match/${seeded.timeout}`), "away");
    assert.match(tagWith(over, "flag timeout"), /hidden/);
    assert.doesNotMatch(tagWith(over, "flag point"), /hidden/);
  },
);

storeTest(
  "[pages] the overlay underlines the serving player of a doubles pair, the match page puts the dot beside them",
  async (store) => {
    const { seeded, get } = await setup(store);
    const answer = await (await createApp({ store, log: silentLogger, clock: testNow })
      .request(`/api/v1/matches/${seeded.matchPoint}`)).json();
    const server = answer.data.match.umpire.server;
    const player = await store.db.selectFrom("players").select("display_name").where(
      "id",
      "=",
      server.playerId,
    )
      .executeTakeFirstOrThrow();
    const row = overlayRow(await get(`/overlay/match/${seeded.matchPoint}`), server.side);
    assert.match(row, new RegExp(`<span class="srv">${player.display_name}</span>`));
    assert.equal(row.match(/class="srv"/g)?.length, 1);
    // On the match page the serve dot stands beside that player's name.
    const page = await get(`/m/${seeded.matchPoint}`);
    assert.match(page, new RegExp(`>${player.display_name}</a><span class="serving" aria-hidden="true">`));
    assert.equal(page.match(/class="serving"/g)?.length, 1);
  },
);

storeTest(
  "[pages] the match page shows the point, the running time-out, the expedite system, cards and time-outs",
  async (store) => {
    const { seeded, get } = await setup(store);
    const html = await get(`/m/${seeded.timeout}`);
    assert.match(html, /<li class="point">Game point: Gina Holt \/ Nils Olsen<\/li>/);
    assert.match(html, /Time-out: Gina Holt \/ Nils Olsen · <span data-countdown="[^"]+">0:50<\/span> left/);
    assert.match(html, /Expedite system in operation since game 1 at 3–5, at both sides' request/);
    assert.match(html, /<h2 id="umpire-h">Cards and time-outs<\/h2>/);
    const cards = [...html.matchAll(/<li><span aria-hidden="true">.*?<\/li>/g)].map((m) =>
      m[0].replace(/<[^>]+>/g, "").trim()
    );
    assert.deepEqual(cards, [
      "Yellow card to Fay Green / Max Nash (warning) (game 1 at 3–0)",
      "Yellow card to Fay Green / Max Nash's coach (warning) (game 1 at 3–4)",
      "Yellow and red card to Fay Green / Max Nash: 1 penalty point to Gina Holt / Nils Olsen (game 1 at 3–4)",
    ]);
    assert.match(
      html,
      /<ul class="record timeouts-taken"><li>Gina Holt \/ Nils Olsen <span class="when">\(game 1 at 6–10\)/,
    );
    // Said to screen readers with the score.
    assert.match(
      html,
      /Game point: Gina Holt \/ Nils Olsen\. .*<span data-until="[^"]+"> Time-out: Gina Holt/,
    );
    const matchPoint = await get(`/m/${seeded.matchPoint}`);
    assert.match(matchPoint, /<li class="point match">Match point: Anna Berg \/ Hugo Ives<\/li>/);
    assert.doesNotMatch(matchPoint, /Cards and time-outs/);
  },
);

storeTest(
  "[pages] the venue TV flags the live matches at match point, game point or in a time-out",
  async (store) => {
    const { seeded, get, setNow } = await setup(store);
    const row = (html: string, id: string) => {
      const start = html.indexOf(`<tr data-match="${id}"`);
      assert.ok(start >= 0, `a row of ${id}`);
      return html.slice(start, html.indexOf("</tr>", start));
    };
    const flags = (html: string, id: string) =>
      [...row(html, id).matchAll(/<span class="flag [^"]*"([^>]*)>([^<]*)</g)]
        .filter((m) => !/hidden/.test(m[1]!)).map((m) => m[2]!.trim());
    const tv = await get(`/t/${seeded.slug}/tv`);
    assert.deepEqual(flags(tv, seeded.matchPoint), ["MATCH POINT"]);
    assert.deepEqual(flags(tv, seeded.gamePoint), ["GAME POINT"]);
    assert.deepEqual(flags(tv, seeded.timeout), ["TIME-OUT"]);
    assert.deepEqual(flags(tv, seeded.plain), []);
    setNow(new Date(seeded.timeoutAt.getTime() + 61_000));
    assert.deepEqual(flags(await get(`/t/${seeded.slug}/tv`), seeded.timeout), ["GAME POINT"]);
  },
);

storeTest(
  "[pages] a match won at match point flags nothing and keeps its cards on its page",
  async (store) => {
    const { seeded, get } = await setup(store);
    await writeMatch(store, seeded.matchPoint, { type: "point", side: "home" }, {
      actor: "desk",
      now: testNow(),
    });
    assert.doesNotMatch(await get(`/overlay/match/${seeded.matchPoint}`), /class="flag /);
    // The match with cards, decided by the desk: no time-out or point flag, the record stays.
    await writeMatch(store, seeded.timeout, { type: "retire", side: "home" }, {
      actor: "desk",
      now: testNow(),
    });
    const page = await get(`/m/${seeded.timeout}`);
    assert.doesNotMatch(page, /class="point|class="timeout/);
    assert.match(page, /Expedite system from game 1 at 3–5/);
    assert.match(page, /Yellow and red card to Fay Green/);
  },
);
