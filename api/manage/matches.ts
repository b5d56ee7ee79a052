/**
 * Match routes of the management API: the matches a token may score, one match with its record, every match
 * write (start, point, undo, correct, time-out, resume, card, expedite, order, takeover, walkover, retire,
 * disqualify, reopen, result, assign) and a batch of the umpire's actions, all through the one write path
 * db/match_writes.ts. A write names the match's current `revision` or sends an `Idempotency-Key` header (or
 * both): a stale revision is a 409 carrying the current match, a repeated key is applied once, and a key sent
 * again with another request is a 422. The umpire's page names its device (`X-Scorer-Device`): the first device
 * to score a match holds it until another takes it over.
 */
import { type Context, Hono } from "hono";
import { z } from "zod";
import {
  type BatchItem,
  type MatchAction,
  UMPIRE_ACTION_TYPES,
  type WriteContext,
  writeMatch,
  writeMatchBatch,
} from "../../db/match_writes.ts";
import {
  listLiveMatches,
  listScorableMatches,
  type ManageMatchRecord,
  readManageMatch,
  readScoringMatch,
} from "../../db/read_manage.ts";
import { confirmedRefusal, confirmResult } from "../../db/result_confirmation.ts";
import { matchWords } from "../../db/match_naming.ts";
import { recordToss } from "../../db/match_toss.ts";
import { publishedEventSlugOf } from "../../db/read_watch_event.ts";
import { recordMedicalBreak } from "../../db/medical_breaks.ts";
import { TOSS_CHOICES } from "../../domain/toss.ts";
import type { TokenRecord } from "../../db/tokens.ts";
import { isConflict, WriteError } from "../../db/write_errors.ts";
import { assertFinishedGame, ScoringError } from "../../domain/scoring.ts";
import type { AppDeps } from "../../http/deps.ts";
import { type ManageEnv, requireAdmin, requireMatchScope, unknownMatch } from "./auth.ts";
import {
  AssignBody,
  CallBody,
  CardBody,
  CorrectBody,
  DisqualifyBody,
  ExpediteBody,
  idempotencyKey,
  OrderBody,
  parseBody,
  PointBody,
  ReopenBody,
  ResetBody,
  ResultBody,
  ResumeBody,
  RetireBody,
  StartBody,
  TakeoverBody,
  TimeoutBody,
  UndoBody,
  validateBody,
  visibleHeader,
  WalkoverBody,
} from "./bodies.ts";
import { HttpError, invalidBodyError } from "../../http/problem.ts";
import { writeProblem } from "./problem.ts";
import { envelope, matchPayload, scorableMatchesJson } from "./serialize.ts";

type WithRevision = { revision?: number | undefined };

/** One kind of write: its body, the action it makes, what it is called in errors, who may send it. */
interface WriteKind<S extends z.ZodType<WithRevision> = z.ZodType<WithRevision>> {
  schema: S;
  toAction: (body: z.output<S>) => MatchAction;
  name: string;
  adminOnly?: boolean;
}

const kind = <S extends z.ZodType<WithRevision>>(k: WriteKind<S>): WriteKind => k as unknown as WriteKind;

/**
 * Every write. Scorers start, score, undo, correct, call time-outs, show cards, introduce the expedite system,
 * set a doubles order and take a match over; results by decision, taking them back, whole results from a score
 * sheet and scheduling need an admin.
 */
