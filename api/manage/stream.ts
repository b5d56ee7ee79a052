/**
 * The producer's control of an event's stream (domain/stream_state.ts), mounted at /api/manage/events: what is
 * on air, the slate and the sponsor's slot. `PATCH /{slug}/stream` changes any part; the one-word routes
 * (`POST /{slug}/stream/{graphic}/on`, `/off`, `POST /{slug}/stream/slate/{kind}`) take no body, for a Stream
 * Deck or another controller that sends plain HTTP calls. Every answer is the state after the call.
 */
import { z } from "zod";
import { readStreamState, streamChoices, streamPreviewIds } from "../../db/read_stream_state.ts";
import { findManagedEvent } from "../../db/read_manage.ts";
import { changeStreamState } from "../../db/stream_writes.ts";
import {
  GRAPHIC_LABELS,
  SLATE_WORDS,
  type SlateKind,
  STREAM_GRAPHICS,
  type StreamChange,
  type StreamGraphic,
  type StreamState,
} from "../../domain/stream_state.ts";
import type { AppDeps } from "../../http/deps.ts";
import { HttpError, invalidBodyError } from "../../http/problem.ts";
import { adminRoutes } from "./auth.ts";
import { parseBody } from "./bodies.ts";
import { quoted } from "./problem.ts";
import { envelope } from "./serialize.ts";

const GRAPHICS_WORDS = STREAM_GRAPHICS.map((g) => `"${g}"`).join(", ");
const KINDS = Object.keys(SLATE_WORDS) as SlateKind[];
const KIND_WORDS = KINDS.map((k) => `"${k}"`).join(", ");
const flag = (what: string) => z.boolean({ error: `expected whether ${what} is on air, as true or false` });
const id = (what: string) =>
  z.string({ error: `expected the id of ${what} as a string, or null for the first` }).max(100).nullable()
    .optional();
const text = (what: string) => z.string({ error: `expected ${what} as a string or null` }).nullable();

/** Body of a change: any of the parts; what it leaves out stays as it is. */
export const StreamBody = z.strictObject({
  onAir: z.strictObject(
    Object.fromEntries(STREAM_GRAPHICS.map((g) => [g, flag(`"${g}"`).optional()])) as Record<
      StreamGraphic,
      z.ZodOptional<z.ZodBoolean>
    >,
    { error: `expected an object of ${GRAPHICS_WORDS} set to true or false` },
  ).optional(),
  slate: z.strictObject({
    kind: z.enum(KINDS, { error: `expected one of ${KIND_WORDS}` }),
    text: text("the slate's words").optional(),
  }, { error: "expected an object with the slate's kind and, for a custom slate, its text" }).optional(),
  sponsor: z.strictObject({
    imageUrl: text("the image as a path of this site or a data URL").optional(),
    text: text("the sponsor's line").optional(),
  }, { error: "expected an object with imageUrl or text, or null to clear the sponsor" }).nullable()
    .optional(),
  picks: z.strictObject({
    standingsCategoryId: id("the standings' category"),
    standingsGroupId: id("the standings' group"),
    bracketCategoryId: id("the bracket's category"),
  }, { error: "expected an object of standingsCategoryId, standingsGroupId, bracketCategoryId" }).optional(),
});

/** The state as the API answers it. */
function stateJson(state: StreamState) {
  return { onAir: state.onAir, slate: state.slate, sponsor: state.sponsor, picks: state.picks };
}

/**
 * Each graphic's overlay URLs for OBS (stable for the day; `{…}` to fill in) and the one the panel previews it
 * with (null when the event has none to show: no featured match, no tie).
 */
