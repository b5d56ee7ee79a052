import assert from "node:assert/strict";
import { constantBody, sameAnswers } from "../../bench/baseline.ts";

Deno.test("constantBody() is JSON of exactly the size asked for", () => {
  const body = constantBody(5000);
  assert.equal(new TextEncoder().encode(body).length, 5000);
  assert.ok(JSON.parse(body).data.pad.length > 0);
});

Deno.test("sameAnswers() sends the origin's answer of a path, fetched once and then kept", async () => {
  let asked = 0;
  const origin = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, (req) => {
    asked++;
    const coding = req.headers.get("accept-encoding");
    return new Response(`{"path":"${new URL(req.url).pathname}","coding":"${coding}"}`, {
      status: new URL(req.url).pathname === "/missing" ? 404 : 200,
      headers: { "Content-Type": "application/json", "ETag": 'W/"e1"', "Vary": "Accept-Encoding" },
    });
  });
  try {
    const same = sameAnswers(`http://127.0.0.1:${origin.addr.port}`);
    const first = await same("/api/v1/x");
    const second = await same("/api/v1/x");
    assert.equal(asked, 1, "the second answer is the kept one");
    for (const res of [first, second]) {
      assert.equal(res.status, 200);
      assert.equal(res.headers.get("etag"), 'W/"e1"');
      assert.equal(res.headers.get("vary"), "Accept-Encoding");
      assert.equal(res.headers.get("date"), null, "the runtime sets its own date");
      assert.deepEqual(await res.json(), { path: "/api/v1/x", coding: "identity" });
    }
    assert.equal((await same("/missing")).status, 404, "the origin's status too");
    await (await same("/missing")).body?.cancel();
  } finally {
    await origin.shutdown();
  }
});
