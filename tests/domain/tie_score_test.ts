import assert from "node:assert/strict";
import fc from "fast-check";
import { customFormat, TEAM_FORMATS, type TeamFormat } from "../../domain/team_formats.ts";
import { type TieMatchResult, tieScore, type TieSide } from "../../domain/tie_score.ts";

function results(winners: string): TieMatchResult[] {
  return [...winners].map((w, i) => ({
    order: i + 1,
    status: w === "." ? "scheduled" : w === "~" ? "in_progress" : "completed",
    winner: w === "H" ? "home" : w === "A" ? "away" : null,
  }));
}

Deno.test("tieScore() stops a World Team Championships tie at three wins", () => {
  const s = tieScore(TEAM_FORMATS.wttc, results("HHH.."));
  assert.deepEqual(s, {
    home: 3,
    away: 0,
    decided: true,
    winner: "home",
    status: "completed",
    remaining: [],
    notNeeded: [4, 5],
  });
  assert.deepEqual(tieScore(TEAM_FORMATS.wttc, results("HAHA.")).remaining, [5]);
  assert.equal(tieScore(TEAM_FORMATS.wttc, results("HAHAA")).winner, "away");
  assert.deepEqual(tieScore(TEAM_FORMATS.wttc, results("AHAA.")).notNeeded, [5]);
});

Deno.test("tieScore() is scheduled before the first match and in progress during it", () => {
  assert.equal(tieScore(TEAM_FORMATS.olympic, results(".....")).status, "scheduled");
  assert.equal(tieScore(TEAM_FORMATS.olympic, []).status, "scheduled");
  const live = tieScore(TEAM_FORMATS.olympic, results("~...."));
  assert.equal(live.status, "in_progress");
  assert.equal(live.decided, false);
  assert.deepEqual(live.remaining, [1, 2, 3, 4, 5]);
});

Deno.test("tieScore() stops a Swaythling Cup tie at five wins of nine", () => {
  const s = tieScore(TEAM_FORMATS.swaythling, results("HAHAHAHH."));
  assert.equal(s.winner, "home");
  assert.deepEqual([s.home, s.away], [5, 3]);
  assert.deepEqual(s.notNeeded, [9]);
  assert.equal(tieScore(TEAM_FORMATS.swaythling, results("HAHAHAHA.")).decided, false);
});

Deno.test("tieScore() stops a Corbillon Cup tie at three wins, the doubles counting as one", () => {
  const s = tieScore(TEAM_FORMATS.corbillon, results("AAA.."));
  assert.equal(s.winner, "away");
  assert.deepEqual(s.notNeeded, [4, 5]);
});

Deno.test("tieScore() ignores a result recorded after the tie was decided", () => {
  const s = tieScore(TEAM_FORMATS.wttc, results("HHHAA"));
  assert.deepEqual([s.home, s.away, s.winner], [3, 0, "home"]);
});

Deno.test("tieScore() plays every match of a format that says so, and may end level", () => {
  const league = customFormat({
    matches: Array.from({ length: 4 }, () => ({ type: "singles" as const, home: "A", away: "X" })),
    winsNeeded: 3,
    playAll: true,
  });
  const decidedEarly = tieScore(league, results("HHH."));
  assert.deepEqual([decidedEarly.decided, decidedEarly.winner, decidedEarly.status], [
    true,
    "home",
    "in_progress",
  ]);
  assert.deepEqual(decidedEarly.remaining, [4]);
  const level = tieScore(league, results("HHAA"));
  assert.deepEqual([level.decided, level.winner, level.status], [true, null, "completed"]);
});

const formats: TeamFormat[] = [
  ...Object.values(TEAM_FORMATS),
  customFormat({
    matches: Array.from({ length: 6 }, () => ({ type: "singles" as const, home: "A", away: "X" })),
    winsNeeded: 4,
    playAll: true,
  }),
];

Deno.test("tieScore() always agrees with its matches (property)", () => {
  const arb = fc.record({
    format: fc.constantFrom(...formats),
    outcomes: fc.array(fc.constantFrom<"H" | "A" | "." | "~">("H", "A", ".", "~"), { maxLength: 9 }),
  });
  fc.assert(fc.property(arb, ({ format, outcomes }) => {
    const rs = results(outcomes.slice(0, format.matches.length).join(""));
    const s = tieScore(format, rs);
    // Counting the matches in order until a side reaches the wins gives the same score.
    let home = 0, away = 0;
    let winner: TieSide | null = null;
    for (const r of rs) {
      if (winner && !format.playAll) break;
      if (r.winner === "home") home++;
      if (r.winner === "away") away++;
      if (!winner && home === format.winsNeeded) winner = "home";
      if (!winner && away === format.winsNeeded) winner = "away";
    }
    assert.deepEqual([s.home, s.away], [home, away]);
    assert.ok(s.home <= format.winsNeeded || format.playAll);
    assert.ok(s.away <= format.winsNeeded || format.playAll);
    if (winner) assert.equal(s.winner, winner);
    assert.equal(s.decided, winner !== null || s.remaining.length === 0);
    // Every match of the format is counted, remaining or not needed, exactly once.
    const counted = rs.filter((r, i) => r.winner && !s.notNeeded.includes(i + 1)).length;
    assert.ok(s.remaining.every((o) => !s.notNeeded.includes(o)));
    assert.equal(counted + s.remaining.length + s.notNeeded.length, format.matches.length);
    assert.equal(s.home + s.away, counted);
    if (!format.playAll && s.winner) assert.equal(s.remaining.length, 0);
  }));
});