const WRITES: Record<MatchAction["type"], WriteKind> = {
  start: kind({
    schema: StartBody,
    name: "start the match",
    toAction: (b) => ({
      type: "start",
      firstServer: b.firstServer,
      ...(b.left === undefined ? {} : { left: b.left }),
      ...(b.server === undefined ? {} : { server: b.server }),
      ...(b.receiver === undefined ? {} : { receiver: b.receiver }),
    }),
  }),
  point: kind({
    schema: PointBody,
    name: "record a point",
    toAction: (b) => ({ type: "point", side: b.side }),
  }),
  undo: kind({ schema: UndoBody, name: "undo the last action", toAction: () => ({ type: "undo" }) }),
  correct: kind({
    schema: CorrectBody,
    name: "correct a game",
    toAction: (b) => {
      try {
        assertFinishedGame(b.home, b.away, `Cannot correct game "${b.game}"`);
      } catch (e) {
        if (e instanceof ScoringError) {
          throw invalidBodyError(
            e.message,
            "unfinished-game",
            { field: "home", home: b.home, away: b.away },
            {
              field: "home",
            },
          );
        }
        throw e;
      }
      return { type: "correct", game: b.game, home: b.home, away: b.away };
    },
  }),
  timeout: kind({
    schema: TimeoutBody,
    name: "call a time-out",
    toAction: (b) => ({ type: "timeout", side: b.side }),
  }),
  resume: kind({ schema: ResumeBody, name: "resume play", toAction: () => ({ type: "resume" }) }),
  card: kind({
    schema: CardBody,
    name: "show a card",
    toAction: (b) => ({ type: "card", side: b.side, target: b.target, card: b.card }),
  }),
  expedite: kind({
    schema: ExpediteBody,
    name: "introduce the expedite system",
    toAction: (b) => ({ type: "expedite", rallyInterrupted: b.rallyInterrupted, byRequest: b.byRequest }),
  }),
  order: kind({
    schema: OrderBody,
    name: "set the order of service",
    toAction: (b) => ({
      type: "order",
      game: b.game,
      server: b.server,
      ...(b.receiver === undefined ? {} : { receiver: b.receiver }),
    }),
  }),
  takeover: kind({
    schema: TakeoverBody,
    name: "take over the match",
    toAction: () => ({ type: "takeover" }),
  }),
  walkover: kind({
    schema: WalkoverBody,
    name: "record a walkover",
    adminOnly: true,
    toAction: (b) => ({ type: "walkover", winner: b.winner }),
  }),
  retire: kind({
    schema: RetireBody,
    name: "record a retirement",
    adminOnly: true,
    toAction: (b) => ({ type: "retire", side: b.side }),
  }),
  disqualify: kind({
    schema: DisqualifyBody,
    name: "record a disqualification",
    adminOnly: true,
    toAction: (b) => ({ type: "disqualify", side: b.side }),
  }),
  reopen: kind({
    schema: ReopenBody,
    name: "take back the result",
    adminOnly: true,
    toAction: () => ({ type: "reopen" }),
  }),
  result: kind({
    schema: ResultBody,
    name: "enter a result",
    adminOnly: true,
    toAction: (b) => ({ type: "result", games: b.games.map((g) => ({ home: g.home, away: g.away })) }),
  }),
  assign: kind({
    schema: AssignBody,
    name: "assign the table or time",
    adminOnly: true,
    toAction: (b) => ({ type: "assign", tableNo: b.tableNo, scheduledAt: b.scheduledAt }),
  }),
  call: kind({
    schema: CallBody,
    name: "call the match to its table",
    adminOnly: true,
    toAction: () => ({ type: "call" }),
  }),
  reset: kind({
    schema: ResetBody,
    name: "set the match back to not started",
    adminOnly: true,
    toAction: (b) => ({ type: "reset", ...(b.discardPoints ? { discardPoints: true } : {}) }),
  }),
  feature: kind({
    schema: CallBody,
    name: "put the match on the featured overlay",
    adminOnly: true,
    toAction: () => ({ type: "feature" }),
  }),
  unfeature: kind({
    schema: CallBody,
    name: "take the match off the featured overlay",
    adminOnly: true,
    toAction: () => ({ type: "unfeature" }),
  }),
  skip: kind({
    schema: CallBody,
    name: "skip the match for now",
    adminOnly: true,
    toAction: () => ({ type: "skip" }),
  }),
  unskip: kind({
    schema: CallBody,
    name: "take back the skip",
    adminOnly: true,
    toAction: () => ({ type: "unskip" }),
  }),
};

/** The umpire's actions a batch may hold: those a scorer sends from the umpire's page. */
const BATCHED = UMPIRE_ACTION_TYPES;

/** Body of the toss: who won it and what they chose (Law 2.13.1). */
const TossBody = z.strictObject({
  winner: z.enum(["home", "away"], { error: `expected "home" or "away"` }),
  choice: z.enum(TOSS_CHOICES, { error: `expected one of ${TOSS_CHOICES.map((c) => `"${c}"`).join(", ")}` }),
});

/** Body of a medical break (Regulation 3.4.2.3): the side, when it began and, once over, when it ended. */
const MedicalBody = z.strictObject({
  side: z.enum(["home", "away"], { error: `expected "home" or "away"` }),
  startedAt: z.iso.datetime({ offset: true, error: "expected a time in ISO 8601 with its UTC offset" }),
  endedAt: z.iso.datetime({ offset: true, error: "expected a time in ISO 8601 with its UTC offset" })
    .nullable()
    .optional(),
  reason: z.string().max(200, { error: "expected at most 200 characters" }).nullable().optional(),
});

/** At most this many actions in one batch. */
export const MAX_BATCH = 200;

