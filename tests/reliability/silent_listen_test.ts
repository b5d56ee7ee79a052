/**
 * Silent staleness across instances: instance B reaches PostgreSQL through a TCP proxy of the test (on
 * 127.0.0.1) that, once told to, silently drops B's LISTEN connection (stops forwarding either way without
 * closing it), as a NAT or load-balancer idle timeout or a transaction pooler does; instance A writes directly.
 * B must notice, read the revision from the store meanwhile (A's write visible on B within 10 s: a cap, polled
 * for, not a measure of speed), log it once, and log once more when its channel is back. Skipped, with the
 * reason in its name, without the PostgreSQL binaries.
 */
import assert from "node:assert/strict";
import { postgresServerTest, prepareStore, reportFigure, spawnedServerNow } from "../support/server.ts";
import { demoWithAdmin } from "../support/demo_store.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A write of A must show on B within this long (a cap on polling, not a timing assertion). */
const VISIBLE_WITHIN_MS = 10_000;

/**
 * A TCP proxy to `target` on 127.0.0.1 that tells the LISTEN connections apart (the client sent `LISTEN`), and,
 * while `dropListen` is on, stops forwarding theirs in both directions without closing them: bytes are read and
 * thrown away, as a silent network drop does.
 */
function listenDroppingProxy(target: number) {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const conns: Deno.Conn[] = [];
  let dropListen = false;
  let listens = 0;
  let dropped = 0;
  const pump = async (
    from: Deno.Conn,
    to: Deno.Conn,
    side: { listen: boolean; frozen: boolean },
    up: boolean,
  ) => {
    const buf = new Uint8Array(64 * 1024);
    const decoder = new TextDecoder("latin1");
    try {
      while (true) {
        const n = await from.read(buf);
        if (n === null) break;
        const chunk = buf.subarray(0, n);
        if (up && !side.listen && /LISTEN /i.test(decoder.decode(chunk))) {
          side.listen = true;
          listens++;
        }
        if (side.listen && dropListen && !side.frozen) {
          side.frozen = true;
          dropped++;
        }
        if (side.frozen) continue;
        let written = 0;
        while (written < chunk.length) written += await to.write(chunk.subarray(written));
      }
    } catch {
      // A side closed: the other is closed below.
    }
    if (!side.frozen) {
      try {
        to.close();
      } catch {
        // Closed already.
      }
    }
  };
  const accepting = (async () => {
    for await (const client of listener) {
      const server = await Deno.connect({ hostname: "127.0.0.1", port: target }).catch(() => null);
      if (!server) {
        client.close();
        continue;
      }
      conns.push(client, server);
      const side = { listen: false, frozen: false };
      void pump(client, server, side, true);
      void pump(server, client, side, false);
    }
  })().catch(() => {});
  return {
    port: (listener.addr as Deno.NetAddr).port,
    /** LISTEN connections seen, and how many of them were dropped. */
    stats: () => ({ listens, dropped }),
    setDropListen(on: boolean) {
      dropListen = on;
    },
    async close() {
      listener.close();
      for (const c of conns) {
        try {
          c.close();
        } catch {
          // Closed already.
        }
      }
      await accepting;
    },
  };
}

async function announcementOn(origin: string): Promise<string | null> {
  const res = await fetch(`${origin}/api/v1/events/demo-open-2026`, { signal: AbortSignal.timeout(5000) });
  if (res.status !== 200) {
    await res.body?.cancel();
    return null;
  }
  return (await res.json()).data.event.announcement?.text ?? null;
}

/** Polls B until it shows `text`; returns how long that took, or Infinity past the cap. */
async function untilShown(origin: string, text: string): Promise<number> {
  const t0 = performance.now();
  while (performance.now() - t0 < VISIBLE_WITHIN_MS) {
    if (await announcementOn(origin).catch(() => null) === text) return performance.now() - t0;
    await sleep(200);
  }
  return Infinity;
}

postgresServerTest(
  "[instances] a silently dropped LISTEN connection: B sees A's write within 10 s, logs it once, recovers",
  "[instances] a silently dropped LISTEN connection (skipped: no PostgreSQL 15 binaries)",
  async ({ db, spawn }) => {
    const proxy = listenDroppingProxy(db.port);
    try {
      const admin = await prepareStore(
        db.url,
        (store) => demoWithAdmin(store, "instances", spawnedServerNow()),
      );
      const a = await spawn();
      const b = await spawn({
        databaseUrl: db.url.replace(`:${db.port}/`, `:${proxy.port}/`),
      });
      const announce = async (text: string) => {
        const res = await fetch(`${a!.origin}/api/manage/events/demo-open-2026/announcement`, {
          method: "PUT",
          headers: { Authorization: `Bearer ${admin}`, "Content-Type": "application/json" },
          body: JSON.stringify({ text }),
        });
        assert.equal(res.status, 200, await res.text());
      };

      // B listens through the proxy, and its answers follow A's writes.
      for (let i = 0; i < 100 && proxy.stats().listens === 0; i++) await sleep(100);
      assert.ok(proxy.stats().listens >= 1, "B's LISTEN connection goes through the proxy");
      await announce("Before the drop");
      const live = await untilShown(b.origin, "Before the drop");
      assert.ok(Number.isFinite(live), "with its channel up, B sees A's write");

      // The drop: B's LISTEN connection goes silent; A writes; B must show it anyway.
      proxy.setDropListen(true);
      await announce("During the drop");
      const during = await untilShown(b.origin, "During the drop");
      assert.ok(Number.isFinite(during), `B did not show A's write within 10 s:\n${b.output()}`);
      assert.ok(proxy.stats().dropped >= 1);

      // The network heals: B listens again, says so once, and follows A's writes.
      proxy.setDropListen(false);
      const back = /INFO The revision channel is back/;
      for (let i = 0; i < 150 && !back.test(b.output()); i++) await sleep(100);
      await announce("After the drop");
      const after = await untilShown(b.origin, "After the drop");
      assert.ok(Number.isFinite(after), "B follows A's writes after the channel is back");

      const log = b.output();
      const silent = log.match(/WARN The revision channel went silent/g) ?? [];
      const restored = log.match(/INFO The revision channel is back/g) ?? [];
      reportFigure(
        "instances",
        `A's write shown on B ${Math.round(live)} ms after it with the channel up, ${
          Math.round(during)
        } ms with the channel dropped, ${
          Math.round(after)
        } ms after it was back; ${silent.length} + ${restored.length} log lines`,
      );
      assert.equal(silent.length, 1, `one line when the channel went silent:\n${log}`);
      assert.equal(restored.length, 1, `one line when it was back:\n${log}`);
    } finally {
      await proxy.close();
    }
  },
);
