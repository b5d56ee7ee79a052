import assert from "node:assert/strict";
import { silentLogger } from "../../lib/log.ts";
import type { Store } from "../../db/store.ts";
import { createApp } from "../../main.ts";
import { listEventPlayers } from "../../db/read_players.ts";
import { bumpRevision } from "../../db/revision.ts";
import { formatMatchTime } from "../../pages/format.ts";
import { bySurname } from "../../pages/players_page.tsx";
import { at, PRIVATE_STRINGS, type Seeded } from "../support/fixtures.ts";
import { storeTest } from "../support/stores.ts";
import { EVIL_ASSOCIATION, EVIL_NAME, seedPages, setAnnouncement } from "./seed.ts";

/** Drops the blanks that precompiled JSX leaves where a `key` or an undefined attribute was. */
function tidy(html: string): string {
  return html.replace(/<([a-z0-9]+) +/g, "<$1 ").replace(/ +>/g, ">");
}

async function setup(store: Store) {
  const seeded = await seedPages(store);
  const app = createApp({ store, log: silentLogger, clock: () => new Date("2026-11-28T10:00:00.000Z") });
  const get = async (path: string) => {
    const res = await app.request(path);
    return { res, html: tidy(await res.text()) };
  };
  const players = await listEventPlayers(store.db, seeded.event.id);
  return { seeded, app, get, players, playerIds: players.map((p) => p.id) };
}

/** The public pages of the fixture; with the ids of its players (listEventPlayers), their pages too. */
function publicPages(s: Seeded, playerIds: readonly string[] = []): string[] {
  return [
    "/",
    "/rankings",
    `/t/${s.event.slug}`,
    ...[s.groups.id, s.knockout.id, s.doubles.id, s.draftKnockout.id].map((id) =>
      `/t/${s.event.slug}/c/${id}`
    ),
    `/t/${s.event.slug}/tv`,
    `/t/${s.event.slug}/players`,
    ...playerIds.map((id) => `/t/${s.event.slug}/p/${id}`),
    ...playerIds.map((id) => `/p/${id}`),
    `/t/${s.event.slug}/poster`,
    `/t/${s.event.slug}/poster?size=a3`,
    ...Object.values(s.matches).filter((id) => id !== s.matches.semiOpen && id !== s.matches.final)
      .flatMap((id) => [`/m/${id}`, `/overlay/match/${id}`]),
    `/overlay/match/${s.matches.groupRunning}?pos=top&scale=1.5&debug=1`,
    `/overlay/match/${s.matches.groupRunning}?pos=sideways&scale=9`,
    ...[s.groups.id, s.knockout.id, s.doubles.id].map((id) => `/overlay/subevent/${id}`),
  ];
}

