/**
 * The desk's announcement: one short line the venue TV and the event page show above everything else ("Lunch
 * break until 13:00", "Anna Berg to the desk, please"). Read from across a hall, so it is one line of plain
 * text: whitespace (line breaks included) is folded to single spaces, and characters that would change how the
 * line reads without being seen (control and direction-override characters) are refused rather than kept.
 * @module
 */

/** The longest announcement, in characters: about what a TV shows on one or two lines in large type. */
export const MAX_ANNOUNCEMENT_LENGTH = 200;

/** An announcement that cannot be shown; the message says why, for the desk. */
export class AnnouncementError extends Error {
  override name = "AnnouncementError";
}

// C0 and C1 controls other than whitespace, and the bidirectional overrides and isolates that reorder text.
// deno-lint-ignore no-control-regex
const HIDDEN = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;

/**
 * The announcement to store: trimmed, every run of whitespace one space; null for nothing (which takes the
 * announcement down).
 * @example normalizeAnnouncement("  Lunch break\n until 13:00 ") // "Lunch break until 13:00"
 * @example normalizeAnnouncement("   ") // null
 */
export function normalizeAnnouncement(text: string): string | null {
  const hidden = HIDDEN.exec(text);
  if (hidden) {
    const code = hidden[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
    throw new AnnouncementError(`The announcement contains an invisible control character (U+${code})`);
  }
  const folded = text.replace(/\s+/gu, " ").trim();
  if (folded === "") return null;
  const length = [...folded].length;
  if (length > MAX_ANNOUNCEMENT_LENGTH) {
    throw new AnnouncementError(
      `The announcement is ${length} characters long; at most ${MAX_ANNOUNCEMENT_LENGTH} fit on the TV`,
    );
  }
  return folded;
}
