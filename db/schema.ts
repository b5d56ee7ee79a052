/**
 * Table types for Kysely. Column names are snake_case in both stores; rows become plain domain objects in the
 * repository functions of db/. Times are ISO 8601 UTC strings with milliseconds, dates are YYYY-MM-DD strings and
 * booleans are integers 0/1, so that SQLite and PostgreSQL hold exactly the same values.
 */
import type { Generated, Insertable, Selectable, Updateable } from "kysely";

export type EventStatus = "draft" | "published" | "archived";
export type CategoryFormat = "groups" | "knockout" | "groups_knockout";
export type CategoryKind = "singles" | "doubles" | "team";
/** A draw is a draft until published and locked; only a locked draw is public. */
export type DrawState = "none" | "draft" | "locked";
export type Stage = "group" | "knockout" | "tie";

export interface EventTable {
  id: string;
  slug: string;
  name: string;
  venue: string;
  start_date: string;
  end_date: string;
  status: EventStatus;
  description: string;
  poster_url: string | null;
  /** Grows with every write that touches the event; ETags and caches derive from it. */
  revision: number;
  /** Hash of the imported file, so that importing the same file twice changes nothing. */
  source_hash: string | null;
  /** The desk's announcement (domain/announcement.ts), null when there is none; `event.announcement` in a file. */
  announcement: string | null;
  /** When the announcement was posted (ISO 8601 UTC), null with none. */
  announced_at: string | null;
  /** The match the desk puts on the featured overlay, null when none. */
  featured_match_id: string | null;
  /** The event's language (lib/languages.ts: "de", "ja"...), null: English; `event.language` in a file. */
  language?: string | null;
  /** When the estimated starts were last worked out (ISO 8601), null before the first time. */
  estimates_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface CategoryTable {
  id: string;
  event_id: string;
  /** The key of the category in the import file. */
  code: string;
  name: string;
  kind: CategoryKind;
  format: CategoryFormat;
  best_of: number;
  position: number;
  group_size: number | null;
  qualifiers_per_group: number | null;
  draw_state: DrawState;
  draw_seed: string | null;
  draw_size: number | null;
  /** The keys of the event's sessions the category plays in (JSON array); null: every session. */
  sessions?: string | null;
  /** A team category's format (docs/teams.md): a built-in format's name or a custom format as JSON; else null. */
  team_format?: string | null;
  /** A team category's ties: on 2 tables at once, or on 1 (null: 1). */
  tables_per_tie?: number | null;
}

export interface PlayerTable {
  id: string;
  display_name: string;
  association: string | null;
  federation_id: string | null;
  /** The association's three-letter code as the ITTF writes it ("GER"); null when not known. */
  country: string | null;
  /** Private: never served. */
  email: string | null;
  /** Private: never served. */
  birth_date: string | null;
  prior_rating: number | null;
  prior_deviation: number | null;
  prior_match_count: number | null;
  /**
   * 1 when the player has an entry in a published event: only such players appear on the public leaderboard,
   * so that a draft's players stay private. Maintained by every write that imports, publishes or unpublishes.
   */
  listed: Generated<number>;
  created_at: string;
}

/**
 * A hidden event's file's name, club and prior of a player who is public through a published event, held until
 * the hidden event is published (db/held_identities.ts).
 */
export interface HeldIdentityTable {
  event_id: string;
  player_id: string;
  display_name: string;
  association: string | null;
  prior_rating: number | null;
  prior_deviation: number | null;
  prior_match_count: number | null;
  country: string | null;
}

export interface EntryTable {
  id: string;
  subevent_id: string;
  player1_id: string;
  player2_id: string | null;
  seed: number | null;
  /** When it withdrew after the draw (ISO 8601 UTC); null while it plays on (db/entry_writes.ts). */
  withdrawn_at: string | null;
  /** The team entry this entry plays for in a tie's matches (docs/teams.md); null for any other entry. */
  team_entry_id?: string | null;
}

export interface GroupTable {
  id: string;
  subevent_id: string;
  name: string;
  position: number;
}

export interface GroupMemberTable {
  group_id: string;
  entry_id: string;
  position: number;
  /** The operator's lot order for players still level after ITTF 3.7.5 (1 first); null when not drawn. */
  lot: number | null;
}

export interface DrawSlotTable {
  subevent_id: string;
  position: number;
  entry_id: string | null;
  is_bye: number;
  /** A group qualifier placed here before the group is final: 0-based group index and place (1 or 2). */
  qualifier_group: number | null;
  qualifier_place: number | null;
}

export interface MatchTable {
  id: string;
  event_id: string;
  subevent_id: string;
  stage: Stage;
  group_id: string | null;
  round_no: number;
  bracket_pos: number;
  label: string;
  home_entry_id: string | null;
  away_entry_id: string | null;
  table_no: number | null;
  scheduled_at: string | null;
  status: string;
  result_reason: string | null;
  retirement_after_game: number | null;
  winner_entry_id: string | null;
  best_of: number;
  first_server: string | null;
  /** Finished games as JSON `[[home, away], ...]`, derived by domain/scoring from points and corrections. */
  games: string;
  current_home: number;
  current_away: number;
  /** Who serves the next point, derived by domain/scoring; null before play. */
  server: string | null;
  /** Grows with every write to this match; a write must name the revision it was based on. */
  revision: number;
  started_at: string | null;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
  /** The umpire's choices at the start as JSON (db/umpire_record.ts `UmpireSetup`); null before the start. */
  umpire_setup: string | null;
  /** The officiating state the public answer shows, derived by domain/match_replay.ts, as JSON; null before. */
  umpire: string | null;
  /** The device that scores the match (a random id the umpire's page keeps), its token's label and since when. */
  scorer_device: string | null;
  scorer_label: string | null;
  scorer_since: string | null;
  /** 1 when its table and time come from a plan the desk kept (planning again may move them), 0 when by hand. */
  planned: Generated<number>;
  /** When it was called to its table (ISO 8601 UTC); null until then, and after a move to another table. */
  called_at: string | null;
  /** When it is expected to start when the day moved it from its planned time (ISO 8601 UTC); null otherwise. */
  estimated_start: string | null;
  /** When the desk skipped it for now (a player late or absent); null when it is not skipped. */
  skipped_at: string | null;
  /** The tie (its group or knockout match between two teams) this match is part of; null for any other match. */
  tie_id?: string | null;
  /** The 1-based order of play of the match within its tie; null outside a tie. */
  tie_order?: number | null;
  /** "singles" or "doubles" for a match of a tie (its sides are one player or two); null outside a tie. */
  tie_match_type?: string | null;
  /** The stage of the tie ("group" or "knockout") of a match of a tie; null outside a tie. */
  tie_stage?: string | null;
}

export interface MatchPointTable {
  match_id: string;
  seq: number;
  side: string;
  created_at: string;
}

/** Every correction made, kept in the order made (`seq`), so that an undo can take the last one back. */
export interface GameCorrectionTable {
  match_id: string;
  /** Order of the match's corrections, from 1; the last one of a game is in force. */
  seq: number;
  game: number;
  home: number;
  away: number;
  /** Points recorded when it was made; null for a correction made before this was kept. */
  after_points: number | null;
  /** The match revision the correction made, which orders it among the incidents; null when made before. */
  action_no: number | null;
  created_at: string;
}

/**
 * The umpire's actions besides rallies and corrections (domain/match_replay.ts `Incident`): time-outs, cards,
 * the expedite system, the order of a doubles game; kept in the order made with their place among the points.
 */
export interface MatchIncidentTable {
  match_id: string;
  /** Order of the match's incidents, from 1. */
  seq: number;
  kind: string;
  /** The incident's fields other than `kind`, as JSON. */
  detail: string;
  /** Points recorded when it was made. */
  after_points: number;
  /** The match revision it made: orders incidents and corrections together. */
  action_no: number;
  created_at: string;
  /** When an undo took it back (it is kept for the referee's list, and replayed no more); null while in force. */
  undone_at: string | null;
  /** Who took it back (the token's label). */
  undone_by: string | null;
}

export interface RatingTable {
  player_id: string;
  rating: number;
  deviation: number;
  volatility: number;
  match_count: number;
  last_played_at: string | null;
  updated_at: string;
  /**
   * Mirrors players.listed (1 when the player has an entry in a published event), kept in step by every write of
   * a rating row or of the flags, so that the leaderboard index (listed, rating desc, player_id) serves the page
   * and the count without a join.
   */
  listed: Generated<number>;
}

export interface RatingHistoryTable {
  match_id: string;
  player_id: string;
  seq: number;
  rating_before: number;
  deviation_before: number;
  volatility_before: number;
  rating_after: number;
  deviation_after: number;
  volatility_after: number;
  at: string;
}

export interface PredictionTable {
  match_id: string;
  p_home: number;
  ci_low: number;
  ci_high: number;
  confidence_label: string;
  home_rating: number;
  home_deviation: number;
  home_match_count: number;
  away_rating: number;
  away_deviation: number;
  away_match_count: number;
  created_at: string;
  /** null until the match is decided, then "home" or "away". */
  outcome: string | null;
}

export interface AccountTable {
  id: string;
  email: string;
  display_name: string;
  created_at: string;
}

export interface TokenTable {
  id: string;
  label: string;
  role: "admin" | "scorer" | "relay";
  event_id: string | null;
  table_no: number | null;
  /** A relay token's event, by slug (migration 2026_12_04_000000_relay). */
  relay_slug: Generated<string | null>;
  /** SHA-256 of the secret, hex; the secret itself is shown once and never stored. */
  token_hash: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface AuditLogTable {
  id: string;
  at: string;
  token_label: string;
  action: string;
  event_id: string | null;
  match_id: string | null;
  detail: string;
}

export interface IdempotencyKeyTable {
  key: string;
  response: string;
  /** The fingerprint of the request first sent with the key; null for a key stored before it was kept. */
  request: string | null;
  created_at: string;
}

/** Secrets of the store, by name (`player_ids`: db/player_id_key.ts); never served. */
export interface StoreKeyTable {
  name: string;
  value: string;
}

/** An id a player had before, kept so that old links still answer (db/read_players.ts `playerAlias`). */
export interface PlayerIdAliasTable {
  old_id: string;
  player_id: string;
}

/** A session of play of an event: when, and on which tables (db/read_event_sessions.ts, db/session_writes.ts). */
export interface EventSessionTable {
  event_id: string;
  /** The session's key in the event file, unique within the event. */
  key: string;
  position: number;
  name: string | null;
  /** ISO 8601 UTC. */
  starts_at: string;
  ends_at: string;
  /** The table numbers, ascending (JSON array). */
  tables: string;
}

/** Named counters: "global" grows with every write; "event:<id>" with writes to that event. */
export interface RevisionTable {
  scope: string;
  value: number;
}

/**
 * The change feed of a published event (db/change_log.ts): each public resource with its version and the global
 * revision (`seq`) of the write that last changed it; `version` null when the resource is gone. A row of kind
 * "start" marks where the event's feed began (its publication).
 */
export interface EventChangeTable {
  event_id: string;
  kind: string;
  resource_id: string;
  subevent_id: string | null;
  version: string | null;
  seq: number;
}

/** A team of a team category (docs/teams.md): the entry that stands for it, its name and association. */
export interface TeamTable {
  entry_id: string;
  subevent_id: string;
  /** The key of the team in the import file. */
  code: string;
  name: string;
  association: string | null;
}

/** A player of a team, in the team sheet's order (`position`, from 1). */
export interface TeamMemberTable {
  team_entry_id: string;
  player_id: string;
  position: number;
}

/**
 * A tie: the group or knockout match `match_id` between two teams, its format and the line-ups (JSON
 * `SideLineup` of domain/team_formats.ts, player ids by position), public once `lineup_published_at` is set.
 */
export interface TieTable {
  match_id: string;
  subevent_id: string;
  /** A built-in format's name or a custom format as JSON, copied from the category when the tie is made. */
  format: string;
  home_lineup: string | null;
  away_lineup: string | null;
  lineup_published_at: string | null;
  updated_at: string;
}

/** A tie's frozen prediction (db/tie_predictions.ts): the home team's chance, from its matches' predictions. */
export interface TiePredictionTable {
  tie_id: string;
  p_home: number;
  ci_low: number;
  ci_high: number;
  confidence_label: string;
  created_at: string;
}

/** A relayed event on the public server (migration 2026_12_04_000000_relay). */
export interface RelayEventTable {
  slug: string;
  /** The venue server that holds the event (its store's relay id). */
  venue_id: string;
  /** Pushes applied: the base the next push names. */
  seq: number;
  holder_since: string;
  last_contact_at: string;
  /** 1 when an admin of the public server hid the event: pushes then keep it unpublished. */
  hidden: Generated<number>;
}

/** The hash of each part of a relayed event as last pushed (public server). */
export interface RelayChunkTable {
  slug: string;
  chunk: string;
  hash: string;
}

/** Each part of the event as the public server last acknowledged it (venue server). */
export interface RelaySentTable {
  slug: string;
  chunk: string;
  stamp: string;
  hash: string;
}

/** The producer's on-air state of an event's stream (domain/stream_state.ts); no row: nothing changed. */
export interface StreamStateTable {
  event_id: string;
  /** The graphics on air, a comma list of domain/stream_state.ts STREAM_GRAPHICS. */
  on_air: string;
  slate_kind: string;
  slate_text: string;
  sponsor_image: string | null;
  sponsor_text: string | null;
  /** What the standings and bracket graphics show (domain/stream_state.ts StreamPicks); null: the first. */
  standings_category_id?: string | null;
  standings_group_id?: string | null;
  bracket_category_id?: string | null;
  updated_at: string;
}

/** The umpire's confirmation of a match's result (migration 2026_12_05_020000_result_confirmations). */
export interface ResultConfirmationTable {
  match_id: string;
  /** The label of the token that confirmed. */
  confirmed_by: string;
  /** Its role: "scorer" or "admin". */
  confirmed_role: string;
  confirmed_at: string;
  /** The match's revision when confirmed. */
  match_revision: number;
}

/** The toss before a match (migration 2026_12_05_020100_match_tosses, Law 2.13.1). */
export interface MatchTossTable {
  match_id: string;
  /** "home" or "away". */
  winner: string;
  /** "serve", "receive" or "end". */
  choice: string;
  recorded_by: string;
  recorded_at: string;
}

export interface Database {
  events: EventTable;
  subevents: CategoryTable;
  players: PlayerTable;
  held_identities: HeldIdentityTable;
  entries: EntryTable;
  groups: GroupTable;
  group_members: GroupMemberTable;
  draw_slots: DrawSlotTable;
  matches: MatchTable;
  match_points: MatchPointTable;
  game_corrections: GameCorrectionTable;
  match_incidents: MatchIncidentTable;
  ratings: RatingTable;
  rating_history: RatingHistoryTable;
  predictions: PredictionTable;
  accounts: AccountTable;
  tokens: TokenTable;
  audit_log: AuditLogTable;
  idempotency_keys: IdempotencyKeyTable;
  revisions: RevisionTable;
  store_keys: StoreKeyTable;
  player_id_aliases: PlayerIdAliasTable;
  event_sessions: EventSessionTable;
  event_changes: EventChangeTable;
  teams: TeamTable;
  team_members: TeamMemberTable;
  ties: TieTable;
  tie_predictions: TiePredictionTable;
  relay_events: RelayEventTable;
  relay_chunks: RelayChunkTable;
  relay_sent: RelaySentTable;
  stream_states: StreamStateTable;
  result_confirmations: ResultConfirmationTable;
  match_tosses: MatchTossTable;
  check_ins: CheckInTable;
  incident_acknowledgements: IncidentAcknowledgementTable;
  medical_breaks: MedicalBreakTable;
}

/** The referee's acknowledgement of an alerting incident (db/incident_acknowledgements.ts). */
export interface IncidentAcknowledgementTable {
  event_id: string;
  /** The incident's key (domain/incident_list.ts). */
  incident_key: string;
  acknowledged_by: string;
  acknowledged_at: string;
}

/** A medical break the umpire recorded (db/medical_breaks.ts, Regulation 3.4.2.3). */
export interface MedicalBreakTable {
  match_id: string;
  started_at: string;
  /** "home" or "away". */
  side: string;
  game_number: number | null;
  ended_at: string | null;
  reason: string | null;
  recorded_by: string;
}

/** A player marked present at the desk for an event (db/check_ins.ts). */
export interface CheckInTable {
  event_id: string;
  player_id: string;
  checked_in_at: string;
  /** The label of the token that marked the player present. */
  checked_in_by: string;
}

export type EventRow = Selectable<EventTable>;
export type CategoryRow = Selectable<CategoryTable>;
export type PlayerRow = Selectable<PlayerTable>;
export type MatchRow = Selectable<MatchTable>;
export type NewMatch = Insertable<MatchTable>;
export type MatchUpdate = Updateable<MatchTable>;
export type { Generated };
