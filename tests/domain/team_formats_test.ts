import assert from "node:assert/strict";
import {
  customFormat,
  lineupFault,
  lineupProblem,
  positionsOf,
  resolveFormat,
  TEAM_FORMATS,
  TeamFormatError,
  tieMatches,
} from "../../domain/team_formats.ts";

const home = { positions: { A: "a", B: "b", C: "c" }, pair: ["b", "c"] as const };
const away = { positions: { X: "x", Y: "y", Z: "z" }, pair: ["x", "y"] as const };

function order(format: keyof typeof TEAM_FORMATS): string[] {
  return tieMatches(TEAM_FORMATS[format], home, away).map((m) => `${m.home.join("")}-${m.away.join("")}`);
}

Deno.test("tieMatches() plays the World Team Championships order A-X, B-Y, C-Z, A-Y, B-X", () => {
  assert.deepEqual(order("wttc"), ["a-x", "b-y", "c-z", "a-y", "b-x"]);
  assert.equal(TEAM_FORMATS.wttc.winsNeeded, 3);
});

Deno.test("tieMatches() plays the Olympic doubles B&C-Y&Z first, then A-X, C-Z, A-Y, B-X", () => {
  assert.deepEqual(order("olympic"), ["bc-yz", "a-x", "c-z", "a-y", "b-x"]);
  const types = tieMatches(TEAM_FORMATS.olympic, home, away).map((m) => m.type);
  assert.deepEqual(types, ["doubles", "singles", "singles", "singles", "singles"]);
});

Deno.test("tieMatches() gives no Olympic player more than two matches", () => {
  const count = new Map<string, number>();
  for (const m of tieMatches(TEAM_FORMATS.olympic, home, away)) {
    for (const p of [...m.home, ...m.away]) count.set(p, (count.get(p) ?? 0) + 1);
  }
  assert.ok([...count.values()].every((n) => n <= 2));
});

Deno.test("tieMatches() plays the Swaythling Cup's nine singles in its order, first to five", () => {
  assert.deepEqual(order("swaythling"), ["a-x", "b-y", "c-z", "b-x", "a-z", "c-y", "b-z", "c-x", "a-y"]);
  assert.equal(TEAM_FORMATS.swaythling.winsNeeded, 5);
});

Deno.test("tieMatches() plays the Corbillon Cup's nominated doubles third", () => {
  assert.deepEqual(order("corbillon"), ["a-x", "b-y", "bc-xy", "a-y", "b-x"]);
  assert.deepEqual(positionsOf(TEAM_FORMATS.corbillon, "away"), { positions: ["X", "Y"], pair: true });
});

Deno.test("customFormat() describes a league's four singles and a doubles, all played", () => {
  const f = customFormat({
    name: "League",
    matches: [
      { type: "singles", home: "A", away: "X" },
      { type: "singles", home: "B", away: "Y" },
      { type: "doubles", home: "pair", away: "pair" },
      { type: "singles", home: "A", away: "Y" },
      { type: "singles", home: "B", away: "X" },
    ],
    winsNeeded: 3,
    playAll: true,
  });
  assert.equal(f.id, "custom");
  assert.equal(f.playAll, true);
  assert.deepEqual(tieMatches(f, home, away).map((m) => m.order), [1, 2, 3, 4, 5]);
});

Deno.test("customFormat() names the part of a format that cannot be played", () => {
  assert.throws(() => customFormat({ matches: [], winsNeeded: 1 }), /at least one match/);
  assert.throws(
    () => customFormat({ matches: [{ type: "singles", home: "A", away: "X" }], winsNeeded: 2 }),
    /wins needed must be a whole number from 1 to 1/,
  );
  assert.throws(
    () => customFormat({ matches: [{ type: "doubles", home: ["A", "A"], away: "pair" }], winsNeeded: 1 }),
    /match 1: a doubles side is two different positions/,
  );
  assert.throws(() => resolveFormat("hopman"), TeamFormatError);
  assert.equal(resolveFormat("wttc"), TEAM_FORMATS.wttc);
});

Deno.test("lineupProblem() finds a missing position, a player twice and a missing pair", () => {
  assert.equal(lineupProblem(TEAM_FORMATS.wttc, "home", home), null);
  assert.equal(
    lineupProblem(TEAM_FORMATS.wttc, "home", { positions: { A: "a", B: "b" } }),
    'the home line-up has no player at "C"',
  );
  assert.equal(
    lineupProblem(TEAM_FORMATS.wttc, "away", { positions: { X: "x", Y: "x", Z: "z" } }),
    'the away line-up puts one player at "X" and "Y"',
  );
  assert.equal(
    lineupProblem(TEAM_FORMATS.corbillon, "home", { positions: { A: "a", B: "b" } }),
    "the home line-up has no doubles pair",
  );
  assert.equal(
    lineupProblem(TEAM_FORMATS.corbillon, "home", {
      positions: { A: "a", B: "b", C: "c" },
      pair: ["a", "b"],
    }),
    'the format has no position "C" for the home side',
  );
});

Deno.test("lineupFault() and a TeamFormatError name the fault by code and values beside their message", () => {
  assert.deepEqual(lineupFault(TEAM_FORMATS.wttc, "away", { positions: { X: "x", Y: "x", Z: "z" } }), {
    message: 'the away line-up puts one player at "X" and "Y"',
    fault: { code: "player-twice", params: { side: "away", first: "X", second: "Y" } },
  });
  assert.equal(lineupFault(TEAM_FORMATS.wttc, "home", home), null);
  const faultOf = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      return e instanceof TeamFormatError ? e.fault : undefined;
    }
  };
  assert.deepEqual(faultOf(() => resolveFormat("hopman")), {
    code: "unknown-format",
    params: { format: "hopman" },
  });
  assert.deepEqual(
    faultOf(() => customFormat({ matches: [{ type: "singles", home: "A", away: "X" }], winsNeeded: 2 })),
    { code: "wins-needed", params: { max: 1 } },
  );
  assert.deepEqual(
    faultOf(() => tieMatches(TEAM_FORMATS.corbillon, { positions: { A: "a", B: "b" } }, away)),
    { code: "no-pair", params: { side: "home" } },
  );
});
