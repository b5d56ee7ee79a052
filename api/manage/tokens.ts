/**
 * Token routes of the management API: who am I (any token), and for admin tokens the list, creation (the
 * secret is in that one answer only) and revocation of tokens.
 */
import { Hono } from "hono";
import { findManagedEvent } from "../../db/read_manage.ts";
import { createToken, listTokens, revokeToken, TokenError } from "../../db/tokens.ts";
import type { AppDeps } from "../../http/deps.ts";
import { adminRoutes, type ManageEnv } from "./auth.ts";
import { parseBody, TokenBody } from "./bodies.ts";
import { HttpError, invalidBodyError } from "../../http/problem.ts";
import { quoted } from "./problem.ts";
import { envelope, tokenJson } from "./serialize.ts";
import { writeTransaction } from "../../db/write_transaction.ts";

/** GET /whoami: the token presented (label, role, limits). */
export function whoamiRoute(deps: AppDeps): Hono<ManageEnv> {
  const app = new Hono<ManageEnv>();
  app.get("/", (c) => c.json(envelope({ token: tokenJson(c.var.token) }, deps.clock())));
  return app;
}

/** The token routes, mounted at /api/manage/tokens. */
export function tokenRoutes(deps: AppDeps): Hono<ManageEnv> {
  const app = adminRoutes("manage tokens");

  app.get("/", async (c) => {
    const tokens = await listTokens(deps.store.db);
    return c.json(envelope({ tokens: tokens.map(tokenJson) }, deps.clock()));
  });

  app.post("/", async (c) => {
    const body = await parseBody(c, TokenBody);
    let eventId: string | null = null;
    if (body.event !== undefined) {
      const event = await findManagedEvent(deps.store.db, body.event);
      if (!event) {
        throw invalidBodyError(
          `Invalid "event": no event has the slug ${quoted(body.event)}`,
          "unknown-event",
          { field: "event", value: body.event },
          { field: "event" },
        );
      }
      eventId = event.id;
    }
    try {
      const made = await writeTransaction(deps.store.db, (trx) =>
        createToken(
          trx,
          { role: body.role, label: body.label, eventId, tableNo: body.table ?? null },
          deps.clock(),
          c.var.token.label,
        ));
      return c.json(envelope({ token: tokenJson(made.token), secret: made.secret }, deps.clock()), 201);
    } catch (e) {
      if (e instanceof TokenError) throw invalidBodyError(e.message, "token-refused");
      throw e;
    }
  });

  app.post("/:id/revoke", async (c) => {
    const id = c.req.param("id");
    const found = await writeTransaction(
      deps.store.db,
      (trx) => revokeToken(trx, id, deps.clock(), c.var.token.label),
    );
    if (!found) throw new HttpError(404, "not-found", `Token "${id}" does not exist`);
    return c.json(envelope({ revoked: id }, deps.clock()));
  });

  return app;
}
