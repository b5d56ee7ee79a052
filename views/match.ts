/**
 * A public match with what its pages show (the match, its live block and prediction, the players and clubs of
 * each side, its event and category), and what the API's `/matches/{id}` answers of it. A match whose players are
 * not known yet (it waits for earlier matches) is `pending`: its pages exist from the draw on, so that a link or
 * an OBS source set up in the morning follows it later; the API answers it 404 until then.
 */
import { readEntries } from "../db/read_entries.ts";
import { findPrediction, findPublicMatch } from "../db/read_matches.ts";
import { findPublishedEventLink } from "../db/read_pages.ts";
import { findPublicCategory } from "../db/read_categories.ts";
import type { Live, Match, Prediction } from "./schemas.ts";
import { serializeLive, serializeMatch, serializePrediction, stageLabel } from "./serialize.ts";
import { namedByUuid, type View } from "./view.ts";

/** A player of a side, for a link to their page. */
export interface PlayerLink {
  id: string;
  displayName: string;
}

/** One match with everything its pages show. */
export interface MatchData {
  match: Match;
  live: Live;
  prediction: Prediction | null;
  homeAssociation: string | null;
  awayAssociation: string | null;
  /** The players of each side (two for a pair), for links to their pages. */
  homePlayers: PlayerLink[];
  awayPlayers: PlayerLink[];
  event: { slug: string; name: string };
  category: string;
}

/** A public match whose players are not known yet, with what its pages name. */
export interface PendingMatchData {
  id: string;
  categoryId: string;
  stageLabel: string;
  bestOf: number;
  tableNo: number | null;
  event: { slug: string; name: string };
  category: string;
}

/** A public match: known once both sides are, pending while a side is not. */
export type MatchView = { known: MatchData } | { pending: PendingMatchData };

const playerLinks = (players: readonly PlayerLink[] | undefined): PlayerLink[] =>
  (players ?? []).map((p) => ({ id: p.id, displayName: p.displayName }));

/** The public match with this id (any case); one read of the match, the rest in parallel. */
export const matchView: View<string, MatchView> = namedByUuid({
  // The match's own version and the names its pages show besides it (event, category).
  version: (deps, id) => deps.versions.matchPage(id),
  load: async ({ db }, id) => {
    const found = await findPublicMatch(db, id);
    if (!found) return null;
    const home = found.homeEntryId, away = found.awayEntryId;
    const sides = home !== null && away !== null;
    const [event, category, entries, prediction] = await Promise.all([
      findPublishedEventLink(db, found.eventId),
      findPublicCategory(db, found.categoryId),
      sides ? readEntries(db, [home, away]) : null,
      sides ? findPrediction(db, found.id) : null,
    ]);
    if (!event || !category) return null;
    const place = { event: { slug: event.slug, name: event.name }, category: category.name };
    const match = sides && entries ? serializeMatch(found, entries) : null;
    if (!match || !entries) {
      return {
        pending: {
          id: found.id,
          categoryId: found.categoryId,
          stageLabel: stageLabel(found),
          bestOf: found.bestOf,
          tableNo: found.tableNo,
          ...place,
        },
      };
    }
    return {
      known: {
        match,
        live: serializeLive(found),
        prediction: prediction && serializePrediction(prediction),
        homeAssociation: entries.get(home!)?.association ?? null,
        awayAssociation: entries.get(away!)?.association ?? null,
        homePlayers: playerLinks(entries.get(home!)?.players),
        awayPlayers: playerLinks(entries.get(away!)?.players),
        ...place,
      },
    };
  },
});