/** Body of a batch: the revision the first action was based on, then the actions in order, each with its key. */
const BatchBody = z.strictObject({
  revision: z.int({ error: "expected the match's current revision as a whole number from 0" }).min(0, {
    error: "expected the match's current revision as a whole number from 0",
  }).optional(),
  actions: z.array(
    z.looseObject({
      key: z.string({ error: "expected an idempotency key of 1 to 200 visible ASCII characters" })
        .regex(/^[\x21-\x7e]{1,200}$/, {
          error: "expected an idempotency key of 1 to 200 visible ASCII characters",
        }),
      type: z.enum(BATCHED, { error: `expected one of ${BATCHED.map((t) => `"${t}"`).join(", ")}` }),
    }),
    { error: "expected a list of actions" },
  ).min(1, { error: "expected at least one action" }).max(MAX_BATCH, {
    error: `expected at most ${MAX_BATCH} actions`,
  }),
});

/** The device the request names, with its token's label, or undefined. */
function scorerDevice(c: Context<ManageEnv>): { id: string; label: string } | undefined {
  const id = visibleHeader(c, "X-Scorer-Device", 100);
  return id === undefined ? undefined : { id, label: c.var.token.label };
}

/** The match routes, mounted at /api/manage/matches. */
export function matchRoutes(deps: AppDeps): Hono<ManageEnv> {
  const app = new Hono<ManageEnv>();

  app.get("/", async (c) => {
    const token = c.var.token;
    const matches = await listScorableMatches(deps.store.db, {
      eventId: token.eventId,
      tableNo: token.tableNo,
    });
    const live = await listLiveMatches(deps.store.db, [...new Set(matches.map((m) => m.eventId))]);
    // The published event whose change stream pushes the list (pages/operator/client/score/list_push.ts).
    const owner = token.eventId !== null
      ? { kind: "event" as const, id: token.eventId }
      : matches[0] && { kind: "match" as const, id: matches[0].id };
    const streamSlug = owner ? await publishedEventSlugOf(deps.store.db, owner) : null;
    return c.json(
      envelope({ ...scorableMatchesJson(matches, live, scorerDevice(c)?.id), streamSlug }, deps.clock()),
    );
  });

  app.get("/:id", async (c) => {
    const id = c.req.param("id");
    const match = await readScoringMatch(deps.store.db, id);
    if (!match) throw unknownMatch(id);
    requireMatchScope(c.var.token, match, "read the match", id);
    const device = scorerDevice(c)?.id;
    const payload = matchPayload(match, device);
    if (match.status !== "scheduled") return c.json(envelope(payload, deps.clock()));
    // Before the start: what starting it now would clash with, as the list says it.
    const clashes = scorableMatchesJson(
      [match],
      await listLiveMatches(deps.store.db, [match.eventId]),
      device,
    );
    return c.json(envelope({
      ...payload,
      match: { ...payload.match, clashesOnStart: clashes.matches[0]!.clashesOnStart ?? [] },
      clashMatches: clashes.clashMatches,
    }, deps.clock()));
  });

  /** The match a write names, within the token's scope, or a 404 / 403. */
  const scopedMatch = async (c: Context<ManageEnv>, id: string, action: string) => {
    const match = await readManageMatch(deps.store.db, id);
    if (!match) throw unknownMatch(id);
    requireMatchScope(c.var.token, match, action, id);
  };

  for (const [type, write] of Object.entries(WRITES)) {
    app.post(`/:id/${type}`, async (c) => {
      const id = c.req.param("id");
      const token = c.var.token;
      if (write.adminOnly) requireAdmin(token, write.name);
      const key = idempotencyKey(c);
      const device = scorerDevice(c);
      const body = await parseBody(c, write.schema);
      if (body.revision === undefined && key === undefined) {
        throw invalidBodyError(
          `Invalid "revision": expected the match's current revision (or an "Idempotency-Key" header), got nothing`,
          "missing-field",
          { field: "revision" },
          { field: "revision" },
        );
      }
      // The write checks the token's scope, and a result the umpire confirmed, on the row it locks, and answers
      // with the match it holds when it can.
      const result = await applyWrite(
        deps,
        token,
        id,
        write.toAction(body),
        body.revision,
        key,
        device,
        scopeCheck(token, id, write.name),
      );
      const after = result.answer ?? await readScoringMatch(deps.store.db, id);
      c.header("Idempotency-Replayed", String(result.replayed));
      return c.json(envelope(matchPayload(after!, device?.id), deps.clock()));
    });
  }

  /** The umpire (or the desk) confirms the finished match's result: who and when are kept, once. */
  app.post("/:id/confirm", async (c) => {
    const id = c.req.param("id");
    const token = c.var.token;
    await scopedMatch(c, id, "confirm the result");
    await confirmResult(
      deps.store.db,
      deps.store.dialect,
      id,
      { actor: token.label, role: token.role },
      deps.clock(),
    );
    const after = await readScoringMatch(deps.store.db, id);
    return c.json(envelope(matchPayload(after!, scorerDevice(c)?.id), deps.clock()));
  });

  /** The umpire records the toss before the start (Law 2.13.1): who won it and what they chose. */
  app.post("/:id/toss", async (c) => {
    const id = c.req.param("id");
    const token = c.var.token;
    const body = await parseBody(c, TossBody);
    await scopedMatch(c, id, "record the toss");
    await recordToss(deps.store.db, id, body, token.label, deps.clock());
    const after = await readScoringMatch(deps.store.db, id);
    return c.json(envelope(matchPayload(after!, scorerDevice(c)?.id), deps.clock()));
  });

  /** The umpire records a medical break: at its start, then again with its end (the same `startedAt`). */
  app.post("/:id/medical", async (c) => {
    const id = c.req.param("id");
    const body = await parseBody(c, MedicalBody);
    await scopedMatch(c, id, "record a medical break");
    await recordMedicalBreak(deps.store.db, id, body, c.var.token.label, deps.clock());
    const after = await readScoringMatch(deps.store.db, id);
    return c.json(envelope(matchPayload(after!, scorerDevice(c)?.id), deps.clock()));
  });

  app.post("/:id/actions", async (c) => {
    const id = c.req.param("id");
    const token = c.var.token;
    const device = scorerDevice(c);
    const body = await parseBody(c, BatchBody);
    const items: BatchItem[] = body.actions.map((raw, i) => {
      const { key, type, ...fields } = raw;
      const write = WRITES[type];
      const parsed = prefixed(`actions.${i}`, () => validateBody(write.schema, fields));
      return { key, action: write.toAction(parsed) };
    });
    // Each write checks the scope and a confirmed result on the row it locks, as the single writes do.
    const batch = await writeMatchBatch(deps.store, id, items, {
      actor: token.label,
      now: deps.clock(),
      ...(body.revision === undefined ? {} : { expectedRevision: body.revision }),
      idempotencyOwner: token.id,
      ...(device ? { device } : {}),
      scope: scopeCheck(token, id, "score the match"),
    });
    const after = batch.answer ?? await readScoringMatch(deps.store.db, id);
    return c.json(envelope({ ...matchPayload(after!, device?.id), results: batch.outcomes }, deps.clock()));
  });

  return app;
}

