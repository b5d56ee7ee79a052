/**
 * The shape of an event file (tt-event/1, docs/import-format.md) once it is valid: the types an import reads
 * and an export writes, and the problems a file that is not valid has.
 * @module
 */
import type { Side } from "../domain/scoring.ts";
import type { Language } from "../lib/languages.ts";
import type { CategoryFormat, CategoryKind, DrawState, EventStatus, Stage } from "../db/schema.ts";
import type { TeamFormatId, TieMatchSpec } from "../domain/team_formats.ts";
import type { ImportProblemCode, ProblemParams } from "./problem_codes.ts";

/** The value of `format` in every file of this version. */
export const EVENT_FILE_FORMAT = "tt-event/1";

/** The event itself. */
export interface EventInfo {
  slug: string;
  name: string;
  venue: string;
  startDate: string;
  endDate: string;
  status: EventStatus;
  description?: string;
  posterUrl?: string | null;
  /** The event's id in the store it was exported from, kept by an import (docs/import-format.md, "Ids"). */
  uuid?: string | null;
  /** The desk's announcement (domain/announcement.ts) and when it was posted. */
  announcement?: AnnouncementInput | null;
  /** The event's language (lib/languages.ts); absent keeps the store's, null is English. */
  language?: Language | null;
}

/** The desk's announcement: one line of text, and when it was posted (a date-time with an offset). */
export interface AnnouncementInput {
  text: string;
  postedAt: string;
}

/** An earlier rating of a player (Elo-like scale), the seed of the player's rating. */
export interface PlayerPriorInput {
  rating: number;
  deviation?: number | null;
  matchCount: number;
}

/** A player; `id` is a key local to the file. `email` and `birthDate` are private. */
export interface PlayerInput {
  id: string;
  displayName: string;
  association?: string | null;
  federationId?: string | null;
  email?: string | null;
  /** The association's code as the ITTF writes it ("GER", "CHN"), or null. */
  country?: string | null;
  birthDate?: string | null;
  prior?: PlayerPriorInput;
  /** When the desk marked the player present at this event (db/check_ins.ts); absent while not. */
  checkedInAt?: string | null;
  /** Who marked her present (the desk's token label); absent with no check-in. */
  checkedInBy?: string | null;
  /** The player's id in the store the file was exported from. */
  uuid?: string | null;
}

/** An operator account (private). */
export interface AccountInput {
  email: string;
  displayName: string;
}

/** An entry of a category: one player (singles) or two (doubles). */
export interface EntryInput {
  id: string;
  players: string[];
  seed?: number | null;
  /** The entry's id in the store the file was exported from. */
  uuid?: string | null;
  /** A team's name and association (a team category's entries are its teams, docs/teams.md). */
  name?: string;
  association?: string | null;
  /** When it withdrew after the draw (its matches left are walkovers); absent while it plays on. */
  withdrawnAt?: string | null;
}

/** A group of a category; `lots` is the operator's lot order for entries still level after ITTF 3.7.5. */
export interface GroupInput {
  name: string;
  entries: string[];
  lots?: string[];
  /** The group's id in the store the file was exported from. */
  uuid?: string | null;
}

/**
 * A draw slot: an entry key, "bye", a group qualifier (with `entry`, the entry its group placed there), or null
 * (not drawn yet).
 */
export type DrawSlotInput = string | { group: string; place: number; entry?: string | null } | null;

/** A knockout draw. */
export interface DrawInput {
  state: Exclude<DrawState, "none">;
  lotSeed?: string | null;
  size?: number;
  /** Absent: made by lot from `lotSeed` (`drawByLot`). */
  slots?: DrawSlotInput[];
}

/** Every match status of the format. */
export type MatchStatusInput = "scheduled" | "in_progress" | "completed";

/** Every result reason of the format. */
export type ResultReasonInput = "walkover" | "retired" | "disqualified";

/** A match; `home`, `away` and `winner` are entry keys of the same category, games are "11-8" strings. */
export interface MatchInput {
  id: string;
  stage: Stage;
  group?: string | null;
  round?: number;
  position?: number;
  home?: string | null;
  away?: string | null;
  table?: number | null;
  scheduledAt?: string | null;
  status: MatchStatusInput;
  resultReason?: ResultReasonInput | null;
  retirementAfterGame?: number | null;
  winner?: string | null;
  games?: string[];
  current?: string | null;
  firstServer?: Side | null;
  startedAt?: string | null;
  completedAt?: string | null;
  /** The match's id in the store the file was exported from. */
  uuid?: string | null;
  /** The tie of a team category's match: line-ups and individual matches (docs/teams.md). */
  tie?: TieInput;
  /** When the desk called it to its table; absent when not called. */
  calledAt?: string | null;
  /** When the desk skipped it for now (a player late or absent); absent when not skipped. */
  skippedAt?: string | null;
  /** Its table and time come from a plan the desk kept, which planning again may move; absent: by hand. */
  planned?: boolean;
  /** The umpire's choices at the start: the side on the umpire's left in game 1, the doubles order. */
  umpireSetup?: UmpireSetupInput | null;
  /** The umpire's incidents besides the rallies and corrections (time-outs, cards, expedite, doubles orders). */
  incidents?: IncidentInput[];
  /** The umpire's confirmation of the result (who, as which role, when); absent when not confirmed. */
  confirmation?: ConfirmationInput;
  /** The toss before the match (Law 2.13.1); absent when not recorded. */
  toss?: TossInput;
  /** The medical breaks (Regulation 3.4.2.3), in the order they began. */
  medicalBreaks?: MedicalBreakInput[];
}

