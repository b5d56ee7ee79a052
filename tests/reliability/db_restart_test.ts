/**
 * PostgreSQL restarted under writes: the real server on a throwaway PostgreSQL 15 of the test's own, a scorer
 * writing points (and undoing them, so the match never ends) through the management API every 100 ms, while the
 * database is stopped with `pg_ctl stop -m fast` and started again, ten times. A fast stop terminates every
 * backend ("terminating connection due to administrator command"), also those of a connection checked out in
 * the middle of a transaction: the process must live through each stop, answer the writes it cannot do 503
 * problem JSON, and write again once the database is back (the pool heals by itself).
 *
 * It runs on CI's PostgreSQL pass only (DATABASE_URL a PostgreSQL URL), where PostgreSQL's binaries are there;
 * it waits for conditions (a write answered 503, a write acknowledged again), never for a time.
 */
import assert from "node:assert/strict";
import { demoWithAdmin } from "../support/demo_store.ts";
import { postgresServerTest, prepareStore, reportFigure, spawnedServerNow } from "../support/server.ts";
import { PATIENCE_MS, until } from "../support/wait.ts";

const RESTARTS = 10;
const WRITERS = 4;
const onPostgres = /^postgres(ql)?:/.test(Deno.env.get("DATABASE_URL") ?? "");

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

if (!onPostgres) {
  Deno.test({
    name:
      "[restart] PostgreSQL restarted under writes (skipped: DATABASE_URL is not PostgreSQL; CI's PostgreSQL pass runs it)",
    ignore: true,
    fn: () => {},
  });
} else {
  postgresServerTest(
    `[restart] PostgreSQL stopped (-m fast) and started ${RESTARTS} times under writes: the process lives, writes answer 503 then succeed`,
    "[restart] PostgreSQL restarted under writes (skipped: no PostgreSQL 15 binaries in /usr/lib/postgresql/15/bin)",
    async ({ db, spawn }, t) => {
      const { admin, running } = await prepareStore(db.url, async (store) => ({
        admin: await demoWithAdmin(store, "restart admin", spawnedServerNow()),
        running: (await store.db.selectFrom("matches").select("id").where("status", "=", "in_progress")
          .execute()).map((m) => m.id),
      }));
      assert.ok(running.length > 0, "the demo has matches in progress");
      const server = await spawn();
      let alive = true;
      server.exited.then(() => alive = false);

      /** Every answer's status, counted; a write after the latest start that was acknowledged. */
      const statuses = new Map<number, number>();
      const problems: string[] = [];
      let acked = 0;
      let refused = 0;
      let writing = true;
      const writer = async (first: number) => {
        const matchId = running[first % running.length]!;
        for (let i = 0; writing && alive; i++) {
          const type = i % 2 === 0 ? "point" : "undo";
          try {
            const res = await fetch(`${server.origin}/api/manage/matches/${matchId}/${type}`, {
              method: "POST",
              headers: {
                Authorization: `Bearer ${admin}`,
                "Content-Type": "application/json",
                "Idempotency-Key": crypto.randomUUID(),
              },
              body: JSON.stringify(type === "point" ? { side: "home" } : {}),
              signal: AbortSignal.timeout(PATIENCE_MS),
            });
            const body = await res.text();
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            if (res.status === 200) acked++;
            else if (res.status === 503) {
              assert.equal(res.headers.get("Content-Type"), "application/problem+json");
              assert.equal(JSON.parse(body).code, "store-unavailable");
              refused++;
            } // A point after an undo that was not done (its answer lost) is refused as a conflict: fine.
            else if (res.status !== 409) {
              problems.push(`${type} answered ${res.status}: ${body.slice(0, 300)}`);
            }
          } catch (e) {
            if (!alive) break;
            problems.push(`${type}: ${(e as Error).message}`);
          }
          await sleep(100);
        }
      };
      // Scorers at several tables: writes overlap, so a stop finds some of them in the middle of a transaction.
      const writers = Promise.all(Array.from({ length: WRITERS }, (_, i) => writer(i)));

      try {
        for (let round = 1; round <= RESTARTS; round++) {
          const ok = await t.step(`restart ${round}`, async () => {
            const ackedBefore = acked;
            await until(() => !alive || acked > ackedBefore, "a write acknowledged before the stop");
            assert.ok(alive, `the server died:\n${server.output().slice(-3000)}`);
            await db.stop();
            const refusedBefore = refused;
            await until(() => !alive || refused > refusedBefore, "a write answered 503 while stopped");
            assert.ok(alive, `the server died during stop ${round}:\n${server.output().slice(-3000)}`);
            await db.start();
            const ackedAfter = acked;
            await until(() => !alive || acked > ackedAfter, "a write acknowledged after the start");
            assert.ok(alive, `the server died after start ${round}:\n${server.output().slice(-3000)}`);
          });
          if (!ok) break;
        }
      } finally {
        writing = false;
        await writers;
      }
      reportFigure(
        "restart",
        `${RESTARTS} restarts: ${[...statuses].map(([s, n]) => `${n} × ${s}`).join(", ")}`,
      );
      assert.deepEqual(problems, [], "no answer other than 200, 409 or 503");
      assert.ok(alive, server.output().slice(-3000));
      assert.doesNotMatch(server.output(), /Uncaught|error: Uncaught/);
      const exit = await server.stop();
      assert.equal(exit.code, 0, server.output().slice(-2000));
    },
  );
}
