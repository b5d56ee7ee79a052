import assert from "node:assert/strict";
import fc from "fast-check";
import { NAME_COLLATOR } from "../../domain/person_name.ts";
import { bySurname, initialOf } from "../../pages/players_page.tsx";

Deno.test("initialOf() files a name under its first letter as the list sorts it, and anything else under #", () => {
  const initials: Record<string, string> = {
    "anna Berg": "A",
    "Émile Zola": "E",
    "Øystein": "O",
    "Łukasz": "L",
    "Ünal": "U",
    "Æsa": "A",
    "zoë": "Z",
    "1st Team": "#",
    "张伟": "#",
    "": "#",
    " Anna": "#", // sorted with the other names that do not start with a letter
  };
  for (const [name, initial] of Object.entries(initials)) {
    assert.equal(initialOf(name), initial, JSON.stringify(name));
  }
});

Deno.test("initialOf() never goes back along a sorted list: each letter's players are together", () => {
  const name = fc.string({ unit: fc.constantFrom(..."aAbBcÉéøØłŁzZ 1-"), minLength: 1, maxLength: 6 });
  fc.assert(fc.property(fc.array(name, { maxLength: 40 }), (names) => {
    const initials = [...names].sort(NAME_COLLATOR.compare).map(initialOf).filter((i) => i !== "#");
    assert.deepEqual(initials, [...initials].sort());
  }));
});

Deno.test("bySurname() orders the players' list by surname as printed lists do, then by the name shown", () => {
  const players = ["Hugo Ives", "Anna Berg", "IVES Carl", "Anna Berg", "Kim de Wit"]
    .map((displayName, i) => ({ id: `p${4 - i}`, displayName }));
  assert.deepEqual(bySurname(players).map((p) => `${p.displayName} ${p.id}`), [
    "Anna Berg p1",
    "Anna Berg p3",
    "IVES Carl p2",
    "Hugo Ives p4",
    "Kim de Wit p0",
  ]);
});