/** The umpire's confirmation of a result (db/result_confirmation.ts). */
export interface ConfirmationInput {
  by: string;
  role: string;
  at: string;
}

/** The toss before a match (domain/toss.ts): the side that won it, its choice, who recorded it and when. */
export interface TossInput {
  winner: Side;
  choice: "serve" | "receive" | "end";
  by: string;
  at: string;
}

/** A medical break (db/medical_breaks.ts): the side, the game, when it began and ended, why, who recorded it. */
export interface MedicalBreakInput {
  side: Side;
  game?: number | null;
  startedAt: string;
  endedAt?: string | null;
  reason?: string | null;
  by: string;
}

/** The umpire's choices at the start of a match (db/umpire_record.ts `UmpireSetup`). */
export interface UmpireSetupInput {
  left: Side;
  order?: { server: string; receiver: string } | null;
}

/**
 * An umpire's incident (domain/match_replay.ts `Incident`): its kind, its fields, the points recorded before it,
 * the match revision it made (orders it among corrections) and when.
 */
export interface IncidentInput {
  kind: "timeout" | "resume" | "card" | "expedite" | "order" | "correction";
  afterPoints: number;
  actionNo: number;
  at: string;
  detail?: Record<string, unknown>;
  /** When an undo took it back (kept for the referee, replayed no more), and who did; absent while in force. */
  undoneAt?: string;
  undoneBy?: string;
}

/** A custom team format (docs/teams.md). */
export interface CustomTeamFormatInput {
  name?: string;
  matches: readonly TieMatchSpec[];
  winsNeeded: number;
  playAll?: boolean;
}

/** A team category's format: a built-in format's name or a custom format. */
export type TeamFormatInput = Exclude<TeamFormatId, "custom"> | CustomTeamFormatInput;

/** One side's line-up: player keys by position, and the nominated doubles pair. */
export interface LineupInput {
  positions: Record<string, string>;
  pair?: [string, string] | null;
}

/** One individual match of a tie, by its order in the format, with a match's fields; `winner` is a side. */
export interface TieMatchInput extends
  Pick<
    MatchInput,
    | "table"
    | "scheduledAt"
    | "status"
    | "resultReason"
    | "retirementAfterGame"
    | "games"
    | "current"
    | "firstServer"
    | "startedAt"
    | "completedAt"
    | "uuid"
    | "calledAt"
    | "skippedAt"
    | "planned"
    | "umpireSetup"
    | "incidents"
    | "confirmation"
    | "toss"
    | "medicalBreaks"
  > {
  order: number;
  winner?: Side | null;
}

/** The tie of a team category's match. */
export interface TieInput {
  home?: LineupInput | null;
  away?: LineupInput | null;
  published?: boolean;
  matches?: TieMatchInput[];
}

/** A category (stored as a category). */
export interface CategoryInput {
  id: string;
  name: string;
  kind: CategoryKind;
  format: CategoryFormat;
  bestOf: number;
  groupSize?: number | null;
  qualifiersPerGroup?: number | null;
  entries: EntryInput[];
  groups?: GroupInput[];
  draw?: DrawInput;
  matches?: MatchInput[];
  /** The category's id in the store the file was exported from. */
  uuid?: string | null;
  /** The keys of the event's sessions the category plays in; absent: every session. */
  sessions?: string[];
  /** A team category's format (docs/teams.md). */
  teamFormat?: TeamFormatInput;
  /** A team category's ties: on 2 tables at once or on 1 (docs/scheduling.md, "Ties"); absent: 1. */
  tablesPerTie?: 1 | 2 | null;
}

/** A session of play of the event: when (times with a UTC offset) and on which tables. */
export interface SessionInput {
  id: string;
  name?: string | null;
  start: string;
  end: string;
  tables: number[];
}

/** A whole import file, as validated by `validateEventFile`. */
export interface EventFile {
  $schema?: string;
  format: typeof EVENT_FILE_FORMAT;
  event: EventInfo;
  players: PlayerInput[];
  accounts?: AccountInput[];
  categories: CategoryInput[];
  /** The key the players' ids derive from in the store the file was exported from (db/player_id_key.ts). */
  playerIdKey?: string;
  /** When play goes on, and on which tables (the order of play plans within them). */
  sessions?: SessionInput[];
}

/** One problem of a file: where (`categories[0].matches[3].winner`, "" for the whole file) and what. */
export interface ImportProblem {
  path: string;
  message: string;
  /** The problem's code and the values its sentence names (event_file/problem_codes.ts), for a page's words. */
  code?: ImportProblemCode;
  params?: ProblemParams;
}

/** The result of validating a file: the typed file, or every problem found. */
export type ValidationResult = { ok: true; file: EventFile } | { ok: false; errors: ImportProblem[] };
