/**
 * The answer of every JSON endpoint: the envelope `{data, meta: {generatedAt, ...}}` under a weak ETag of the
 * data revision, or a 304 without running the page's queries when `If-None-Match` holds that ETag.
 */
import type { Context } from "hono";
import { chooseCoding, COMPRESSION_THRESHOLD } from "./compression.ts";
import type { ReadyDeps } from "./deps.ts";
import type { AnswerEnv, AnswerFacts } from "./hot_path.ts";
import { currentRevision, etagFor, ifNoneMatchHits } from "./http_cache.ts";
import type { Payload, RawPayload } from "../views/payload.ts";
import type { View, ViewDeps } from "../views/view.ts";

export type { Payload, RawPayload };

/** Gives the answer back, having told the API's middleware what it knows of it (api/mod.ts keeps it). */
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
 * checked before calling this, so that a 304 is never given for a request that would fail.
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
  // How the hot path checks a kept answer again after a write elsewhere (api/hot_path.ts).
  const checked = {
    version: revision,
    current: version && own !== null ? version : async () => `r${await currentRevision(deps)}`,
  };
  const ifNoneMatch = c.req.header("If-None-Match");
  const notModified = () =>
    answered(c, new Response(null, { status: 304, headers: { ETag: etag } }), { version: checked });
  // The client's own ETag: 304 before any query (it was given for this resource, so the resource exists).
  if (ifNoneMatchHits(ifNoneMatch, etag, false)) return notModified();
  // A body built at this revision before is the same data: serve it (generatedAt says when it was built).
  const cache = deps.answers;
  const headers: Record<string, string> = { "Content-Type": JSON_TYPE, ETag: etag };
  let kept: ((body: Uint8Array<ArrayBuffer>) => void) | undefined;
  const body = await cache.body(key, revision, async () => {
    const payload = await produce();
    const generatedAt = deps.clock().toISOString();
    if ("layout" in payload) {
      const laid = payload.layout(generatedAt);
      kept = laid.kept;
      return laid.parts;
    }
    return JSON.stringify({ data: payload.data, meta: { generatedAt, ...payload.meta } });
  }, headers);
  // Only the request that built the body (others shared its build, or found it kept) tells the endpoint.
  kept?.(body);
  // `*`: now that produce() found the resource (it throws the 404 of an unknown one).
  if (ifNoneMatch?.includes("*") && ifNoneMatchHits(ifNoneMatch, etag)) return notModified();
  const coding = body.length > COMPRESSION_THRESHOLD ? chooseCoding(c.req.header("Accept-Encoding")) : null;
  const encoded = coding ? await cache.encoded(key, revision, coding) : undefined;
  const bytes = coding && encoded ? encoded : body;
  const variant = coding && encoded ? coding : "identity";
  const variantHeaders = variant === "identity" ? headers : { ...headers, "Content-Encoding": variant };
  const res = cache.response(
    key,
    revision,
    variant,
    () => new Response(bytes, { status: 200, headers: variantHeaders }),
  );
  return answered(c, res, { bytes, version: checked });
}

/** What the views read from, for the app's store. */
export function viewDeps(deps: ReadyDeps): ViewDeps {
  return { db: deps.store.db, versions: deps.reads.versions, leaderboard: deps.reads.leaderboard };
}

/**
 * Answers with a view (views/): its version keys the answer, `answer` makes the payload from what it loads, and
 * an unknown or hidden resource is the error `missing` gives (a 404).
 */
export function serve<P, T>(
  c: Context<AnswerEnv>,
  deps: ReadyDeps,
  key: string,
  view: View<P, T>,
  params: P,
  answer: (loaded: T) => Payload | RawPayload | Promise<Payload | RawPayload>,
  missing: () => Error,
): Promise<Response> {
  const vd = viewDeps(deps);
  return respond(c, deps, key, async () => {
    const loaded = await view.load(vd, params);
    if (loaded === null) throw missing();
    return await answer(loaded);
  }, () => view.version(vd, params));
}
