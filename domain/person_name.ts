/**
 * Players' names as printed lists file them: by surname. An import gives one display name per player, written
 * "Given Surname" ("Ana Lopez", "Jan van der Berg"), "Surname, Given" ("Lopez, Ana") or the ITTF's "SURNAME
 * Given" ("LOPEZ Ana", "VAN DER BERG Jan"); the surname is read from that form.
 *
 * @module
 */

/** What stands between the two names of a doubles pair in its entry's name (and its associations). */
export const PAIR_SEPARATOR = " / ";

/** Alphabetical, the way a reader looks a name up (accents and case aside); the players' list is in its order. */
export const NAME_COLLATOR = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** Lower-case particles that belong to the surname that follows them ("van der Berg") but do not file it. */
const PARTICLES = new Set([
  "da",
  "das",
  "de",
  "del",
  "della",
  "den",
  "der",
  "di",
  "do",
  "dos",
  "du",
  "la",
  "le",
  "ten",
  "ter",
  "van",
  "von",
]);

/** A word written in capitals (at least two letters, none lower-case): the ITTF's way of marking a surname. */
const isCapitals = (word: string) => /\p{Lu}.*\p{Lu}/u.test(word) && !/\p{Ll}/u.test(word);

/**
 * The surname of a display name, particles included, and the given names.
 * @example splitName("Jan van der Berg") // { surname: "van der Berg", given: "Jan", filed: "Berg" }
 * @example splitName("LOPEZ Ana") // { surname: "LOPEZ", given: "Ana", filed: "LOPEZ" }
 */
export function splitName(displayName: string): { surname: string; given: string; filed: string } {
  const name = displayName.trim().replace(/\s+/g, " ");
  const comma = name.indexOf(",");
  if (comma > 0) {
    const surname = name.slice(0, comma).trim();
    return { surname, given: name.slice(comma + 1).trim(), filed: filedPart(surname.split(" ")) };
  }
  const words = name.split(" ");
  if (words.length < 2) return { surname: name, given: "", filed: name };
  const capitals = words.findIndex((w) => !isCapitals(w));
  if (capitals > 0) {
    const surname = words.slice(0, capitals);
    return { surname: surname.join(" "), given: words.slice(capitals).join(" "), filed: filedPart(surname) };
  }
  let start = words.length - 1;
  while (start > 1 && PARTICLES.has(words[start - 1] as string)) start--;
  return {
    surname: words.slice(start).join(" "),
    given: words.slice(0, start).join(" "),
    filed: words.at(-1) as string,
  };
}

/** The part of a surname it is filed under: its words after the particles ("VAN DER BERG" under "BERG"). */
function filedPart(words: readonly string[]): string {
  const main = words.filter((w) => !PARTICLES.has(w.toLowerCase()));
  return (main.length ? main : words).join(" ");
}

/**
 * The key a printed list sorts a player by: the surname it is filed under, then the given names, then the rest
 * of the surname. Compare keys with a collator (accents and case aside).
 * @example surnameKey("Ana Lopez") === "Lopez Ana"; surnameKey("Jan van der Berg") === "Berg Jan van der"
 */
export function surnameKey(displayName: string): string {
  const { surname, given, filed } = splitName(displayName);
  const particles = surname === filed ? "" : surname.replace(filed, "").trim();
  return [filed, given, particles].filter((p) => p !== "").join(" ");
}
