/**
 * The umpire's page runs the rules' own modules in the browser, inlined as source (pages/client_script.ts
 * `moduleScript`): the inlined source alone replays a match as the modules do. That every name they use is
 * declared in the script is checked for every page by tests/pages/page_scripts_test.ts.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { moduleDeclarations } from "../../../pages/client_script.ts";
import { SCORE_MODULES } from "../../../pages/operator/score_page.tsx";
import { replayUmpire, type UmpireFormat } from "../../../domain/match_replay.ts";
import type { Side } from "../../../domain/scoring.ts";

Deno.test("the inlined rules alone replay a match as the domain does", () => {
  const inlined = new Function(`${moduleDeclarations(...SCORE_MODULES)}\nreturn { replayUmpire };`)() as {
    replayUmpire: typeof replayUmpire;
  };
  const side = fc.constantFrom<Side>("home", "away");
  fc.assert(
    fc.property(
      fc.record({ bestOf: fc.constantFrom(3, 5), firstServer: side, doubles: fc.boolean() }),
      fc.array(side, { maxLength: 120, size: "max" }),
      (f, raw) => {
        const format: UmpireFormat = {
          ...f,
          order: f.doubles ? { server: "home1", receiver: "away2" } : null,
        };
        const points: Side[] = [];
        for (const p of raw) {
          if (replayUmpire({ points }, format).finished) break;
          points.push(p);
        }
        const incidents = [{
          kind: "timeout" as const,
          side: "away" as const,
          afterPoints: Math.min(3, points.length),
        }];
        assert.deepEqual(
          JSON.parse(JSON.stringify(inlined.replayUmpire({ points, incidents }, format))),
          JSON.parse(JSON.stringify(replayUmpire({ points, incidents }, format))),
        );
      },
    ),
    { numRuns: 200 },
  );
});
