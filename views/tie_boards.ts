/**
 * The ties the event's lists show (the venue TV, the event page), each kept while its version (its category's,
 * views/tie.ts) holds: a point elsewhere in the event makes the TV read its ties' versions again, not rebuild them.
 */
import { KeptByVersion } from "./kept_by_version.ts";
import type { CategorySummary } from "./event_board.ts";
import type { Match } from "./schemas.ts";
import { tieView } from "./tie.ts";
import type { Tie } from "./tie_schemas.ts";
import type { ViewDeps } from "./view.ts";

/** Ties kept: a few hundred events' live ties and latest results. */
const MAX_KEPT = 2048;

/**
 * The tie a listed match stands for: a match of a tie names it (`tieId`); any other match of a team category is
 * a tie itself (the group or knockout match between the teams); a match of another category stands for none.
 */
export function tieIdOf(match: Pick<Match, "id" | "tieId">, categoryKind: string | undefined): string | null {
  if (match.tieId) return match.tieId;
  return categoryKind === "team" ? match.id : null;
}

/** The ties of one store's boards, each kept while its version holds. */
export class TieBoards {
  readonly #kept = new KeptByVersion<Tie | null>(MAX_KEPT);

  /** The public tie with this id, or null; read afresh only when its version moved. */
  async tie(deps: ViewDeps, tieId: string): Promise<Tie | null> {
    const version = await tieView.version(deps, tieId);
    return await this.#kept.get(tieId, version, () => tieView.load(deps, tieId));
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
