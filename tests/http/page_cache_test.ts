import assert from "node:assert/strict";
import { PAGE_CACHE_CONTROL, PRIVATE_PAGE_CACHE_CONTROL } from "../../http/page_cache.ts";
import { writeMatch } from "../../db/match_writes.ts";
import { silentLogger } from "../../lib/log.ts";
import { createHandler } from "../../main.ts";
import { NOW } from "../support/api_client.ts";
import { tournamentTest } from "../support/tournament_test.ts";

const ctx = { actor: "test", now: NOW };

/** The base64 SHA-256 of a text, as CSP hash sources name it. */
async function sha256(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...digest));
}

tournamentTest(
  "[pages] a public page is cacheable for a short while and revalidates with a 304; its scripts stay allowed",
  async ({ s, store }) => {
    const handler = createHandler({ store, log: silentLogger, clock: () => NOW });
    const get = (path: string, headers: Record<string, string> = {}) =>
      Promise.resolve(handler(new Request(`http://localhost${path}`, { headers })));
    // In the language its URL names: the same page for everyone (tests/pages/i18n/page_language_test.ts has the
    // page whose language the reader's headers chose, which only their browser keeps).
    const path = `/t/${s.event.slug}?lang=en`;
    const first = await get(path);
    assert.equal(first.status, 200);
    assert.equal(first.headers.get("cache-control"), PAGE_CACHE_CONTROL);
    const etag = first.headers.get("etag")!;
    assert.match(etag, /^W\/"p/);
    const html = await first.text();
    // What a CDN keeps is valid as long as it keeps it: every inline script is allowed by its hash, no nonce.
    const policy = first.headers.get("content-security-policy")!;
    assert.doesNotMatch(policy, /nonce-/);
    for (const [, script] of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
      assert.ok(
        policy.includes(`'sha256-${await sha256(script!)}'`),
        "each inline script is allowed by hash",
      );
    }
    // The same page again (kept, then from main's hot path) is the same bytes under the same ETag, and a 304.
    const again = await get(path);
    assert.equal(again.headers.get("etag"), etag);
    assert.equal(await again.text(), html);
    const revalidated = await get(path, { "If-None-Match": etag });
    assert.equal(revalidated.status, 304);
    assert.equal(revalidated.headers.get("etag"), etag);
    assert.equal(revalidated.headers.get("cache-control"), PAGE_CACHE_CONTROL);
    assert.equal(await revalidated.text(), "");
    // A point changes the page: the old ETag gets the new page.
    await writeMatch(store, s.matches.groupRunning, { type: "point", side: "home" }, ctx);
    const changed = await get(path, { "If-None-Match": etag });
    assert.equal(changed.status, 200);
    assert.notEqual(changed.headers.get("etag"), etag);
    await changed.body?.cancel();
  },
);

tournamentTest(
  "[pages] no operator page is cacheable: no-store, no ETag, never a 304",
  async ({ s, store }) => {
    const handler = createHandler({ store, log: silentLogger, clock: () => NOW });
    for (const path of ["/manage", "/score", `/score/${s.matches.groupRunning}`]) {
      for (let i = 0; i < 2; i++) {
        const res = await handler(
          new Request(`http://localhost${path}`, { headers: { "If-None-Match": "*" } }),
        );
        assert.equal(res.status, 200, path);
        assert.equal(res.headers.get("cache-control"), PRIVATE_PAGE_CACHE_CONTROL, path);
        assert.equal(res.headers.get("etag"), null, path);
        assert.match(res.headers.get("content-security-policy")!, /nonce-/, `${path} keeps its fresh nonce`);
        await res.body?.cancel();
      }
    }
  },
);

tournamentTest(
  "[pages] HEAD of a public page has the GET's headers and no body, kept and revalidated with a 304",
  async ({ s, store }) => {
    const handler = createHandler({ store, log: silentLogger, clock: () => NOW });
    const send = (method: string, path: string, headers: Record<string, string> = {}) =>
      Promise.resolve(handler(new Request(`http://localhost${path}`, { method, headers })));
    for (const path of [`/t/${s.event.slug}`, `/m/${s.matches.groupRunning}`]) {
      // HEAD first: it keeps the page as its GET would.
      const head = await send("HEAD", path, { "Accept-Encoding": "gzip" });
      assert.equal(head.status, 200, path);
      assert.equal(await head.text(), "", `${path}: no body`);
      const get = await send("GET", path, { "Accept-Encoding": "gzip" });
      const body = new Uint8Array(await get.arrayBuffer());
      const etag = get.headers.get("etag")!;
      assert.match(etag, /^W\/"p/);
      for (
        const name of ["etag", "cache-control", "content-type", "content-encoding", "content-security-policy"]
      ) {
        assert.equal(head.headers.get(name), get.headers.get(name), `${path}: ${name}`);
      }
      assert.equal(head.headers.get("content-length"), String(body.byteLength), `${path}: the GET's length`);
      const revalidated = await send("HEAD", path, { "Accept-Encoding": "gzip", "If-None-Match": etag });
      assert.equal(revalidated.status, 304, path);
      assert.equal(revalidated.headers.get("etag"), etag);
      assert.equal(await revalidated.text(), "");
    }
    // A point: the HEAD with the old ETag gets the new page's headers.
    const path = `/m/${s.matches.groupRunning}`;
    const etag = (await send("HEAD", path)).headers.get("etag")!;
    await writeMatch(store, s.matches.groupRunning, { type: "point", side: "home" }, ctx);
    const changed = await send("HEAD", path, { "If-None-Match": etag });
    assert.equal(changed.status, 200);
    assert.notEqual(changed.headers.get("etag"), etag);
    // An operator page stays uncacheable under HEAD too.
    const manage = await send("HEAD", "/manage", { "If-None-Match": "*" });
    assert.equal(manage.status, 200);
    assert.equal(manage.headers.get("cache-control"), PRIVATE_PAGE_CACHE_CONTROL);
    assert.equal(manage.headers.get("etag"), null);
  },
);
