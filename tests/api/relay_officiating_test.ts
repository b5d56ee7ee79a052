/**
 * The relay carries what the umpire records besides the score (db/relay_parts.ts): the toss, the medical breaks,
 * an incident undone (kept, marked) and the confirmation of the result reach the public server's store as they are at the venue, in each match's
 * part, on both stores. The pattern is tests/api/relay_test.ts's.
 */
import assert from "node:assert/strict";
import { createApp, createHandler } from "../../main.ts";
import { DEMO_SLUG, loadDemoIfEmpty } from "../../cli/demo.ts";
import { parseDatabaseUrl } from "../../cli/config.ts";
import { RelayPusher } from "../../cli/relay_pusher.ts";
import { openStore, type Store } from "../../db/store.ts";
import { createToken } from "../../db/tokens.ts";
import { silentLogger } from "../../lib/log.ts";
import { storeTest } from "../support/stores.ts";
import { until } from "../support/wait.ts";

const NOW = new Date("2026-11-28T10:00:00.000Z");

/** The rows of the three tables for a match, as comparable JSON. */
async function officiating(store: Store, id: string): Promise<string> {
  const db = store.db;
  const rows = {
    toss: await db.selectFrom("match_tosses").select(["winner", "choice", "recorded_by", "recorded_at"])
      .where("match_id", "=", id).execute(),
    medical: await db.selectFrom("medical_breaks")
      .select(["side", "started_at", "ended_at", "reason", "recorded_by"]).where("match_id", "=", id)
      .orderBy("started_at").execute(),
    confirmation: await db.selectFrom("result_confirmations")
      .select(["confirmed_by", "confirmed_role", "confirmed_at"]).where("match_id", "=", id).execute(),
    incidents: await db.selectFrom("match_incidents").select(["seq", "kind", "undone_at", "undone_by"])
      .where("match_id", "=", id).orderBy("seq").execute(),
  };
  return JSON.stringify(rows);
}

storeTest(
  "relay: the toss, medical breaks and the confirmed result reach the public store",
  async (publicStore) => {
    const venue = await openStore(parseDatabaseUrl("sqlite::memory:"));
    await loadDemoIfEmpty(venue, NOW);
    const admin = (await createToken(venue.db, { role: "admin", label: "desk" }, NOW)).secret;
    const relayToken =
      (await createToken(publicStore.db, { role: "relay", label: "hall", relaySlug: DEMO_SLUG }, NOW)).secret;
    const clock = () => NOW;
    const server = Deno.serve(
      { hostname: "127.0.0.1", port: 0, onListen() {} },
      createHandler({ store: publicStore, log: silentLogger, clock }),
    );
    const pusher = new RelayPusher({
      url: `http://127.0.0.1:${server.addr.port}`,
      token: relayToken,
      store: venue,
      log: silentLogger,
      clock,
      pollMs: 10,
      heartbeatMs: 60_000,
    });
    const app = createApp({ store: venue, log: silentLogger, clock, relay: pusher });
    const manage = async (path: string, body: unknown = {}) => {
      const res = await app.request(`/api/manage${path}`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${admin}`,
          "Content-Type": "application/json",
          "X-Scorer-Device": "desk-laptop",
          "Idempotency-Key": crypto.randomUUID(),
        },
        body: JSON.stringify(body),
      });
      const json = await res.json();
      assert.ok(res.status < 400, `POST ${path}: ${res.status} ${json.detail}`);
      return json.data;
    };
    pusher.start();
    try {
      const match = await venue.db.selectFrom("matches").select(["matches.id", "matches.best_of"])
        .innerJoin("events", "events.id", "matches.event_id").where("events.slug", "=", DEMO_SLUG)
        .where("matches.status", "=", "scheduled").where("matches.home_entry_id", "is not", null)
        .where("matches.away_entry_id", "is not", null).where("matches.tie_id", "is", null)
        .orderBy("matches.id").executeTakeFirstOrThrow();
      const id = match.id;
      await manage(`/matches/${id}/toss`, { winner: "away", choice: "end" });
      await manage(`/matches/${id}/start`, { firstServer: "home" });
      await manage(`/matches/${id}/medical`, {
        side: "home",
        startedAt: "2026-11-28T10:01:00.000Z",
        endedAt: "2026-11-28T10:05:00.000Z",
        reason: "cut hand",
      });
      // A time-out taken back: kept, marked undone, and carried so.
      await manage(`/matches/${id}/timeout`, { side: "away" });
      await manage(`/matches/${id}/undo`);
      const points = Math.ceil(Number(match.best_of) / 2) * 11;
      const actions = Array.from(
        { length: points },
        () => ({ key: crypto.randomUUID(), type: "point", side: "home" }),
      );
      const played = await manage(`/matches/${id}/actions`, { actions });
      assert.equal(played.match.status, "completed");
      await manage(`/matches/${id}/confirm`);
      // A confirmation moves no version the change feed reads: the next write to the match (here the desk putting it
      // on the featured overlay) or the pusher's full read each minute takes it along.
      await manage(`/matches/${id}/feature`);
      const atVenue = await officiating(venue, id);
      assert.match(atVenue, /"confirmed_by":"desk"/);
      assert.match(atVenue, /"reason":"cut hand"/);
      assert.match(atVenue, /"choice":"end"/);
      assert.match(atVenue, /"kind":"timeout","undone_at":"[^"]+","undone_by":"desk"/);
      await until(
        async () => await officiating(publicStore, id) === atVenue,
        "the public store holds the same rows",
      );
    } finally {
      await pusher.stop();
      await server.shutdown();
      await venue.close();
    }
  },
);
