import assert from "node:assert/strict";
import { clashWords } from "../../../../pages/operator/client/clash_words.ts";

const names: Record<string, string> = { a: "Anna v Ben", b: "Cleo v Dan", c: "Anna / Eva v Finn / Gus" };
const tables: Record<string, string> = { a: "table 1", b: "table 1", c: "" };
const words = (clash: Parameters<typeof clashWords>[0], starting = false) =>
  clashWords(clash, (id) => names[id]!, (id) => tables[id]!, (iso) => `at-${iso.slice(11, 16)}`, starting);
const anna = { id: "p1", name: "Anna Schmidt" };
const TEN = "2026-11-28T10:00:00.000Z";

Deno.test("clashWords() says what each clash is, naming the matches and where they are", () => {
  assert.equal(
    words({ kind: "table-busy", tableNo: 1, matchIds: ["a", "b"] }),
    "Table 1 has 2 matches in progress: Anna v Ben, Cleo v Dan",
  );
  assert.equal(
    words({ kind: "player-busy", player: anna, matchIds: ["a", "c"] }),
    "Anna Schmidt is in 2 matches in progress: Anna v Ben (table 1), Anna / Eva v Finn / Gus",
  );
  assert.equal(
    words({ kind: "table-double-booked", tableNo: 1, scheduledAt: TEN, matchIds: ["a", "b"] }),
    "Table 1 has 2 matches at at-10:00: Anna v Ben, Cleo v Dan",
  );
  assert.equal(
    words({ kind: "player-double-booked", player: anna, scheduledAt: TEN, matchIds: ["a", "c"] }),
    "Anna Schmidt has 2 matches at at-10:00: Anna v Ben (table 1), Anna / Eva v Finn / Gus",
  );
});

Deno.test("clashWords() says what stands in the way of starting a match", () => {
  assert.equal(
    words({ kind: "table-busy", tableNo: 1, matchIds: ["b"] }, true),
    "Table 1 has a match in progress: Cleo v Dan",
  );
  assert.equal(
    words({ kind: "player-busy", player: anna, matchIds: ["a"] }, true),
    "Anna Schmidt is playing now: Anna v Ben (table 1)",
  );
});
