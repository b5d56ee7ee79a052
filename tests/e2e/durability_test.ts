/**
 * Durability: the real server (`deno run main.ts`, SQLite in WAL mode, each commit's WAL synced before it is
 * acknowledged: db/durable_sqlite.ts) is killed with SIGKILL in the middle of a burst of scored points and
 * started again. Every acknowledged point must be there, at most the points whose answers were cut off may be
 * there besides, the stored score must be the replay of the stored points, and `PRAGMA integrity_check` must
 * say "ok". The kill comes after a (seeded) number of acknowledged points, not after some milliseconds: a fast
 * machine would otherwise finish the match first, and a slow one kill before the burst.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { parseDatabaseUrl } from "../../cli/config.ts";
import { openStore } from "../../db/store.ts";
import { type Side } from "../../domain/scoring.ts";
import { replayMatch } from "../../domain/match_replay.ts";
import { seededRandom } from "../../cli/simulation.ts";
import { makeToken, seedKnockout } from "../api/manage_fixtures.ts";
import { PATIENCE_MS } from "../support/wait.ts";

const MAIN = new URL("../../main.ts", import.meta.url).pathname;

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

/** Starts `deno run main.ts` in `dir` and resolves once it listens. */
async function startServer(dir: string, port: number) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, "--port", String(port), "--host", "127.0.0.1", "--no-simulate", "--no-demo"],
    cwd: dir,
    env: { DATABASE_URL: "sqlite:./data/t.db", NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let seen = "";
  const deadline = Date.now() + PATIENCE_MS;
  while (!seen.includes(`Listening on http://127.0.0.1:${port}/`)) {
    if (Date.now() > deadline) throw new Error(`The server did not start: ${seen}`);
    const { value, done } = await reader.read();
    if (done) throw new Error(`The server stopped before listening: ${seen}`);
    seen += value;
  }
  // Keep draining stdout and stderr so that the child never blocks on a full pipe.
  void (async () => {
    while (!(await reader.read()).done) { /* drain */ }
  })().catch(() => {});
  void child.stderr.pipeTo(new WritableStream()).catch(() => {});
  return child;
}

Deno.test({
  name: "[e2e] a server killed with SIGKILL mid-burst keeps every acknowledged point and an intact database",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    const dir = await Deno.makeTempDir({ prefix: "tt-kill-" });
    try {
      const store = await openStore(parseDatabaseUrl(`sqlite:${dir}/data/t.db`));
      // A match per round, best of 9: enough points that a burst never finishes it.
      const ev = await seedKnockout(store.db, { bestOf: 9, size: 8 });
      const secret = await makeToken(store.db, "scorer", { label: "Kill test" });
      await store.close();
      const random = seededRandom(2026);
      const port = freePort();
      const headers = { Authorization: `Bearer ${secret}`, "Content-Type": "application/json" };

      const post = (base: string, action: string, body: unknown) =>
        fetch(`${base}/${action}`, {
          method: "POST",
          headers: { ...headers, "Idempotency-Key": crypto.randomUUID() },
          body: JSON.stringify(body),
        });

      for (const round of [1, 2, 3]) {
        await t.step(`round ${round}: burst, SIGKILL, restart, check`, async () => {
          const base = `http://127.0.0.1:${port}/api/manage/matches/${ev.rounds[0]![round - 1]}`;
          const acknowledged: Side[] = [];
          const child = await startServer(dir, port);
          const started = await post(base, "start", { firstServer: "home" });
          assert.equal(started.status, 200, await started.text());
          // Kill somewhere in the burst: when the answer of a (seeded) point from 5 to 40 arrives, while the
          // other lanes' requests are wherever they are. A best of 9 needs at least 55 points.
          const killAt = 5 + Math.floor(random() * 36);
          const kill = () => {
            try {
              child.kill("SIGKILL");
            } catch { /* already gone */ }
          };
          let refused = 0;
          let cut = 0;
          // A burst: the umpire taps as fast as the answers come, several requests in flight at once.
          const lanes = [0, 1, 2].map(async () => {
            for (;;) {
              const side: Side = random() < 0.55 ? "home" : "away";
              let res: Response;
              try {
                res = await post(base, "point", { side });
              } catch {
                cut++;
                return; // The server is gone: this request is not acknowledged.
              }
              if (res.status === 200) {
                acknowledged.push(side);
                if (acknowledged.length === killAt) kill();
                await res.body?.cancel();
              } else {
                // Refused: the match ended, which the bursts are too short to reach.
                refused++;
                await res.body?.cancel();
                return;
              }
            }
          });
          await Promise.all(lanes);
          kill();
          const status = await child.status;
          assert.equal(status.signal, "SIGKILL", "the server was killed, not stopped");

          const again = await startServer(dir, port);
          try {
            const res = await fetch(base, { headers });
            assert.equal(res.status, 200);
            const { match } = (await res.json()).data;
            const stored: Side[] = match.points;
            const count = (list: Side[], side: Side) => list.filter((s) => s === side).length;
            // Requests in flight together may commit in any order, so the check is on counts: every
            // acknowledged point is stored, and besides at most the points whose answers the kill cut off.
            for (const side of ["home", "away"] as const) {
              assert.ok(
                count(stored, side) >= count(acknowledged, side),
                `every acknowledged ${side} point is stored`,
              );
            }
            assert.ok(
              stored.length <= acknowledged.length + 3,
              "at most the three requests in flight besides",
            );
            assert.equal(refused, 0, "the match was still running when the server was killed");
            assert.ok(cut > 0, "the kill cut off requests in flight");
            const state = replayMatch(stored, { bestOf: 9, firstServer: "home" });
            assert.deepEqual(
              match.gameScores,
              state.gameScores,
              "the stored games are the replay of the points",
            );
            if (match.status === "in_progress") assert.deepEqual(match.currentGame, state.currentGame);
            assert.equal(match.status, state.finished ? "completed" : "in_progress");
          } finally {
            again.kill("SIGKILL");
            await again.status;
          }
          const db = new DatabaseSync(`${dir}/data/t.db`);
          try {
            const rows = db.prepare("PRAGMA integrity_check").all() as { integrity_check: string }[];
            assert.deepEqual(rows.map((r) => r.integrity_check), ["ok"]);
          } finally {
            db.close();
          }
        });
      }
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
