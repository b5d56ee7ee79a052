/**
 * The answer of every JSON endpoint: the envelope `{data, meta: {generatedAt, ...}}` under a weak ETag of the
 * data revision, or a 304 without running the page's queries when `If-None-Match` holds that ETag.
 */
import type { Context } from "hono";
import type { AnswerEnv, AnswerFacts, VersionedRequest } from "./answer_cache.ts";
import type { ReadyDeps } from "./deps.ts";
import { currentRevision, etagFor, ifNoneMatchHits, SHARED_API_HEADERS } from "./http_cache.ts";
import type { Payload, RawPayload } from "../views/payload.ts";

export type { Payload, RawPayload };

/** Gives the answer back, having told the API's middleware what it knows of it (api/mod.ts). */
function answered(c: Context<AnswerEnv>, res: Response, facts: AnswerFacts): Response {
  c.set("answer", facts);
  return res;
}

/** The media type of every successful JSON answer. */
export const JSON_TYPE = "application/json";

/**
 * Answers with the payload that `produce` builds, or with 304 when the client's ETag is current. `version`, when
 * given, is the resource's own version (db/read_versions.ts) and replaces the global revision. `key`
 * identifies the resource (path and normalised query), so that two resources never share an ETag. Params are
 * checked before calling this, so that a 304 is never given for a request that would fail. The answer is kept
 * in the server's answer cache (http/answer_cache.ts) under the request's URL, coding and the version.
 */
export async function respond(
  c: Context<AnswerEnv>,
  deps: ReadyDeps,
  key: string,
  produce: () => Promise<Payload | RawPayload>,
  version?: () => Promise<string | null>,
): Promise<Response> {
  // A resource with a version of its own (a match, an event) is keyed on it, so that writes elsewhere leave its
  // ETag alone; anything else on the global revision. Not public (null): produce() answers the 404.
  const own = version ? await version() : null;
  const revision = own ?? `r${await currentRevision(deps)}`;
  const etag = etagFor(revision, key);
  // How a kept answer is checked again after a write elsewhere.
  const checked = {
    version: revision,
    current: version && own !== null ? version : async () => `r${await currentRevision(deps)}`,
  };
  const cache = deps.answers;
  const req: VersionedRequest = {
    url: c.req.url,
    acceptEncoding: c.req.header("Accept-Encoding"),
    generation: c.var.generation,
    version: checked,
    etag,
    headers: { ...SHARED_API_HEADERS, "Content-Type": JSON_TYPE, ETag: etag },
  };
  const ifNoneMatch = c.req.header("If-None-Match");
  const notModified = () => {
    cache.notModified(req);
    return answered(c, new Response(null, { status: 304, headers: { ETag: etag } }), { version: checked });
  };
  // The client's own ETag: 304 before any query (it was given for this resource, so the resource exists).
  if (ifNoneMatchHits(ifNoneMatch, etag, false)) return notModified();
  // A body built at this version before is the same data: served (generatedAt says when it was built).
  let kept: ((body: Uint8Array<ArrayBuffer>) => void) | undefined;
  const answer = await cache.versioned(req, async () => {
    const payload = await produce();
    const generatedAt = deps.clock().toISOString();
    if ("layout" in payload) {
      const laid = payload.layout(generatedAt);
      kept = laid.kept;
      return laid.parts;
    }
    return JSON.stringify({ data: payload.data, meta: { generatedAt, ...payload.meta } });
  });
  // Only the request that built the body (others shared its build, or found it kept) tells the endpoint.
  if (answer.built) kept?.(answer.built);
  // `*`: now that produce() found the resource (it throws the 404 of an unknown one).
  if (ifNoneMatch?.includes("*") && ifNoneMatchHits(ifNoneMatch, etag)) return notModified();
  return answered(c, answer.res, { bytes: answer.bytes, version: checked });
}
