/**
 * The shapes of a player across events (`/players/{id}`, its matches and a head-to-head), declared beside
 * views/schemas.ts and registered with its schemas in the OpenAPI document (api/openapi.ts).
 */
import { z } from "zod";
import { MatchSchema, MetaSchema, PlayerEntrySchema } from "./schemas.ts";

const uuid = (description: string) => z.string().openapi({ format: "uuid", description });
const count = (description: string) => z.int().min(0).openapi({ description });

/** A player's rating now. */
export const PlayerRatingSchema = z.object({
  rating: z.int().openapi({ description: "Glicko-2 rating, rounded to an integer (as on the leaderboard)" }),
  deviation: z.int().min(0).openapi({
    description: "Its rating deviation (Glicko-2 RD), rounded: about 95% of the time the player's true " +
      "strength lies within two deviations of the rating",
  }),
  matchCount: count("Rated matches counted for the rating"),
  rank: z.int().min(1).nullable().openapi({
    description: "Place on the public leaderboard; null when not on it",
  }),
}).openapi("PlayerRating", { description: "A player's current rating" });

/** The rating after one rated match. */
export const RatingPointSchema = z.object({
  matchId: uuid("The rated match (a match of a published event)"),
  at: z.string().openapi({ format: "date-time", description: "When the match was decided" }),
  rating: z.int().openapi({ description: "The rating after the match, rounded" }),
  deviation: z.int().min(0).openapi({ description: "The deviation after the match, rounded" }),
}).openapi("RatingPoint", { description: "A player's rating after one of their rated matches" });

/** A published event of the player's. */
export const PlayerEventSchema = z.object({
  id: uuid("Event id"),
  slug: z.string().openapi({ description: "The event's slug (/events/{slug})" }),
  name: z.string().openapi({ description: "The event's name" }),
  startDate: z.string().openapi({ format: "date", description: "First day, YYYY-MM-DD" }),
  endDate: z.string().openapi({ format: "date", description: "Last day, YYYY-MM-DD" }),
  entries: z.array(PlayerEntrySchema).min(1).openapi({
    description: "The player's public entries in the event, in its category order",
  }),
}).openapi("PlayerEvent", { description: "A published event the player plays in" });

/** A player across events. */
export const PlayerProfileSchema = z.object({
  id: uuid("Player id (the playerId of the rankings, the id of /events/{slug}/players)"),
  displayName: z.string().openapi({ description: "The player's name" }),
  association: z.string().nullable().openapi({ description: "Club or association; null when none" }),
  rating: z.union([PlayerRatingSchema, z.null()]).openapi({
    description: "The current rating; null before the player's first rated match",
  }),
  history: z.array(RatingPointSchema).openapi({
    description: "The rating after each rated match, oldest first (a chart's points)",
  }),
  events: z.array(PlayerEventSchema).openapi({
    description: "The published events the player plays in, latest start first",
  }),
  country: z.string().optional().openapi({
    description: 'The player\'s country code as the ITTF writes it ("GER"); absent when not known',
  }),
}).openapi("PlayerProfile", { description: "A player across the published events of this server" });

/** A match of the player's with its event and category. */
export const PlayerMatchSchema = z.object({
  event: z.object({
    id: uuid("Event id"),
    slug: z.string().openapi({ description: "The event's slug" }),
    name: z.string().openapi({ description: "The event's name" }),
  }).openapi({ description: "The match's event" }),
  subeventName: z.string().openapi({ description: "The match's category" }),
  match: MatchSchema,
}).openapi("PlayerMatch", { description: "A match of the player's, with where it is played" });

/** One player's side of a head-to-head. */
export const HeadToHeadSideSchema = z.object({
  id: uuid("Player id"),
  displayName: z.string().openapi({ description: "The player's name" }),
  association: z.string().nullable().openapi({ description: "Club or association; null when none" }),
  wins: count("Decided matches between them won by this player"),
  games: count("Games this player won in them"),
  points: count("Points this player won in them"),
}).openapi("HeadToHeadSide", { description: "One player's record against the other" });

/** The prediction of the next meeting. */
export const MeetingPredictionSchema = z.object({
  pPlayer: z.number().min(0).max(1).openapi({
    description: "Probability that the first player ({id}) wins a best-of-5 match against the other now",
  }),
  ciLow: z.number().min(0).max(1).openapi({ description: "5% quantile of that probability" }),
  ciHigh: z.number().min(0).max(1).openapi({ description: "95% quantile of that probability" }),
  confidenceLabel: z.enum(["high", "medium", "low", "insufficient"]).openapi({
    description: 'How far it can be trusted; with "insufficient" show words, not the number',
  }),
}).openapi("MeetingPrediction", {
  description: "The prediction of their next meeting from the current ratings (domain/prediction.ts)",
});

/** Two players against each other. */
export const HeadToHeadSchema = z.object({
  player: HeadToHeadSideSchema,
  other: HeadToHeadSideSchema,
  matches: z.array(PlayerMatchSchema).openapi({
    description: "Their matches against each other across published events, newest first (at most 500)",
  }),
  prediction: z.union([MeetingPredictionSchema, z.null()]).openapi({
    description: "Null when either has no rating yet",
  }),
}).openapi("HeadToHead", { description: "The record of two players against each other" });

const pagedMeta = z.object({
  ...MetaSchema.shape,
  total: count("Number of matches in the whole filtered list (all pages)"),
  limit: z.int().min(1).max(500).openapi({ description: "The number of matches per page used" }),
  offset: count("The number of matches skipped"),
}).openapi("PlayerMatchesMeta", { description: "About the response, with the paging of its matches" });

/** GET /players/{id}. */
export const PlayerResponseSchema = z.object({
  data: z.object({ player: PlayerProfileSchema }).openapi({ description: "The answer" }),
  meta: MetaSchema,
}).openapi("PlayerResponse", { description: "A player across events" });

/** GET /players/{id}/matches. */
export const PlayerMatchesResponseSchema = z.object({
  data: z.object({
    matches: z.array(PlayerMatchSchema).openapi({
      description: "A page of the player's matches, newest first",
    }),
  }).openapi({ description: "The answer" }),
  meta: pagedMeta,
}).openapi("PlayerMatchesResponse", { description: "A page of a player's matches across events" });

/** GET /players/{id}/head-to-head/{otherId}. */
export const HeadToHeadResponseSchema = z.object({
  data: z.object({ headToHead: HeadToHeadSchema }).openapi({ description: "The answer" }),
  meta: MetaSchema,
}).openapi("HeadToHeadResponse", { description: "Two players against each other" });

/** The named schemas, each after its parts, for the OpenAPI document. */
export const PLAYER_SCHEMAS: readonly z.ZodType[] = [
  ...[PlayerRatingSchema, RatingPointSchema, PlayerEventSchema, PlayerProfileSchema, PlayerMatchSchema],
  ...[HeadToHeadSideSchema, MeetingPredictionSchema, HeadToHeadSchema, pagedMeta],
  ...[PlayerResponseSchema, PlayerMatchesResponseSchema, HeadToHeadResponseSchema],
];

export type PlayerProfile = z.infer<typeof PlayerProfileSchema>;
export type PlayerMatch = z.infer<typeof PlayerMatchSchema>;
export type HeadToHead = z.infer<typeof HeadToHeadSchema>;
export type MeetingPrediction = z.infer<typeof MeetingPredictionSchema>;
