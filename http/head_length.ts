/**
 * HEAD answers with the Content-Length of the GET. The router answers a HEAD by running the GET and dropping
 * its body, and the server then sends `Content-Length: 0` for the empty body, which tells a client (or a
 * cache, or a download manager sizing a file) that the GET's body is empty. This middleware, mounted first,
 * measures the GET's body and states its length (in the coding sent, since HEAD has the GET's
 * Content-Encoding).
 */
import type { MiddlewareHandler } from "hono";

/** Middleware: a HEAD answer with a body gets that body's length as its Content-Length. */
export function headLength(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.method !== "HEAD" || c.res.body === null) return;
    const res = c.res;
    const length = (await res.arrayBuffer()).byteLength;
    const headers = new Headers(res.headers);
    headers.set("Content-Length", String(length));
    // Cleared first: assigning over a response would copy the old response's headers onto the new one.
    c.res = undefined;
    c.res = new Response(null, { status: res.status, statusText: res.statusText, headers });
  };
}
