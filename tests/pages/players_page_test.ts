import assert from "node:assert/strict";
import fc from "fast-check";
import { NAME_COLLATOR } from "../../db/read_players.ts";
import { initialOf } from "../../pages/players_page.tsx";

Deno.test("initialOf() files a name under its first letter as the list sorts it, and anything else under #", () => {
  assert.equal(initialOf("anna Berg"), "A");
  assert.equal(initialOf("Émile Zola"), "E");
  assert.equal(initialOf("Øystein"), "O");
  assert.equal(initialOf("Łukasz"), "L");
  assert.equal(initialOf("Ünal"), "U");
  assert.equal(initialOf("Æsa"), "A");
  assert.equal(initialOf("zoë"), "Z");
  assert.equal(initialOf("1st Team"), "#");
  assert.equal(initialOf("张伟"), "#");
  assert.equal(initialOf(""), "#");
  assert.equal(initialOf(" Anna"), "#"); // sorted with the other names that do not start with a letter
});

Deno.test("initialOf() never goes back along a sorted list: each letter's players are together", () => {
  const name = fc.string({ unit: fc.constantFrom(..."aAbBcÉéøØłŁzZ 1-"), minLength: 1, maxLength: 6 });
  fc.assert(fc.property(fc.array(name, { maxLength: 40 }), (names) => {
    const initials = [...names].sort(NAME_COLLATOR.compare).map(initialOf).filter((i) => i !== "#");
    assert.deepEqual(initials, [...initials].sort());
  }));
});
