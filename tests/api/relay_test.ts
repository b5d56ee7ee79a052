/**
 * The relay in one process (docs/relay.md): a venue server's store with the demo, a public server on a store of
 * each dialect served on loopback, and the venue's `RelayPusher` between them. After each change at the venue
 * (points, a walkover, a retirement, a withdrawal, an announcement, a call, an unpublish and a publish), every
 * public URL of the event answers the same `data` on both. The relay token is kept to its event, and the public
 * server's desk is kept off the relayed event.
 */
import assert from "node:assert/strict";
import { createApp, createHandler } from "../../main.ts";
import { DEMO_SLUG, loadDemoIfEmpty } from "../../cli/demo.ts";
import { parseDatabaseUrl } from "../../cli/config.ts";
import { RelayPusher } from "../../cli/relay_pusher.ts";
import { openStore, type Store } from "../../db/store.ts";
import { createToken } from "../../db/tokens.ts";
import { silentLogger } from "../../lib/log.ts";
import { differences, eventPaths } from "../support/relay_compare.ts";
import { storeTest } from "../support/stores.ts";
import { until } from "../support/wait.ts";
import { checkAgainstDocument } from "../support/api_client.ts";
import { ServiceMetrics } from "../../http/metrics.ts";

const NOW = new Date("2026-11-28T10:00:00.000Z");

