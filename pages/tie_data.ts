/**
 * What the pages show of team events' ties (docs/teams.md): the public tie (views/tie.ts) of a match, the ties the
 * event's lists show, the paths of a tie's page, overlay and API answer, and the match of a tie that is on now.
 */
import { BoundedLru } from "../lib/lru.ts";
import { formatMatchTime } from "./format.ts";
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
 * The tie a listed match stands for: a match of a tie names it (`tieId`); any other match of a team category is
 * a tie itself (the group or knockout match between the teams); a match of another category stands for none.
 */
export function tieIdOf(match: Pick<Match, "id" | "tieId">, categoryKind: string | undefined): string | null {
  if (match.tieId) return match.tieId;
  return categoryKind === "team" ? match.id : null;
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

/** "China win 3–1", "2–1 · match 4 in play", "Not started": the tie in a line. */
export function tieStateLine(tie: Tie): string {
  const { home, away } = tie.score;
  if (tie.status === "completed") {
    const winner = tie.winnerId === null ? null : tie.winnerId === tie.home?.id ? tie.home : tie.away;
    return winner
      ? `${winner.name} win ${Math.max(home, away)}–${Math.min(home, away)}`
      : `Drawn ${home}–${away}`;
  }
  const playing = tie.matches.filter((m) => m.status === "in_progress").map((m) => m.order);
  if (playing.length > 0) return `Match ${playing.join(" and ")} in play`;
  if (tie.status === "in_progress") return "Between matches";
  const time = formatMatchTime(tie.scheduledAt, true);
  return ["Not started", tie.tableNo === null ? null : `Table ${tie.tableNo}`, time].filter((t) => t !== null)
    .join(" · ");
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

/** Ties kept: a few hundred events' live ties and latest results. */
const MAX_KEPT = 2048;

/**
 * The ties the event's lists show (the venue TV, the event page), each kept while its version (its category's)
 * holds: a point elsewhere in the event makes the TV read its ties again, not rebuild them.
 */
export class TieBoards {
  readonly #kept = new BoundedLru<{ version: string; tie: Tie | null }>(MAX_KEPT, Infinity, () => 0);

  /** The public tie with this id, or null; read afresh only when its version moved. */
  async tie(deps: ViewDeps, tieId: string): Promise<Tie | null> {
    // The version first, then the tie: a write in between only makes the kept tie newer than its version.
    const version = await tieView.version(deps, tieId);
    const hit = version === null ? undefined : this.#kept.get(tieId);
    if (hit && hit.version === version) return hit.tie;
    const tie = await tieView.load(deps, tieId);
    if (version !== null) this.#kept.set(tieId, { version, tie });
    return tie;
  }

  /**
   * The ties of the matches in play and the latest results of these categories (their matches of a tie and the
   * ties' own matches), in the order the lists first name them.
   */
  async ofBoard(deps: ViewDeps, categories: readonly CategorySummary[]): Promise<Tie[]> {
    const ids = new Set<string>();
    for (const c of categories) {
      for (const m of [...c.live, ...c.recent]) {
        const id = tieIdOf(m, c.kind);
        if (id !== null) ids.add(id);
      }
    }
    const ties = await Promise.all([...ids].map((id) => this.tie(deps, id)));
    return ties.filter((t): t is Tie => t !== null);
  }
}
