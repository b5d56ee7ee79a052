/**
 * A rendered page turned from nonces into hashes: every inline `<script>` and `<style>` that carries the given
 * nonce loses it, and the Content-Security-Policy allows exactly those elements by their SHA-256 instead
 * (CSP Level 2 hash sources). A page kept for many answers (http/answer_cache.ts) can then be sent byte for byte
 * the same to everyone, where a nonce would have to change with every response.
 */

/** The page and its policy with hashes, or null when the nonce appears anywhere but on those elements. */
export interface HashedPage {
  html: string;
  policy: string;
}

const encoder = new TextEncoder();

/**
 * The hashes already made, by content: a page's inline scripts and styles are the same few constants, so each is
 * hashed once per process, not for every page kept.
 */
const made = new Map<string, string>();
const MAX_MADE = 512;

async function sha256Base64(text: string): Promise<string> {
  const known = made.get(text);
  if (known !== undefined) return known;
  const hash = await digestBase64(text);
  if (made.size < MAX_MADE) made.set(text, hash);
  return hash;
}

async function digestBase64(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
  let binary = "";
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Replaces the nonce of a page and its policy by the hashes of its inline scripts and styles.
 * @example await hashInlineElements('<script nonce="N">a()</script>', "script-src 'nonce-N'", "N")
 * // { html: "<script>a()</script>", policy: "script-src 'sha256-…'" }
 */
export async function hashInlineElements(
  html: string,
  policy: string,
  nonce: string,
): Promise<HashedPage | null> {
  const n = escapeRegExp(nonce);
  const element = new RegExp(`<(script|style)([^>]*?) nonce="${n}"([^>]*)>([\\s\\S]*?)</\\1>`, "g");
  const hashes = { script: new Set<string>(), style: new Set<string>() };
  const found: { kind: "script" | "style"; content: string }[] = [];
  const stripped = html.replace(
    element,
    (_all, tag: "script" | "style", before: string, after: string, content) => {
      found.push({ kind: tag, content });
      return `<${tag}${before}${after}>${content}</${tag}>`;
    },
  );
  // The nonce anywhere else (an attribute of another element, a text) would be a page this cannot describe.
  if (stripped.includes(nonce)) return null;
  for (const { kind, content } of found) hashes[kind].add(`'sha256-${await sha256Base64(content)}'`);
  const sources = (kind: "script" | "style") => hashes[kind].size ? [...hashes[kind]].join(" ") : "'none'";
  const withHashes = policy
    .replace(new RegExp(`(script-src) 'nonce-${n}'`), (_m, d) => `${d} ${sources("script")}`)
    .replace(new RegExp(`(style-src) 'nonce-${n}'`), (_m, d) => `${d} ${sources("style")}`);
  if (withHashes.includes(nonce)) return null;
  return { html: stripped, policy: withHashes };
}
