/**
 * The relay across a bad link (docs/relay.md): the real venue server (SQLite, the demo playing by itself) pushes
 * to the real public server (SQLite, and PostgreSQL) through a proxy that delays, refuses, cuts and blackholes
 * the link, while the desk records a walkover, a retirement, a withdrawal, a call, an announcement, an unpublish
 * and a publish; both servers are killed with SIGKILL during the catch-up and started again. Once the link is
 * back and the hall is quiet, every public URL of the event answers the same `data` on both servers: nothing lost,
 * nothing applied twice (a point applied twice would show in the match's score and points).
 */
import assert from "node:assert/strict";
import { DEMO_SLUG } from "../../cli/demo.ts";
import { createToken } from "../../db/tokens.ts";
import { demoWithAdmin } from "../support/demo_store.ts";
import { startFaultProxy } from "../../bench/link_proxy.ts";
import { differences, eventPaths, httpGet } from "../support/relay_compare.ts";
import {
  POSTGRES_PERMISSIONS,
  postgresServerTest,
  prepareSqliteStore,
  prepareStore,
  reportFigure,
  type SpawnedServer,
  spawnedServerNow,
  spawnServer,
} from "../support/server.ts";
import { until } from "../support/wait.ts";

interface PublicSide {
  databaseUrl: string;
  cwd: string;
  permissions?: readonly string[];
}

