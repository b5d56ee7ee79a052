/**
 * Inline browser scripts without a bundler: a function of pages/client/ is written into the page as its own
 * source text (Deno has already stripped the types), called at once. The functions must not use anything
 * outside their own body.
 */

/** The source of an immediately called browser function, refused when it could end the script element early. */
export function clientScript(fn: () => void): string {
  const code = `(${fn.toString()})();`;
  if (/<\/script|<!--/i.test(code)) {
    throw new Error(`Cannot inline the browser script "${fn.name}": it contains "</script" or "<!--"`);
  }
  return code;
}