function assertSecurityHeaders(res: Response, html: string, path: string) {
  const csp = res.headers.get("content-security-policy") ?? "";
  const nonce = /script-src 'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
  assert.ok(nonce, `${path}: CSP has a script nonce (${csp})`);
  assert.match(csp, /default-src 'none'/);
  if (path.startsWith("/overlay/")) {
    // OBS's "Custom CSS" arrives as a style element of its own: overlays take inline styles, never scripts.
    assert.match(csp, /style-src 'unsafe-inline'(;|$)/);
    assert.doesNotMatch(csp, /script-src[^;]*unsafe/);
  } else {
    assert.match(csp, new RegExp(`style-src 'nonce-${nonce.replace(/[+/=]/g, "\\$&")}'`));
    assert.doesNotMatch(csp, /unsafe-inline/);
  }
  assert.match(csp, /img-src 'self' data:/);
  assert.match(csp, /connect-src 'self'/);
  assert.match(csp, /frame-ancestors 'self'/);
  assert.doesNotMatch(csp, /unsafe-eval/);
  assert.equal(res.headers.get("x-content-type-options"), "nosniff");
  assert.ok(res.headers.get("referrer-policy"), `${path}: Referrer-Policy`);
  for (const tag of html.match(/<(script|style)(\s[^>]*)?>/g) ?? []) {
    assert.ok(tag.includes(`nonce="${nonce}"`), `${path}: ${tag} carries the response's nonce`);
  }
  assert.doesNotMatch(html, /\sstyle="/, `${path}: no style attribute (the CSP would block it)`);
  assert.doesNotMatch(html, /\son[a-z]+="/, `${path}: no inline event handler`);
}

storeTest("[pages] every public page answers 200 HTML with the security headers", async (store) => {
  const { seeded, get, playerIds } = await setup(store);
  const nonces = new Set<string>();
  for (const path of publicPages(seeded, playerIds)) {
    const { res, html } = await get(path);
    assert.equal(res.status, 200, path);
    assert.match(res.headers.get("content-type") ?? "", /^text\/html/, path);
    assert.match(html, /^<!doctype html><html lang="en" dir="ltr">/, path);
    assertSecurityHeaders(res, html, path);
    nonces.add(res.headers.get("content-security-policy") ?? "");
  }
  assert.equal(nonces.size, publicPages(seeded, playerIds).length, "a fresh nonce for every response");
});

storeTest(
  "[pages] a match whose players are not known yet has a page saying so, which polls its category's matches",
  async (store) => {
    const { seeded, get } = await setup(store);
    const { res, html } = await get(`/m/${seeded.matches.semiOpen}`);
    assert.equal(res.status, 200);
    assert.match(html, /players of this match are not known yet/);
    // Not the match's own answer: a 404 until its players are known.
    const watch = `data-watch="/api/v1/subevents/${seeded.knockout.id}/matches"`;
    assert.ok(html.includes(watch), "the page watches its category's matches");
    assertSecurityHeaders(res, html, "pending match");
    const overlay = await get(`/overlay/match/${seeded.matches.semiOpen}`);
    assert.equal(overlay.res.status, 200);
    // And the producer's on-air state after it (pages/stream_routes.tsx).
    assert.ok(
      overlay.html.includes(`${watch.slice(0, -1)} /overlay/air/`),
      "the overlay watches its category's matches",
    );
    const polled = await get(`/api/v1/subevents/${seeded.knockout.id}/matches`);
    assert.equal(polled.res.status, 200);
  },
);

storeTest("[pages] unknown and draft ids answer a 404 HTML page", async (store) => {
  const { seeded, get } = await setup(store);
  const nobody = crypto.randomUUID();
  for (
    const path of [
      "/t/no-such-event",
      "/t/no-such-event/tv",
      "/t/no-such-event/poster",
      `/t/${seeded.draft.slug}`,
      `/t/${seeded.draft.slug}/tv`,
      `/t/${seeded.event.slug}/c/${nobody}`,
      `/t/${seeded.event.slug}/c/not-an-id`,
      `/t/no-such-event/c/${seeded.groups.id}`,
      `/t/${seeded.draft.slug}/c/${seeded.draft.categoryId}`,
      `/t/${seeded.event.slug}/c/${seeded.draft.categoryId}`,
      `/t/${seeded.archived.slug}/poster`,
      `/m/${nobody}`,
      "/m/not-an-id",
      `/m/${seeded.draft.matchId}`,
      "/no/such/page",
    ]
  ) {
    const { res, html } = await get(path);
    assert.equal(res.status, 404, path);
    assert.match(res.headers.get("content-type") ?? "", /^text\/html/, path);
    assert.match(html, /<h1>Page not found<\/h1>/, path);
    assertSecurityHeaders(res, html, path);
  }
});

storeTest("[pages] an unknown or unpublished overlay is a transparent, empty 404 page", async (store) => {
  const { seeded, get } = await setup(store);
  for (
    const path of [
      `/overlay/match/${crypto.randomUUID()}`,
      `/overlay/match/${seeded.draft.matchId}`,
      `/overlay/subevent/${crypto.randomUUID()}`,
      `/overlay/subevent/${seeded.draft.categoryId}`,
    ]
  ) {
    const { res, html } = await get(path);
    assert.equal(res.status, 404, path);
    assert.match(html, /background:transparent/, path);
    assert.match(html, /<body><\/body>/, `${path}: nothing painted`);
  }
});

storeTest("[pages] a page that fails is a 500 HTML page without details, and is logged", async (store) => {
  const s = await seedPages(store);
  await store.db.updateTable("matches").set({ games: "{corrupt" }).where("id", "=", s.matches.groupRunning)
    .execute();
  const logged: string[] = [];
  const log = { info() {}, warn() {}, error: (m: string) => logged.push(m) };
  const app = createApp({ store, log, clock: () => new Date("2026-11-28T10:00:00.000Z") });
  const res = await app.request(`/m/${s.matches.groupRunning}`);
  const html = await res.text();
  assert.equal(res.status, 500);
  assert.match(res.headers.get("content-type") ?? "", /^text\/html/);
  assert.match(html, /cannot be shown right now/);
  assert.doesNotMatch(html, /corrupt|at |\.tsx?/);
  assert.equal(logged.length, 1);
  assert.match(logged[0]!, /^Cannot render the page "\/m\//);
});

storeTest("[pages] API paths are left to the API", async (store) => {
  const { get } = await setup(store);
  const { res } = await get("/api/v1/no-such-resource");
  assert.equal(res.status, 404);
  assert.match(res.headers.get("content-type") ?? "", /json/);
  assert.equal(res.headers.get("content-security-policy"), null);
});

storeTest("[pages] no draft, archived or private data appears on any page", async (store) => {
  const { seeded, get, playerIds } = await setup(store);
  for (const path of publicPages(seeded, playerIds)) {
    const { html } = await get(path);
    for (const secret of PRIVATE_STRINGS) assert.ok(!html.includes(secret), `${path} shows "${secret}"`);
  }
});

storeTest("[pages] markup in names is escaped on every page that shows it", async (store) => {
  const { seeded, get, players, playerIds } = await setup(store);
  const evil = players.find((p) => p.displayName === EVIL_NAME);
  assert.ok(evil);
  const shows = [
    "/rankings",
    `/t/${seeded.event.slug}`,
    `/t/${seeded.event.slug}/players`,
    `/t/${seeded.event.slug}/p/${evil.id}`,
    `/t/${seeded.event.slug}/tv`,
    `/m/${seeded.matches.groupRunning}`,
    `/overlay/match/${seeded.matches.groupRunning}`,
    `/overlay/subevent/${seeded.groups.id}`,
  ];
  for (const path of publicPages(seeded, playerIds)) {
    const { html } = await get(path);
    assert.ok(!html.includes("<img src=x"), `${path}: the name is not markup`);
    assert.ok(!html.includes("<b>West</b>"), `${path}: the association is not markup`);
    if (shows.includes(path)) assert.ok(html.includes("&lt;/script>&lt;img src=x onerror=alert(1)>"), path);
  }
  const { html } = await get(`/overlay/match/${seeded.matches.groupRunning}`);
  assert.ok(html.includes(EVIL_ASSOCIATION.replaceAll("<", "&lt;")));
  assert.ok(EVIL_NAME.includes("</script>"));
});

storeTest(
  "[pages] the match overlay shows names, associations, games, points, server and best-of",
  async (store) => {
    const { seeded, get } = await setup(store);
    const { html } = await get(`/overlay/match/${seeded.matches.groupRunning}`);
    assert.match(html, /background:transparent/);
    assert.match(html, /data-watch="\/api\/v1\/matches\/[0-9a-f-]+ \/overlay\/air\/[^"]+"/);
    assert.match(html, /data-poll-ms="1000"/);
    assert.match(html, /<span class="label">Group B<\/span><span class="bestof">Best of 5<\/span>/);
    const row = (side: string) => new RegExp(`data-side="${side}">(.*?)</div>`).exec(html)?.[1] ?? "";
    assert.match(row("home"), /class="serve"/);
    assert.match(row("away"), /class="serve on"/, "the away side serves");
    assert.match(row("home"), /<span class="games">1<\/span><span class="points">3<\/span>/);
    assert.match(row("away"), /Ella Fox.*<span class="games">0<\/span><span class="points">4<\/span>/);
    assert.match(row("away"), /Ella Fox<\/span><\/span>/, "no association shown when there is none");
    assert.match(row("home"), /class="assoc">TTC &lt;b>West&lt;\/b><\/span>/);
  },
);

storeTest("[pages] a finished match's overlay shows the final result", async (store) => {
  const { seeded, get } = await setup(store);
  const { html } = await get(`/overlay/match/${seeded.matches.groupDone}`);
  assert.match(html, /<div class="bar final" data-status="completed">/);
  assert.match(html, /<span class="state">Final<\/span>/);
  assert.match(html, /<div class="row won" data-side="home">/);
  assert.match(html, /<span class="games">3<\/span>/);
  const walkover = await get(`/overlay/match/${seeded.matches.groupWalkover}`);
  assert.match(walkover.html, /<span class="state">Final · walkover<\/span>/);
});

storeTest("[pages] overlay parameters place and scale the bar; bad values fall back", async (store) => {
  const { seeded, get } = await setup(store);
  const id = seeded.matches.groupRunning;
  const placement = async (query: string) => {
    const { html } = await get(`/overlay/match/${id}${query}`);
    return { css: /\.stage\{[^}]*\}/.exec(html)?.[0] ?? "", body: /<body[^>]*>/.exec(html)?.[0] ?? "", html };
  };
  const plain = await placement("");
  assert.match(
    plain.css,
    /margin:0 auto;bottom:24px;width:max-content;max-width:calc\(\(100vw - 48px\) \/ 1\);transform-origin:bottom center;transform:scale\(1\)/,
  );
  assert.doesNotMatch(plain.body, /debug/);
  assert.doesNotMatch(plain.html, /class="stale-dot"/);
  const top = await placement("?pos=top&scale=1.25&debug=1");
  assert.match(
    top.css,
    /margin:0 auto;top:24px;width:max-content;max-width:calc\(\(100vw - 48px\) \/ 1.25\);transform-origin:top center;transform:scale\(1.25\)/,
  );
  assert.match(top.body, /class="overlay pos-top debug"/);
  assert.match(top.html, /class="stale-dot"/);
  assert.match((await placement("?scale=9")).css, /scale\(1.5\)/);
  assert.match((await placement("?scale=0.1")).css, /scale\(0.8\)/);
  assert.match((await placement("?scale=big&pos=left")).css, /bottom:24px;.*scale\(1\)/);
});

storeTest(
  "[pages] the match page shows the prediction with its label, and words when insufficient",
  async (store) => {
    const { seeded, get } = await setup(store);
    const medium = await get(`/m/${seeded.matches.semiScheduled}`);
    const section = (html: string) =>
      /<section aria-labelledby="prediction-h"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
    assert.match(section(medium.html), /Hugo Ives 62% to win \(confidence: medium, range 48–74%\)/);
    const insufficient = section((await get(`/m/${seeded.matches.r1Running}`)).html);
    assert.match(insufficient, /Not enough match history to predict Karl Lund against Leo Moss/);
    assert.doesNotMatch(insufficient, /\d+%|<meter/, "no number when the label is insufficient");
    assert.match(section((await get(`/m/${seeded.matches.groupRunning}`)).html), /No prediction was made/);
  },
);

storeTest("[pages] the match page shows the score by game and who serves", async (store) => {
  const { seeded, get } = await setup(store);
  const { html } = await get(`/m/${seeded.matches.r1Running}`);
  assert.match(html, /<h1>Karl Lund vs Leo Moss<\/h1>/);
  assert.match(html, /Quarter-final · Best of 5 · Table 3/);
  assert.match(html, /<span class="badge live">Live<\/span>/);
  const home = /<tr data-side="home"[\s\S]*?<\/tr>/.exec(html)?.[0] ?? "";
  assert.match(home, /<span class="sr">serving<\/span>/);
  // The serve dot stands beside the name, before the association's line.
  assert.match(home, /class="serving"[\s\S]*class="assoc"/);
  assert.match(
    home,
    /<td class="num games">1<\/td><td class="num">8<\/td><td class="num">11<\/td><td class="num now">10<\/td>/,
  );
  assert.match(html, /data-watch="\/api\/v1\/matches\//);
});

storeTest(
  "[pages] the event page shows live matches, the latest results and links to each category's page",
  async (store) => {
    const { seeded, get } = await setup(store);
    const { html } = await get(`/t/${seeded.event.slug}`);
    assert.match(html, /<h1>City Open 2026<\/h1>/);
    assert.match(html, /28–29 November 2026 · Riverside Sports Hall/);
    const ids = [seeded.groups.id, seeded.knockout.id, seeded.doubles.id, seeded.draftKnockout.id];
    const names = ["Women&#39;s Singles", "Men&#39;s Singles", "Mixed Doubles", "Draft Knockout"];
    const listed = /<section aria-labelledby="categories-h"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
    const links = [...listed.matchAll(/<a href="([^"]+)">([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]);
    assert.deepEqual(links.map(([href]) => href), ids.map((id) => `/t/${seeded.event.slug}/c/${id}`));
    for (const name of names) {
      assert.ok(links.some(([, text]) => text === name || text === name.replace("&#39;", "'")), name);
    }
    assert.match(listed, /Groups, then knockout · Best of 5 · 1 in play/);
    const live = /<section aria-labelledby="live-h"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
    assert.match(live, /Table 2 · Women/);
    assert.match(live, /Table 3 · Men/);
    const results = /<section aria-labelledby="results-h"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
    assert.match(results, /walkover/);
    // Up next: the timed matches by time (the event has two days: with the day), then the untimed ones.
    const next = /<section aria-labelledby="next-h"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
    const rows = [...next.matchAll(/<tr data-match="([^"]+)">[\s\S]*?<\/tr>/g)];
    assert.deepEqual(rows.slice(0, 2).map((r) => r[1]), [
      seeded.matches.groupScheduled,
      seeded.matches.semiScheduled,
    ]);
    assert.match(
      rows[0]![0],
      new RegExp(`Women(?:&#39;|')s Singles · Group B[\\s\\S]*>${formatMatchTime(at(60), true)}<`),
    );
    assert.match(
      rows[1]![0],
      new RegExp(`Men(?:&#39;|')s Singles · Semi-final[\\s\\S]*>${formatMatchTime(at(90), true)}<`),
    );
    assert.ok(rows.length > 2 && rows.slice(2).every((r) => />–<\/td><\/tr>$/.test(r[0])), "untimed last");
    assert.doesNotMatch(next, new RegExp(seeded.matches.groupRunning + "|" + seeded.matches.r1Done));
    // What a category's own page holds is not repeated here.
    assert.doesNotMatch(html, /class="bracket"|<caption>Group A<\/caption>/);
    const watched = /data-watch="([^"]*)"/.exec(html)?.[1]?.split(" ") ?? [];
    assert.deepEqual(watched, [
      `/api/v1/events/${seeded.event.slug}`,
      ...ids.map((id) => `/api/v1/subevents/${id}/matches`),
    ]);
  },
);

storeTest(
  "[pages] a category's page shows its standings, results and bracket, and links back to the event",
  async (store) => {
    const { seeded, get } = await setup(store);
    const groups = (await get(`/t/${seeded.event.slug}/c/${seeded.groups.id}`)).html;
    assert.match(groups, /<h1>Women&#39;s Singles<\/h1>|<h1>Women's Singles<\/h1>/);
    assert.match(groups, new RegExp(`<a href="/t/${seeded.event.slug}">City Open 2026</a>`));
    assert.match(groups, /<caption>Group A<\/caption>/);
    assert.match(groups, /<caption>Group B<\/caption>/);
    assert.match(groups, /Matches in play/);
    assert.match(groups, /walkover/);
    // The standings name each player with a link to their page.
    const standing = /<table class="standings"[\s\S]*?<\/table>/.exec(groups)?.[0] ?? "";
    assert.match(
      standing,
      new RegExp(`<th scope="row"><span class="n"><a href="/t/${seeded.event.slug}/p/[0-9a-f-]{36}">`),
    );
    assert.match(
      groups,
      new RegExp(
        `<caption class="sr">Matches up next</caption>[\\s\\S]*data-match="${seeded.matches.groupScheduled}"`,
      ),
    );
    assert.deepEqual(/data-watch="([^"]*)"/.exec(groups)?.[1]?.split(" "), [
      `/api/v1/events/${seeded.event.slug}`,
      `/api/v1/subevents/${seeded.groups.id}/matches`,
    ]);
    // The bracket shows an entry's seed before its name and its club under it.
    const drawn = await store.db.selectFrom("draw_slots").innerJoin(
      "entries",
      "entries.id",
      "draw_slots.entry_id",
    )
      .select(["entries.id", "entries.player1_id"]).where("draw_slots.subevent_id", "=", seeded.knockout.id)
      .orderBy("draw_slots.position").executeTakeFirstOrThrow();
    await store.db.updateTable("entries").set({ seed: 1 }).where("id", "=", drawn.id).execute();
    await store.db.updateTable("players").set({ association: "Westbrook TTC" }).where(
      "id",
      "=",
      drawn.player1_id,
    )
      .execute();
    await bumpRevision(store.db, seeded.event.id);
    const knockout = (await get(`/t/${seeded.event.slug}/c/${seeded.knockout.id}`)).html;
    assert.match(
      knockout,
      /<span class="seed" title="Seed 1">\[1\]<\/span>[^<]+<small class="club">Westbrook TTC<\/small>/,
    );
    assert.match(
      knockout,
      /class="bracket" role="group" aria-label="Men&#39;s Singles knockout bracket"|aria-label="Men's Singles knockout bracket"/,
    );
    assert.match(knockout, /<h4>Quarter-final<\/h4>[\s\S]*<h4>Semi-final<\/h4>[\s\S]*<h4>Final<\/h4>/);
    assert.match(knockout, />Bye</);
    // The match page links to its category's page.
    const match = (await get(`/m/${seeded.matches.r1Running}`)).html;
    assert.match(match, new RegExp(`<a href="/t/${seeded.event.slug}/c/${seeded.knockout.id}">Men`));
  },
);

