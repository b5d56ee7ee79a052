import assert from "node:assert/strict";
import { contentSecurityPolicy, makeNonce } from "../../pages/security_headers.ts";

Deno.test("makeNonce() gives 128 random bits as 32 hex digits, different every time", () => {
  const a = makeNonce();
  assert.match(a, /^[0-9a-f]{32}$/);
  const many = new Set(Array.from({ length: 1000 }, () => makeNonce()));
  assert.equal(many.size, 1000);
  assert.ok(!many.has(a));
});

Deno.test("contentSecurityPolicy() allows scripts and styles by nonce only, images from self and data:", () => {
  const csp = contentSecurityPolicy("abc");
  assert.equal(
    csp,
    "default-src 'none'; script-src 'nonce-abc'; style-src 'nonce-abc'; img-src 'self' data:; connect-src 'self'; " +
      "base-uri 'none'; form-action 'self'; frame-ancestors 'self'",
  );
});

Deno.test("contentSecurityPolicy() of an overlay takes injected styles (OBS's Custom CSS) but scripts by nonce only", () => {
  const csp = contentSecurityPolicy("abc", { injectedStyles: true });
  assert.equal(
    csp,
    "default-src 'none'; script-src 'nonce-abc'; style-src 'unsafe-inline'; img-src 'self' data:; " +
      "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'self'",
  );
});
