import assert from "node:assert/strict";
import { Hono } from "hono";
import { headLength } from "../../http/head_length.ts";

function app(): Hono {
  const app = new Hono();
  app.use("*", headLength());
  app.get("/text", (c) => c.text("x".repeat(1234)));
  app.get("/br", () => new Response(new Uint8Array(77), { headers: { "Content-Encoding": "br" } }));
  app.get("/empty", () => new Response(null, { status: 204 }));
  app.get("/missing", (c) => c.text("Not found here", 404));
  return app;
}

Deno.test("headLength(): a HEAD answer states the length of the GET's body, in the coding sent", async () => {
  for (const [path, length] of [["/text", 1234], ["/br", 77], ["/missing", 14]] as const) {
    const get = await app().request(path);
    assert.equal((await get.arrayBuffer()).byteLength, length);
    const head = await app().request(path, { method: "HEAD" });
    assert.equal(head.status, get.status, path);
    assert.equal(head.headers.get("content-length"), String(length), path);
    assert.equal(head.body, null, `${path}: no body`);
  }
  const br = await app().request("/br", { method: "HEAD" });
  assert.equal(br.headers.get("content-encoding"), "br");
});

Deno.test("headLength(): GET and bodiless answers are left alone", async () => {
  const get = await app().request("/text");
  assert.equal(get.headers.get("content-length"), null);
  assert.equal((await get.text()).length, 1234);
  const empty = await app().request("/empty", { method: "HEAD" });
  assert.equal(empty.status, 204);
  assert.equal(empty.headers.get("content-length"), null);
});