storeTest(
  "[pages] the venue TV starts on the live view and codes the event URL of the request's origin",
  async (store) => {
    const { seeded, app } = await setup(store);
    const res = await app.request(`http://venue.local:8000/t/${seeded.event.slug}/tv?interval=3`);
    const html = await res.text();
    assert.match(
      html,
      /<body class="tv" data-view="live" data-page="0" data-views="live tables results standings bracket qr" data-interval="3"/,
    );
    assert.match(html, /<p class="url">http:\/\/venue.local:8000\/t\/city-open-2026<\/p>/);
    assert.match(
      html,
      /<svg class="qr" viewBox="0 0 \d+ \d+" role="img" aria-label="QR code to http:\/\/venue.local/,
    );
    for (const view of ["live", "tables", "results", "standings", "bracket"]) {
      assert.match(
        html,
        new RegExp(`data-view-name="${view}" data-region="tv-${view}" data-empty="0"`),
        view,
      );
    }
    // Below the matches in play, the matches up next (as many as the screen has room for: the browser's part).
    const board = /data-view-name="live"[\s\S]*?<\/section>/.exec(tidy(html))?.[0] ?? "";
    assert.match(board, /<h2>Live now<\/h2>[\s\S]*<h2 class="then">Up next<\/h2>/);
    assert.match(board, new RegExp(`<li data-match="${seeded.matches.groupScheduled}">`));
    const plain = await (await app.request(`/t/${seeded.event.slug}/tv`)).text();
    assert.match(plain, /data-interval="12"/);
  },
);

