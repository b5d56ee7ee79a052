import assert from "node:assert/strict";
import type { ClashPlayer } from "../../domain/clashes.ts";
import { type CallableMatch, suggestMatches } from "../../domain/next_matches.ts";

const person = (name: string): ClashPlayer => ({ id: `p-${name}`, name });
const [anna, ben, cleo, dan, eva, finn, gus, hal] = [
  person("Anna"),
  person("Ben"),
  person("Cleo"),
  person("Dan"),
  person("Eva"),
  person("Finn"),
  person("Gus"),
  person("Hal"),
] as const;

const NOW = new Date("2026-11-28T10:00:00.000Z");

function makeMatch(overrides: Partial<CallableMatch> & { id: string }): CallableMatch {
  return {
    status: "scheduled",
    tableNo: null,
    scheduledAt: null,
    players: [],
    ready: true,
    ...overrides,
  };
}

Deno.test("suggestMatches() gives each free table the first ready match, each match and player once", () => {
  assert.deepEqual(
    suggestMatches(
      [
        makeMatch({ id: "m1", players: [anna, ben] }),
        makeMatch({ id: "m2", players: [anna, cleo] }),
        makeMatch({ id: "m3", players: [cleo, dan] }),
        makeMatch({ id: "m4", players: [eva, finn] }),
      ],
      [3, 1, 2],
      NOW,
    ),
    [{ tableNo: 1, matchId: "m1" }, { tableNo: 2, matchId: "m3" }, { tableNo: 3, matchId: "m4" }],
  );
});

Deno.test("suggestMatches() skips busy tables, players on court and doubles partners alike", () => {
  assert.deepEqual(
    suggestMatches(
      [
        makeMatch({ id: "live", status: "in_progress", tableNo: 1, players: [anna, ben, cleo, dan] }),
        makeMatch({ id: "singles", players: [cleo, eva] }),
        makeMatch({ id: "free", players: [finn, gus] }),
      ],
      [1, 2],
      NOW,
    ),
    [{ tableNo: 2, matchId: "free" }],
  );
});

Deno.test("suggestMatches() proposes a free table's planned match there, and keeps that match's players for it", () => {
  assert.deepEqual(
    suggestMatches(
      [
        makeMatch({ id: "planned", tableNo: 2, players: [anna, ben] }),
        makeMatch({ id: "m1", players: [anna, cleo] }),
        makeMatch({ id: "m2", players: [dan, eva] }),
      ],
      [1, 2],
      NOW,
    ),
    [{ tableNo: 1, matchId: "m2" }, { tableNo: 2, matchId: "planned", onTable: true }],
  );
});

Deno.test("suggestMatches() passes over a skipped planned match to the table's next one that can be played", () => {
  const at = (hhmm: string) => `2026-11-28T${hhmm}:00.000Z`;
  const plan = [
    makeMatch({ id: "first", tableNo: 1, scheduledAt: at("10:00"), players: [anna, ben] }),
    makeMatch({ id: "second", tableNo: 1, scheduledAt: at("10:20"), players: [cleo, dan] }),
    makeMatch({ id: "third", tableNo: 1, scheduledAt: at("10:30"), players: [eva, finn] }),
  ];
  assert.deepEqual(suggestMatches(plan, [1], NOW), [{ tableNo: 1, matchId: "first", onTable: true }]);
  const skipped = [{ ...plan[0]!, skipped: true }, plan[1]!, plan[2]!];
  assert.deepEqual(suggestMatches(skipped, [1], NOW), [{ tableNo: 1, matchId: "second", onTable: true }]);
  // Cleo is on court elsewhere: the next match that can be played is the third (due within half an hour).
  const busy = [
    makeMatch({ id: "live", status: "in_progress", tableNo: 5, players: [cleo, gus] }),
    ...skipped,
  ];
  assert.deepEqual(suggestMatches(busy, [1, 5], NOW), [{ tableNo: 1, matchId: "third", onTable: true }]);
});

Deno.test("suggestMatches() never proposes a player called to another table, nor a table with a call standing", () => {
  const calledAt = "2026-11-28T09:55:00.000Z";
  assert.deepEqual(
    suggestMatches(
      [
        // Anna was called to table 3 while she still plays on table 1.
        makeMatch({ id: "live", status: "in_progress", tableNo: 1, players: [anna, ben] }),
        makeMatch({ id: "called", tableNo: 3, calledAt, players: [anna, cleo] }),
        makeMatch({ id: "anna-again", tableNo: 2, players: [anna, dan] }),
        makeMatch({ id: "cleo-again", players: [cleo, eva] }),
        makeMatch({ id: "free", players: [finn, gus] }),
      ],
      [1, 2, 3],
      NOW,
    ),
    [{ tableNo: 2, matchId: "free" }],
  );
});

Deno.test("suggestMatches() offers another match when the planned one waits for a player on court", () => {
  assert.deepEqual(
    suggestMatches(
      [
        makeMatch({ id: "live", status: "in_progress", tableNo: 1, players: [anna, ben] }),
        makeMatch({ id: "planned", tableNo: 2, players: [anna, cleo] }),
        makeMatch({ id: "m1", players: [dan, eva] }),
      ],
      [1, 2],
      NOW,
    ),
    [{ tableNo: 2, matchId: "m1" }],
  );
});

Deno.test("suggestMatches() suggests nothing unplayable: unknown sides, finished, assigned elsewhere", () => {
  assert.deepEqual(
    suggestMatches(
      [
        makeMatch({ id: "tbd", ready: false, players: [anna] }),
        makeMatch({ id: "nobody", players: [] }),
        makeMatch({ id: "done", status: "completed", players: [gus, hal] }),
        makeMatch({ id: "other", tableNo: 9, players: [cleo, dan] }),
        makeMatch({ id: "live", status: "in_progress", tableNo: 9, players: [eva, finn] }),
      ],
      [1],
      NOW,
    ),
    [],
  );
  assert.deepEqual(suggestMatches([makeMatch({ id: "m1", players: [anna, ben] })], [], NOW), []);
});

Deno.test("suggestMatches() calls a match with a time from half an hour before it, and only then holds a table for it", () => {
  const matches = [
    makeMatch({ id: "afternoon", scheduledAt: "2026-11-28T15:00:00.000Z", players: [anna, ben] }),
    makeMatch({ id: "soon", scheduledAt: "2026-11-28T10:30:00.000Z", players: [cleo, dan] }),
    makeMatch({
      id: "later-here",
      tableNo: 3,
      scheduledAt: "2026-11-28T16:00:00.000Z",
      players: [eva, finn],
    }),
    makeMatch({ id: "any", players: [eva, gus] }),
  ];
  assert.deepEqual(suggestMatches(matches, [1, 3], NOW), [
    { tableNo: 1, matchId: "soon" },
    { tableNo: 3, matchId: "any" },
  ]);
  assert.deepEqual(suggestMatches(matches, [1, 2, 3], new Date("2026-11-28T14:45:00.000Z")), [
    { tableNo: 1, matchId: "afternoon" },
    { tableNo: 2, matchId: "soon" },
    { tableNo: 3, matchId: "any" },
  ]);
});
