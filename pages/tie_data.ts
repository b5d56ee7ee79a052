/**
 * What the pages show of team events' ties (docs/teams.md): the public tie (views/tie.ts) of a match, the paths
 * of a tie's page, overlay and API answer, and the match of a tie that is on now (views/tie_boards.ts reads the
 * ties the event's lists show).
 */
import { formatMatchTime } from "./format.ts";
import { type I18n, i18nFor } from "./i18n/mod.ts";
import { tieView } from "../views/tie.ts";
import type { Tie } from "../views/tie_schemas.ts";
import type { ViewDeps } from "../views/view.ts";
import type { ListedMatch } from "./components/match_table.tsx";
import type { CategorySummary, Match } from "./view_types.ts";

export type { Tie };

/** One match of a tie as the tie answers it. */
export type TieMatch = Tie["matches"][number];

/** A tie's page. */
export function tiePath(tieId: string): string {
  return `/tie/${encodeURIComponent(tieId)}`;
}

/** A tie's overlay for OBS. */
export function tieOverlayPath(tieId: string): string {
  return `/overlay/tie/${encodeURIComponent(tieId)}`;
}

/** The API path a tie's page and overlay watch: the tie's own answer, which moves with every point of its matches. */
export function tieWatchPath(tieId: string): string {
  return `/api/v1/ties/${encodeURIComponent(tieId)}`;
}

/** The longest team name a bar shows whole; a longer one is shown by its association's code when it has one. */
export const SHORT_TEAM_NAME = 18;

/** A team's name on a narrow bar: its name, or for a long one its association's short code ("PRK"). */
export function teamLabel(team: Tie["home"]): string {
  if (team === null) return "?";
  const code = team.association;
  return team.name.length > SHORT_TEAM_NAME && code !== null && code.length <= 4 ? code : team.name;
}

/**
 * The match of a tie to show now: the one in play (the first in order of play when two are), else the next one
 * made and not played while the tie goes on, else the last one played; null before the line-ups are published.
 */
export function currentTieMatch(tie: Tie): TieMatch | null {
  const made = tie.matches.filter((m) => m.match !== null);
  const playing = made.find((m) => m.status === "in_progress");
  if (playing) return playing;
  const next = made.find((m) => m.status === "scheduled");
  if (next && tie.status !== "completed") return next;
  return made.filter((m) => m.status === "completed").at(-1) ?? null;
}

/** The public tie of a match of a tie, or null for any other match. */
export async function tieOfMatch(deps: ViewDeps, match: Pick<Match, "tieId">): Promise<Tie | null> {
  return match.tieId ? await tieView.load(deps, match.tieId) : null;
}

/** "China win 3–1", "Match 4 in play", "Not started · Table 2 · Sat 10:00": the tie in a line, in the page's language. */
export function tieStateLine(tie: Tie, i18n: I18n = i18nFor("en")): string {
  const { home, away } = tie.score;
  if (tie.status === "completed") {
    const winner = tie.winnerId === null ? null : tie.winnerId === tie.home?.id ? tie.home : tie.away;
    return winner
      ? i18n.t("tie.won", { name: winner.name, score: `${Math.max(home, away)}–${Math.min(home, away)}` })
      : i18n.t("tie.drawn", { score: `${home}–${away}` });
  }
  const playing = tie.matches.filter((m) => m.status === "in_progress").map((m) => String(m.order));
  if (playing.length > 0) return i18n.t("tie.inPlay", { orders: i18n.list(playing) });
  if (tie.status === "in_progress") return i18n.t("tie.between");
  const time = formatMatchTime(tie.scheduledAt, true, i18n);
  const table = tie.tableNo === null ? null : i18n.t("tie.table", { table: String(tie.tableNo) });
  return [i18n.t("tie.notStarted"), table, time].filter((t) => t !== null).join(" · ");
}

/** A list's matches without those of team categories, which the tie rows show. */
export function withoutTeamMatches(
  rows: ListedMatch[],
  categories: readonly CategorySummary[],
): ListedMatch[] {
  const teams = new Set(categories.filter((c) => c.kind === "team").map((c) => c.id));
  return teams.size === 0 ? rows : rows.filter(({ match }) => !teams.has(match.subeventId));
}

/**
 * Whether a match is a tie in play itself (a team category's match between the teams, which has no games of its
 * own): a table shows the tie's match in play there instead, or nothing between two of its matches.
 */
export function isTieInPlay(match: Match, categories: readonly CategorySummary[]): boolean {
  return match.status === "in_progress" && !match.tieId &&
    categories.some((c) => c.id === match.subeventId && c.kind === "team");
}
