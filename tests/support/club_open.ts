/**
 * A club open's women's singles, not drawn yet, and the desk's admin token: six rated players of four clubs (the
 * first two seeded), groups feeding a knockout. The draw console's and the director's morning browser tests
 * start from it.
 */
import type { Store } from "../../db/store.ts";
import { makeToken } from "../api/manage_fixtures.ts";
import { makeRatedCategory } from "./rated_category.ts";

/** The players, strongest first. */
export const CLUB_OPEN_NAMES = ["Ana Lopez", "Bea Moor", "Cai Ng", "Dora Voss", "Eva Quist", "Fay Hill"];
/** Their clubs, in the same order. */
export const CLUB_OPEN_CLUBS = ["Westbrook", "Eastfield", "Westbrook", "Northgate", "Eastfield", "Southport"];

/** Seeds the club open ("club-open-2026", published) and the desk's token. */
export async function seedClubOpen(store: Store) {
  const c = await makeRatedCategory(store, {
    entries: 6,
    seeds: 2,
    format: "groups_knockout",
    event: { status: "published", name: "Club Open 2026", slug: "club-open-2026" },
    category: { code: "WS", name: "Women's singles" },
    player: (i) => ({ display_name: CLUB_OPEN_NAMES[i]!, association: CLUB_OPEN_CLUBS[i]! }),
  });
  return { c, admin: await makeToken(store.db, "admin", { label: "Desk" }) };
}
