/**
 * The shapes of team events' ties (`/ties/{id}`, `/subevents/{id}/ties`; docs/teams.md), declared beside
 * views/schemas.ts and registered with its schemas in the OpenAPI document (api/openapi.ts).
 */
import { z } from "zod";
import { MatchSchema, MetaSchema, ScoreSchema } from "./schemas.ts";

const uuid = (description: string) => z.string().openapi({ format: "uuid", description });

/** A player of a team. */
export const TeamPlayerSchema = z.object({
  id: uuid("Player id (/players/{id})"),
  displayName: z.string().openapi({ description: "The player's name" }),
}).openapi("TeamPlayer", { description: "A player of a team" });

/** A team of a team category. */
export const TeamSchema = z.object({
  id: z.string().openapi({ description: "The team's entry id: the homeId/awayId of its ties" }),
  name: z.string().openapi({ description: "The team's name", example: "China" }),
  association: z.string().nullable().openapi({ description: "Its association or club; null when none" }),
  players: z.array(TeamPlayerSchema).openapi({ description: "Its players, in the team sheet's order" }),
}).openapi("Team", { description: "A team and its players" });

/** One side's line-up. */
export const LineupSchema = z.object({
  positions: z.record(z.string(), z.string()).openapi({
    description: "Player id by position (A, B, C for the home team, X, Y, Z for the away team)",
    example: { A: "6c8e…", B: "0b1d…", C: "91aa…" },
  }),
  pair: z.array(z.string()).length(2).nullable().openapi({
    description: "The doubles pair the captain nominated (player ids); null when the format has none",
  }),
}).openapi("Lineup", { description: "One team's line-up for a tie" });

/** One match of a tie's format. */
export const TieFormatMatchSchema = z.object({
  order: z.int().min(1).openapi({ description: "Its place in the order of play, from 1" }),
  type: z.enum(["singles", "doubles"]).openapi({ description: "A singles or a doubles" }),
  home: z.union([z.string(), z.array(z.string())]).openapi({
    description: 'The home position (singles), two positions or "pair" (doubles)',
  }),
  away: z.union([z.string(), z.array(z.string())]).openapi({
    description: 'The away position (singles), two positions or "pair" (doubles)',
  }),
}).openapi("TieFormatMatch", { description: "One individual match of a tie's format" });

/** What one team's line-up names in a format. */
export const TieFormatSideSchema = z.object({
  positions: z.array(z.string()).openapi({
    description: "The positions the team fills, in the order they first play",
    example: ["A", "B", "C"],
  }),
  pair: z.boolean().openapi({ description: "Whether the team also nominates a doubles pair" }),
}).openapi("TieFormatSide", { description: "What one team's line-up names in a format" });

/** A tie's format. */
export const TieFormatSchema = z.object({
  id: z.enum(["wttc", "olympic", "swaythling", "corbillon", "custom"]).openapi({
    description: "The format's name; custom for a league's own",
  }),
  name: z.string().openapi({ description: "What the format is called" }),
  winsNeeded: z.int().min(1).openapi({ description: "Individual matches a team must win to win the tie" }),
  playAll: z.boolean().openapi({ description: "Whether every match is played after the tie is decided" }),
  matches: z.array(TieFormatMatchSchema).openapi({ description: "Its matches in order of play" }),
  sides: z.object({ home: TieFormatSideSchema, away: TieFormatSideSchema }).openapi({
    description: "What each team's line-up names: the positions it fills and whether it nominates a pair",
  }),
}).openapi("TieFormat", { description: "How a tie is played (docs/teams.md)" });

/** One individual match of a tie. */
export const TieMatchSchema = z.object({
  order: z.int().min(1).openapi({ description: "Its place in the tie's order of play, from 1" }),
  type: z.enum(["singles", "doubles"]).openapi({ description: "A singles or a doubles" }),
  status: z.enum(["scheduled", "in_progress", "completed", "not_needed"]).openapi({
    description:
      'As a match\'s status; "not_needed" when the tie was decided before it (it is not played). A match not ' +
      "made yet (line-ups not published) is scheduled with match null",
  }),
  winner: z.enum(["home", "away"]).nullable().openapi({
    description: "The side that won it; null until then",
  }),
  match: z.union([MatchSchema, z.null()]).openapi({
    description:
      "The match itself (as /matches/{id}, its tieId this tie); null until the line-ups are published",
  }),
}).openapi("TieMatch", { description: "One individual match of a tie" });

