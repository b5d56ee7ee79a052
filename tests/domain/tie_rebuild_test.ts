import assert from "node:assert/strict";
import { lineUpPairs, rebuildTies, type TieSingle, WORLD_TEAM_ORDER } from "../../domain/tie_rebuild.ts";

let nextId = 100;
/** A single "A1:CRO v X1:ARG" won by `winner`; ids increase in the order the singles are written. */
function single(home: string, away: string, winner: "home" | "away", category = "WT"): TieSingle {
  const [hp, ht] = home.split(":") as [string, string];
  const [ap, at] = away.split(":") as [string, string];
  return { id: nextId++, category, home: { player: hp, team: ht }, away: { player: ap, team: at }, winner };
}

const options = { winsNeeded: 3, order: WORLD_TEAM_ORDER };

/** The singles of a tie in the World Team order; `results` has a letter a single, "H" when home won it. */
function worldTie(home: string, away: string, results: string): TieSingle[] {
  return [...results].map((r, i) => {
    const [h, a] = WORLD_TEAM_ORDER[i]!;
    return single(`${"ABC"[h]}${home}:${home}`, `${"XYZ"[a]}${away}:${away}`, r === "H" ? "home" : "away");
  });
}

Deno.test("consecutive singles between two teams form a tie until a side has three wins", () => {
  const ties = rebuildTies([
    ...worldTie("CRO", "ARG", "HAHH"),
    // The same two teams again right after a decided tie: a new tie.
    ...worldTie("ARG", "CRO", "AAA"),
    ...worldTie("HKG", "NED", "HAAHH"),
  ], options);
  assert.deepEqual(ties.map((t) => [t.home, t.away, `${t.homeWins}-${t.awayWins}`, t.winner]), [
    ["CRO", "ARG", "3-1", "home"],
    ["ARG", "CRO", "0-3", "away"],
    ["HKG", "NED", "3-2", "home"],
  ]);
  assert.deepEqual(ties[0]!.lineUp, { home: ["ACRO", "BCRO", "CCRO"], away: ["XARG", "YARG", "ZARG"] });
  assert.deepEqual(ties[2]!.results, ["home", "away", "away", "home", "home"]);
  assert.deepEqual(lineUpPairs(ties[2]!.lineUp!, WORLD_TEAM_ORDER), [
    ["AHKG", "XNED"],
    ["BHKG", "YNED"],
    ["CHKG", "ZNED"],
    ["AHKG", "YNED"],
    ["BHKG", "XNED"],
  ]);
});

Deno.test("a single with the sides the other way round counts for the tie's own side", () => {
  const ties = rebuildTies([
    single("A:CRO", "X:ARG", "home"),
    single("Y:ARG", "B:CRO", "home"),
    single("C:CRO", "Z:ARG", "home"),
    single("Y:ARG", "A:CRO", "away"),
  ], options);
  assert.equal(ties.length, 1);
  assert.deepEqual(ties[0]!.sameSides, [true, false, true, false]);
  assert.deepEqual(ties[0]!.results, ["home", "away", "home", "home"]);
  assert.equal(ties[0]!.winner, "home");
  assert.deepEqual(ties[0]!.lineUp, { home: ["A", "B", "C"], away: ["X", "Y", "Z"] });
});

Deno.test("categories are rebuilt apart, in id order, and singles out of the order give no line-up", () => {
  const men = [single("A:CHN", "X:JPN", "home", "MT"), single("B:CHN", "Y:JPN", "home", "MT")];
  const women = [
    single("A:KOR", "X:FRA", "away"),
    single("B:KOR", "Y:FRA", "away"),
    // Player A again at the third match: not the World Team order.
    single("A:KOR", "Z:FRA", "away"),
  ];
  const last = single("A:CHN", "Z:JPN", "home", "MT");
  // Given out of order: the ids put them back.
  const ties = rebuildTies([last, ...women, ...men.reverse()], options);
  assert.deepEqual(ties.map((t) => [t.category, t.home, t.winner]), [["MT", "CHN", "home"], [
    "WT",
    "KOR",
    "away",
  ]]);
  assert.equal(ties[0]!.lineUp, null, "player A cannot stand at C");
  assert.equal(ties[1]!.lineUp, null);
});

Deno.test("a tie whose singles run out before three wins is undecided", () => {
  const ties = rebuildTies([single("A:CRO", "X:ARG", "home"), single("B:CRO", "Y:ARG", "away")], options);
  assert.equal(ties[0]!.winner, null);
  assert.equal(ties[0]!.lineUp, null);
  assert.throws(() => rebuildTies([], { winsNeeded: 0, order: WORLD_TEAM_ORDER }), RangeError);
});
