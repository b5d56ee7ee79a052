import assert from "node:assert/strict";
import { bannerOf } from "../../../../../pages/operator/client/score/banner.ts";
import { gamePlayed, gameStartKey, minutes } from "../../../../../pages/operator/client/score/game_clock.ts";
import { memoryStorage } from "../memory_storage.ts";
import { projected, rallies } from "./fixtures.ts";

const START = Date.parse("2026-11-28T10:00:00.000Z");

Deno.test("bannerOf() says game point and match point for the side that would win with the next point", () => {
  const { m, p } = projected(rallies("hhhhhhhhhh"));
  assert.deepEqual(bannerOf(p, m, START, false), {
    text: "Game point: Anna Berg",
    kind: "game-point",
    action: "",
  });
  const match = projected(rallies("a".repeat(32)));
  assert.deepEqual(bannerOf(match.p, match.m, START, false), {
    text: "Match point: Ella Fox",
    kind: "match-point",
    action: "",
  });
});

Deno.test("bannerOf() puts a running time-out first, with its time left and Resume play", () => {
  const at = "2026-11-28T10:05:00.000Z";
  const { m, p } = projected(rallies("hhhhhhhhhh"), {
    incidents: [{ kind: "timeout", side: "away", afterPoints: 10, at }],
  } as never);
  assert.deepEqual(bannerOf(p, m, Date.parse(at) + 17_500, false), {
    text: "Time-out: Ella Fox, 00:42 left",
    kind: "timeout",
    action: "resume",
  });
  assert.equal(bannerOf(p, m, Date.parse(at) + 60_000, false).kind, "game-point", "the minute is over");
});

Deno.test("bannerOf() offers the expedite system when it is due, then says it is in force", () => {
  const { m, p } = projected(rallies("ha"));
  assert.deepEqual(bannerOf(p, m, START, true), {
    text: "10 minutes played: the expedite system comes in (Law 2.15)",
    kind: "due",
    action: "expedite",
  });
  assert.deepEqual(bannerOf(p, m, START, false), { text: "", kind: "", action: "" });
});

Deno.test("minutes() writes a duration as minutes and seconds", () => {
  assert.equal(minutes(0), "00:00");
  assert.equal(minutes(605_999), "10:05");
});

Deno.test("gamePlayed() counts from the game's start, without its time-outs", () => {
  const store = memoryStorage();
  const { m, p } = projected(rallies("ha"), {
    incidents: [{ kind: "timeout", side: "home", afterPoints: 1, at: "2026-11-28T10:02:00.000Z" }],
  } as never);
  // Game 1 starts when the match did; the time-out's minute does not count.
  assert.equal(gamePlayed(store, p, m, START + 5 * 60_000), 4 * 60_000);
  store.setItem(gameStartKey("m1", 1), "2026-11-28T10:01:00.000Z");
  assert.equal(gamePlayed(store, p, m, START + 5 * 60_000), 3 * 60_000, "from the umpire's Next game");
  assert.equal(gamePlayed(store, p, { ...m, startedAt: null }, START), 0);
});

Deno.test("gamePlayed() does not count the break between games on a phone that did not answer the game's end", () => {
  const store = memoryStorage();
  const iso = (ms: number) => new Date(ms).toISOString();
  // Game 1 to home 11-0, a point every 30 s: it ends at 10:05.
  const game1 = rallies("h".repeat(11));
  const ended = START + 10 * 30_000;
  const times1 = game1.map((_, i) => iso(START + i * 30_000));
  const atZero = projected(game1, { pointTimes: times1 } as never);
  assert.equal(
    gamePlayed(store, atZero.p, atZero.m, ended + 186_000),
    0,
    "3:06 at 0-0 is the break, not play",
  );
  // The first point of game 2 40 s after game 1's end: play began at most then.
  const two = projected([...game1, "home", "away"], {
    pointTimes: [...times1, iso(ended + 40_000), iso(ended + 70_000)],
  } as never);
  assert.equal(gamePlayed(store, two.p, two.m, ended + 300_000), 260_000);
  // A first point 3 minutes after it: the interval between games is 1 minute at most (Regulation 3.4.4.1).
  const late = projected([...game1, "home"], { pointTimes: [...times1, iso(ended + 180_000)] } as never);
  assert.equal(gamePlayed(store, late.p, late.m, ended + 300_000), 240_000);
});

Deno.test("bannerOf() counts the interval of up to 1 minute down after a game, until the next one's first point", () => {
  const iso = (ms: number) => new Date(ms).toISOString();
  const game1 = rallies("h".repeat(11));
  const ended = START + 5 * 60_000;
  const times = game1.map((_, i) => iso(i === 10 ? ended : START + i * 20_000));
  const { m, p } = projected(game1, { pointTimes: times } as never);
  assert.deepEqual(bannerOf(p, m, ended + 18_000, false), {
    text: "Interval: 00:42 left (up to 1 minute, Regulation 3.4.4.1)",
    kind: "interval",
    action: "",
  });
  assert.equal(bannerOf(p, m, ended + 60_000, false).kind, "", "the minute is over");
  const playing = projected([...game1, "away"], { pointTimes: [...times, iso(ended + 20_000)] } as never);
  assert.equal(bannerOf(playing.p, playing.m, ended + 30_000, false).kind, "", "play has resumed");
});

Deno.test("bannerOf() puts a medical break first, counted down from 10 minutes, with Resume play", () => {
  const { m, p } = projected(rallies("hhhhhhhhhh"));
  const began = new Date(START).toISOString();
  assert.deepEqual(bannerOf(p, m, START + 30_000, false, { side: "away", began }), {
    text: "Medical break: Ella Fox, 09:30 left (up to 10 minutes, Regulation 3.4.2.3)",
    kind: "timeout",
    action: "end-medical",
  });
  assert.equal(
    bannerOf(p, m, START + 600_000, false, { side: "away", began }).text,
    "Medical break: Ella Fox, 10 minutes used: play resumes or the player retires",
  );
});
