/**
 * The umpire's page runs the rules' own modules in the browser, inlined as source (pages/client_script.ts
 * `moduleScript`): every name they use must be declared in the script. Checked statically (every top-level
 * declaration of each inlined module is exported) and by running the inlined source alone against the modules.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { moduleDeclarations } from "../../../pages/client_script.ts";
import { SCORE_MODULES } from "../../../pages/operator/score_page.tsx";
import { replayUmpire, type UmpireFormat } from "../../../domain/match_replay.ts";
import type { Side } from "../../../domain/scoring.ts";

const FILES = [
  "domain/scoring.ts",
  "domain/service_order.ts",
  "domain/ends.ts",
  "domain/cards.ts",
  "domain/timeouts.ts",
  "domain/expedite.ts",
  "domain/game_point.ts",
  "domain/match_replay.ts",
  "pages/operator/client/clash_words.ts",
  "pages/operator/client/manage_fetch.ts",
  "pages/operator/client/outbox.ts",
  "pages/operator/client/result_words.ts",
  "pages/operator/client/score_projection.ts",
  "pages/operator/client/tap_words.ts",
];

Deno.test("every top-level declaration of the umpire's inlined modules is exported", async () => {
  assert.equal(FILES.length, SCORE_MODULES.length);
  const hidden: string[] = [];
  for (const file of FILES) {
    const text = await Deno.readTextFile(new URL(`../../../${file}`, import.meta.url));
    for (
      const match of text.matchAll(/^(?:async\s+)?(?:function\*?|const|let|var|class)\s+([A-Za-z_$][\w$]*)/gm)
    ) {
      hidden.push(`${file}: ${match[1]}`);
    }
  }
  assert.deepEqual(hidden, []);
});

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
