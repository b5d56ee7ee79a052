/**
 * Inline browser scripts without a bundler: a function of pages/client/ is written into the page as its own
 * source text (Deno has already stripped the types), called at once. The functions must not use anything
 * outside their own body, except the helpers written into the same script before them.
 */
import { liveRegions } from "./client/live_regions.ts";
import { pollWait } from "./client/poll_wait.ts";

/**
 * The source of an immediately called browser function, after the declarations of the helpers it calls (in a
 * scope of their own, so that pages with two scripts define nothing twice); refused when it could end the
 * script element early.
 */
export function clientScript(fn: () => void, helpers: ((...args: never[]) => unknown)[] = []): string {
  const call = `(${fn.toString()})();`;
  const code = helpers.length === 0 ? call : `(() => {\n${helpers.map(String).join("\n")}\n${call}\n})();`;
  if (/<\/script|<!--/i.test(code)) {
    throw new Error(`Cannot inline the browser script "${fn.name}": it contains "</script" or "<!--"`);
  }
  return code;
}

/** The script of every live page: liveRegions and the helper it calls. */
export const LIVE_REGIONS_SCRIPT = clientScript(liveRegions, [pollWait]);
