import assert from "node:assert/strict";
import { evaluateTargets } from "../../cli/calibrate_targets.ts";
import { formatReport } from "../../cli/calibrate_report.ts";
import { londonEventFile } from "../../cli/calibrate_london.ts";
import { matchTimes, replayLondon } from "../../cli/calibrate_replay.ts";
import { scoreReplay } from "../../cli/calibrate_scores.ts";
import {
  DOS_ORILLAS_DATA_DIR,
  DOS_ORILLAS_SOURCE,
  gamesOf,
  playerKeyOf,
  readDosOrillasData,
  ROUND_ORDER,
} from "../../cli/calibrate_dos_orillas.ts";
import { validateEventFile } from "../../event_file/validate.ts";
import { plainEloPredictions } from "../../domain/plain_elo.ts";
import { storeTest } from "../support/stores.ts";

Deno.test("gamesOf() plays the loser's games first, then the winner's, each 11-0", () => {
  assert.deepEqual(gamesOf(3, 1), [
    { home: 0, away: 11 },
    { home: 11, away: 0 },
    { home: 11, away: 0 },
    { home: 11, away: 0 },
  ]);
  assert.deepEqual(gamesOf(2, 3).map((g) => g.home > g.away), [true, true, false, false, false]);
  assert.equal(gamesOf(0, 3).length, 3);
});

