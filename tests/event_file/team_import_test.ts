import assert from "node:assert/strict";
import { exportEvent } from "../../event_file/export.ts";
import { importEvent } from "../../event_file/import.ts";
import { validateEventFile } from "../../event_file/validate.ts";
import type { EventFile } from "../../event_file/format.ts";
import { storeTest } from "../support/stores.ts";
import { TEAM_SLUG, teamEventFile } from "../support/team_event.ts";

const T0 = () => new Date("2026-05-01T08:00:00.000Z");

async function problems(file: EventFile): Promise<string[]> {
  const result = await validateEventFile(file);
  return result.ok ? [] : result.errors.map((e) => `${e.path}: ${e.message}`);
}

Deno.test("validateEventFile() accepts a team event with ties, line-ups and their matches", async () => {
  assert.deepEqual(await problems(teamEventFile()), []);
});

Deno.test("validateEventFile() names the field of a bad team category", async () => {
  const file = teamEventFile();
  const g = file.categories[0]!;
  delete g.teamFormat;
  assert.deepEqual(await problems(file), [
    'categories[0].teamFormat: A category of kind "team" needs its team format: "wttc", "olympic", ' +
    '"swaythling", "corbillon" or a custom format',
  ]);

  const lineup = teamEventFile();
  const tie = lineup.categories[0]!.matches![0]!.tie!;
  tie.home = { positions: { A: "chn1", B: "chn1", C: "jpn1" } };
  assert.deepEqual(await problems(lineup), [
    'categories[0].matches[0].tie.home: The home line-up puts one player at "A" and "B"',
    'categories[0].matches[0].tie.home.positions.C: Player "jpn1" is not a player of team "CHN"',
    "categories[0].matches[0].tie.matches[0].status: Match 1 of the tie cannot have begun: both line-ups " +
    "are needed first",
    "categories[0].matches[0].tie.matches[1].status: Match 2 of the tie cannot have begun: both line-ups " +
    "are needed first",
    "categories[0].matches[0].tie.matches[2].status: Match 3 of the tie cannot have begun: both line-ups " +
    "are needed first",
    "categories[0].matches[0].tie.matches[3].status: Match 4 of the tie cannot have begun: both line-ups " +
    "are needed first",
  ]);

  const score = teamEventFile();
  score.categories[0]!.matches![0]!.winner = "FRA";
  score.categories[0]!.matches![0]!.tie!.matches!.push({
    order: 5,
    status: "completed",
    games: ["1-11", "1-11", "1-11"],
    winner: "away",
  });
  assert.deepEqual(await problems(score), [
    "categories[0].matches[0].tie.matches[4].status: Match 5 is not needed: the tie was decided 3-1 before it",
    'categories[0].matches[0].winner: The tie\'s matches (3-1) make "CHN" its winner',
  ]);

  const singles = teamEventFile();
  singles.categories[1]!.kind = "singles";
  const found = await problems(singles);
  assert.ok(
    found.includes(
      'categories[1].teamFormat: Only a category of kind "team" has a team format, not "singles"',
    ),
  );
  assert.ok(found.includes("categories[1].entries[0].players: A singles entry needs 1 player, got 3"));
  assert.ok(
    found.includes(
      'categories[1].entries[0].name: Only a team (an entry of a category of kind "team") has a name',
    ),
  );
});

storeTest(
  "importEvent() stores teams, ties and their matches; an export imports again to the same file",
  async (store) => {
    const file = teamEventFile();
    const result = await importEvent(store, file, T0);
    assert.equal(result.changed, true);
    const teams = await store.db.selectFrom("teams").selectAll().execute();
    assert.equal(teams.length, 12);
    const ties = await store.db.selectFrom("ties").selectAll().execute();
    assert.equal(ties.length, 6 + 7);
    const tieMatches = await store.db.selectFrom("matches").selectAll().where("stage", "=", "tie").execute();
    assert.equal(tieMatches.length, 8);
    assert.ok(
      tieMatches.every((m) => m.tie_id !== null && m.tie_stage === "group" && m.tie_match_type === "singles"),
    );
    // The teams' stand-in players are not on the leaderboard; their players are.
    const listed = await store.db.selectFrom("players").select(["display_name"]).where("listed", "=", 1)
      .execute();
    assert.equal(listed.length, 36);
    assert.ok(listed.every((p) => !p.display_name.startsWith("Team ")));

    const exported = await exportEvent(store.db, TEAM_SLUG);
    assert.ok(exported);
    assert.deepEqual(await problems(exported), []);
    const g1 = exported.categories[0]!.matches![0]!;
    assert.equal(g1.tie?.matches?.length, 4);
    assert.equal(exported.categories[0]!.teamFormat, "wttc");
    assert.equal(exported.categories[0]!.entries.length, 4);
    // Importing the export into the same store changes ids of nothing, and exports again to the same file.
    const again = await importEvent(store, {
      ...exported,
      event: { ...exported.event, description: "again" },
    }, T0);
    assert.equal(again.eventId, result.eventId);
    const second = await exportEvent(store.db, TEAM_SLUG);
    assert.deepEqual({ ...second!, event: { ...second!.event, description: "" } }, {
      ...exported,
      event: { ...exported.event, description: "" },
    });
  },
);
