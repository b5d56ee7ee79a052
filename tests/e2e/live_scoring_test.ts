/**
 * End to end: an umpire scores a whole match through the management API of a served app; after every point
 * the public match endpoint and the match overlay (in Chromium) show it within a second.
 */
import assert from "node:assert/strict";
import { type Side } from "../../domain/scoring.ts";
import { replayMatch } from "../../domain/match_replay.ts";
import { browserSuite, openPage } from "../support/browser.ts";
import { makeToken, seedKnockout } from "../api/manage_fixtures.ts";

/** "Within about a second" (docs/architecture.md): the overlay polls once a second, then reads the new state. */
const WITHIN_MS = 1000;
/** The worst case of a poll: the whole interval, plus the poll's request and the page's re-read on the LAN. */
const WORST_MS = WITHIN_MS + 250;

/** Home wins 11-4, loses 5-11, wins 12-10: each side wins a game, one goes to deuce. */
function script(): Side[] {
  const game = (home: number, away: number, lastTo: Side): Side[] => {
    const out: Side[] = [];
    let h = 0;
    let a = 0;
    while (h + a < home + away - 1) {
      // Alternate while both still have points to give, keeping the last point for the game's winner.
      const hLeft = home - h - (lastTo === "home" ? 1 : 0);
      const aLeft = away - a - (lastTo === "away" ? 1 : 0);
      if (hLeft > 0 && (aLeft === 0 || (h + a) % 2 === 0)) {
        out.push("home");
        h++;
      } else {
        out.push("away");
        a++;
      }
    }
    out.push(lastTo);
    return out;
  };
  return [...game(11, 4, "home"), ...game(5, 11, "away"), ...game(12, 10, "home")];
}

browserSuite(
  "a match scored through the API shows point by point on /api/v1 and on the overlay within a second",
  async (store) => {
    const ev = await seedKnockout(store.db, { bestOf: 3 });
    const secret = await makeToken(store.db, "scorer", { label: "Umpire e2e" });
    return { ev, secret, matchId: ev.rounds[0]![0]! };
  },
  async (t, { browser, server, seeded }) => {
    const { matchId, secret } = seeded;
    const points = script();
    const replayed = replayMatch(points, { bestOf: 3, firstServer: "home" });
    assert.ok(replayed.finished && replayed.winner === "home", "the script is a whole match");
    const write = async (action: string, body: Record<string, unknown>) => {
      const res = await fetch(`${server.origin}/api/manage/matches/${matchId}/${action}`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${secret}`,
          "Content-Type": "application/json",
          "Idempotency-Key": crypto.randomUUID(),
        },
        body: JSON.stringify(body),
      });
      assert.equal(res.status, 200, await res.clone().text());
      return (await res.json()).data;
    };
    const publicMatch = async () => {
      const res = await fetch(`${server.origin}/api/v1/matches/${matchId}`, {
        headers: { "Cache-Control": "no-cache" },
      });
      assert.equal(res.status, 200);
      return (await res.json()).data;
    };
    const overlay = await openPage(browser, `${server.origin}/overlay/match/${matchId}`, {
      width: 1280,
      height: 720,
    });
    const slowest = { api: 0 };
    const delays: number[] = [];
    try {
      let revision = (await write("start", { firstServer: "home", revision: 0 })).revision;
      await t.step(
        `${points.length} points, each on /api/v1 at once and on the overlay within a poll`,
        async () => {
          for (let i = 0; i < points.length; i++) {
            const state = replayMatch(points.slice(0, i + 1), { bestOf: 3, firstServer: "home" });
            // A point comes at any moment of the overlay's poll cycle, not just after a poll (as an umpire's would).
            await new Promise((r) => setTimeout(r, (i * 397) % 1000));
            const sent = Date.now();
            revision = (await write("point", { side: points[i], revision })).revision;
            const live = await publicMatch();
            slowest.api = Math.max(slowest.api, Date.now() - sent);
            assert.deepEqual(live.match.gamesWon, state.gamesWon, `point ${i + 1}`);
            assert.deepEqual(live.match.currentGame, state.currentGame, `point ${i + 1}`);
            assert.deepEqual(live.match.gameScores, state.gameScores, `point ${i + 1}`);
            await overlay.page.waitForFunction(
              (want) =>
                (["home", "away"] as const).every((side) =>
                  document.querySelector(`.row[data-side="${side}"] .points`)?.textContent ===
                    String(want.points[side]) &&
                  document.querySelector(`.row[data-side="${side}"] .games`)?.textContent ===
                    String(want.games[side])
                ),
              { points: state.currentGame, games: state.gamesWon },
              { timeout: WORST_MS + 500, polling: 25 },
            );
            const shown = Date.now() - sent;
            delays.push(shown);
            assert.ok(shown <= WORST_MS, `point ${i + 1} took ${shown} ms to show on the overlay`);
          }
        },
      );
      const final = await publicMatch();
      assert.equal(final.match.status, "completed");
      assert.equal(final.match.winnerId, seeded.ev.entryIds[0]);
      assert.deepEqual(final.match.gameScores, [{ home: 11, away: 4 }, { home: 5, away: 11 }, {
        home: 12,
        away: 10,
      }]);
      assert.ok(slowest.api < WITHIN_MS, `the API showed every point at once (slowest ${slowest.api} ms)`);
      const median = [...delays].sort((a, b) => a - b)[Math.floor(delays.length / 2)]!;
      assert.ok(
        median <= WITHIN_MS,
        `half the points show on the overlay within a second (median ${median} ms)`,
      );
      assert.deepEqual(overlay.errors, []);
    } finally {
      await overlay.close();
    }
  },
);
