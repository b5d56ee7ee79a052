import assert from "node:assert/strict";
import { hashInlineElements } from "../../pages/csp_hashes.ts";
import { contentSecurityPolicy } from "../../pages/security_headers.ts";

const N = "PLACEHOLDER0123456789abcdef";

async function sha256(text: string): Promise<string> {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...d));
}

Deno.test("hashInlineElements() moves every inline script and style from the nonce to its SHA-256", async () => {
  const html = `<!doctype html><html><head><style nonce="${N}">body{color:red}</style></head><body>` +
    `<p>text</p><script nonce="${N}">go("é")</script><script type="module" nonce="${N}">x()</script></body></html>`;
  const hashed = await hashInlineElements(html, contentSecurityPolicy(N), N);
  assert.ok(hashed);
  assert.equal(
    hashed.html,
    `<!doctype html><html><head><style>body{color:red}</style></head><body>` +
      `<p>text</p><script>go("é")</script><script type="module">x()</script></body></html>`,
  );
  assert.ok(!hashed.policy.includes(N));
  assert.ok(
    hashed.policy.includes(`script-src 'sha256-${await sha256('go("é")')}' 'sha256-${await sha256("x()")}'`),
  );
  assert.ok(hashed.policy.includes(`style-src 'sha256-${await sha256("body{color:red}")}'`));
  assert.match(hashed.policy, /^default-src 'none'; /);
  assert.match(hashed.policy, /frame-ancestors 'self'$/);
});

Deno.test("hashInlineElements() allows no script and no style where the page has none", async () => {
  const hashed = await hashInlineElements("<p>plain</p>", contentSecurityPolicy(N), N);
  assert.ok(hashed);
  assert.match(hashed.policy, /script-src 'none'; style-src 'none'/);
});

Deno.test("hashInlineElements() lists a repeated script once", async () => {
  const html = `<script nonce="${N}">a()</script><script nonce="${N}">a()</script>`;
  const hashed = await hashInlineElements(html, contentSecurityPolicy(N), N);
  assert.equal(hashed!.policy.match(/sha256-/g)!.length, 1);
});

Deno.test("hashInlineElements() refuses a page whose nonce appears elsewhere", async () => {
  assert.equal(await hashInlineElements(`<p data-x="${N}"></p>`, contentSecurityPolicy(N), N), null);
  assert.equal(await hashInlineElements(`<link nonce="${N}">`, contentSecurityPolicy(N), N), null);
});
