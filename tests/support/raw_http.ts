/**
 * An HTTP request over a TCP connection of the test's own, and what the kernel says of that connection, so
 * that a test can wait for "the server has the request" or "the server stopped listening" instead of sleeping
 * and hoping the machine was fast enough. Linux only: the socket table is read from /proc/net/tcp (IPv4, the
 * spawned servers listen on 127.0.0.1).
 */
import { until } from "./wait.ts";

/** A request sent on a connection of its own: its local port, and the answer once the server closes. */
export interface RawExchange {
  clientPort: number;
  answer: Promise<RawAnswer>;
}

/** An HTTP/1.1 answer as read off the wire. */
export interface RawAnswer {
  status: number;
  headers: Headers;
  body: string;
}

/**
 * Connects to 127.0.0.1:`port` and sends the whole request (`Connection: close`, the body's length given), then
 * reads the answer until the server closes the connection.
 */
export async function sendRaw(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body = "",
): Promise<RawExchange> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const bytes = new TextEncoder().encode(body);
  const head = [
    `${method} ${path} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    "Connection: close",
    `Content-Length: ${bytes.length}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ].join("\r\n") + "\r\n\r\n";
  const request = new Uint8Array([...new TextEncoder().encode(head), ...bytes]);
  for (let written = 0; written < request.length;) written += await conn.write(request.subarray(written));
  const answer = (async () => {
    const decoder = new TextDecoder();
    const buf = new Uint8Array(16 * 1024);
    let text = "";
    try {
      for (;;) {
        const n = await conn.read(buf);
        if (n === null) break;
        text += decoder.decode(buf.subarray(0, n), { stream: true });
      }
    } finally {
      conn.close();
    }
    return parseAnswer(text + decoder.decode());
  })();
  return { clientPort: (conn.localAddr as Deno.NetAddr).port, answer };
}

/** Parses an answer read until the server closed: status line, headers, body (chunked or not). */
function parseAnswer(text: string): RawAnswer {
  const end = text.indexOf("\r\n\r\n");
  if (end < 0) throw new Error(`No HTTP answer, only ${JSON.stringify(text.slice(0, 200))}`);
  const [statusLine = "", ...lines] = text.slice(0, end).split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
  if (!Number.isInteger(status)) throw new Error(`Not a status line: ${JSON.stringify(statusLine)}`);
  const headers = new Headers();
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  let body = text.slice(end + 4);
  if (headers.get("Transfer-Encoding")?.toLowerCase() === "chunked") {
    let plain = "";
    for (let at = 0;;) {
      const lineEnd = body.indexOf("\r\n", at);
      const size = parseInt(body.slice(at, lineEnd), 16);
      if (!(size > 0)) break;
      plain += body.slice(lineEnd + 2, lineEnd + 2 + size);
      at = lineEnd + 2 + size + 2;
    }
    body = plain;
  }
  return { status, headers, body };
}

/** A TCP socket of the machine: its local and remote port, its state (hex, as the kernel gives it), its queue. */
interface Socket {
  localPort: number;
  remotePort: number;
  state: string;
  receiveQueue: number;
}

/** The kernel's states of a socket that the waits below look for. */
const ESTABLISHED = "01";
const LISTEN = "0A";

async function sockets(): Promise<Socket[]> {
  const lines = (await Deno.readTextFile("/proc/net/tcp")).split("\n").slice(1);
  return lines.filter((line) => line.trim() !== "").map((line) => {
    const [, local = "", remote = "", state = "", queues = ""] = line.trim().split(/\s+/);
    return {
      localPort: parseInt(local.split(":")[1] ?? "", 16),
      remotePort: parseInt(remote.split(":")[1] ?? "", 16),
      state,
      receiveQueue: parseInt(queues.split(":")[1] ?? "", 16),
    };
  });
}

/**
 * Waits until the server on `port` has read everything sent on the connection from `clientPort`: its end of
 * the connection is established and nothing waits in its receive queue. The request is then the server's.
 */
export async function untilServerRead(port: number, clientPort: number): Promise<void> {
  await until(
    async () =>
      (await sockets()).some((s) =>
        s.localPort === port && s.remotePort === clientPort && s.state === ESTABLISHED && s.receiveQueue === 0
      ),
    `the server on port ${port} to read the request from port ${clientPort}`,
    5,
  );
}

/** Waits until nothing listens on `port` any more: the server stopped accepting connections. */
export async function untilNotListening(port: number): Promise<void> {
  await until(
    async () => !(await sockets()).some((s) => s.localPort === port && s.state === LISTEN),
    `port ${port} to stop listening`,
    5,
  );
}
