import assert from "node:assert/strict";
import fc from "fast-check";
import { splitName, surnameKey } from "../../domain/person_name.ts";

Deno.test("splitName() reads the surname of each way an import writes a name", () => {
  const cases: [string, string, string, string][] = [
    ["Ana Lopez", "Lopez", "Ana", "Lopez"],
    ["Mary Ann Lopez", "Lopez", "Mary Ann", "Lopez"],
    ["Jan van der Berg", "van der Berg", "Jan", "Berg"],
    ["Lopez, Ana", "Lopez", "Ana", "Lopez"],
    ["van der Berg, Jan", "van der Berg", "Jan", "Berg"],
    ["LOPEZ Ana", "LOPEZ", "Ana", "LOPEZ"],
    ["VAN DER BERG Jan", "VAN DER BERG", "Jan", "BERG"],
    ["  Ana   Lopez ", "Lopez", "Ana", "Lopez"],
    ["Pelé", "Pelé", "", "Pelé"],
    ["Ana Lopez-Smith", "Lopez-Smith", "Ana", "Lopez-Smith"],
  ];
  for (const [name, surname, given, filed] of cases) {
    assert.deepEqual(splitName(name), { surname, given, filed }, name);
  }
});

Deno.test("surnameKey() files by surname, then given names", () => {
  const collator = new Intl.Collator("en", { sensitivity: "base" });
  const names = ["Zoe Adams", "Ana Lopez", "Bea Adams", "Jan van der Berg", "LOPEZ Carla", "Émile Zola"];
  const sorted = [...names].sort((a, b) => collator.compare(surnameKey(a), surnameKey(b)));
  assert.deepEqual(sorted, [
    "Bea Adams",
    "Zoe Adams",
    "Jan van der Berg",
    "Ana Lopez",
    "LOPEZ Carla",
    "Émile Zola",
  ]);
});

Deno.test("splitName() keeps every word of the name, in surname or given names", () => {
  const word = fc.string({ unit: fc.constantFrom(..."abcABCéÉ-"), minLength: 1, maxLength: 6 });
  fc.assert(fc.property(fc.array(word, { minLength: 1, maxLength: 5 }), (words) => {
    const name = words.join(" ");
    const { surname, given } = splitName(name);
    assert.deepEqual([...given.split(" "), ...surname.split(" ")].filter(Boolean).sort(), [...words].sort());
  }));
});
