/**
 * A TCP proxy on loopback for tests and benchmarks of what crosses a link (the relay): it passes bytes both ways, and on demand
 * delays them, refuses connections (the link is down), cuts every open connection, or blackholes (accepts and
 * never answers: a Wi-Fi that holds the socket and moves nothing). Everything listens on 127.0.0.1 only.
 */

/** How the link behaves now. */
export type LinkMode = "pass" | "down" | "blackhole";

/** A running proxy. */
export interface FaultProxy {
  /** `http://127.0.0.1:PORT`. */
  readonly origin: string;
  /** Milliseconds added to every chunk in each direction. */
  delayMs: number;
  /** Sets the mode; "down" and "blackhole" cut the connections open now. */
  setMode(mode: LinkMode): void;
  /** Cuts every open connection (a cable pulled mid-request); new ones pass as the mode says. */
  cut(): void;
  /** Points the proxy at another port (the server started again on a new one). */
  retarget(port: number): void;
  /** Bytes passed from the client to the server. */
  readonly bytesUp: number;
  /** Connections accepted while blackholed (held, never answered). */
  readonly held: number;
  close(): void;
}

/** Starts a proxy in front of 127.0.0.1:`targetPort`. */
export function startFaultProxy(targetPort: number): FaultProxy {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const open = new Set<Deno.Conn>();
  let mode = "pass" as LinkMode;
  let target = targetPort;
  let up = 0;
  let held = 0;
  const closeAll = () => {
    for (const c of open) {
      try {
        c.close();
      } catch {
        // closed already
      }
    }
    open.clear();
  };
  const proxy: FaultProxy = {
    origin: `http://127.0.0.1:${(listener.addr as Deno.NetAddr).port}`,
    delayMs: 0,
    setMode(next) {
      mode = next;
      if (next !== "pass") closeAll();
    },
    cut: closeAll,
    retarget(port) {
      target = port;
    },
    get bytesUp() {
      return up;
    },
    get held() {
      return held;
    },
    close() {
      listener.close();
      closeAll();
    },
  };
  const pipe = async (from: Deno.Conn, to: Deno.Conn, count: boolean) => {
    try {
      for await (const chunk of from.readable.values({ preventCancel: true })) {
        if (proxy.delayMs > 0) await new Promise((r) => setTimeout(r, proxy.delayMs));
        if (count) up += chunk.byteLength;
        const writer = to.writable.getWriter();
        await writer.write(chunk);
        writer.releaseLock();
      }
    } catch {
      // either side went away
    }
    for (const c of [from, to]) {
      try {
        c.close();
      } catch {
        // closed already
      }
      open.delete(c);
    }
  };
  (async () => {
    for await (const client of listener) {
      open.add(client);
      if (mode === "down") {
        client.close();
        open.delete(client);
        continue;
      }
      if (mode === "blackhole") { // held open, never read nor answered
        held++;
        continue;
      }
      Deno.connect({ hostname: "127.0.0.1", port: target }).then((server) => {
        open.add(server);
        void pipe(client, server, true);
        void pipe(server, client, false);
      }).catch(() => {
        client.close();
        open.delete(client);
      });
    }
  })().catch(() => {});
  return proxy;
}
