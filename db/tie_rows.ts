/**
 * The rows of a team event shared by the import and the management API (docs/teams.md): how a team format is
 * stored, and the row of an individual match of a tie.
 * @module
 */
import type { Insertable } from "kysely";
import {
  isBuiltInFormat,
  resolveFormat,
  TEAM_FORMAT_IDS,
  type TeamFormat,
  type TieMatchSpec,
} from "../domain/team_formats.ts";
import type { Database } from "./schema.ts";

type Row<T extends keyof Database> = Insertable<Database[T]>;

/** A custom team format as given (event file, management API). */
export interface CustomFormatText {
  name?: string;
  matches: readonly TieMatchSpec[];
  winsNeeded: number;
  playAll?: boolean;
}

/** The stored text of a team format: a built-in format's name, or the custom format as JSON. */
export function teamFormatText(format: string | CustomFormatText): string {
  return typeof format === "string" ? format : JSON.stringify(format);
}

/** The team format a stored text names (see `teamFormatText`); throws a `TeamFormatError` for a bad one. */
export function storedTeamFormat(text: string): TeamFormat {
  return text.startsWith("{") ? resolveFormat("custom", JSON.parse(text)) : resolveFormat(text);
}

/** The custom format of a stored text, or its built-in format's name (what an export writes). */
export function teamFormatOfText(text: string): typeof TEAM_FORMAT_IDS[number] | CustomFormatText {
  if (isBuiltInFormat(text)) return text;
  return JSON.parse(text) as CustomFormatText;
}

/** What a match of a tie takes from its tie: category, stage "tie", round, best of and the tie itself. */
function fromTie(
  tie: Pick<Row<"matches">, "id" | "event_id" | "subevent_id" | "stage" | "round_no" | "best_of">,
) {
  return {
    event_id: tie.event_id,
    subevent_id: tie.subevent_id,
    stage: "tie" as const,
    group_id: null,
    round_no: tie.round_no,
    best_of: tie.best_of,
    tie_id: tie.id,
    tie_stage: tie.stage,
    revision: 0,
  };
}

/** The parts of a tie's match that differ from one match of the tie to the next. */
export type TieMatchParts = Omit<Row<"matches">, keyof ReturnType<typeof fromTie> | "bracket_pos">;

/** The row of an individual match of a tie: in its tie's category and round, placed by its order. */
export function tieMatchRow(tie: Parameters<typeof fromTie>[0], parts: TieMatchParts): Row<"matches"> {
  return { ...parts, ...fromTie(tie), bracket_pos: parts.tie_order ?? 0 };
}
