/**
 * The answer of every JSON endpoint: the envelope `{data, meta: {generatedAt, ...}}` under a weak ETag of the
 * data revision, or a 304 without running the page's queries when `If-None-Match` holds that ETag.
 */
import type { Context } from "hono";
import type { AppDeps } from "./deps.ts";
import { currentRevision, etagFor, ifNoneMatchHits } from "./http_cache.ts";

/** What an endpoint produces: its data and any meta fields besides `generatedAt`. */
export interface Payload {
  data: Record<string, unknown>;
  meta?: Record<string, unknown>;
}

/** The media type of every successful JSON answer. */
export const JSON_TYPE = "application/json";

/**
 * Answers with the payload that `produce` builds, or with 304 when the client's ETag is current. `key`
 * identifies the resource (path and normalised query), so that two resources never share an ETag. Params are
 * checked before calling this, so that a 304 is never given for a request that would fail.
 */
export async function respond(
  c: Context,
  deps: AppDeps,
  key: string,
  produce: () => Promise<Payload>,
): Promise<Response> {
  const etag = etagFor(await currentRevision(deps), key);
  if (ifNoneMatchHits(c.req.header("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers: { ETag: etag } });
  }
  const { data, meta } = await produce();
  const body = JSON.stringify({ data, meta: { generatedAt: deps.clock().toISOString(), ...meta } });
  return new Response(body, { status: 200, headers: { "Content-Type": JSON_TYPE, ETag: etag } });
}
