/** What the match overlay and the bracket show in each state of a match (issue 36, bugs 3 and 4). */
import assert from "node:assert/strict";
import { renderToString } from "preact-render-to-string";
import { h } from "preact";
import { Scoreboard, type ScoreboardProps } from "../../pages/overlay_match.tsx";
import { Bracket } from "../../pages/components/bracket.tsx";
import type { DrawSide, Match } from "../../pages/view_types.ts";
import { makeMatchView } from "../support/match_view.ts";

function board(o: Partial<Match>, bestOf = 5): string {
  const match = makeMatchView({ bestOf, ...o });
  const props: ScoreboardProps = {
    match,
    live: {
      started: match.status !== "scheduled",
      gamesWon: match.gamesWon,
      currentGame: match.currentGame,
      currentServer: match.status === "in_progress" ? "home" : null,
      bestOf,
    },
    homeAssociation: null,
    awayAssociation: null,
    homePlayers: [],
    awayPlayers: [],
    now: Date.parse("2026-11-28T10:00:00Z"),
  };
  return renderToString(h(Scoreboard, props));
}

const stateOf = (html: string) => /<span class="state[^"]*">([^<]*)<\/span>/.exec(html)?.[1];

Deno.test("a match not started says where and when it is up next, with no score boxes shown", () => {
  const html = board({ tableNo: 3, scheduledAt: null });
  assert.equal(stateOf(html), "Up next · Table 3");
  assert.match(html, /class="bar pending"/, "the pending bar hides its games and points (CSS .pending)");
  const noTable = board({});
  assert.equal(stateOf(noTable), "Up next");
  const timed = board({ tableNo: 5, scheduledAt: "2026-11-28T13:30:00Z" });
  assert.match(stateOf(timed)!, /^Up next · Table 5 · \d\d:\d\d$/);
});

Deno.test("the final, once over, says Result: its own label already says Final", () => {
  const over = { status: "completed" as const, winnerId: "h", gamesWon: { home: 3, away: 0 } };
  const final = board({ ...over, stage: "knockout", stageLabel: "Final" });
  assert.equal((final.match(/>Final</g) ?? []).length, 1, "Final once");
  assert.equal(stateOf(final), "Result");
  assert.equal(stateOf(board({ ...over, stageLabel: "Semi-final" })), "Final");
  assert.equal(
    stateOf(board({ ...over, stageLabel: "Final", resultReasonCode: "walkover" })),
    "Result · walkover",
  );
});

Deno.test("the games column keeps room for every game but the last, whatever has been played", () => {
  for (const [bestOf, slots] of [[3, 2], [5, 4], [7, 6], [9, 8], [1, 2]] as const) {
    const early = board({ status: "in_progress", gameScores: [] }, bestOf);
    const late = board({
      status: "in_progress",
      gameScores: [{ home: 11, away: 5 }, { home: 5, away: 11 }],
    }, bestOf);
    assert.match(early, new RegExp(`class="past g${slots}"`), `best of ${bestOf}`);
    assert.match(late, new RegExp(`class="past g${slots}"`), `best of ${bestOf}, later`);
  }
});

Deno.test("a walkover in the bracket says W/O on the winner's side instead of 0 against 0", () => {
  const side = (label: string): DrawSide => ({ kind: "entry", entry: null, qualifier: null, label });
  const wo = makeMatchView({
    status: "completed",
    stage: "knockout",
    stageLabel: "Final",
    winnerId: "a",
    resultReasonCode: "walkover",
  });
  const html = renderToString(h(Bracket, {
    label: "Draw",
    draw: {
      categoryId: "s",
      size: 2,
      slots: [],
      rounds: [{
        roundNo: 1,
        label: "Final",
        matches: [{ bracketPos: 0, home: side("Ann"), away: side("Bo"), match: wo }],
      }],
    } as unknown as Parameters<typeof Bracket>[0]["draw"],
  }));
  assert.match(html, /<span class="n">Bo<\/span><span class="g">W\/O<\/span>/);
  assert.match(html, /<span class="n">Ann<\/span><span class="g"><\/span>/);
  assert.doesNotMatch(html, /class="g">0</);
});
