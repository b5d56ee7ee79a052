/**
 * When a match not started is shown to start: its expected start as the day runs (domain/estimated_starts.ts,
 * the public `estimatedStart`) when there is one, else its planned time; with the planned time beside it when
 * the day moved it, so that a player told 10:20 sees why the board says 10:35.
 */
import { formatMatchTime } from "./format.ts";
import { type I18n, i18nFor } from "./i18n/mod.ts";
import type { Match } from "./view_types.ts";

/** The time to show and, when the expected start is not the planned time, the planned one; nulls for none. */
export interface ShownTime {
  time: string | null;
  planned: string | null;
}

/**
 * A match's shown time (see the module's comment), as `formatMatchTime` writes times.
 * @example shownTime({ status: "scheduled", scheduledAt: "…T10:20:00Z", estimatedStart: "…T10:35:00.000Z" }, false)
 * // { time: "10:35", planned: "10:20" } (in the server's time zone)
 */
export function shownTime(
  m: Pick<Match, "status" | "scheduledAt" | "estimatedStart">,
  withDay: boolean,
  i18n: I18n = i18nFor("en"),
): ShownTime {
  const expected = m.status === "scheduled" ? m.estimatedStart : null;
  const moved = expected !== null && m.scheduledAt !== null &&
    Date.parse(expected) !== Date.parse(m.scheduledAt);
  return {
    time: formatMatchTime(expected ?? m.scheduledAt, withDay, i18n),
    planned: moved ? formatMatchTime(m.scheduledAt, withDay, i18n) : null,
  };
}

/**
 * The time in a list's words: "10:35 (planned 10:20)" when the day moved it, else the time; null for none.
 * @example shownTimeText(lateMatch, false) // "10:35 (planned 10:20)"
 */
export function shownTimeText(
  m: Pick<Match, "status" | "scheduledAt" | "estimatedStart">,
  withDay: boolean,
  i18n: I18n = i18nFor("en"),
) {
  const { time, planned } = shownTime(m, withDay, i18n);
  return time === null ? null : planned === null ? time : i18n.t("list.plannedTime", { time, planned });
}
