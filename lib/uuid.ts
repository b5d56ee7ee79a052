/** UUID-shaped values: what every id of the store looks like. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a value is UUID-shaped (8-4-4-4-12 hex digits, either case).
 * @example isUuid("0b6ad3c4-9a2e-4c8e-8a8f-1d2e3f4a5b6c") // true; isUuid("42") // false
 */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
