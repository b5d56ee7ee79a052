import assert from "node:assert/strict";
import { changeConcerns, pushWanted } from "../../../pages/client/push_stream.ts";

Deno.test("[pages] pushWanted() pushes the pages of an event, and an overlay only with push=1", () => {
  const match = ["/api/v1/matches/m1"];
  assert.equal(pushWanted("/m/m1", "", match), true);
  assert.equal(pushWanted("/t/open/tv", "", ["/api/v1/events/open"]), true);
  assert.equal(pushWanted("/overlay/match/m1", "", match), false);
  assert.equal(pushWanted("/overlay/match/m1", "?scale=1&push=1", match), true);
  assert.equal(pushWanted("/overlay/match/m1", "?push=0", match), false);
  // A player's card watches no event: nothing to listen to.
  assert.equal(pushWanted("/p/x", "", ["/api/v1/players/x"]), false);
});

Deno.test("[pages] changeConcerns() wakes a page for its own resources, and for any change when the feed cannot say", () => {
  const watch = ["/api/v1/matches/m1", "/api/v1/subevents/s1/matches"];
  assert.equal(changeConcerns(watch, ["/api/v1/matches/m2"]), false);
  assert.equal(changeConcerns(watch, ["/api/v1/matches/m2", "/api/v1/subevents/s1/matches"]), true);
  assert.equal(changeConcerns(["/api/v1/ties/t1"], ["/api/v1/matches/m2"]), true);
  assert.equal(changeConcerns(["/api/v1/events/open/matches?status=live"], ["/api/v1/events/open"]), true);
  assert.equal(changeConcerns(["/api/v1/ties/t1"], []), false);
});