async function scenario(side: PublicSide, name: string) {
  const venueDir = await Deno.makeTempDir({ prefix: "tt-venue-" });
  const servers: SpawnedServer[] = [];
  const spawn = async (options: Parameters<typeof spawnServer>[0]) => {
    const s = await spawnServer(options);
    servers.push(s);
    return s;
  };
  try {
    const relayToken = await prepareStore(
      side.databaseUrl,
      async (store) =>
        (await createToken(
          store.db,
          { role: "relay", label: "hall", relaySlug: DEMO_SLUG },
          spawnedServerNow(),
        ))
          .secret,
    );
    const admin = await prepareSqliteStore(
      venueDir,
      (store) => demoWithAdmin(store, "desk", spawnedServerNow()),
    );
    const startPublic = () =>
      spawn({
        cwd: side.cwd,
        databaseUrl: side.databaseUrl,
        permissions: side.permissions,
        env: { DEMO: "off", SIMULATE: "off", RATE_LIMIT: "off" },
      });
    let pub = await startPublic();
    const proxy = startFaultProxy(pub.port);
    const startVenue = (simulate: boolean) =>
      spawn({
        cwd: venueDir,
        args: [simulate ? "--simulate" : "--no-simulate"],
        env: { DEMO: "off", RELAY_URL: proxy.origin, RELAY_TOKEN: relayToken },
      });
    let venue = await startVenue(true);
    const manage = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${venue.origin}/api/manage${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${admin}`,
          "Content-Type": "application/json",
          "Idempotency-Key": crypto.randomUUID(),
          "X-Scorer-Device": "desk",
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = await res.json();
      assert.ok(res.ok, `${method} ${path}: ${res.status} ${json.detail}`);
      return json.data;
    };
    const status = async () => (await manage("GET", "/relay/status")).relay;
    const publicHas = async (path: string) =>
      (await fetch(pub.origin + path).then((r) => r.text())).length > 0;
    try {
      await until(
        async () => (await fetch(`${pub.origin}/api/v1/events/${DEMO_SLUG}`)).status === 200,
        "published",
      );

      // A slow link: every chunk delayed.
      proxy.delayMs = 40;
      await manage("PUT", `/events/${DEMO_SLUG}/announcement`, { text: "Play resumes at 13:00" });
      await until(
        async () =>
          (await fetch(`${pub.origin}/api/v1/events/${DEMO_SLUG}`).then((r) => r.text())).includes("13:00"),
        "the announcement through a slow link",
      );

      // The link down: the desk goes on working as without a relay.
      proxy.delayMs = 0;
      proxy.setMode("down");
      const matches = (await fetch(`${venue.origin}/api/v1/events/${DEMO_SLUG}/matches?limit=200`).then((r) =>
        r.json()
      )).data.matches as { id: string; status: string }[];
      const scheduled = matches.filter((m) => m.status === "scheduled");
      const running = matches.filter((m) => m.status === "in_progress");
      await manage("POST", `/matches/${scheduled[0]!.id}/walkover`, { winner: "home" });
      await manage("POST", `/matches/${scheduled[1]!.id}/call`, {});
      if (running[0]) await manage("POST", `/matches/${running[0].id}/retire`, { side: "away" });
      await manage("POST", `/events/${DEMO_SLUG}/unpublish`);
      await manage("POST", `/events/${DEMO_SLUG}/publish`);
      await until(async () => (await status()).state === "offline", "the relay offline");
      assert.ok((await status()).waiting > 0, "changes wait in the outbox");

      // A blackhole: connections accepted, nothing moves; the relay gives up on them and tries again.
      proxy.setMode("blackhole");
      await until(() => proxy.held > 0, "a push into the blackhole");

      // The link back, cut again and again while the venue catches up; each server killed -9 during it.
      proxy.setMode("pass");
      for (let i = 0; i < 3; i++) {
        const sent = proxy.bytesUp;
        await until(() => proxy.bytesUp > sent, "traffic through the link");
        proxy.cut();
      }
      for (let round = 0; round < 3; round++) {
        venue.signal("SIGKILL");
        await venue.exited;
        venue = await startVenue(true);
        const sent = proxy.bytesUp;
        await until(() => proxy.bytesUp > sent, "the restarted venue pushing");
        pub.signal("SIGKILL");
        await pub.exited;
        pub = await startPublic();
        proxy.retarget(pub.port);
      }
      await until(async () => (await status()).state === "connected", "the relay back after both kills");
      venue.signal("SIGKILL");
      await venue.exited;

      // The hall goes quiet (no simulation), and the public side catches up.
      venue = await startVenue(false);
      const back = performance.now();
      const paths = await eventPaths(httpGet(venue.origin), DEMO_SLUG);
      let left: string[] = [];
      await until(async () => {
        left = await differences(httpGet(venue.origin), httpGet(pub.origin), paths);
        return left.length === 0;
      }, "the same answers on both servers").catch((e) => {
        throw new Error(`${(e as Error).message}; they differ on ${left.slice(0, 5).join("; ")}`);
      });
      reportFigure(
        `relay ${name}`,
        `${paths.length} public URLs the same ${
          Math.round(performance.now() - back)
        } ms after the venue's restart`,
      );
      assert.ok(await publicHas(`/api/v1/events/${DEMO_SLUG}`));
      const final = await status();
      assert.equal(final.state, "connected");
      assert.equal(final.waiting, 0);
    } finally {
      proxy.close();
    }
  } finally {
    for (const s of servers) await s.dispose();
    await Deno.remove(venueDir, { recursive: true }).catch(() => {});
  }
}

Deno.test({
  name:
    "[relay] [sqlite] a link that delays, refuses, cuts and blackholes, both servers killed -9: the public answers end as the venue's",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const cwd = await Deno.makeTempDir({ prefix: "tt-public-" });
    try {
      await scenario({ cwd, databaseUrl: `sqlite:${cwd}/data/tournament.db` }, "sqlite");
    } finally {
      await Deno.remove(cwd, { recursive: true }).catch(() => {});
    }
  },
});

postgresServerTest(
  "[relay] [postgres] a link that delays, refuses, cuts and blackholes, both servers killed -9: the public answers end as the venue's",
  "[relay] [postgres] (skipped: no PostgreSQL server binaries)",
  async ({ db }) => {
    const cwd = await Deno.makeTempDir({ prefix: "tt-public-" });
    try {
      await scenario({ cwd, databaseUrl: db.url, permissions: POSTGRES_PERMISSIONS }, "postgres");
    } finally {
      await Deno.remove(cwd, { recursive: true }).catch(() => {});
    }
  },
);
