import assert from "node:assert/strict";
import { parseSheetGames } from "../../../../../pages/operator/client/manage/sheet_games.ts";

Deno.test("parseSheetGames() reads games written as the desk types them", () => {
  const games = [{ home: 11, away: 7 }, { home: 9, away: 11 }, { home: 12, away: 10 }];
  for (const text of ["11-7 9-11 12-10", "11:7, 9:11, 12:10", " 11–7;9–11 ; 12—10 ", "11-7,9-11,12-10"]) {
    assert.deepEqual(parseSheetGames(text), { games }, text);
  }
});

Deno.test("parseSheetGames() names the part it cannot read", () => {
  assert.deepEqual(parseSheetGames(""), { error: "Enter the games, home side first, e.g. 11-7 9-11 11-5" });
  assert.deepEqual(parseSheetGames("11-7 9"), {
    error: 'Cannot read "9": write each game as home-away, e.g. 11-7',
  });
  assert.deepEqual(parseSheetGames("11-7 9-111"), {
    error: 'Cannot read "9-111": write each game as home-away, e.g. 11-7',
  });
});