/**
 * The check a write makes on the match it locks: it exists, the token may write it, and a scorer does not change
 * a result the umpire confirmed.
 */
function scopeCheck(token: TokenRecord, id: string, action: string): WriteContext["scope"] {
  return (match: ManageMatchRecord | undefined) => {
    if (!match) throw unknownMatch(id);
    requireMatchScope(token, match, action, id);
    if (token.role !== "admin" && match.confirmation) {
      throw confirmedRefusal(match.confirmation, matchWords(match), action);
    }
  };
}

/** Runs a validation whose errors name fields of one element of a list (`actions.3.side`). */
function prefixed<T>(prefix: string, validate: () => T): T {
  try {
    return validate();
  } catch (e) {
    if (!(e instanceof HttpError) || e.code !== "invalid-body") throw e;
    const field = String(e.extensions.field ?? "");
    const named = field ? `${prefix}.${field}` : prefix;
    const params = e.extensions.params as Record<string, unknown> | undefined;
    throw new HttpError(400, "invalid-body", e.message.replace(`"${field}"`, `"${named}"`), {
      extensions: {
        ...e.extensions,
        field: named,
        ...(params === undefined ? {} : { params: { ...params, field: named } }),
      },
    });
  }
}

/** Runs the write; a refused write (409) answers with the match as it now is, so the client can resync. */
async function applyWrite(
  deps: AppDeps,
  token: TokenRecord,
  id: string,
  action: MatchAction,
  revision: number | undefined,
  key: string | undefined,
  device: { id: string; label: string } | undefined,
  scope: WriteContext["scope"],
) {
  try {
    return await writeMatch(deps.store, id, action, {
      actor: token.label,
      now: deps.clock(),
      expectedRevision: revision,
      idempotencyKey: key,
      idempotencyOwner: token.id,
      ...(device ? { device } : {}),
      scope,
    });
  } catch (e) {
    if (!(e instanceof WriteError)) throw e;
    if (e.code === "idempotency-key-reused") {
      throw writeProblem(e, { field: "Idempotency-Key" });
    }
    const current = isConflict(e.code) ? await readScoringMatch(deps.store.db, id) : null;
    throw writeProblem(e, {
      ...e.details,
      ...(current ? { current: matchPayload(current, device?.id), revision: current.revision } : {}),
    });
  }
}
