import assert from "node:assert/strict";
import { ownNameFirst } from "../../pages/player_page.tsx";

Deno.test("ownNameFirst() puts the followed player first in a doubles pair and leaves anything else alone", () => {
  assert.equal(ownNameFirst("Anna Berg / Hugo Ives", "Hugo Ives"), "Hugo Ives / Anna Berg");
  assert.equal(ownNameFirst("Hugo Ives / Anna Berg", "Hugo Ives"), "Hugo Ives / Anna Berg");
  assert.equal(ownNameFirst("Hugo Ives", "Hugo Ives"), "Hugo Ives");
  // Not the player's pair, or a name that only contains the player's: as it is.
  assert.equal(ownNameFirst("Anna Berg / Bea Carter", "Hugo Ives"), "Anna Berg / Bea Carter");
  assert.equal(ownNameFirst("Anna Berg / Hugo Ivesson", "Hugo Ives"), "Anna Berg / Hugo Ivesson");
});
