/** A cheap, stable fingerprint of a text: for keys and versions, never for security. */

/**
 * FNV-1a, 32 bits, as 8 hex digits.
 * @example fingerprint("/events") // "205bf53b", on every machine and every run
 */
export function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}