storeTest(
  "[pages] the players' index lists each public player by surname, and a player's page their matches everywhere",
  async (store) => {
    const { seeded, get, players } = await setup(store);
    const slug = seeded.event.slug;
    const event = (await get(`/t/${slug}`)).html;
    assert.match(event, new RegExp(`<a href="/t/${slug}/players">Find a player</a>`));
    const index = (await get(`/t/${slug}/players`)).html;
    const linked = [...index.matchAll(/<li><a href="\/t\/[^/]+\/p\/([^"]+)">/g)].map((m) => m[1]);
    assert.deepEqual(linked, bySurname(players).map((p) => p.id), "by surname, as printed lists are");
    assert.ok(players.length >= 10, `${players.length} players`);
    assert.match(index, /<nav class="initials" aria-label="Players by initial">/);

    // Hugo Ives plays the men's singles and the mixed doubles: his page has both, and his match up next.
    const hugo = players.find((p) => p.displayName === "Hugo Ives");
    assert.ok(hugo);
    assert.deepEqual(hugo.entries.map((e) => e.categoryName), ["Men's Singles", "Mixed Doubles"]);
    const page = (await get(`/t/${slug}/p/${hugo.id}`)).html;
    assert.match(page, /<h1>Hugo Ives<\/h1>/);
    assert.match(
      page,
      new RegExp(`data-watch="/api/v1/events/${slug}/matches\\?player=${hugo.id}&amp;limit=500"`),
    );
    const upNext = /<caption class="sr">Matches up next<\/caption>[\s\S]*?<\/table>/.exec(page)?.[0] ?? "";
    assert.match(upNext, new RegExp(`data-match="${seeded.matches.semiScheduled}"`));
    assert.match(upNext, new RegExp(`>${formatMatchTime(at(90), true)}<`));
    const results = /<caption class="sr">Results<\/caption>[\s\S]*?<\/table>/.exec(page)?.[0] ?? "";
    assert.match(results, new RegExp(`data-match="${seeded.matches.doublesDone}"`));
    // From the player's side: Hugo's pair lost its doubles match.
    assert.match(results, /Lost · Mixed Doubles · Group A/);
    // His pair is named with him first (a phone cuts a long pair at its end); the other pair as it is.
    assert.match(results, />Hugo Ives \/ Anna Berg</);
    assert.match(results, />Bea Carter \/ Ivan Jones</);

    // A player of the draft knockout is listed for their public category only; its match is not on the page.
    const koPlayer = players.find((p) => p.id === seeded.knockout.players[0]);
    assert.ok(koPlayer);
    assert.ok(koPlayer.entries.some((e) => e.categoryName === "Men's Singles"));
    assert.ok(!koPlayer.entries.some((e) => e.categoryName === "Draft Knockout"));
    assert.doesNotMatch((await get(`/t/${slug}/p/${koPlayer.id}`)).html, /Draft Knockout/);

    // Unknown players, players of other events, bad ids and unknown events are 404 pages.
    const hidden = await store.db.selectFrom("players").select("id").where(
      "display_name",
      "=",
      "Hidden Draft Player",
    )
      .executeTakeFirstOrThrow();
    for (
      const path of [
        `/t/${slug}/p/${hidden.id}`,
        `/t/${slug}/p/00000000-0000-4000-8000-000000000000`,
        `/t/${slug}/p/not-a-uuid`,
        `/t/${seeded.draft.slug}/p/${hugo.id}`,
        `/t/${seeded.draft.slug}/players`,
        `/t/no-such-event/players`,
      ]
    ) {
      assert.equal((await get(path)).res.status, 404, path);
    }
  },
);

