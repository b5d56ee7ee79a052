/**
 * The gate of the public server's desk in front of a relayed event (docs/relay.md): the venue owns it, so a write
 * to it here (its draws, entries, matches, ties, sessions, plan, announcement, import) is refused with words that
 * say where to make it, except an admin hiding it (unpublish) or showing it again (publish), which the venue's
 * pushes then respect. A relay token may use the relay's routes and nothing else.
 * @module
 */
import { createMiddleware } from "hono/factory";
import { setRelayHidden } from "../../db/relay_apply.ts";
import { type PathTarget, relayedSlugOf } from "../../db/read_relayed_slug.ts";
import { writeTransaction } from "../../db/write_transaction.ts";
import type { AppDeps } from "../../http/deps.ts";
import { HttpError } from "../../http/problem.ts";
import type { ManageEnv } from "./auth.ts";

/** Middleware of the management API: relay tokens kept to the relay, relayed events kept to their venue. */
export function venueOwned(deps: AppDeps) {
  return createMiddleware<ManageEnv>(async (c, next) => {
    const path = new URL(c.req.url).pathname.replace(/^\/api\/manage/, "");
    const relayPath = path.startsWith("/relay/");
    if (c.var.token.role === "relay" && !relayPath && path !== "/whoami") {
      throw new HttpError(
        403,
        "forbidden",
        `Cannot use "${c.req.method} /api/manage${path}": the token "${c.var.token.label}" is a relay token, ` +
          `which pushes its event and does nothing else`,
      );
    }
    if (relayPath || c.req.method === "GET" || c.req.method === "HEAD" || c.req.method === "OPTIONS") {
      return await next();
    }
    const target = path === "/events/import" ? await importTarget(c.req.raw.clone()) : pathTarget(path);
    const slug = target === null ? null : await relayedSlugOf(deps.store.db, target);
    if (slug === null) return await next();
    const visibility = /^\/events\/[^/]+\/(publish|unpublish)$/.exec(path)?.[1];
    if (visibility && c.var.token.role === "admin") {
      await next();
      if (c.res.ok) {
        await writeTransaction(deps.store.db, (trx) => setRelayHidden(trx, slug, visibility === "unpublish"));
      }
      return;
    }
    throw new HttpError(
      409,
      "venue-owned",
      `Cannot change "${slug}" here: it is published live from its venue, so changes are made on the venue ` +
        `server's /manage and follow here by themselves (an admin may only unpublish or publish it here)`,
    );
  });
}

/** What a path names first, or null for a route of no one event (tokens, players, the QR codes). */
export function pathTarget(path: string): PathTarget | null {
  const [, kind, id] = path.split("/");
  if (!kind || !id) return null;
  let name: string;
  try {
    name = decodeURIComponent(id);
  } catch {
    return null; // not an id any route knows: the route answers it
  }
  if (kind === "events") return { kind: "event", slug: name };
  if (kind === "subevents") return { kind: "subevent", id: name };
  if (kind === "matches") return { kind: "match", id: name };
  if (kind === "ties") return { kind: "tie", id: name };
  return null;
}

/** The event an import's file names (the import itself reports a file it cannot read). */
async function importTarget(request: Request): Promise<PathTarget | null> {
  try {
    const slug = (JSON.parse(await request.text()) as { event?: { slug?: unknown } })?.event?.slug;
    return typeof slug === "string" ? { kind: "event", slug } : null;
  } catch {
    return null;
  }
}
