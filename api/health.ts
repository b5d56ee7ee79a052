/**
 * Health and readiness for a load balancer, a platform or a supervisor (docs/deploy.md): `GET /healthz` says the
 * process answers (it reads nothing), `GET /readyz` that it can serve: the store answers a query within the read
 * deadline (the server listens only once its migrations are done). Both are `no-store`, outside the outage guard
 * and the answer cache, and cost at most one `SELECT 1`.
 */
import { type Context, Hono } from "hono";
import { pingStore } from "../db/health.ts";
import type { Store } from "../db/store.ts";

/** Whether a request's URL is one of the two: main's hot path leaves them to the app (it would read the store). */
export function isHealthUrl(url: string): boolean {
  return HEALTH_URL.test(url);
}
const HEALTH_URL = /^[a-z]+:\/\/[^/]+\/(healthz|readyz)(\?|$)/;

const HEADERS = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };

function answer(c: Context, status: 200 | 503, body: Record<string, unknown>): Response {
  return c.json(body, status, status === 503 ? { ...HEADERS, "Retry-After": "2" } : HEADERS);
}

/**
 * The revision channel's state: "listening" (notifications trusted), "reading" (every request reads the
 * revision from the store, as behind a transaction pooler: correct, one small query more) or "none" (SQLite).
 */
function channel(store: Store): "listening" | "reading" | "none" {
  const listening = store.revisions.listening?.();
  return listening === undefined ? "none" : listening ? "listening" : "reading";
}

/** The two routes, mounted at the root before the outage guard. */
export function healthApi(store: Store): Hono {
  const app = new Hono();
  app.get("/healthz", (c) => answer(c, 200, { status: "ok" }));
  app.get("/readyz", async (c) => {
    try {
      await pingStore(store.db);
    } catch (e) {
      return answer(c, 503, {
        status: "unavailable",
        store: store.dialect,
        detail: `The store does not answer: ${(e as Error).message}`,
        revisionChannel: channel(store),
      });
    }
    // A channel that is not listening leaves the answers right (they read the store), so it is not a reason
    // to take the instance out of service: it is reported, and logged once by db/revision_cache.ts.
    return answer(c, 200, { status: "ready", store: store.dialect, revisionChannel: channel(store) });
  });
  return app;
}