storeTest("[pages] the match page links each player to their page in the event", async (store) => {
  const { seeded, get, players } = await setup(store);
  const html = (await get(`/m/${seeded.matches.doublesDone}`)).html;
  const linked = [...html.matchAll(/<a href="\/t\/[^/]+\/p\/([^"]+)">([^<]+)<\/a>/g)].map((m) => m[2]);
  assert.equal(linked.length, 4, "two pairs, four players");
  for (const name of linked) assert.ok(players.some((p) => p.displayName === name), String(name));
  assert.match(html, /<\/a> \/ <a href=/, "a pair's names are joined by a slash");
});

storeTest(
  "[pages] the desk's announcement heads the event and category pages and the TV, as text; none, no banner",
  async (store) => {
    const { seeded, get } = await setup(store);
    const slug = seeded.event.slug;
    const paths = [`/t/${slug}`, `/t/${slug}/c/${seeded.groups.id}`, `/t/${slug}/tv`];
    for (const path of paths) {
      const { html } = await get(path);
      const region = /<div role="status"><div data-region="(?:tv-)?announcement"><\/div><\/div>/.exec(html);
      assert.ok(region, `${path}: an empty region while there is none`);
    }
    await setAnnouncement(store, seeded.event.id, "Lunch <b>break</b> until 13:00");
    for (const path of paths) {
      const { html } = await get(path);
      assert.match(
        html,
        new RegExp(
          `<div role="status"><div data-region="(tv-)?announcement"><p class="(tv-)?announcement">` +
            `Lunch &lt;b>break&lt;/b> until 13:00<span class="posted">· posted <time ` +
            `datetime="2026-11-28T11:45:00.000Z">${
              formatMatchTime("2026-11-28T11:45:00.000Z", false)
            }</time>` +
            `</span></p></div></div>`,
        ),
        path,
      );
    }
  },
);

