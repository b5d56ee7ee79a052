import assert from "node:assert/strict";
import { contentSecurityPolicy, makeNonce } from "../../pages/security_headers.ts";

Deno.test("makeNonce() gives 128 random bits in base64, different every time", () => {
  const a = makeNonce();
  assert.match(a, /^[A-Za-z0-9+/]{22}==$/);
  assert.notEqual(a, makeNonce());
});

Deno.test("contentSecurityPolicy() allows scripts and styles by nonce only, images from self and data:", () => {
  const csp = contentSecurityPolicy("abc");
  assert.equal(
    csp,
    "default-src 'none'; script-src 'nonce-abc'; style-src 'nonce-abc'; img-src 'self' data:; connect-src 'self'; " +
      "base-uri 'none'; form-action 'self'; frame-ancestors 'self'",
  );
});
