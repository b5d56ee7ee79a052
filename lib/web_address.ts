/** Which addresses a page or an app may open from the data it serves. */

/**
 * Whether a poster address is one a page or an app may open: http: or https: only, so that a
 * `javascript:` or `data:` address never reaches a link (as written: no leading space or other scheme that a
 * URL parser would forgive).
 * @example isWebAddress("https://example.org/poster.png") // true; isWebAddress("javascript:alert(1)") // false
 */
export function isWebAddress(value: string): boolean {
  return /^https?:\/\/[^\s/]/i.test(value) && URL.canParse(value);
}
