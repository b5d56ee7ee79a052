import assert from "node:assert/strict";
import { findHiddenCharacter } from "../../domain/hidden_characters.ts";

Deno.test("findHiddenCharacter() names the first control or format character that changes a text unseen", () => {
  assert.equal(findHiddenCharacter("Ana Lopez"), null);
  assert.equal(findHiddenCharacter("Zoë Müller 张伟 🏓"), null);
  assert.equal(findHiddenCharacter("👨‍👩‍👧"), null, "the zero-width joiner stays: emoji sequences need it");
  assert.equal(findHiddenCharacter("line\nbreak\tand tab"), null, "whitespace is not hidden");
  assert.equal(findHiddenCharacter("abc\u202Eevil"), "U+202E");
  assert.equal(findHiddenCharacter("x\u2066y\u2069"), "U+2066");
  assert.equal(findHiddenCharacter("soft\u00ADhyphen"), "U+00AD");
  assert.equal(findHiddenCharacter("nul\u0000"), "U+0000");
  assert.equal(findHiddenCharacter("zero\u200Bwidth"), "U+200B");
  assert.equal(findHiddenCharacter("zero\uFEFFwidth"), "U+FEFF", "JavaScript's \\s takes it for a space");
});
