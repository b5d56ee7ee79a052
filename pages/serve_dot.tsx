/**
 * The serve dot of the venue TV: a dot beside the side that serves the next point of a match in play. Who serves
 * is the rule of domain/match_view.ts (`officiatingBlock`: the umpire's record, or the serving side in singles),
 * served as the match's `umpire.server`, which the umpire's page and the overlays show too.
 */
import type { Match } from "./view_types.ts";
import { useI18n } from "./i18n/mod.ts";

/**
 * The side serving the next point of a match in play, or null (not in play, or not known).
 * @example servingSide({ status: "in_progress", umpire: { server: { side: "away", playerId: null }, ... }, ... }) // "away"
 */
export function servingSide(m: Match): "home" | "away" | null {
  return m.status === "in_progress" ? m.umpire?.server?.side ?? null : null;
}

/** The dot, shown (`on`) when `side` serves next; said to screen readers as "serving", in the page's language. */
export function ServeDot(props: { match: Match; side: "home" | "away" }) {
  const { t } = useI18n();
  const on = servingSide(props.match) === props.side;
  return on ? <span class="serve-dot" role="img" aria-label={t("match.serving")} /> : null;
}