function graphicsJson(slug: string, ids: Awaited<ReturnType<typeof streamPreviewIds>>) {
  const s = encodeURIComponent(slug);
  const previews: Record<StreamGraphic, { urls: string[]; preview: string | null }> = {
    bar: {
      urls: [`/overlay/featured/${s}`, `/overlay/table/${s}/{tableNo}`, "/overlay/match/{matchId}"],
      preview: `/overlay/featured/${s}`,
    },
    lowerThird: {
      urls: ["/overlay/card/match/{matchId}", `/overlay/card/player/{playerId}?event=${s}`],
      preview: ids.featuredMatchId && `/overlay/card/match/${ids.featuredMatchId}`,
    },
    tie: { urls: ["/overlay/tie/{tieId}"], preview: ids.tieId && `/overlay/tie/${ids.tieId}` },
    board: {
      urls: ["/overlay/subevent/{subeventId}"],
      preview: ids.categoryId && `/overlay/subevent/${ids.categoryId}`,
    },
    standings: { urls: [`/overlay/standings/${s}`], preview: `/overlay/standings/${s}` },
    bracket: { urls: [`/overlay/bracket/${s}`], preview: `/overlay/bracket/${s}` },
    slate: { urls: [`/overlay/slate/${s}`], preview: `/overlay/slate/${s}` },
    sponsor: { urls: [`/overlay/sponsor/${s}`], preview: `/overlay/sponsor/${s}?pos=top-right` },
  };
  return STREAM_GRAPHICS.map((g) => ({ graphic: g, label: GRAPHIC_LABELS[g], ...previews[g] }));
}

/** The stream's routes, mounted at /api/manage/events. */
export function streamRoutes(deps: AppDeps) {
  const app = adminRoutes("control the stream");
  const change = async (slug: string, body: StreamChange, actor: string) => {
    const done = await changeStreamState(deps.store, slug, body, { actor, now: deps.clock() });
    return envelope({ stream: stateJson(done.state), changed: done.changed }, deps.clock());
  };

  app.get("/:slug/stream", async (c) => {
    const event = await findManagedEvent(deps.store.db, c.req.param("slug"));
    if (!event) throw new HttpError(404, "not-found", `Event ${quoted(c.req.param("slug"))} does not exist`);
    const [state, ids, choices] = await Promise.all([
      readStreamState(deps.store.db, event.id),
      streamPreviewIds(deps.store.db, event.id),
      streamChoices(deps.store.db, event.id),
    ]);
    return c.json(
      envelope(
        { stream: stateJson(state), graphics: graphicsJson(event.slug, ids), categories: choices },
        deps.clock(),
      ),
    );
  });

  app.patch("/:slug/stream", async (c) => {
    const body = await parseBody(c, StreamBody);
    return c.json(await change(c.req.param("slug"), body, c.var.token.label));
  });

  app.post("/:slug/stream/slate/:kind", async (c) => {
    const kind = KINDS.find((k) => k === c.req.param("kind"));
    if (!kind) {
      throw invalidBodyError(
        `Unknown slate ${quoted(c.req.param("kind"))}: expected ${KIND_WORDS}`,
        "not-an-option",
        { field: "kind", options: KINDS },
      );
    }
    const body: StreamChange = { onAir: { slate: true }, slate: { kind } };
    return c.json(await change(c.req.param("slug"), body, c.var.token.label));
  });

  app.post("/:slug/stream/:graphic/:switch", async (c) => {
    const graphic = STREAM_GRAPHICS.find((g) => g === c.req.param("graphic"));
    const on = { on: true, off: false }[c.req.param("switch")];
    if (!graphic || on === undefined) {
      throw new HttpError(
        404,
        "not-found",
        `No stream control ${
          quoted(`${c.req.param("graphic")}/${c.req.param("switch")}`)
        }: expected one of ${GRAPHICS_WORDS}, then "on" or "off"`,
      );
    }
    return c.json(await change(c.req.param("slug"), { onAir: { [graphic]: on } }, c.var.token.label));
  });

  return app;
}

/** The state's answer, for the panel's script (`import type`). */
export type StreamJson = ReturnType<typeof stateJson>;
/** The graphics' URLs, for the panel's script (`import type`). */
export type StreamGraphicsJson = ReturnType<typeof graphicsJson>;
/** The categories and groups the producer may pick, for the panel's script (`import type`). */
export type StreamChoicesJson = Awaited<ReturnType<typeof streamChoices>>;
