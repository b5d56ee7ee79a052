/**
 * What the lower thirds of a stream show (pages/overlay_card.tsx): a player's card (name, country, club, rating
 * and record across the published events) and a match's card (both sides' players with those, the match's frozen
 * prediction, and, in singles, the two players' head-to-head so far). Read from the views the API and the player
 * pages serve (views/match.ts, views/player_profile.ts), so that a card says what they say.
 */
import type { PlayerProfile } from "./player_schemas.ts";
import { headToHeadView, playerProfileView, profilePageView } from "./player_profile.ts";
import { type MatchData, matchView, type PendingMatchData, type PlayerLink } from "./match.ts";
import { namedByUuid, type View, type ViewDeps } from "./view.ts";

/** A player as a card shows them; `rating` null before a first rated match (or for a player not public). */
export interface CardPlayer {
  id: string;
  displayName: string;
  association: string | null;
  country: string | null;
  rating: { rating: number; rank: number | null } | null;
}

/** A player's card: the player and their decided matches across published events (walkovers left out). */
export interface PlayerCardData {
  player: CardPlayer;
  wins: number;
  losses: number;
}

/** A singles head-to-head before or during this match: decided meetings won by each side. */
export interface CardHeadToHead {
  home: number;
  away: number;
}

/** A match's card: the match, its sides' players, and the head-to-head of a singles match. */
export interface MatchCardData {
  known: MatchData;
  home: CardPlayer[];
  away: CardPlayer[];
  headToHead: CardHeadToHead | null;
}

/** A match's card, or a match whose players are not known yet (its card is empty, and waits). */
export type MatchCardView = { card: MatchCardData } | { pending: PendingMatchData };

const cardPlayer = (p: PlayerProfile): CardPlayer => ({
  id: p.id,
  displayName: p.displayName,
  association: p.association,
  country: p.country ?? null,
  rating: p.rating && { rating: p.rating.rating, rank: p.rating.rank },
});

/** A player of a side as a card shows them: their profile, or the name alone when it is not public. */
async function sidePlayer(deps: ViewDeps, link: PlayerLink): Promise<CardPlayer> {
  const profile = await playerProfileView.load(deps, link.id);
  return profile
    ? cardPlayer(profile)
    : { id: link.id, displayName: link.displayName, association: null, country: null, rating: null };
}

/** A public player's card (id in any case). */
export const playerCardView: View<string, PlayerCardData> = namedByUuid({
  version: (deps, id) => profilePageView.version(deps, { id, vs: null }),
  load: async (deps, id) => {
    const page = await profilePageView.load(deps, { id, vs: null });
    if (!page) return null;
    const own = new Set(page.profile.events.flatMap((e) => e.entries.map((x) => x.entryId)));
    const decided = page.matches.map((m) => m.match)
      .filter((m) => m.winnerId !== null && m.resultReasonCode !== "walkover");
    const wins = decided.filter((m) => own.has(m.winnerId!)).length;
    return { player: cardPlayer(page.profile), wins, losses: decided.length - wins };
  },
});

/** A public match's card (id in any case). */
export const matchCardView: View<string, MatchCardView> = {
  version: (deps, id) => matchView.version(deps, id),
  load: async (deps, id) => {
    const found = await matchView.load(deps, id);
    if (!found) return null;
    if ("pending" in found) return found;
    const known = found.known;
    const [home, away] = await Promise.all([
      Promise.all(known.homePlayers.map((p) => sidePlayer(deps, p))),
      Promise.all(known.awayPlayers.map((p) => sidePlayer(deps, p))),
    ]);
    const singles = home.length === 1 && away.length === 1;
    const h2h = singles ? await headToHeadView.load(deps, { id: home[0]!.id, otherId: away[0]!.id }) : null;
    return {
      card: {
        known,
        home,
        away,
        headToHead: h2h && { home: h2h.player.wins, away: h2h.other.wins },
      },
    };
  },
};
