import assert from "node:assert/strict";
import fc from "fast-check";
import {
  AnnouncementError,
  MAX_ANNOUNCEMENT_LENGTH,
  normalizeAnnouncement,
} from "../../domain/announcement.ts";

Deno.test("normalizeAnnouncement() keeps one line of text, and nothing for blanks", () => {
  assert.equal(normalizeAnnouncement("  Lunch break\n until 13:00 "), "Lunch break until 13:00");
  assert.equal(normalizeAnnouncement("Anna\tBerg  to the desk,\r\nplease"), "Anna Berg to the desk, please");
  assert.equal(
    normalizeAnnouncement("Finale · 15:00 — Zoë Müller vs 张伟 🏓"),
    "Finale · 15:00 — Zoë Müller vs 张伟 🏓",
  );
  assert.equal(normalizeAnnouncement(""), null);
  assert.equal(normalizeAnnouncement(" \n\t "), null);
  assert.equal(normalizeAnnouncement("<b>x</b> & y"), "<b>x</b> & y", "markup is text; the pages escape it");
});

Deno.test("normalizeAnnouncement() refuses what would not fit or could not be seen, saying why", () => {
  assert.equal(
    normalizeAnnouncement("x".repeat(MAX_ANNOUNCEMENT_LENGTH)),
    "x".repeat(MAX_ANNOUNCEMENT_LENGTH),
  );
  // Characters, not UTF-16 units: 200 emoji fit.
  assert.equal(
    [...normalizeAnnouncement("🏓".repeat(MAX_ANNOUNCEMENT_LENGTH))!].length,
    MAX_ANNOUNCEMENT_LENGTH,
  );
  assert.throws(
    () => normalizeAnnouncement("x".repeat(MAX_ANNOUNCEMENT_LENGTH + 1)),
    (e) => e instanceof AnnouncementError && /201 characters long; at most 200/.test(e.message),
  );
  for (
    const [text, code] of [["a\u0000b", "0000"], ["bell\u0007", "0007"], ["\u202eevil", "202E"], [
      "x\u2066y",
      "2066",
    ]]
  ) {
    assert.throws(
      () => normalizeAnnouncement(text!),
      (e) => e instanceof AnnouncementError && e.message.includes(`U+${code}`),
      text,
    );
  }
});

Deno.test("normalizeAnnouncement() gives a single line that normalizes to itself", () => {
  fc.assert(fc.property(fc.string({ unit: "grapheme", maxLength: 60 }), (text) => {
    let shown: string | null;
    try {
      shown = normalizeAnnouncement(text);
    } catch (e) {
      assert.ok(e instanceof AnnouncementError);
      return;
    }
    if (shown === null) return;
    assert.doesNotMatch(shown, /\s\s|^\s|\s$|[\n\r\t]/);
    assert.equal(normalizeAnnouncement(shown), shown);
  }));
});