/** GET of an in-process app's public API. */
function appGet(app: { request: (path: string) => Response | Promise<Response> }) {
  return async (path: string) => {
    const res = await app.request(path);
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
}

async function relayPair(publicStore: Store) {
  const venue = await openStore(parseDatabaseUrl("sqlite::memory:"));
  await loadDemoIfEmpty(venue, NOW);
  const admin = (await createToken(venue.db, { role: "admin", label: "desk" }, NOW)).secret;
  const relayToken =
    (await createToken(publicStore.db, { role: "relay", label: "hall", relaySlug: DEMO_SLUG }, NOW))
      .secret;
  const publicAdmin =
    (await createToken(publicStore.db, { role: "admin", label: "public admin" }, NOW)).secret;
  const clock = () => NOW;
  const publicDeps = { store: publicStore, log: silentLogger, clock };
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, createHandler(publicDeps));
  const origin = `http://127.0.0.1:${server.addr.port}`;
  const pusher = new RelayPusher({
    url: origin,
    token: relayToken,
    store: venue,
    log: silentLogger,
    clock,
    pollMs: 10,
    heartbeatMs: 60_000,
  });
  const venueApp = createApp({ store: venue, log: silentLogger, clock, relay: pusher });
  const publicApp = createApp(publicDeps);
  pusher.start();
  const synced = async () => {
    await until(() => {
      const s = pusher.status();
      return s.state === "connected" && s.waiting === 0;
    }, "the relay caught up");
    // One more round after the last write, so that nothing written since the status was read is left.
    const before = pusher.status().seq;
    await until(async () => {
      const s = pusher.status();
      return s.state === "connected" && s.waiting === 0 &&
        (s.seq > before ||
          (await differences(appGet(venueApp), appGet(publicApp), [`/api/v1/events/${DEMO_SLUG}`])).length ===
            0);
    }, "the relay's round after the write");
  };
  const same = async () => {
    await synced();
    const paths = await eventPaths(appGet(venueApp), DEMO_SLUG);
    await until(
      async () => (await differences(appGet(venueApp), appGet(publicApp), paths)).length === 0,
      "the same answers",
    );
    return paths.length;
  };
  const manage = async (method: string, path: string, body?: unknown, token = admin, app = venueApp) => {
    const res = await app.request(`/api/manage${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        "Content-Type": "application/json",
        "X-Scorer-Device": "desk-laptop",
        "Idempotency-Key": crypto.randomUUID(),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json();
    if (res.status >= 400 && app === venueApp) {
      throw new Error(`${method} ${path}: ${res.status} ${json.detail}`);
    }
    return { status: res.status, body: json };
  };
  const close = async () => {
    await pusher.stop();
    await server.shutdown();
    await venue.close();
  };
  return { venue, pusher, venueApp, publicApp, same, manage, close, relayToken, publicAdmin, origin, admin };
}

storeTest(
  "relay: every public URL of the event answers as at the venue after each change",
  async (publicStore) => {
    const pair = await relayPair(publicStore);
    try {
      const paths = await pair.same();
      // The venue's metrics say the same as its panel (GET /api/manage/metrics, docs/deploy.md).
      const metrics = new ServiceMetrics();
      metrics.watchRelay(pair.pusher);
      const text = metrics.registry.text();
      assert.match(text, /^tt_relay_connected 1$/m);
      assert.match(text, /^tt_relay_changes_waiting 0$/m);
      assert.match(text, /^tt_relay_pushes_applied [1-9]\d*$/m);
      assert.ok(paths > 50, `the crawl reads the event whole (${paths} paths)`);
      const page = await pair.venueApp.request(`/api/v1/events/${DEMO_SLUG}/matches?limit=200`);
      const matches = (await page.json()).data.matches as { id: string; status: string }[];
      const scheduled = matches.filter((m) => m.status === "scheduled");
      const running = matches.find((m) => m.status === "in_progress");
      assert.ok(scheduled.length >= 3 && running, "the demo has matches to play");
      // A point, a walkover, a retirement, a call.
      assert.equal(
        (await pair.manage("POST", `/matches/${running!.id}/point`, { side: "home" })).status,
        200,
      );
      assert.equal(
        (await pair.manage("POST", `/matches/${scheduled[0]!.id}/walkover`, { winner: "away" })).status,
        200,
      );
      await pair.same();
      assert.equal((await pair.manage("POST", `/matches/${scheduled[1]!.id}/call`, {})).status, 200);
      // A correction of a finished game of a match in play, and a withdrawal.
      const gamesOf = async () =>
        (await (await pair.venueApp.request(`/api/v1/matches/${running!.id}`)).json()).data.match
          .gameScores as {
            home: number;
            away: number;
          }[];
      for (let i = 0; i < 30 && (await gamesOf()).length === 0; i++) {
        await pair.manage("POST", `/matches/${running!.id}/point`, { side: "home" });
      }
      const games = await gamesOf();
      const { home, away } = games[0]!;
      const [won, lost] = [Math.max(home, away), Math.min(home, away)];
      const loser = won === 11 && lost <= 9 ? (lost === 9 ? 8 : lost + 1) : 9;
      const corrected = home > away ? { home: 11, away: loser } : { home: loser, away: 11 };
      await pair.manage("POST", `/matches/${running!.id}/correct`, { game: 1, ...corrected });
      assert.deepEqual((await gamesOf())[0], corrected);
      const event = (await (await pair.venueApp.request(`/api/v1/events/${DEMO_SLUG}`)).json()).data;
      let withdrawn = false;
      for (const category of event.subevents as { id: string }[]) {
        const roster = (await pair.manage("GET", `/subevents/${category.id}/entries`)).body.data.category;
        for (const entry of roster.entries as { id: string }[]) {
          const res = await pair.venueApp.request(
            `/api/manage/subevents/${category.id}/entries/${entry.id}/withdraw`,
            {
              method: "POST",
              headers: { Authorization: `Bearer ${pair.admin}`, "Content-Type": "application/json" },
              body: "{}",
            },
          );
          if (res.ok) withdrawn = true;
          if (withdrawn) break;
        }
        if (withdrawn) break;
      }
      assert.ok(withdrawn, "an entry withdrawn");
      // Group A's qualifiers placed in the knockout, and the draws locked: the men's singles, and a category whose
      // draft draw is made again by lot and becomes public.
      const codes = await pair.venue.db.selectFrom("subevents").select(["id", "code", "draw_state"])
        .execute();
      const ms = codes.find((c) => c.code === "MS")!;
      await pair.manage("POST", `/subevents/${ms.id}/draw/advance`, { group: "A" });
      await pair.manage("POST", `/subevents/${ms.id}/lock`, {});
      for (const draft of codes.filter((c) => c.draw_state === "draft" && c.code !== "MS")) {
        // Its draw made again by lot (a new seed), then locked.
        await pair.manage("POST", `/subevents/${draft.id}/draw`, { lotSeed: "relay-test lot" });
        await pair.manage("POST", `/subevents/${draft.id}/lock`, {});
      }
      await pair.same();
      // The announcement, then the event unpublished and published again.
      assert.equal(
        (await pair.manage("PUT", `/events/${DEMO_SLUG}/announcement`, { text: "Lunch until 13:00" })).status,
        200,
      );
      await pair.same();
      assert.equal((await pair.manage("POST", `/events/${DEMO_SLUG}/unpublish`)).status, 200);
      await until(
        async () => (await pair.publicApp.request(`/api/v1/events/${DEMO_SLUG}`)).status === 404,
        "unpublished",
      );
      assert.equal((await pair.manage("POST", `/events/${DEMO_SLUG}/publish`)).status, 200);
      await pair.same();
    } finally {
      await pair.close();
    }
  },
);

storeTest(
  "relay: ratings rebuilt rewrite the rating history of finished matches, and the public side follows",
  async (publicStore) => {
    const pair = await relayPair(publicStore);
    try {
      await pair.same();
      // A player with rated matches gets a new starting rating: every rating is rebuilt, and the rating history of
      // matches that did not change (their part's revision did not move) with it.
      const players = (await (await pair.venueApp.request(`/api/v1/events/${DEMO_SLUG}/players?limit=500`))
        .json()).data.players as { id: string }[];
      let rated: string | undefined;
      for (const p of players) {
        const profile = (await (await pair.venueApp.request(`/api/v1/players/${p.id}`)).json()).data.player;
        if ((profile.history as unknown[]).length > 0) {
          rated = p.id;
          break;
        }
      }
      assert.ok(rated, "the demo has a player with rated matches");
      const before =
        (await (await pair.venueApp.request(`/api/v1/players/${rated}`)).json()).data.player.history;
      assert.equal((await pair.manage("PATCH", `/players/${rated}`, { rating: 2450 })).status, 200);
      const after =
        (await (await pair.venueApp.request(`/api/v1/players/${rated}`)).json()).data.player.history;
      assert.notDeepEqual(after, before, "the history was rewritten");
      await pair.same();
    } finally {
      await pair.close();
    }
  },
);

storeTest(
  "relay: a relay token pushes its one event and nothing else; the public desk leaves the event to the venue",
  async (publicStore) => {
    const pair = await relayPair(publicStore);
    try {
      await pair.same();
      // The public event answer says when the hall was last heard from (documented in the OpenAPI document),
      // and the event page says when its updates are paused.
      const answer = await pair.publicApp.request(`/api/v1/events/${DEMO_SLUG}`);
      const text = await answer.text();
      checkAgainstDocument("GET", `/api/v1/events/${DEMO_SLUG}`, answer.status, answer.headers, text);
      assert.equal(JSON.parse(text).data.relay.lastContactAt, NOW.toISOString());
      assert.doesNotMatch(await (await pair.publicApp.request(`/t/${DEMO_SLUG}`)).text(), /are paused/);
      const later = createApp({
        store: publicStore,
        log: silentLogger,
        clock: () => new Date(NOW.getTime() + 120_000),
      });
      const page = await (await later.request(`/t/${DEMO_SLUG}`)).text();
      assert.match(page, /Live updates from the hall are paused since/);
      const other = await pair.manage(
        "GET",
        `/relay/events/another-event`,
        undefined,
        pair.relayToken,
        pair.publicApp,
      );
      assert.equal(other.status, 403);
      const tokens = await pair.manage("GET", `/tokens`, undefined, pair.relayToken, pair.publicApp);
      assert.equal(tokens.status, 403);
      assert.match(tokens.body.detail, /relay token/);
      const desk = await pair.manage(
        "PUT",
        `/events/${DEMO_SLUG}/announcement`,
        { text: "Hello" },
        pair.publicAdmin,
        pair.publicApp,
      );
      assert.equal(desk.status, 409);
      assert.equal(desk.body.code, "venue-owned");
      assert.match(desk.body.detail, /venue/);
      // An admin may hide it, and the venue's pushes keep it hidden until shown again.
      const hide = await pair.manage(
        "POST",
        `/events/${DEMO_SLUG}/unpublish`,
        undefined,
        pair.publicAdmin,
        pair.publicApp,
      );
      assert.equal(hide.status, 200);
      await pair.manage("PUT", `/events/${DEMO_SLUG}/announcement`, { text: "Still hidden" });
      await until(
        () => pair.pusher.status().waiting === 0 && pair.pusher.status().state === "connected",
        "pushed",
      );
      assert.equal((await pair.publicApp.request(`/api/v1/events/${DEMO_SLUG}`)).status, 404);
      // A push whose names hold a direction override is refused as an import refuses it.
      const bad = await fetch(`${pair.origin}/api/manage/relay/events/${DEMO_SLUG}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${pair.relayToken}`, "Content-Type": "application/json" },
        body: JSON.stringify({
          venue: crypto.randomUUID(),
          base: 0,
          takeover: true,
          parts: [{
            key: "players",
            content: { players: [{ id: "x", display_name: "Ana\u202eLopez", created_at: "2026-01-01" }] },
          }],
          removed: [],
        }),
      });
      assert.equal(bad.status, 400);
      assert.match((await bad.json()).detail, /invisible/);
    } finally {
      await pair.close();
    }
  },
);

storeTest(
  "relay: a second venue server with the same token is refused until its desk takes over, then the first is",
  async (publicStore) => {
    const pair = await relayPair(publicStore);
    const backup = await openStore(parseDatabaseUrl("sqlite::memory:"));
    await loadDemoIfEmpty(backup, NOW);
    const second = new RelayPusher({
      url: pair.origin,
      token: pair.relayToken,
      store: backup,
      log: silentLogger,
      clock: () => NOW,
      pollMs: 10,
      maxBackoffMs: 50,
      heartbeatMs: 60_000,
    });
    try {
      await pair.same();
      second.start();
      await until(() => second.status().heldElsewhere, "the backup refused");
      assert.equal(second.status().state, "refused");
      assert.match(second.status().lastError ?? "", /another venue server has pushed this event since/);
      assert.equal(second.status().lastErrorWords?.code, "held");
      assert.ok(second.status().lastErrorWords?.since, "the desk is told since when");
      // The backup's desk takes over (POST /api/manage/relay/takeover, its panel's button).
      const backupApp = createApp({ store: backup, log: silentLogger, clock: () => NOW, relay: second });
      const backupAdmin = (await createToken(backup.db, { role: "admin", label: "backup desk" }, NOW)).secret;
      const takeover = await backupApp.request("/api/manage/relay/takeover", {
        method: "POST",
        headers: { Authorization: `Bearer ${backupAdmin}`, "Content-Type": "application/json" },
        body: "{}",
      });
      assert.equal(takeover.status, 200);
      await until(() => second.status().state === "connected" && second.status().waiting === 0, "taken over");
      // Now the first one is refused, and a change at the backup reaches the public server.
      await pair.manage("PUT", `/events/${DEMO_SLUG}/announcement`, { text: "From the first laptop" });
      await until(() => pair.pusher.status().heldElsewhere, "the first refused");
      await backupApp.request(`/api/manage/events/${DEMO_SLUG}/announcement`, {
        method: "PUT",
        headers: { Authorization: `Bearer ${backupAdmin}`, "Content-Type": "application/json" },
        body: JSON.stringify({ text: "From the backup" }),
      });
      await until(
        async () =>
          (await (await pair.publicApp.request(`/api/v1/events/${DEMO_SLUG}`)).text()).includes(
            "From the backup",
          ),
        "the backup's announcement public",
      );
    } finally {
      await second.stop();
      await backup.close();
      await pair.close();
    }
  },
);
