import assert from "node:assert/strict";
import fc from "fast-check";
import { CACHE_CONTROL, etagFor, fingerprint, ifNoneMatchHits } from "../../http/http_cache.ts";

Deno.test("CACHE_CONTROL is the spec's s-maxage=10 with stale-while-revalidate=30", () => {
  assert.equal(CACHE_CONTROL, "public, s-maxage=10, stale-while-revalidate=30");
});

Deno.test("fingerprint() is FNV-1a as 8 hex digits", () => {
  assert.equal(fingerprint(""), "811c9dc5");
  assert.equal(fingerprint("a"), "e40c292c");
  assert.equal(fingerprint("/events"), "205bf53b");
  fc.assert(fc.property(fc.string(), (s) => /^[0-9a-f]{8}$/.test(fingerprint(s))));
});

Deno.test("etagFor() is weak and changes with the revision and the key", () => {
  assert.equal(etagFor("r42", "/rankings?limit=100&offset=0"), 'W/"r42-2ed1da15"');
  fc.assert(fc.property(fc.nat(), fc.nat(), fc.string(), (a, b, key) => {
    assert.equal(etagFor(`r${a}`, key) === etagFor(`r${b}`, key), a === b);
  }));
});

Deno.test("ifNoneMatchHits() compares weakly, in lists and with *", () => {
  const etag = 'W/"r7-0000abcd"';
  assert.equal(ifNoneMatchHits(etag, etag), true);
  assert.equal(ifNoneMatchHits('"r7-0000abcd"', etag), true, "a strong copy matches weakly");
  assert.equal(ifNoneMatchHits(`"a", W/"b", ${etag}`, etag), true);
  assert.equal(ifNoneMatchHits("*", etag), true);
  assert.equal(ifNoneMatchHits("*", etag, false), false, "* only once the resource is known to exist");
  assert.equal(ifNoneMatchHits(`*, ${etag}`, etag, false), true, "its own ETag needs no look-up");
  assert.equal(ifNoneMatchHits('W/"r6-0000abcd"', etag), false);
  assert.equal(ifNoneMatchHits("", etag), false);
  assert.equal(ifNoneMatchHits(undefined, etag), false);
  assert.equal(ifNoneMatchHits(null, etag), false);
});
