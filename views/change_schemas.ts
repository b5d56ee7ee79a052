/**
 * The shapes of an event's change feed (`/events/{slug}/changes`), declared beside views/schemas.ts and
 * registered with its schemas in the OpenAPI document (api/openapi.ts).
 */
import { z } from "zod";
import { MetaSchema } from "./schemas.ts";

/** One resource of an event that changed. */
export const EventChangeSchema = z.object({
  kind: z.enum(["event", "players", "subevent", "match"]).openapi({
    description: "What changed: the event (/events/{slug}), its players' list (/events/{slug}/players), a " +
      "category (/subevents/{id}/matches, whose /draw and /standings change with it) or a match " +
      "(/matches/{id})",
  }),
  id: z.string().openapi({ description: "Id of the event, category or match" }),
  version: z.string().nullable().openapi({
    description: "The resource's version now, an opaque string that changes exactly when its answer's ETag " +
      "does; null when the resource is gone (its URL answers 404 now)",
    example: "m12.1764324309123.1a2b3c4d",
  }),
  url: z.string().openapi({
    description: "Where to fetch it, relative to the server's origin",
    example: "/api/v1/matches/3f2c1a9e-6b1d-4c2a-9f5e-0d8b7a6c5e4f",
  }),
}).openapi("EventChange", { description: "A resource of an event that changed since the cursor" });

/** The meta block of a page of the feed. */
export const ChangesMetaSchema = z.object({
  ...MetaSchema.shape,
  limit: z.int().min(1).max(500).openapi({ description: "The most changes per page used" }),
}).openapi("ChangesMeta", { description: "About the response, with its page size" });

/** GET /events/{slug}/changes. */
export const ChangesResponseSchema = z.object({
  data: z.object({
    changes: z.array(EventChangeSchema).openapi({
      description:
        "The resources that changed since the cursor, each once at its version now, in the order " +
        "of their last change; empty when nothing did",
    }),
    next: z.string().openapi({
      description: "The cursor to ask with next (since=next): after the last change listed, or the cursor " +
        "given when none is",
    }),
    hasMore: z.boolean().openapi({
      description: "Whether more changes wait after this page (ask again at once)",
    }),
  }).openapi({ description: "The answer" }),
  meta: ChangesMetaSchema,
}).openapi("ChangesResponse", { description: "What changed in a published event since a cursor" });

/** The feed's named schemas, each after its parts, for the OpenAPI document. */
export const CHANGE_SCHEMAS: readonly z.ZodType[] = [
  EventChangeSchema,
  ChangesMetaSchema,
  ChangesResponseSchema,
];

export type EventChange = z.infer<typeof EventChangeSchema>;
