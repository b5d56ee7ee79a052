/**
 * A long text written over several lines of code: each line break, with the indentation around it, becomes one
 * space, and the text is trimmed.
 * @example prose`
 *   Published events only,
 *   latest first.
 * ` // "Published events only, latest first."
 */
export function prose(strings: TemplateStringsArray, ...values: unknown[]): string {
  return String.raw({ raw: strings }, ...values).trim().replace(/\s*\n\s*/g, " ");
}
