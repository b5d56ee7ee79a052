import assert from "node:assert/strict";
import { entryWords, tiedBlocks } from "../../../../../pages/operator/client/manage/draw_console.ts";

const entry = (name: string, seed: number | null = null, association: string | null = null) => ({
  id: name,
  name,
  seed,
  association,
  players: [{ id: name, displayName: name, association }],
});

Deno.test("entryWords() names an entry with its seed and its club", () => {
  assert.equal(entryWords(entry("Ana Lopez", 1, "Westbrook")), "[1] Ana Lopez (Westbrook)");
  assert.equal(entryWords(entry("Bea Moor")), "Bea Moor");
  assert.equal(entryWords(entry("Cai Ng", null, "Eastfield")), "Cai Ng (Eastfield)");
});

Deno.test("tiedBlocks() gives the players level after every step, block by block, in finishing order", () => {
  const row = (name: string, position: number, tied: boolean) => ({
    position,
    entry: entry(name),
    played: 3,
    won: 1,
    lost: 2,
    matchPoints: 4,
    gamesWon: 3,
    gamesLost: 6,
    pointsWon: 60,
    pointsLost: 66,
    tied,
    decidedBy: tied ? "tied" as const : "match_points" as const,
    decidedByLot: false,
  });
  const standing = {
    groupId: "g",
    name: "A",
    complete: true,
    awaitingLot: true,
    rows: [
      row("Ana", 1, true),
      row("Bea", 1, true),
      row("Cai", 3, false),
      row("Dora", 4, true),
      row("Eva", 4, true),
    ],
  };
  assert.deepEqual(tiedBlocks(standing).map((b) => b.map((e) => e.name)), [["Ana", "Bea"], ["Dora", "Eva"]]);
  assert.deepEqual(tiedBlocks({ ...standing, rows: [row("Ana", 1, false)] }), []);
});
