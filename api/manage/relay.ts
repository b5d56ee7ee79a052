/**
 * The relay's routes (docs/relay.md), mounted at /api/manage/relay.
 *
 * On the public server, for the venue's `relay` token: `GET /events/{slug}` the state of the relayed event (the
 * count of pushes applied, who holds it, each part's hash), `POST /events/{slug}` a push (JSON, gzip allowed, up
 * to 32 MiB once unpacked), applied in one transaction.
 *
 * On the venue server, for an admin: `GET /status` what the relay is doing (the /manage panel reads it), `POST
 * /takeover` to push from this server an event another venue server held.
 * @module
 */
import { Hono } from "hono";
import { z } from "zod";
import { applyRelayPush } from "../../db/relay_apply.ts";
import { readRelayState } from "../../db/read_relay.ts";
import type { AppDeps } from "../../http/deps.ts";
import { HttpError, invalidBodyError } from "../../http/problem.ts";
import { type ManageEnv, requireAdmin } from "./auth.ts";
import { requireJsonType, validateBody } from "./bodies.ts";
import { envelope } from "./serialize.ts";

/** The largest push accepted, once unpacked (the venue sends less: docs/relay.md). */
export const MAX_PUSH_BYTES = 32 * 1024 * 1024;

const Row = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));
const PushBody = z.strictObject({
  venue: z.uuid({ error: "expected the venue server's relay id (a UUID)" }),
  base: z.int({ error: "expected the count of pushes applied as a whole number" }).min(0),
  takeover: z.boolean().optional(),
  parts: z.array(z.strictObject({ key: z.string().max(200), content: z.record(z.string(), z.array(Row)) }))
    .max(100_000),
  removed: z.array(z.string().max(200)).max(100_000),
});

/** The routes of the public server, for relay tokens. */
export function relayRoutes(deps: AppDeps): Hono<ManageEnv> {
  const app = new Hono<ManageEnv>();
  const requireRelay = (slug: string, token: ManageEnv["Variables"]["token"]) => {
    if (token.role !== "relay" || token.eventSlug !== slug) {
      throw new HttpError(
        403,
        "forbidden",
        `Cannot push "${slug}": the token "${token.label}" is not a relay token of this event`,
      );
    }
  };
  app.get("/events/:slug", async (c) => {
    const slug = c.req.param("slug");
    requireRelay(slug, c.var.token);
    return c.json(envelope({ relay: await readRelayState(deps.store.db, slug) }, deps.clock()));
  });
  app.post("/events/:slug", async (c) => {
    const slug = c.req.param("slug");
    requireRelay(slug, c.var.token);
    requireJsonType(c);
    const text = await bodyText(c.req.raw);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw invalidBodyError("Cannot read the push: the body is not JSON", "not-json");
    }
    const push = validateBody(PushBody, json);
    const result = await applyRelayPush(deps.store.db, slug, push, deps.clock());
    return c.json(envelope({ seq: result.seq }, deps.clock()));
  });
  return app;
}

/** The routes of the venue server, for the desk: the relay's status and a takeover. */
export function relayStatusRoutes(deps: AppDeps): Hono<ManageEnv> {
  const app = new Hono<ManageEnv>();
  app.get("/status", (c) => {
    requireAdmin(c.var.token, "read the relay's status");
    return c.json(envelope({ relay: deps.relay?.status() ?? null }, deps.clock()));
  });
  app.post("/takeover", (c) => {
    requireAdmin(c.var.token, "take the event over");
    if (!deps.relay) {
      throw invalidBodyError("Cannot take over: this server has no relay set", "no-relay", {}, {}, 409);
    }
    deps.relay.takeOver();
    return c.json(envelope({ relay: deps.relay.status() }, deps.clock()));
  });
  return app;
}

/** The request's body as text, unpacked when gzip, refused past MAX_PUSH_BYTES. */
async function bodyText(request: Request): Promise<string> {
  const coding = (request.headers.get("Content-Encoding") ?? "identity").toLowerCase();
  if (coding !== "identity" && coding !== "gzip") {
    throw new HttpError(415, "unsupported-media-type", `Cannot read the push: "${coding}" is not gzip`);
  }
  if (!request.body) return "";
  const stream = coding === "gzip" ? request.body.pipeThrough(new DecompressionStream("gzip")) : request.body;
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += chunk.byteLength;
      if (size > MAX_PUSH_BYTES) {
        throw new HttpError(413, "payload-too-large", `Cannot read the push: it is larger than 32 MiB`);
      }
      chunks.push(chunk);
    }
  } catch (e) {
    if (e instanceof HttpError) throw e;
    throw invalidBodyError("Cannot read the push: the gzip body is broken", "unreadable-text");
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(all);
}
