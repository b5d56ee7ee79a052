/** Turns a page's Preact tree into the HTML response (doctype, status, content type). */
import type { Context } from "hono";
import type { VNode } from "preact";
import { renderToString } from "preact-render-to-string";
import { withStreamAir } from "./stream_air_context.tsx";

/** Renders the tree as a complete HTML document; Preact escapes every text and attribute value. */
export function renderPage(c: Context, page: VNode, status: 200 | 404 = 200): Response {
  return c.html("<!doctype html>" + renderToString(withStreamAir(c, page)), status);
}
