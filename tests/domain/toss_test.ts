import assert from "node:assert/strict";
import { tossWords } from "../../domain/toss.ts";

Deno.test("tossWords() says the winner's choice and what the other side chooses (Laws 2.13.1, 2.13.2)", () => {
  const names = { home: "Ana", away: "Ben" };
  assert.equal(
    tossWords({ winner: "home", choice: "serve" }, names),
    "Ana won the toss and chose to serve first; Ben chooses the end",
  );
  assert.equal(
    tossWords({ winner: "away", choice: "receive" }, names),
    "Ben won the toss and chose to receive first; Ana chooses the end",
  );
  assert.equal(
    tossWords({ winner: "away", choice: "end" }, names),
    "Ben won the toss and chose the end; Ana chooses to serve or receive first",
  );
});
