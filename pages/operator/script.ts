/**
 * Inline scripts of the operator's pages: a browser function written into the page as its own source text
 * (Deno has already stripped the types), called at once with the sources of its helper functions as
 * arguments. Like pages/client_script.ts, the functions must not use anything outside their own body.
 */

/** `(main)(helper1, helper2, ...)` as a script, refused when it could end the script element early. */
export function inlineCall(
  main: (...args: never[]) => void,
  ...helpers: ((...args: never[]) => unknown)[]
): string {
  const code = `(${main.toString()})(${helpers.map((h) => `(${h.toString()})`).join(", ")});`;
  if (/<\/script|<!--/i.test(code)) {
    throw new Error(`Cannot inline the browser script "${main.name}": it contains "</script" or "<!--"`);
  }
  return code;
}