/** A tie's prediction. */
export const TiePredictionSchema = z.object({
  pHome: z.number().min(0).max(1).openapi({
    description: "Probability that the home team wins the tie, frozen when the line-ups were published",
  }),
  ciLow: z.number().min(0).max(1).openapi({ description: "Low end of its 90% interval" }),
  ciHigh: z.number().min(0).max(1).openapi({ description: "High end of its 90% interval" }),
  confidenceLabel: z.enum(["high", "medium", "low", "insufficient"]).openapi({
    description: "How much the prediction can be trusted, as a match's (docs/teams.md)",
  }),
  createdAt: z.string().openapi({ description: "When it was frozen (ISO 8601 UTC)" }),
  live: z.number().min(0).max(1).openapi({
    description:
      "Probability now that the home team wins, from the results so far and the frozen predictions of the " +
      "matches still to finish (1 or 0 once decided)",
  }),
}).openapi("TiePrediction", {
  description: "A tie's win prediction from its line-ups and the players' ratings",
});

/** A tie. */
export const TieSchema = z.object({
  id: uuid("Tie id: the id of the group or knockout match between the two teams (/matches/{id})"),
  eventId: uuid("Id of the event"),
  subeventId: uuid("Id of the team category"),
  stage: z.enum(["group", "knockout"]).openapi({ description: "Group stage or knockout" }),
  groupName: z.string().nullable().openapi({ description: "The group of a group tie; null in the knockout" }),
  roundNo: z.int().min(1).openapi({ description: "Round number (in a group, the round of play)" }),
  bracketPos: z.int().min(0).openapi({ description: "Zero-based position in the round" }),
  stageLabel: z.string().openapi({ description: "Human label of the round or group", example: "Final" }),
  status: z.enum(["scheduled", "in_progress", "completed"]).openapi({
    description: "Not begun, being played, or over (decided, and every match the format plays done)",
  }),
  home: z.union([TeamSchema, z.null()]).openapi({ description: "The home team (ABC); null while not known" }),
  away: z.union([TeamSchema, z.null()]).openapi({ description: "The away team (XYZ); null while not known" }),
  score: ScoreSchema.openapi({ description: "Individual matches won by each team" }),
  decided: z.boolean().openapi({ description: "Whether the tie's result is known" }),
  winnerId: z.string().nullable().openapi({ description: "The winning team's id; null until decided" }),
  format: TieFormatSchema.openapi({ description: "How the tie is played" }),
  prediction: z.union([TiePredictionSchema, z.null()]).openapi({
    description: "The tie's prediction; null until the line-ups are published",
  }),
  lineups: z.union([z.object({ home: LineupSchema, away: LineupSchema }), z.null()]).openapi({
    description: "Both line-ups, once published; null before",
  }),
  matches: z.array(TieMatchSchema).openapi({ description: "Every match of the format, in order of play" }),
  tableNo: z.int().nullable().openapi({ description: "The tie's table; null when not assigned" }),
  scheduledAt: z.string().nullable().openapi({ description: "Planned start (ISO 8601 UTC); null when none" }),
  startedAt: z.string().nullable().openapi({ description: "When its first match began; null before" }),
  completedAt: z.string().nullable().openapi({ description: "When it was over; null until then" }),
  updatedAt: z.string().openapi({ description: "Last change to the tie, its line-ups or its matches" }),
}).openapi("Tie", { description: "A tie of a team event: two teams, their line-ups and matches, the score" });

/** An answer of the API: `data` in the envelope with its meta. */
const answer = <T extends z.ZodType>(name: string, data: T, description: string) =>
  z.object({ data: data.openapi({ description: "The answer" }), meta: MetaSchema }).openapi(name, {
    description,
  });

/** GET /ties/{id}. */
export const TieResponseSchema = answer("TieResponse", z.object({ tie: TieSchema }), "One tie");

/** GET /subevents/{id}/ties. */
export const TiesResponseSchema = answer(
  "TiesResponse",
  z.object({
    ties: z.array(TieSchema).openapi({
      description:
        "Every tie of the category whose two teams are known: groups first, then by round and position",
    }),
  }),
  "The ties of a team category",
);

const TEAM_PARTS: z.ZodType[] = [
  TeamPlayerSchema,
  TeamSchema,
  LineupSchema,
  TieFormatMatchSchema,
  TieFormatSchema,
];

/** The named schemas of this file, each after its parts, for the OpenAPI document. */
export const TIE_SCHEMAS: readonly z.ZodType[] = [
  ...TEAM_PARTS,
  TieMatchSchema,
  TiePredictionSchema,
  TieSchema,
]
  .concat(
    TieResponseSchema,
    TiesResponseSchema,
  );

/** A tie as the API answers it. */
export type Tie = z.infer<typeof TieSchema>;
