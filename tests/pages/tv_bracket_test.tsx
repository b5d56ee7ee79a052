import assert from "node:assert/strict";
import { renderToString } from "preact-render-to-string";
import {
  bracketWindow,
  drawnCategories,
  summarizeRound,
  TV_BRACKET_ROUNDS,
  TV_MAX_BRACKETS,
  TvBrackets,
} from "../../pages/tv_bracket.tsx";
import { servingSide } from "../../pages/serve_dot.tsx";
import { roundLabel } from "../../domain/bracket.ts";
import type { CategorySummary, Draw, DrawSide, Match } from "../../pages/view_types.ts";
import { makeMatchView } from "../support/match_view.ts";

const entry = (name: string): DrawSide => ({
  kind: "entry",
  entry: { id: name, name, association: null, seed: null, players: [] },
  qualifier: null,
  label: name,
});
const BYE: DrawSide = { kind: "bye", entry: null, qualifier: null, label: "Bye" };
const OPEN: DrawSide = { kind: "open", entry: null, qualifier: null, label: "To be decided" };

const serving = (side: "home" | "away"): Match["umpire"] => ({
  gamePoint: null,
  server: { side, playerId: null },
  receiver: null,
  ends: null,
  expedite: null,
  timeouts: [],
  cards: [],
});

/**
 * A draw of `size` slots: in the first round, position 0 has a bye, position 1 is in play (away serving), position
 * 2 was a walkover and position 3 is played; the rest is scheduled, and later rounds are open.
 */
function makeDraw(size: number): Draw {
  const rounds: Draw["rounds"] = [];
  const count = Math.log2(size);
  for (let roundNo = 1; roundNo <= count; roundNo++) {
    const matches = Array.from({ length: size / 2 ** roundNo }, (_, pos) => {
      if (roundNo > 1) return { bracketPos: pos, home: OPEN, away: OPEN, match: null };
      const home = entry(`Home player ${pos}`);
      const away = pos === 0 ? BYE : entry(`Away player ${pos}`);
      const base = { homeId: home.label, awayId: away.label, homeName: home.label, awayName: away.label };
      const match = pos === 0 ? null : makeMatchView({
        ...base,
        stage: "knockout",
        roundNo,
        bracketPos: pos,
        ...(pos === 1
          ? {
            status: "in_progress",
            gamesWon: { home: 1, away: 0 },
            currentGame: { home: 7, away: 5 },
            tableNo: 3,
            umpire: serving("away"),
          }
          : pos === 2
          ? { status: "completed", resultReasonCode: "walkover", winnerId: home.label }
          : pos === 3
          ? { status: "completed", gamesWon: { home: 3, away: 1 }, winnerId: home.label }
          : {}),
      });
      return { bracketPos: pos, home, away, match };
    });
    rounds.push({ roundNo, label: roundLabel(roundNo, count), matches });
  }
  return { subeventId: "c", size, slots: [], rounds };
}

const summary = (name: string, draw: Draw | null): CategorySummary => ({
  id: name,
  name,
  format: "knockout",
  bestOf: 5,
  live: [],
  upcoming: [],
  recent: [],
  groups: [],
  draw,
});

Deno.test("bracketWindow() draws a 64-draw from the round of 16 on and summarises the two rounds before", () => {
  const { shown, earlier } = bracketWindow(makeDraw(64));
  assert.equal(TV_BRACKET_ROUNDS, 4);
  assert.deepEqual(shown.map((r) => r.label), ["Round of 16", "Quarter-final", "Semi-final", "Final"]);
  assert.deepEqual(earlier.map((r) => r.label), ["Round of 64", "Round of 32"]);
  assert.equal(shown[0]!.matches.length, 8, "eight matches in the first column at most");
  const small = bracketWindow(makeDraw(8));
  assert.deepEqual(small.shown.map((r) => r.label), ["Quarter-final", "Semi-final", "Final"]);
  assert.deepEqual(small.earlier, []);
});

Deno.test("summarizeRound() counts the matches of a round (a bye is none), those played and those in play", () => {
  const r = summarizeRound(makeDraw(64).rounds[0]!);
  assert.equal(r.label, "Round of 64");
  assert.equal(r.matches, 31, "32 positions, one with a bye");
  assert.equal(r.played, 2, "the walkover and the result");
  assert.deepEqual(r.live.map((p) => p.bracketPos), [1]);
});

Deno.test("TvBrackets() renders a page per drawn category with live matches highlighted, W/O and Bye", () => {
  const html = renderToString(
    <TvBrackets
      categories={[summary("Groups only", null), summary("Men", makeDraw(64)), summary("Women", makeDraw(8))]}
    />,
  );
  const pages = [
    ...html.matchAll(/<div\s+class="tv-page tvb-page" data-page="(\d)" data-category-id="(\w+)"/g),
  ]
    .map((m) => [m[1], m[2]]);
  assert.deepEqual(pages, [["0", "Men"], ["1", "Women"]], "no page for a category without a draw");
  assert.match(html, /<div class="tvb m8 r4">/, "the 64-draw: 8 matches in 4 columns");
  assert.match(html, /<div class="tvb m4 r3">/, "the 8-draw: from the quarter-finals");
  assert.match(
    html,
    /<b>Round of 64<\/b>: 2 of 31 played, in play:<span\s+class="live"/,
    "the earlier round's line",
  );
  assert.match(html, /<b>Round of 32<\/b>: 0 of 16 played/);
  // The 8-draw shows its first round: the live match highlighted with its points and the serve dot, the walkover
  // and the bye said.
  const women = html.slice(html.indexOf('data-category-id="Women"'));
  assert.match(women, /<div class="bm live" data-match="[^"]+">/);
  assert.match(
    women,
    /Away player 1<\/span><span class="serve-dot" role="img" aria-label="serving"><\/span>/,
  );
  assert.match(women, /<span class="p">7<\/span>/);
  assert.match(women, /<span class="g">W\/O<\/span>/);
  assert.match(women, /<span class="side open"><span class="n">Bye<\/span>/);
  assert.doesNotMatch(women, /<a /, "no links on a TV");
});

Deno.test("drawnCategories() keeps the categories with a draw, at most TV_MAX_BRACKETS", () => {
  const many = Array.from({ length: TV_MAX_BRACKETS + 3 }, (_, i) => summary(`C${i}`, makeDraw(4)));
  assert.equal(drawnCategories([summary("none", null), ...many]).length, TV_MAX_BRACKETS);
});

Deno.test("servingSide() is the umpire's next server of a match in play, else null", () => {
  assert.equal(servingSide(makeMatchView({ status: "in_progress", umpire: serving("home") })), "home");
  assert.equal(servingSide(makeMatchView({ status: "in_progress", umpire: null })), null);
  assert.equal(servingSide(makeMatchView({ status: "completed", umpire: serving("home") })), null);
});
