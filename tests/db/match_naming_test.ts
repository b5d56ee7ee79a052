import assert from "node:assert/strict";
import { capitalised, matchWords } from "../../db/match_naming.ts";

const match = {
  homeName: "Anna Berg",
  awayName: "Ben Okafor",
  categoryName: "Men's singles",
  label: "Quarter-final",
  stage: "knockout",
  groupName: null,
  roundNo: 3,
  tableNo: 3,
};

Deno.test("matchWords() names a match by its players, category, stage and table, never its id", () => {
  assert.equal(matchWords(match), "Anna Berg v Ben Okafor (Men's singles, Quarter-final, table 3)");
  assert.equal(
    matchWords({ ...match, homeName: null, label: "", tableNo: null }),
    "to be decided v Ben Okafor (Men's singles, Round 3)",
  );
  assert.equal(
    matchWords({ ...match, label: "", stage: "group", groupName: "B" }),
    "Anna Berg v Ben Okafor (Men's singles, Group B, table 3)",
  );
  assert.equal(capitalised("to be decided v Ben Okafor"), "To be decided v Ben Okafor");
});
