/**
 * Match routes of the management API: the matches a token may score, one match with its points, and every
 * match write (start, point, undo, correct, walkover, retire, disqualify, reopen, result, assign), all through
 * the one write path db/match_writes.ts. A write names the match's current `revision` or sends an `Idempotency-Key` header
 * (or both): a stale revision is a 409 carrying the current match, a repeated key is applied once, and a key
 * sent again with another request is a 422.
 */
import { Hono } from "hono";
import type { z } from "zod";
import { type MatchAction, writeMatch } from "../../db/match_writes.ts";
import { listScorableMatches, readManageMatch, readScoringMatch } from "../../db/read_manage.ts";
import type { TokenRecord } from "../../db/tokens.ts";
import { WriteError } from "../../db/write_errors.ts";
import { assertFinishedGame, ScoringError } from "../../domain/scoring.ts";
import type { AppDeps } from "../deps.ts";
import { type ManageEnv, requireAdmin, requireMatchScope, unknownMatch } from "./auth.ts";
import {
  AssignBody,
  CorrectBody,
  DisqualifyBody,
  idempotencyKey,
  parseBody,
  PointBody,
  ReopenBody,
  ResultBody,
  RetireBody,
  StartBody,
  UndoBody,
  WalkoverBody,
} from "./bodies.ts";
import { ManageError } from "./problem.ts";
import { envelope, manageMatchJson, matchPayload } from "./serialise.ts";

/**
 * Who may do what: scorers start, score, undo and correct; results by decision, taking them back, whole results
 * from a score sheet and scheduling need an admin.
 */
const ADMIN_ONLY: ReadonlySet<MatchAction["type"]> = new Set([
  "walkover",
  "retire",
  "disqualify",
  "reopen",
  "result",
  "assign",
]);

const ACTION_NAMES: Record<MatchAction["type"], string> = {
  start: "start the match",
  point: "record a point",
  undo: "undo the last point or correction",
  correct: "correct a game",
  walkover: "record a walkover",
  retire: "record a retirement",
  disqualify: "record a disqualification",
  reopen: "take back the result",
  result: "enter a result",
  assign: "assign the table or time",
};

type WithRevision = { revision?: number | undefined };

/** The match routes, mounted at /api/manage/matches. */
export function matchRoutes(deps: AppDeps): Hono<ManageEnv> {
  const app = new Hono<ManageEnv>();

  app.get("/", async (c) => {
    const token = c.var.token;
    const matches = await listScorableMatches(deps.store.db, {
      eventId: token.eventId,
      tableNo: token.tableNo,
    });
    return c.json(envelope({ matches: matches.map(manageMatchJson) }, deps.clock()));
  });

  app.get("/:id", async (c) => {
    const id = c.req.param("id");
    const match = await readScoringMatch(deps.store.db, id);
    if (!match) throw unknownMatch(id);
    requireMatchScope(c.var.token, match, "read the match", id);
    return c.json(envelope(matchPayload(match), deps.clock()));
  });

  const write = <S extends z.ZodType<WithRevision>>(
    type: MatchAction["type"],
    schema: S,
    toAction: (body: z.output<S>) => MatchAction,
  ) => {
    app.post(`/:id/${type}`, async (c) => {
      const id = c.req.param("id");
      const token = c.var.token;
      const action = ACTION_NAMES[type];
      if (ADMIN_ONLY.has(type)) requireAdmin(token, action);
      const key = idempotencyKey(c);
      const body = await parseBody(c, schema);
      if (body.revision === undefined && key === undefined) {
        throw new ManageError(
          400,
          "invalid-body",
          `Invalid "revision": expected the match's current revision (or an "Idempotency-Key" header), got nothing`,
          { field: "revision" },
        );
      }
      const match = await readManageMatch(deps.store.db, id);
      if (!match) throw unknownMatch(id);
      requireMatchScope(token, match, action, id);
      const result = await applyWrite(deps, token, id, toAction(body), body.revision, key);
      const after = await readScoringMatch(deps.store.db, id);
      c.header("Idempotency-Replayed", String(result.replayed));
      return c.json(envelope(matchPayload(after!), deps.clock()));
    });
  };

  write("start", StartBody, (b) => ({ type: "start", firstServer: b.firstServer }));
  write("point", PointBody, (b) => ({ type: "point", side: b.side }));
  write("undo", UndoBody, () => ({ type: "undo" }));
  write("correct", CorrectBody, (b) => {
    try {
      assertFinishedGame(b.home, b.away, `Cannot correct game "${b.game}"`);
    } catch (e) {
      if (e instanceof ScoringError) throw new ManageError(400, "invalid-body", e.message, { field: "home" });
      throw e;
    }
    return { type: "correct", game: b.game, home: b.home, away: b.away };
  });
  write("walkover", WalkoverBody, (b) => ({ type: "walkover", winner: b.winner }));
  write("retire", RetireBody, (b) => ({ type: "retire", side: b.side }));
  write("disqualify", DisqualifyBody, (b) => ({ type: "disqualify", side: b.side }));
  write("reopen", ReopenBody, () => ({ type: "reopen" }));
  write(
    "result",
    ResultBody,
    (b) => ({ type: "result", games: b.games.map((g) => ({ home: g.home, away: g.away })) }),
  );
  write("assign", AssignBody, (b) => ({ type: "assign", tableNo: b.tableNo, scheduledAt: b.scheduledAt }));

  return app;
}

/** Runs the write; a refused write (409) answers with the match as it now is, so the client can resync. */
async function applyWrite(
  deps: AppDeps,
  token: TokenRecord,
  id: string,
  action: MatchAction,
  revision: number | undefined,
  key: string | undefined,
) {
  try {
    return await writeMatch(deps.store, id, action, {
      actor: token.label,
      now: deps.clock(),
      expectedRevision: revision,
      idempotencyKey: key,
      idempotencyOwner: token.id,
    });
  } catch (e) {
    if (!(e instanceof WriteError)) throw e;
    if (e.code === "idempotency-key-reused") {
      throw new ManageError(e.status, e.code, e.message, { field: "Idempotency-Key" });
    }
    const current = e.status === 409 ? await readScoringMatch(deps.store.db, id) : null;
    throw new ManageError(
      e.status,
      e.code,
      e.message,
      current ? { current: matchPayload(current), revision: current.revision } : {},
    );
  }
}
