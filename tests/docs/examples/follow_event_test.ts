import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { scoreLine } from "../../../docs/examples/follow_event.ts";
import { DEMO_SLUG } from "../../../cli/demo.ts";
import { spawnServer } from "../../support/server.ts";

const EXAMPLE = fileURLToPath(new URL("../../../docs/examples/follow_event.ts", import.meta.url));

Deno.test("scoreLine() says the games and the running game, or that the match is over", () => {
  const m = {
    homeName: "Ana",
    awayName: "Ben",
    gamesWon: { home: 2, away: 1 },
    currentGame: { home: 3, away: 9 },
  };
  assert.equal(scoreLine({ ...m, status: "in_progress" }), "Ana 2-1 Ben (3-9)");
  assert.equal(scoreLine({ ...m, status: "completed" }), "Ana 2-1 Ben (final)");
});

Deno.test({
  name:
    "[example] docs/examples/follow_event.ts follows the demo through its change feed and prints score changes",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    // The demo with its simulation: its running matches score by themselves.
    const server = await spawnServer({ args: ["--simulate"], env: { DEMO: "on" } });
    try {
      const bot = new Deno.Command(Deno.execPath(), {
        args: ["run", "--allow-net=127.0.0.1", EXAMPLE, server.origin, DEMO_SLUG, "--changes", "3"],
        stdout: "piped",
        stderr: "piped",
      });
      const { code, stdout, stderr } = await bot.output();
      const text = new TextDecoder().decode(stdout);
      assert.equal(code, 0, new TextDecoder().decode(stderr));
      const lines = text.trim().split("\n");
      assert.equal(lines.length, 3, text);
      for (const line of lines) assert.match(line, /^.+ \d+-\d+ .+ \((\d+-\d+|final)\)$/);
    } finally {
      await server.dispose();
    }
  },
});
