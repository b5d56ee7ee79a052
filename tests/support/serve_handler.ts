/**
 * A handler served on 127.0.0.1 (a free port, or `port` to come back on the same one after a stop): the relay's
 * tests run a venue server and a public server side by side, and cut the public one.
 */
export function serveHandler(handler: (req: Request) => Response | Promise<Response>, port = 0) {
  const controller = new AbortController();
  const server = Deno.serve(
    { hostname: "127.0.0.1", port, signal: controller.signal, onListen() {} },
    handler,
  );
  return { port: server.addr.port, stop: async () => (controller.abort(), await server.finished) };
}
