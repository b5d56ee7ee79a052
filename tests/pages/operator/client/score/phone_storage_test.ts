/** What the umpire's phone keeps: the token, its device id, the matches' last answers, the returns counted. */
import assert from "node:assert/strict";
import { knownMatch, matchKey, remember } from "../../../../../pages/operator/client/score/known_matches.ts";
import { DEVICE_KEY, SCORE_TOKEN_KEY } from "../../../../../pages/operator/client/score/page.ts";
import { returns, setReturns } from "../../../../../pages/operator/client/score/returns_counter.ts";
import { deviceId, storedToken } from "../../../../../pages/operator/client/score/scorer_token.ts";
import type { ScoringMatch } from "../../../../../pages/operator/client/score/score_projection.ts";
import { ADMIN_TOKEN_KEY } from "../../../../../pages/operator/client/token_entry.ts";
import { memoryStorage } from "../memory_storage.ts";
import { projected, rallies, scoringMatch } from "./fixtures.ts";

Deno.test("storedToken() prefers the page's own token to the admin token /manage keeps", () => {
  const store = memoryStorage();
  assert.equal(storedToken(store), "");
  store.setItem(ADMIN_TOKEN_KEY, "tt_admin");
  assert.equal(storedToken(store), "tt_admin");
  store.setItem(SCORE_TOKEN_KEY, "tt_scorer");
  assert.equal(storedToken(store), "tt_scorer");
});

Deno.test("deviceId() makes the phone's id once and keeps it", () => {
  const store = memoryStorage();
  const id = deviceId(store);
  assert.match(id, /^[0-9a-f-]{36}$/);
  assert.equal(store.getItem(DEVICE_KEY), id);
  assert.equal(deviceId(store), id);
});

Deno.test("remember() keeps a match's latest answer and never an older revision over it", () => {
  const page = { known: new Map<string, ScoringMatch>(), store: memoryStorage() };
  remember(page, scoringMatch({ revision: 5 }));
  remember(page, scoringMatch({ revision: 4, homeName: "Old" }));
  assert.equal(knownMatch(page, "m1")?.revision, 5);
  // A reload reads it back from storage.
  assert.equal(knownMatch({ known: new Map(), store: page.store }, "m1")?.homeName, "Anna Berg");
  page.store.setItem(matchKey("m2"), "{not json");
  assert.equal(knownMatch(page, "m2"), null);
});

Deno.test("returns() counts the good returns of the rally under way, and starts again when the score moves", () => {
  const store = memoryStorage();
  const before = projected(rallies("ha")).p;
  assert.equal(returns(store, "m1", before), 0);
  setReturns(store, "m1", before, 7);
  assert.equal(returns(store, "m1", before), 7);
  assert.equal(returns(store, "m1", projected(rallies("hah")).p), 0);
  assert.equal(returns(store, "m2", before), 0);
});
