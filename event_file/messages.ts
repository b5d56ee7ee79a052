/** How a problem's message shows values, lists and counts. */

/** A value as a message shows it: strings quoted, long values cut. */
export function describeValue(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  const text = typeof value === "string" ? JSON.stringify(value) : String(value);
  return text.length > 60 ? `${text.slice(0, 57)}..."` : text;
}

/** Values quoted and joined with commas: `"a", "b"`. */
export function quoteList(values: readonly string[]): string {
  return values.map((v) => `"${v}"`).join(", ");
}

/** A count and its word, with an "s" unless the count is 1: `plural(2, "round")` is "2 rounds". */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/**
 * A value as a problem's `params` give it, the same in every language: JSON text, a long one cut, an array or
 * object as "[…]" or "{…}", nothing as "".
 * @example valueParam("abc") // '"abc"'
 */
export function valueParam(value: unknown): string {
  if (value === undefined) return "";
  if (Array.isArray(value)) return "[…]";
  if (value !== null && typeof value === "object") return "{…}";
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…${typeof value === "string" ? '"' : ""}` : text;
}