Deno.test("playerKeyOf() keys a name the same way in every tournament, accents and commas folded", () => {
  assert.equal(playerKeyOf("Ferretti, Gustavo"), "ferretti-gustavo");
  assert.equal(playerKeyOf("Gonzalez, Juan A."), "gonzalez-juan-a");
  assert.equal(playerKeyOf("Núñez, José"), "nunez-jose");
  assert.throws(() => playerKeyOf(" , "), /expected a player's name/);
});

Deno.test("matchTimes() plays each match on its date, the day's k-th at 09:00 + k minutes", () => {
  const times = matchTimes([{ date: "2022-02-27" }, { date: "2022-02-27" }, { date: "2022-03-27" }]);
  assert.deepEqual(times.map((t) => new Date(t).toISOString()), [
    "2022-02-27T09:00:00.000Z",
    "2022-02-27T09:01:00.000Z",
    "2022-03-27T09:00:00.000Z",
  ]);
  const base = new Date("2026-05-10T10:00:00.000Z");
  assert.deepEqual(matchTimes([{ date: "a" }, { date: "b" }], base), [
    base.getTime(),
    base.getTime() + 60_000,
  ]);
});

/** The data set is public data kept beside London's in the shared data, not in the repository: read where present. */
const PRESENT = (() => {
  try {
    return Deno.statSync(DOS_ORILLAS_DATA_DIR).isDirectory;
  } catch {
    return false;
  }
})();

Deno.test({
  name: "readDosOrillasData() reads 257 matches of four tournaments in the order of their rounds",
  ignore: !PRESENT,
}, async () => {
  const data = await readDosOrillasData(DOS_ORILLAS_DATA_DIR);
  assert.equal(data.source, DOS_ORILLAS_SOURCE);
  assert.equal(data.matches.length, 257);
  assert.equal(new Set(data.matches.map((m) => m.date)).size, 4);
  const players = new Set(data.matches.flatMap((m) => [m.playerA, m.playerB]));
  assert.equal(players.size, 56);
  // Players across events: some play in every tournament.
  const tournaments = new Map<string, Set<string>>();
  for (const m of data.matches) {
    for (const p of [m.playerA, m.playerB]) tournaments.set(p, (tournaments.get(p) ?? new Set()).add(m.date));
  }
  const byCount = [1, 2, 3, 4].map((n) =>
    [...tournaments.values()].filter((dates) => dates.size === n).length
  );
  assert.deepEqual(byCount, [27, 15, 8, 6]);
  for (let i = 1; i < data.matches.length; i++) {
    const [before, after] = [data.matches[i - 1]!, data.matches[i]!];
    assert.ok(before.date <= after.date);
    assert.equal(after.sourceMatchId, i + 1);
  }
  for (const m of data.matches) {
    const won = m.games.filter((g) => g.home > g.away).length;
    assert.equal(m.winner, won === 3 ? m.playerA : m.playerB);
  }
  // The baseline is the plain Elo of the same matches in the same order.
  assert.deepEqual(
    data.predictions.map((p) => p.pElo),
    plainEloPredictions(
      data.matches.map((m) => ({ home: m.playerA, away: m.playerB, homeWon: m.winner === m.playerA })),
    ),
  );
  assert.ok(ROUND_ORDER.indexOf("zona") < ROUND_ORDER.indexOf("final"));
});

Deno.test("readDosOrillasData() refuses a missing file and a result that is not a best of 5, in one line", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await assert.rejects(
      () => readDosOrillasData(dir),
      /^CalibrateError: Cannot calibrate: the data ".*matches\.csv" is missing/,
    );
    const header =
      "tournament,tournament_name,date,venue,row,player_a,player_b,sets_a,sets_b,round,category\n";
    await Deno.writeTextFile(
      `${dir}/matches.csv`,
      header + 'T1,T,2022-01-01,V,1,"A, B","C, D",3,3,zona,primera\n',
    );
    await assert.rejects(() => readDosOrillasData(dir), /line 2: expected a best of 5 result, got "3-3"/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

if (PRESENT) {
  storeTest(
    "replayLondon() replays the first 40 Dos Orillas 2022 matches, players without priors, beside plain Elo",
    async (store) => {
      const data = await readDosOrillasData(DOS_ORILLAS_DATA_DIR);
      const file = londonEventFile(data, 40);
      const checked = await validateEventFile(file);
      assert.ok(checked.ok, JSON.stringify(!checked.ok && checked.errors));
      assert.ok(file.players.every((p) => p.prior === undefined));
      assert.equal(file.event.slug, DOS_ORILLAS_SOURCE.slug);

      const replay = await replayLondon(store, data, { limit: 40 });
      assert.equal(replay.matches.length, 40);
      for (const m of replay.matches) {
        assert.ok(m.startedAt !== null && Date.parse(m.createdAt) <= Date.parse(m.startedAt));
        assert.deepEqual(m.final, m.frozen);
        assert.ok(m.pElo !== null);
      }
      // The first match is between two players nobody knows: even, and insufficient.
      assert.ok(Math.abs(replay.matches[0]!.pHome - 0.5) < 1e-12);
      assert.equal(replay.matches[0]!.label, "insufficient");

      const real = scoreReplay(replay, "sqlite::memory:", DOS_ORILLAS_SOURCE);
      assert.equal(real.scored, 40);
      assert.deepEqual(real.integrity, {
        total: 40,
        frozenBeforeStart: 40,
        unchanged: 40,
        outcomesAgree: 40,
      });
      assert.ok(real.ours.eceLow <= real.ours.ece && real.ours.ece <= real.ours.eceHigh);
      const targets = evaluateTargets([real], null);
      assert.equal(
        targets[0]!.target,
        "Dos Orillas 2022: log loss on the 40 matches with plain Elo below plain Elo's",
      );
      assert.equal(targets[0]!.pass, real.ours.logLoss < real.elo.logLoss);
      // ECE targets for every match and for labels of 100 matches or more; favourite targets from 30 matches on.
      const every = targets.find((t) => t.target.startsWith("Dos Orillas 2022, every match: ECE at most"))!;
      assert.equal(every.pass, real.ours.ece <= Math.max(real.elo.ece, real.elo.eceHigh));
      for (const l of real.labels.filter((l) => l.label !== "all")) {
        const ece = targets.some((t) => t.target.startsWith(`Dos Orillas 2022, label ${l.label}: ECE`));
        assert.equal(ece, l.n >= 100, l.label);
        const favourite = targets.some((t) =>
          t.target.startsWith(`Dos Orillas 2022, label ${l.label}: favourite`)
        );
        assert.equal(favourite, l.n === 0 || l.n >= 30, l.label);
      }
      const text = formatReport([real], null, targets);
      assert.ok(text.includes("## Real data: Liga Dos Orillas 2022 through the store (judged on)"));
      assert.ok(text.includes("| plain Elo "));
    },
  );
}