storeTest(
  "[pages] the poster prints on A4, or A3 with ?size=a3, with a QR code to the event page",
  async (store) => {
    const { seeded, get } = await setup(store);
    const a4 = (await get(`/t/${seeded.event.slug}/poster`)).html;
    assert.match(a4, /@page\{size:A4 portrait;margin:0\}/);
    assert.match(a4, /\.sheet\{width:210mm;height:297mm/);
    assert.match(a4, /<h1>City Open 2026<\/h1>/);
    assert.match(a4, /28–29 November 2026/);
    assert.match(a4, /Riverside Sports Hall/);
    assert.match(a4, /<li>Mixed Doubles<\/li>/);
    assert.match(a4, /aria-label="QR code to http:\/\/localhost\/t\/city-open-2026"/);
    const a3 = (await get(`/t/${seeded.event.slug}/poster?size=A3`)).html;
    assert.match(a3, /@page\{size:A3 portrait;margin:0\}/);
    assert.match(a3, /\.sheet\{width:297mm;height:420mm/);
  },
);

storeTest(
  "[pages] the home page lists published events and the rankings list listed players",
  async (store) => {
    const { seeded, get } = await setup(store);
    const home = (await get("/")).html;
    assert.match(home, new RegExp(`<a href="/t/${seeded.event.slug}">City Open 2026</a>`));
    const rankings = (await get("/rankings")).html;
    assert.match(rankings, /What the rating is: .* starts at 1500\./s);
    assert.match(rankings, /<th scope="col" class="num">Rank<\/th>/);
    assert.match(rankings, /<td class="num">1<\/td><th scope="row">/);
    const second = (await get("/rankings?page=2")).html;
    assert.match(second, /No rated players yet|<table>/);
  },
);
