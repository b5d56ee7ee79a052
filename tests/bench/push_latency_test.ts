import assert from "node:assert/strict";
import { measurePushLatency, revisionsNamed } from "../../bench/push_latency.ts";

Deno.test("revisionsNamed() reads the revisions a change frame names for one match", () => {
  const frame = 'id: x\nevent: changes\ndata: {"changes":[{"kind":"match","id":"m1","version":"m7.3"},' +
    '{"kind":"match","id":"m2","version":"m9.1"},{"kind":"match","id":"m1","version":"m8.0"}]}\n\n';
  assert.deepEqual(revisionsNamed(frame, "m1"), [7, 8]);
  assert.deepEqual(revisionsNamed(frame, "m3"), []);
});

Deno.test({
  name: "measurePushLatency() times every point written to its frame, and counts none lost",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    // A stream that sends a frame per tick, as bench/stadium_bare.ts does.
    const streams = new Set<ReadableStreamDefaultController<Uint8Array>>();
    const encoder = new TextEncoder();
    let revision = 0;
    const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, () => {
      const stream = new ReadableStream<Uint8Array>({
        start: (c) => {
          streams.add(c);
          c.enqueue(encoder.encode("event: ready\ndata: {}\n\n"));
        },
        cancel: () => streams.clear(),
      });
      return new Response(stream, { headers: { "Content-Type": "text/event-stream" } });
    });
    const tick = () => {
      revision++;
      const frame =
        `event: changes\ndata: {"changes":[{"kind":"match","id":"m1","version":"m${revision}.0"}]}\n\n`;
      for (const c of streams) c.enqueue(encoder.encode(frame));
      return Promise.resolve();
    };
    try {
      const r = await measurePushLatency(`http://127.0.0.1:${server.addr.port}/`, {}, "m1", tick, 5);
      assert.equal(r.count, 5);
      assert.equal(r.lost, 0);
      assert.ok(r.p50 <= r.p90 && r.p90 <= r.p99);
    } finally {
      for (const c of streams) c.close();
      await server.shutdown();
    }
  },
});
