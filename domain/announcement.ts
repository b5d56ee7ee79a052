/**
 * The desk's announcement: one short line the venue TV and the event page show above everything else ("Lunch
 * break until 13:00", "Anna Berg to the desk, please"). Read from across a hall, so it is one line of plain
 * text: whitespace (line breaks included) is folded to single spaces, and characters that would change how the
 * line reads without being seen (control and direction-override characters) are refused rather than kept.
 * @module
 */

import { findHiddenCharacter } from "./hidden_characters.ts";

/** The longest announcement, in characters: about what a TV shows on one or two lines in large type. */
export const MAX_ANNOUNCEMENT_LENGTH = 200;

/** An announcement that cannot be shown; the message says why, for the desk. */
export class AnnouncementError extends Error {
  override name = "AnnouncementError";
}

// A run of combining marks longer than any script writes over one letter: it would draw over the lines around.
const MAX_MARKS = 4;
const MARK_RUN = new RegExp(`\\p{M}{${MAX_MARKS + 1},}`, "u");

/**
 * The announcement to store: trimmed, every run of whitespace one space; null for nothing (which takes the
 * announcement down).
 * @example normalizeAnnouncement("  Lunch break\n until 13:00 ") // "Lunch break until 13:00"
 * @example normalizeAnnouncement("   ") // null
 */
export function normalizeAnnouncement(text: string): string | null {
  const hidden = findHiddenCharacter(text);
  if (hidden) {
    throw new AnnouncementError(`The announcement contains an invisible control character (${hidden})`);
  }
  const folded = text.replace(/\s+/gu, " ").trim();
  if (folded === "") return null;
  if (MARK_RUN.test(folded)) {
    throw new AnnouncementError(
      `The announcement stacks more than ${MAX_MARKS} accents or other marks on one letter`,
    );
  }
  const length = [...folded].length;
  if (length > MAX_ANNOUNCEMENT_LENGTH) {
    throw new AnnouncementError(
      `The announcement is ${length} characters long; at most ${MAX_ANNOUNCEMENT_LENGTH} fit on the TV`,
    );
  }
  return folded;
}
