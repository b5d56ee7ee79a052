/**
 * The shapes of the public API as zod schemas: the source of the OpenAPI document (api/openapi.ts) and of the
 * reference page. Responses are not validated against them at run time (the serialisers in views/serialize.ts
 * build exactly these shapes); the tests validate every response against the generated document.
 */
import { extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { DECIDED_BY } from "../domain/standings.ts";

extendZodWithOpenApi(z);

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const uuid = (description: string) => z.string().openapi({ format: "uuid", description });
const timestamp = (description: string) =>
  z.string().regex(ISO_MS).openapi({ format: "date-time", description, example: "2026-11-28T14:05:09.123Z" });
const count = (description: string) => z.int().min(0).openapi({ description });
/**
 * A named schema or null. A union rather than `.nullable()`: the nullable copy of a named schema would
 * inherit its name and replace the component in the document.
 */
const orNull = <T extends z.ZodType>(schema: T, description: string) =>
  z.union([schema, z.null()]).openapi({ description });

/** Points or games of each side. */
export const ScoreSchema = z.object({
  home: count("Home side"),
  away: count("Away side"),
}).openapi("Score", { description: "A pair of counts, home side first" });

/** The desk's announcement of an event (domain/announcement.ts). */
export const AnnouncementSchema = z.object({
  text: z.string().min(1).openapi({
    maxLength: 200,
    description: "One line of plain text, at most 200 characters",
    example: "Lunch break until 13:00",
  }),
  postedAt: timestamp("When the desk posted it"),
}).openapi("Announcement", { description: "One line from the tournament desk to everybody in the hall" });

/** A published event. */
export const EventSchema = z.object({
  id: uuid("Event id"),
  slug: z.string().regex(/^[A-Za-z0-9_~.-]+$/).openapi({
    description: "URL-safe identifier, used in the path of the single-event endpoint",
    example: "city-open-2026",
  }),
  name: z.string().openapi({ description: "The event's name" }),
  venue: z.string().openapi({ description: "Where it is played; empty when not given" }),
  startDate: z.string().regex(DATE).openapi({ format: "date", description: "First day, YYYY-MM-DD" }),
  endDate: z.string().regex(DATE).openapi({ format: "date", description: "Last day, YYYY-MM-DD" }),
  status: z.enum(["published"]).openapi({ description: 'Always "published": other events are not served' }),
  description: z.string().openapi({ description: "Free text" }),
  posterUrl: z.string().nullable().openapi({
    description: "URL of the poster image; null when there is none",
  }),
  categoryCount: count("Number of categories (categories) of the event"),
  announcement: orNull(
    AnnouncementSchema,
    "The desk's announcement, shown on the venue TV and the event page; null when there is none",
  ),
  featuredMatchId: z.string().nullable().openapi({
    description: "The match the desk puts on the featured overlay (/overlay/featured/{slug}); null when none",
  }),
}).openapi("Event", { description: "A published tournament" });

/** A player inside an entry. */
export const EntryPlayerSchema = z.object({
  id: uuid("Player id (the playerId of the rankings)"),
  displayName: z.string().openapi({ description: "The player's name" }),
  association: z.string().nullable().openapi({ description: "Club or association; null when none" }),
  country: z.string().regex(/^[A-Z]{3}$/).optional().openapi({
    description:
      'The player\'s country: the three-letter code of the association as the ITTF writes it ("GER", "CHN"); ' +
      "absent when not known",
    example: "GER",
  }),
}).openapi("EntryPlayer", { description: "A player of an entry" });

/** An entry: one player, or a doubles pair. */
export const EntrySchema = z.object({
  id: z.string().openapi({ description: "Entry id (the homeId/awayId/winnerId of matches)" }),
  name: z.string().openapi({ description: 'The player\'s name, or "A / B" for a doubles pair' }),
  association: z.string().nullable().openapi({
    description: 'Association, or "X / Y" for a pair from two associations; null when none is known',
  }),
  seed: z.int().min(1).nullable().openapi({
    description: "Seed number (1 is the top seed); null when unseeded",
  }),
  players: z.array(EntryPlayerSchema).min(1).max(2).openapi({
    description: "One player, or two for doubles",
  }),
  withdrawn: z.literal(true).optional().openapi({
    description: "Present (true) once the entry withdrew after the draw: its remaining matches are walkovers",
  }),
  country: z.string().optional().openapi({
    description:
      'The players\' country code ("GER"), or "X / Y" for a pair from two; absent when none is known',
  }),
}).openapi("Entry", { description: "An entry of a category: a player or a doubles pair" });

/** A category a player of an event is entered in. */
export const PlayerEntrySchema = z.object({
  entryId: z.string().openapi({
    description:
      "Entry id: the homeId/awayId of the player's matches in this category (a pair's for doubles)",
  }),
  subeventId: uuid("Id of the category"),
  subeventName: z.string().openapi({ description: "Name of the category", example: "Men's Singles" }),
}).openapi("PlayerEntry", { description: "A player's entry in a category: alone, or in a doubles pair" });

/** A player of an event with their entries. */
export const EventPlayerSchema = z.object({
  ...EntryPlayerSchema.shape,
  entries: z.array(PlayerEntrySchema).min(1).openapi({
    description: "The player's public entries, in the event's category order",
  }),
}).openapi("EventPlayer", {
  description:
    "A player of a published event (one with an entry in a group, a locked draw or a public match), " +
    "with the categories they play in",
});

/** A category of an event. */
export const CategorySchema = z.object({
  id: uuid("Category id, used in the /subevents/{id}/... paths"),
  eventId: uuid("Id of the event"),
  name: z.string().openapi({ description: "The category's name", example: "Men's Singles" }),
  kind: z.enum(["singles", "doubles", "team"]).openapi({
    description:
      "Singles, doubles (entries are pairs) or team (entries are teams that play ties, docs/teams.md)",
  }),
  format: z.enum(["groups", "knockout", "groups_knockout"]).openapi({
    description: "Round-robin groups only, knockout only, or groups followed by a knockout",
  }),
  bestOf: z.int().min(1).openapi({ description: "Maximum number of games in a match", example: 5 }),
  entryCount: count("Number of entries"),
  groupCount: count("Number of round-robin groups"),
  status: z.enum(["scheduled", "in_progress", "completed"]).openapi({
    description: "Derived from the matches: completed when all are completed, in_progress once any has " +
      "started or finished, scheduled before",
  }),
  hasDraw: z.boolean().openapi({
    description: "Whether a locked knockout draw is served at /subevents/{id}/draw",
  }),
  hasStandings: z.boolean().openapi({
    description: "Whether the category has groups (served at /standings)",
  }),
  ties: z.string().optional().openapi({
    description:
      'The path of its ties (/api/v1/subevents/{id}/ties); present only for a category of kind "team"',
  }),
}).openapi("Subevent", { description: "A category (category) of an event" });

const side = (description: string) => z.enum(["home", "away"]).openapi({ description });
const atScore = {
  gameNumber: z.int().min(1).openapi({ description: "The game (1-based) in which it happened" }),
  score: ScoreSchema.openapi({ description: "The score of that game when it happened" }),
};

/** A side's player serving or receiving the next point. */
export const ServicePlayerSchema = z.object({
  side: side("The side"),
  playerId: z.string().nullable().openapi({
    description:
      "Id of the player (of the pair, in doubles); null in doubles when the umpire did not record the order",
  }),
}).openapi("ServicePlayer", { description: "A player serving or receiving the next point" });

/** A time-out (ITTF Regulation 3.4.4.2). */
export const TimeoutSchema = z.object({
  side: side("The side that called it (one each per match)"),
  ...atScore,
  at: timestamp("When it was called").nullable().openapi({
    description: "When it was called; null when not known",
  }),
  endsAt: timestamp("When it ends").nullable().openapi({
    description:
      "A minute after it was called, or sooner when play resumed; it is running while the time is " +
      "before this. Null when not known",
  }),
}).openapi("Timeout", { description: "A time-out of up to 1 minute (ITTF Regulation 3.4.4.2)" });

/** A card shown by the umpire (ITTF Regulation 3.5.2). */
export const CardSchema = z.object({
  side: side("The side of the player or coach carded"),
  target: z.enum(["player", "coach"]).openapi({
    description: "The player (the pair, in doubles) or the side's coach",
  }),
  card: z.enum(["yellow", "yellow_red", "red"]).openapi({
    description:
      '"yellow": a warning; "yellow_red": a yellow and a red card together, with penalty points to the ' +
      'opponent; "red": referred to the referee (a coach: sent away)',
  }),
  penaltyPoints: z.int().min(0).max(2).openapi({
    description:
      "Points awarded to the opponent: 1 for the first yellow and red card, 2 for the second. They are " +
      "points of the score",
  }),
  ...atScore,
  at: timestamp("When it was shown").nullable().openapi({
    description: "When it was shown; null when not known",
  }),
}).openapi("Card", {
  description: "A card for misbehaviour (ITTF Regulation 3.5.2); cards carry over the whole match",
});

/** The expedite system in operation (ITTF Law 2.15). */
export const ExpediteSchema = z.object({
  ...atScore,
  byRequest: z.boolean().openapi({
    description:
      "Introduced at the request of both sides (true), or by the 10-minute time limit or the referee",
  }),
  at: timestamp("When it was introduced").nullable().openapi({ description: "When; null when not known" }),
}).openapi("Expedite", {
  description:
    "The expedite system (ITTF Law 2.15): service alternates after each point and 13 good returns " +
    "win the point for the receiver, to the end of the match",
});

/** What the umpire's record says of a match besides its score. */
export const OfficiatingSchema = z.object({
  gamePoint: z.union([
    z.object({
      side: side("The side that wins the game with the next point"),
      match: z.boolean().openapi({ description: "Whether that point also wins the match (match point)" }),
    }),
    z.null(),
  ]).openapi({ description: "Game point or match point at the current score; null otherwise" }),
  server: z.union([ServicePlayerSchema, z.null()]).openapi({
    description: "Who serves the next point; null unless the match is in progress",
  }),
  receiver: z.union([ServicePlayerSchema, z.null()]).openapi({
    description: "Who receives the next point; null unless the match is in progress",
  }),
  ends: z.union([
    z.object({
      left: side("The side on the umpire's left now"),
      changedAt: z.union([ScoreSchema, z.null()]).openapi({
        description:
          "In the last possible game, the score at which the sides changed ends (first to 5); null " +
          "before",
      }),
    }),
    z.null(),
  ]).openapi({
    description: "The ends (ITTF Law 2.13.7), as the umpire recorded them; null when not recorded",
  }),
  expedite: z.union([ExpediteSchema, z.null()]).openapi({
    description: "Since when the expedite system is in operation; null when it is not",
  }),
  timeouts: z.array(TimeoutSchema).openapi({ description: "Time-outs taken, in order" }),
  cards: z.array(CardSchema).openapi({ description: "Cards shown, in order" }),
}).openapi("Officiating", {
  description:
    "What the umpire recorded besides the score: game or match point, service, ends, time-outs, cards " +
    "and the expedite system",
});

/** A match with its score. */
export const MatchSchema = z.object({
  id: uuid("Match id (the {matchId} of /m/{matchId} and the overlay pages)"),
  eventId: uuid("Id of the event"),
  subeventId: uuid("Id of the category"),
  status: z.enum(["scheduled", "in_progress", "completed"]).openapi({
    description: "Not started, being played, or decided (by play or by a result reason)",
  }),
  matchKind: z.string().openapi({ description: 'Always "tournament" in version 1', example: "tournament" }),
  stage: z.enum(["group", "knockout"]).openapi({ description: "Group stage or knockout" }),
  groupId: z.string().nullable().openapi({ description: "Group of a group match; null in the knockout" }),
  groupName: z.string().nullable().openapi({ description: "Name of that group; null in the knockout" }),
  roundNo: z.int().min(1).openapi({
    description: "Round number (1 = first round; in a group, the round of play)",
  }),
  bracketPos: count("Zero-based position in the round"),
  stageLabel: z.string().openapi({ description: "Human label of the round or group", example: "Final" }),
  tableNo: z.int().nullable().openapi({
    description: "Table the match is played on; null when not assigned",
  }),
  scheduledAt: z.string().nullable().openapi({
    description: "Planned start (ISO 8601 UTC); null when not scheduled",
  }),
  calledAt: timestamp("When the match was called to its table").nullable().openapi({
    description:
      "When the desk called the players to the match's table (ISO 8601 UTC); null until called, and again " +
      "after the match is moved to another table. Stays set once play begins",
  }),
  estimatedStart: timestamp("When the match is expected to start").nullable().openapi({
    description:
      "When the match is expected to start as the day runs (ISO 8601 UTC): its planned time, later when the " +
      "matches before it on its table or its players' matches elsewhere run long, never earlier than " +
      "planned unless it was called; a time already past means it is due now. Null once play begins, and for a " +
      "match with no table and time or skipped for now by the desk",
  }),
  bestOf: z.int().min(1).openapi({ description: "Maximum number of games", example: 5 }),
  homeId: z.string().openapi({ description: "Entry id of the home side" }),
  awayId: z.string().openapi({ description: "Entry id of the away side" }),
  homeName: z.string().openapi({ description: 'Name of the home side ("A / B" for a doubles pair)' }),
  awayName: z.string().openapi({ description: 'Name of the away side ("A / B" for a doubles pair)' }),
  winnerId: z.string().nullable().openapi({ description: "homeId or awayId once decided; null until then" }),
  resultReasonCode: z.enum(["walkover", "retired", "disqualified"]).nullable().openapi({
    description: "How a match not decided by its score ended; null for a normal result or an undecided match",
  }),
  retirementAfterGame: count("Games finished when a side retired").nullable().openapi({
    description: "Games finished when a side retired; null when there was no retirement",
  }),
  gamesWon: ScoreSchema.openapi({ description: "Games won by each side, counted from gameScores" }),
  currentGame: ScoreSchema.openapi({
    description:
      "Points in the running game (0-0 between games); after a retirement or disqualification during a game, " +
      "that game's points as they stood",
  }),
  gameScores: z.array(ScoreSchema).openapi({ description: "Finished games in order of play" }),
  startedAt: timestamp("When play began").nullable().openapi({ description: "When play began; null before" }),
  completedAt: timestamp("When the match was decided").nullable().openapi({
    description: "When the match was decided; null until completed",
  }),
  updatedAt: timestamp("Last change to the match"),
  umpire: z.union([OfficiatingSchema, z.null()]).openapi({
    description:
      "What the umpire recorded besides the score. Null before play, and after it when no time-out, " +
      "card or expedite system was recorded",
  }),
  homeCountry: z.string().optional().openapi({
    description:
      'The home side\'s country code ("GER"), or "X / Y" for a pair from two; absent when none is known',
  }),
  awayCountry: z.string().optional().openapi({
    description:
      'The away side\'s country code ("CHN"), or "X / Y" for a pair from two; absent when none is known',
  }),
  tieId: z.string().optional().openapi({
    description:
      "The tie this match is part of (GET /api/v1/ties/{id}; docs/teams.md); present only for a match of a tie, " +
      "whose stage is its tie's",
  }),
  tieOrder: z.int().min(1).optional().openapi({
    description: "The match's place in its tie's order of play, from 1; present only for a match of a tie",
  }),
}).openapi("Match", { description: "A match whose two sides are known, with its score" });

/** The live block of the single-match endpoint. */
export const LiveSchema = z.object({
  started: z.boolean().openapi({ description: "Whether play has begun (false for a walkover)" }),
  gamesWon: ScoreSchema.openapi({ description: "Same as match.gamesWon" }),
  currentGame: ScoreSchema.openapi({ description: "Same as match.currentGame" }),
  currentServer: z.enum(["home", "away"]).nullable().openapi({
    description: "Who serves the next point; null unless the match is in progress",
  }),
  bestOf: z.int().min(1).openapi({ description: "Maximum number of games", example: 5 }),
}).openapi("Live", { description: "What a live scoreboard needs" });

/** The frozen pre-match prediction. */
export const PredictionSchema = z.object({
  pHome: z.number().min(0).max(1).openapi({ description: "Probability that the home side wins" }),
  ciLow: z.number().min(0).max(1).openapi({ description: "Lower bound of the interval around pHome" }),
  ciHigh: z.number().min(0).max(1).openapi({ description: "Upper bound of the interval around pHome" }),
  confidenceLabel: z.enum(["high", "medium", "low", "insufficient"]).openapi({
    description: 'How far the number can be trusted. Show it with the probability; for "insufficient" show ' +
      "words instead of a number",
  }),
  createdAt: timestamp("When the prediction was made (before the match started); it never changes"),
  outcome: z.enum(["home", "away", "void"]).nullable().openapi({
    description: 'Null while the match is undecided; then the winning side, or "void" when there was no ' +
      "result to score it against (a walkover or a disqualification before play)",
  }),
}).openapi("Prediction", { description: "Pre-match win prediction, frozen before the match" });

/** A side of a draw position. */
export const DrawSideSchema = z.object({
  kind: z.enum(["entry", "bye", "qualifier", "open"]).openapi({
    description: "entry: known; bye: no opponent; qualifier: a group place not yet decided; open: the " +
      "winner of an earlier match, or not drawn yet",
  }),
  entry: orNull(EntrySchema, 'The entry when kind is "entry"; null otherwise'),
  qualifier: z.object({
    groupId: z.string(),
    groupName: z.string(),
    place: z.int().min(1).openapi({ description: "Place in the group (1 = group winner)" }),
  }).nullable().openapi({
    description: "The group place that fills (or filled) this position; null otherwise",
  }),
  label: z.string().openapi({
    description: 'What to display: the entry\'s name, "Bye", "1st Group A", "Winner of Semi-final 1" or ' +
      '"To be decided"',
  }),
}).openapi("DrawSide", { description: "One side of a position in the bracket" });

/** A first-round slot of a draw. */
export const DrawSlotSchema = z.object({
  position: count("Zero-based slot, top to bottom; slot 2k meets slot 2k+1 in round 1"),
  ...DrawSideSchema.shape,
}).openapi("DrawSlot", { description: "A first-round slot of the draw" });

/** A position of the bracket: two sides and, once both are known, the match. */
export const DrawMatchSchema = z.object({
  bracketPos: count("Zero-based position in the round"),
  home: DrawSideSchema,
  away: DrawSideSchema,
  match: orNull(
    MatchSchema,
    "The match (same object as /matches/{id}) once both sides are known; null for a bye or an open position",
  ),
}).openapi("DrawMatch", { description: "A position of a round of the bracket" });

/** A round of the bracket. */
export const DrawRoundSchema = z.object({
  roundNo: z.int().min(1).openapi({ description: "1 for the first round" }),
  label: z.string().openapi({
    description: "Final, Semi-final, Quarter-final, Round of 16, ...",
    example: "Final",
  }),
  matches: z.array(DrawMatchSchema).openapi({ description: "Every position of the round, top to bottom" }),
}).openapi("DrawRound", { description: "A round of the bracket" });

/** A locked knockout draw. */
export const DrawSchema = z.object({
  subeventId: uuid("Id of the category"),
  size: z.int().min(2).openapi({ description: "Number of first-round slots (a power of two)", example: 16 }),
  slots: z.array(DrawSlotSchema).openapi({ description: "Every first-round slot, top to bottom" }),
  rounds: z.array(DrawRoundSchema).openapi({ description: "Every round, first round first, the final last" }),
}).openapi("Draw", { description: "A locked knockout bracket with results" });

/** One row of a group's standings. */
export const StandingRowSchema = z.object({
  position: z.int().min(1).openapi({ description: "Place in the group; rows still tied share the place" }),
  entry: EntrySchema,
  played: count("Decided matches (by play, walkover or retirement)"),
  won: count("Matches won"),
  lost: count("Matches lost"),
  matchPoints: count("2 for a win, 1 for a loss in a match played to its end, 0 for a loss otherwise"),
  gamesWon: count("Games won"),
  gamesLost: count("Games lost"),
  pointsWon: count("Points won"),
  pointsLost: count("Points lost"),
  tied: z.boolean().openapi({
    description: "Still level after every step of ITTF 3.7.5 with no lot drawn: the place is decided by lot",
  }),
  matchesWon: count("A team's individual matches won in its decided ties; present only in a team category")
    .optional(),
  matchesLost: count("A team's individual matches lost in its decided ties; present only in a team category")
    .optional(),
  decidedBy: z.enum([...DECIDED_BY, "matches_ratio"])
    .openapi({
      description: "The step of ITTF Statutes 3.7.5 that fixed the place: match_points over the group; " +
        "head_to_head_match_points, games_ratio or points_ratio among the players level; lot (the " +
        "operator's lot order); tied (not decided yet); withdrawn (the entry withdrew before completing the " +
        "group: its results are disregarded and it stands last, docs/standings.md); in a team category, " +
        "matches_ratio (individual matches won / lost among the teams level, docs/teams.md)",
    }),
  decidedByLot: z.boolean().openapi({
    description: "The place was decided by lot: level after every step of ITTF 3.7.5, placed by the " +
      'director\'s lot order (decidedBy "lot")',
  }),
}).openapi("StandingRow", { description: "A row of a group's standings" });

/** The standings of one group. */
export const GroupStandingsSchema = z.object({
  groupId: z.string().openapi({ description: "Group id (the groupId of the group's matches)" }),
  name: z.string().openapi({ description: "The group's name", example: "A" }),
  complete: z.boolean().openapi({ description: "Whether every match of the group is decided" }),
  rows: z.array(StandingRowSchema).openapi({ description: "In finishing order" }),
  awaitingLot: z.boolean().openapi({
    description: "Every match is decided but some places are still level after every step of ITTF 3.7.5: " +
      "they wait for the director's lot",
  }),
}).openapi("GroupStandings", { description: "Standings of a group, computed by ITTF Statutes 3.7.5" });

/** A row of the rating leaderboard. */
export const RankingSchema = z.object({
  rank: z.int().min(1).openapi({ description: "Position in the leaderboard, from 1" }),
  playerId: uuid("Player id"),
  displayName: z.string().openapi({ description: "The player's name" }),
  rating: z.int().openapi({ description: "Rating, rounded to an integer", example: 1734 }),
  matchCount: count("Matches counted for the rating"),
  association: z.string().nullable().openapi({ description: "Club or association; null when none" }),
  deviation: z.int().min(0).openapi({
    description:
      "The rating's deviation (Glicko-2 RD), rounded: its uncertainty; about 95% of the time the " +
      "player's true strength lies within two deviations of the rating",
    example: 62,
  }),
}).openapi("Ranking", { description: "A row of the public rating leaderboard" });

/** The meta block of every response. */
export const MetaSchema = z.object({
  generatedAt: timestamp(
    "When the response body was generated (ISO 8601 UTC with milliseconds); a body is kept while its data " +
      "does not change, so it can be older than the request (the ETag is the data's version)",
  ),
}).openapi("Meta", { description: "About the response" });

/** The meta block of a paged list: `generatedAt` and the paging of `what` (rows, matches, players). */
const pagedMeta = (name: string, total: string, what: string) =>
  z.object({
    ...MetaSchema.shape,
    total: count(total),
    limit: z.int().min(1).max(500).openapi({ description: `The number of ${what} per page used` }),
    offset: count(`The number of ${what} skipped`),
  }).openapi(name, { description: `About the response, with the paging of its ${what}` });

/** The meta block of the rankings, with paging. */
export const RankingsMetaSchema = pagedMeta(
  "RankingsMeta",
  "Number of rows in the whole leaderboard",
  "rows",
);

/** The meta block of a paged list of an event's matches. */
export const PagedMetaSchema = pagedMeta(
  "PagedMeta",
  "Number of matches in the whole filtered list (all pages)",
  "matches",
);

/** The meta block of a paged list of an event's players. */
export const EventPlayersMetaSchema = pagedMeta(
  "EventPlayersMeta",
  "Number of the event's public players (all pages)",
  "players",
);

/** An RFC 9457 problem. */
export const ProblemSchema = z.object({
  type: z.string().openapi({
    description: "URI reference of the problem type, described on the reference page",
    example: "/api#problem-not-found",
  }),
  title: z.string().openapi({ description: "Short summary of the problem type", example: "Not found" }),
  status: z.int().openapi({ description: "The HTTP status code", example: 404 }),
  detail: z.string().openapi({
    description: "What went wrong with this request, in a sentence for a person",
    example: 'Cannot find a published event with slug "no-such-event"',
  }),
  instance: z.string().openapi({
    description: "The path (and query) of the request",
    example: "/api/v1/events/x",
  }),
  code: z.string().openapi({
    description:
      "The problem kind, the last part of type (not-found, invalid-parameter, ...): stable, for code",
    example: "not-found",
  }),
  parameter: z.string().optional().openapi({ description: "The query parameter at fault (400 only)" }),
}).openapi("Problem", { description: "An error (RFC 9457 problem details)" });

const envelope = <T extends z.ZodType>(
  name: string,
  data: T,
  description: string,
  meta: z.ZodType = MetaSchema,
) => z.object({ data: data.openapi({ description: "The answer" }), meta }).openapi(name, { description });

/** GET /events. */
export const EventsResponseSchema = envelope(
  "EventsResponse",
  z.object({ events: z.array(EventSchema) }),
  "Published events, latest start date first, then by name",
);

/** GET /events/{slug}. */
/** The hall's link of an event published live from its venue (views/relay_link.ts). */
export const RelayLinkSchema = z.object({
  lastContactAt: timestamp("When the venue server was last heard from"),
}).openapi("RelayLink", {
  description: "Present only for an event published live from its venue server through the relay " +
    "(docs/relay.md). The venue pushes at least every 30 s while its link is up: a lastContactAt more than a " +
    "minute and a half old means the hall's updates are paused, and what is served is as of that time.",
});

export const EventResponseSchema = envelope(
  "EventResponse",
  z.object({
    event: EventSchema,
    subevents: z.array(CategorySchema).openapi({ description: "The event's categories in their order" }),
    relay: RelayLinkSchema.optional(),
  }),
  "One published event and its categories",
);

/** GET /events/{slug}/players. */
export const EventPlayersResponseSchema = envelope(
  "EventPlayersResponse",
  z.object({
    players: z.array(EventPlayerSchema).openapi({
      description: "A page of the players, by name (accents and case aside), then by id",
    }),
  }),
  "A page of the players of a published event",
  EventPlayersMetaSchema,
);

/** GET /subevents/{id}/draw. */
export const DrawResponseSchema = envelope(
  "DrawResponse",
  z.object({
    draw: orNull(DrawSchema, "The bracket; null while the category has no locked knockout draw"),
  }),
  "The knockout bracket of a category",
);

/** GET /subevents/{id}/standings. */
export const StandingsResponseSchema = envelope(
  "StandingsResponse",
  z.object({
    standings: z.array(GroupStandingsSchema).openapi({
      description: "One item per group in group order; empty for a category without groups",
    }),
  }),
  "Live group standings of a category",
);

/** GET /subevents/{id}/matches. */
export const MatchesResponseSchema = envelope(
  "MatchesResponse",
  z.object({
    matches: z.array(MatchSchema).openapi({
      description: "Every match whose two sides are known: group stage first, then by round and position",
    }),
  }),
  "The matches of a category",
);

/** GET /events/{slug}/matches. */
export const EventMatchesResponseSchema = envelope(
  "EventMatchesResponse",
  z.object({
    matches: z.array(MatchSchema).openapi({
      description:
        "A page of the event's matches whose two sides are known: its categories in their order, " +
        "each as its own list orders them",
    }),
  }),
  "A page of an event's matches",
  PagedMetaSchema,
);

/** GET /matches/{id}. */
export const MatchResponseSchema = envelope(
  "MatchResponse",
  z.object({
    match: MatchSchema,
    live: LiveSchema,
    prediction: orNull(PredictionSchema, "Null when no prediction was made"),
  }),
  "One match with its live block and prediction",
);

/** GET /rankings. */
export const RankingsResponseSchema = envelope(
  "RankingsResponse",
  z.object({ rankings: z.array(RankingSchema) }),
  "A page of the public rating leaderboard",
  RankingsMetaSchema,
);

/**
 * Every named schema in the order it is declared, each after the schemas it is made of: the order the OpenAPI
 * document registers them in (api/openapi.ts).
 */
export const NAMED_SCHEMAS: readonly z.ZodType[] = [
  ScoreSchema,
  AnnouncementSchema,
  EventSchema,
  EntryPlayerSchema,
  EntrySchema,
  PlayerEntrySchema,
  EventPlayerSchema,
  CategorySchema,
  ServicePlayerSchema,
  TimeoutSchema,
  CardSchema,
  ExpediteSchema,
  OfficiatingSchema,
  MatchSchema,
  LiveSchema,
  PredictionSchema,
  DrawSideSchema,
  DrawSlotSchema,
  DrawMatchSchema,
  DrawRoundSchema,
  DrawSchema,
  StandingRowSchema,
  GroupStandingsSchema,
  RankingSchema,
  MetaSchema,
  RankingsMetaSchema,
  PagedMetaSchema,
  EventPlayersMetaSchema,
  ProblemSchema,
  EventsResponseSchema,
  RelayLinkSchema,
  EventResponseSchema,
  EventPlayersResponseSchema,
  DrawResponseSchema,
  StandingsResponseSchema,
  MatchesResponseSchema,
  EventMatchesResponseSchema,
  MatchResponseSchema,
  RankingsResponseSchema,
];

/** The TypeScript types of the shapes, for the serialisers. */
export type Score = z.infer<typeof ScoreSchema>;
export type Event = z.infer<typeof EventSchema>;
export type Entry = z.infer<typeof EntrySchema>;
export type EventPlayer = z.infer<typeof EventPlayerSchema>;
export type Category = z.infer<typeof CategorySchema>;
export type Match = z.infer<typeof MatchSchema>;
export type Officiating = z.infer<typeof OfficiatingSchema>;
export type Live = z.infer<typeof LiveSchema>;
export type Prediction = z.infer<typeof PredictionSchema>;
export type DrawSide = z.infer<typeof DrawSideSchema>;
export type DrawSlot = z.infer<typeof DrawSlotSchema>;
export type DrawMatch = z.infer<typeof DrawMatchSchema>;
export type DrawRound = z.infer<typeof DrawRoundSchema>;
export type Draw = z.infer<typeof DrawSchema>;
export type StandingRow = z.infer<typeof StandingRowSchema>;
export type GroupStandings = z.infer<typeof GroupStandingsSchema>;
export type Ranking = z.infer<typeof RankingSchema>;
