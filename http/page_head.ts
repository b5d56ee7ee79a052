/**
 * HEAD of a page answered as its GET is, without the body: the same headers (the ETag and Cache-Control of a
 * kept page included), from the answer cache when the GET's answer is kept, and a 304 to a matching
 * If-None-Match. An overlay on air polls its own page so (pages/client/live_regions.ts); a CDN or a link
 * checker revalidates a page without fetching it. The API's HEAD stays with the router (http/head_length.ts).
 */
import { requestTarget } from "./limits.ts";

/** The GET a HEAD of a page stands for; null for any other request (the API's HEAD included). */
export function pageGetOf(req: Request): Request | null {
  if (req.method !== "HEAD" || requestTarget(req.url).startsWith("/api/")) return null;
  return new Request(req.url, { method: "GET", headers: req.headers });
}

/** The GET's answer without its body, stating the body's length as the GET would. */
export async function headOf(get: Response | Promise<Response>): Promise<Response> {
  const res = await get;
  const headers = new Headers(res.headers);
  if (res.body !== null) headers.set("Content-Length", String((await res.arrayBuffer()).byteLength));
  return new Response(null, { status: res.status, statusText: res.statusText, headers });
}
