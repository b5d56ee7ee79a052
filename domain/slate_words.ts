/**
 * The slates that cover a stream's picture and the words each shows unless the producer writes others. Every
 * declaration is exported so that the producer's panel can inline this module (pages/client_script.ts).
 * @module
 */

/** The slates, each with the words it shows unless the producer writes others ("custom" needs them). */
export const SLATE_WORDS = {
  "starting-soon": "Starting soon",
  "break": "Back after the break",
  "technical": "Technical difficulties",
  "custom": "",
} as const;
export type SlateKind = keyof typeof SLATE_WORDS;

/**
 * Whether a slate shows the producer's own words, not its kind's (which each page words in its own language).
 * @example slateHasOwnWords({ kind: "break", text: "Back at 14:00" }) // true
 */
export function slateHasOwnWords(slate: { kind: SlateKind; text: string }): boolean {
  return slate.kind === "custom" || slate.text !== SLATE_WORDS[slate.kind];
}
