/** The match bar's cards, expedite tag, flags and animation keys, rendered on the server (issue 36). */
import assert from "node:assert/strict";
import { renderToString } from "preact-render-to-string";
import { Scoreboard } from "../../pages/overlay_match.tsx";
import { expediteOn, type Officiating, sideCards } from "../../pages/umpire_view.ts";
import type { Match } from "../../pages/view_types.ts";
import { makeMatchView, makeOfficiating } from "../support/match_view.ts";

const at = { gameNumber: 1, score: { home: 3, away: 2 }, at: null };
const card = (
  side: "home" | "away",
  target: "player" | "coach",
  colour: "yellow" | "yellow_red" | "red",
) => ({
  side,
  target,
  card: colour,
  penaltyPoints: colour === "yellow_red" ? 1 : 0,
  ...at,
});

function playing(o: Partial<Officiating>, m: Partial<Match> = {}): Match {
  return makeMatchView({ status: "in_progress", umpire: makeOfficiating(o), ...m });
}

const bar = (match: Match) =>
  renderToString(
    <Scoreboard
      match={match}
      live={{
        started: true,
        gamesWon: match.gamesWon,
        currentGame: match.currentGame,
        currentServer: "home",
        bestOf: 5,
      }}
      homeAssociation={null}
      awayAssociation={null}
      homePlayers={[]}
      awayPlayers={[]}
      now={Date.parse("2026-11-28T10:00:00Z")}
    />,
  );

Deno.test("sideCards() keeps the latest card of a side's player and of its coach, while the match is in play", () => {
  const cards = [
    card("away", "player", "yellow"),
    card("home", "coach", "yellow"),
    card("away", "player", "yellow_red"),
  ];
  const m = playing({ cards });
  assert.deepEqual(sideCards(m, "away").map((c) => [c.target, c.card]), [["player", "yellow_red"]]);
  assert.deepEqual(sideCards(m, "home").map((c) => [c.target, c.card]), [["coach", "yellow"]]);
  assert.deepEqual(sideCards({ ...m, status: "completed" }, "away"), []);
});

Deno.test("the bar draws each side's cards and the EXPEDITE tag, each with its animation key", () => {
  const expedite = { ...at, byRequest: true };
  const html = bar(
    playing({ cards: [card("away", "player", "yellow_red"), card("home", "coach", "red")], expedite }),
  );
  assert.match(html, /<div class="row cards-1" data-side="home">/);
  assert.match(
    html,
    /<span\s+class="card red coach" title="Red card to Home \d+'s coach: sent away" data-anim="card:home:coach:red:0"><i class="r"><\/i><\/span>/,
  );
  assert.match(
    html,
    /<span\s+class="card yellow_red" [^>]*data-anim="card:away:player:yellow_red:1"><i class="y"><\/i><i class="r"><\/i>/,
  );
  assert.match(html, /<span class="xp" data-anim="expedite">EXPEDITE<\/span>/);
  assert.equal(expediteOn(playing({ expedite }, { status: "completed" })), false);
  assert.doesNotMatch(bar(playing({})), /class="xp"|class="cards"/);
});

Deno.test("the bar draws a side's flags from its country codes, a pair's two, and the code of one without a flag", () => {
  const html = bar(playing({}, { homeCountry: "GER / ENG", awayCountry: "TPE" }));
  const home = /data-side="home">.*?<span class="name"/.exec(html)![0];
  assert.deepEqual([...home.matchAll(/alt="([A-Z]{3})"/g)].map((x) => x[1]), ["GER", "ENG"]);
  assert.match(html, /data-side="away">.*?<span class="flagset"><span class="ccode">TPE<\/span><\/span>/);
  assert.doesNotMatch(bar(playing({})), /flagset/);
});
