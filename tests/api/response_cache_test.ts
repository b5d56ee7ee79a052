import assert from "node:assert/strict";
import { ResponseCache } from "../../api/response_cache.ts";
import { concurrencyProbe } from "../support/concurrency_probe.ts";

const bytes = (text: string) => new TextEncoder().encode(text);
const HEADERS = { "Content-Type": "application/json", ETag: 'W/"r1"' };

Deno.test("ResponseCache.body() builds once for concurrent requests of the same resource and revision", async () => {
  const cache = new ResponseCache();
  let builds = 0;
  const build = async () => {
    builds++;
    await new Promise((r) => setTimeout(r, 5));
    return "body";
  };
  const bodies = await Promise.all(Array.from({ length: 10 }, () => cache.body("/k", "r1", build, HEADERS)));
  assert.equal(builds, 1);
  for (const b of bodies) assert.deepEqual(b, bytes("body"));
  await cache.body("/k", "r1", build, HEADERS);
  assert.equal(builds, 1, "kept for its revision");
  await cache.body("/k", "r2", build, HEADERS);
  assert.equal(builds, 2, "a new revision builds again");
});

Deno.test("ResponseCache.body() shares a failure with the waiting requests and builds again afterwards", async () => {
  const cache = new ResponseCache();
  let builds = 0;
  const failing = () => {
    builds++;
    return Promise.reject(new Error("not found"));
  };
  const results = await Promise.allSettled([
    cache.body("/k", "r1", failing, HEADERS),
    cache.body("/k", "r1", failing, HEADERS),
  ]);
  assert.deepEqual(results.map((r) => r.status), ["rejected", "rejected"]);
  assert.equal(builds, 1);
  assert.deepEqual(await cache.body("/k", "r1", () => Promise.resolve("ok"), HEADERS), bytes("ok"));
});

Deno.test("ResponseCache.encoded() compresses once per revision and coding", async () => {
  const cache = new ResponseCache();
  const body = bytes("x".repeat(5000));
  await cache.body("/k", "r1", () => Promise.resolve("x".repeat(5000)), HEADERS);
  const [a, b] = await Promise.all([cache.encoded("/k", "r1", "gzip"), cache.encoded("/k", "r1", "gzip")]);
  assert.ok(a && a.length < body.length);
  assert.equal(a, b, "the same bytes, compressed once");
  assert.equal(await cache.encoded("/k", "r2", "gzip"), undefined, "not for another revision");
});

Deno.test("ResponseCache.body() runs at most a few builds at once, in order of arrival", async () => {
  const cache = new ResponseCache();
  const probe = concurrencyProbe();
  const bodies = await Promise.all(
    Array.from(
      { length: 12 },
      (_, i) => cache.body(`/k${i}`, "r1", probe.task(i, () => `body ${i}`), HEADERS),
    ),
  );
  assert.equal(probe.most(), 4);
  assert.deepEqual(probe.started, Array.from({ length: 12 }, (_, i) => i));
  bodies.forEach((b, i) => assert.deepEqual(b, bytes(`body ${i}`)));
});

Deno.test("ResponseCache.body() makes the identity template, whose bytes it keeps (no second copy)", async () => {
  const cache = new ResponseCache();
  const text = JSON.stringify({ data: "é".repeat(200_000) });
  const body = await cache.body("/k", "r1", () => Promise.resolve(text), HEADERS);
  assert.equal(new TextDecoder().decode(body), text, "UTF-8 beyond the first scratch buffer");
  const res = cache.response("/k", "r1", "identity", () => {
    throw new Error("the identity template is made by body()");
  });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("ETag"), 'W/"r1"');
  assert.equal(res.headers.get("Content-Type"), "application/json");
  const before = Deno.memoryUsage().external;
  const sent = await res.bytes();
  assert.equal(sent.buffer, body.buffer, "an answer's bytes are the kept body's memory");
  assert.ok(Deno.memoryUsage().external - before < body.length / 2, "reading an answer copies nothing");
  assert.equal(await cache.body("/k", "r1", () => Promise.resolve("other"), HEADERS), body);
});

Deno.test("ResponseCache.response() clones one template per revision and coding", async () => {
  const cache = new ResponseCache();
  await cache.body("/k", "r1", () => Promise.resolve("hello"), HEADERS);
  let made = 0;
  const make = () => {
    made++;
    return new Response(bytes("hello"), { headers: { ETag: 'W/"r1"' } });
  };
  const a = cache.response("/k", "r1", "identity", make);
  const b = cache.response("/k", "r1", "identity", make);
  assert.notEqual(a, b, "each answer is a response of its own");
  assert.equal(made, 0, "from the template body() made");
  assert.equal(await a.text(), "hello");
  assert.equal(await b.text(), "hello", "reading one leaves the others whole");
  assert.equal(await cache.response("/k", "r1", "identity", make).text(), "hello");
  cache.response("/k", "r1", "gzip", make);
  cache.response("/k", "r1", "gzip", make);
  assert.equal(made, 1, "another coding has a template of its own");
  cache.response("/k", "r2", "identity", make);
  cache.response("/k", "r2", "identity", make);
  assert.equal(made, 3, "not kept for a revision the cache does not hold");
});
