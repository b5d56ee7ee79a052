import assert from "node:assert/strict";
import { securityTxt } from "../../api/security_txt.ts";
import { silentLogger } from "../../lib/log.ts";
import { createApp } from "../../main.ts";
import { storeTest } from "../support/stores.ts";

const NOW = new Date("2026-12-04T23:30:00Z");

storeTest(
  "[api] GET /.well-known/security.txt serves the operator's contact (RFC 9116), or 404 without one",
  async (store) => {
    const app = createApp({
      store,
      log: silentLogger,
      clock: () => NOW,
      securityContact: "mailto:sec@example.org",
    });
    const res = await app.request("/.well-known/security.txt");
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("Content-Type"), "text/plain; charset=UTF-8");
    assert.equal(
      await res.text(),
      "Contact: mailto:sec@example.org\nExpires: 2027-06-02T00:00:00.000Z\nPreferred-Languages: en\n",
    );
    const none = await createApp({ store, log: silentLogger, clock: () => NOW }).request(
      "/.well-known/security.txt",
    );
    assert.equal(none.status, 404);
    assert.match(await none.text(), /SECURITY_CONTACT/);
  },
);

Deno.test("securityTxt() expires 180 days after the current day, under the year RFC 9116 recommends", () => {
  const text = securityTxt("https://example.org/security", new Date("2027-01-01T00:00:00Z"));
  assert.match(text, /^Contact: https:\/\/example\.org\/security\nExpires: 2027-06-30T00:00:00\.000Z\n/);
});
