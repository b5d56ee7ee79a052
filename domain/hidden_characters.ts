/**
 * Characters that change how a line of text reads without being seen: control characters other than whitespace
 * (C0, C1) and format characters (Cf: zero-width spaces, direction marks, overrides and isolates, soft
 * hyphens...). A name or a line shown to a hall with one of them can read as something else than what is stored
 * ("U+202E" turns the rest of a name around), so texts that are shown are refused with one rather than kept.
 * @module
 */

// The zero-width joiner and non-joiner stay: emoji sequences and several scripts need them.
const HIDDEN = /(?![\u200c\u200d])[\p{Cc}\p{Cf}]/u;

/**
 * The first hidden character of a text as "U+XXXX", or null when there is none; whitespace (line breaks and
 * tabs included) is not hidden.
 * @example findHiddenCharacter("Ana\u202eLopez") // "U+202E"
 * @example findHiddenCharacter("Zoë 👨‍👩‍👧") // null
 * @example findHiddenCharacter("Ana\ufeffLopez") // "U+FEFF"
 */
export function findHiddenCharacter(text: string): string | null {
  // U+FEFF (a zero-width no-break space) is whitespace to JavaScript's \s but is seen as nothing.
  const hidden = HIDDEN.exec(text.replace(/(?!\ufeff)\s/gu, " "));
  if (!hidden) return null;
  return `U+${hidden[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
}
