/**
 * The ids an import gives the rows of a file (docs/import-format.md, "Ids"): the `uuid` an export wrote, so that
 * exporting and importing again keeps every row's id (and URL, OBS scene and printed QR code), else an id derived
 * from the slug and the keys (db/ids.ts). A `uuid` another event's row has is not taken (a file copied for
 * another event gets ids of its own), nor a player's `uuid` whose player is known by another federation id. No
 * two rows of a kind get one id: a derived id that a `uuid` of the file already holds is derived again, with a
 * counter.
 * @module
 */
import { categoryIdFor, entryIdFor, groupIdFor, matchIdFor, playerIdFor, stableId } from "../db/ids.ts";
import type { GivenIds } from "../db/import_ids.ts";
import type { CategoryInput, EntryInput, EventFile, GroupInput, MatchInput, PlayerInput } from "./format.ts";

/** What the store holds under the file's ids and federation ids. */
export interface StoreIds {
  /** Ids of the file that rows of another event have (db/import_ids.ts `idsOfOtherEvents`). */
  otherEvents: ReadonlySet<string>;
  /** The players the store has under the file's player uuids, with their federation ids. */
  players: ReadonlyMap<string, string | null>;
  /** The ids of players the store knows by the file's federation ids. */
  federationPlayers: ReadonlyMap<string, string>;
  /** The key of player ids (db/player_id_key.ts). */
  idKey: string;
}

/** The id of each object of a file, as an import writes it. */
export interface FileIds {
  player(p: PlayerInput): string;
  category(c: CategoryInput): string;
  entry(c: CategoryInput, key: string): string;
  group(c: CategoryInput, name: string): string;
  match(c: CategoryInput, m: MatchInput): string;
}

/** Every `uuid` the file gives for the rows of its event and for its players, by the table it names. */
export function givenIds(file: EventFile): GivenIds & { players: string[] } {
  const uuids = <T extends { uuid?: string | null }>(items: readonly T[]) =>
    items.flatMap((i) => i.uuid ? [i.uuid] : []);
  const categories = file.categories;
  return {
    players: uuids(file.players),
    categories: uuids(categories),
    entries: uuids(categories.flatMap((c) => c.entries)),
    groups: uuids(categories.flatMap((c) => c.groups ?? [])),
    matches: uuids(categories.flatMap((c) => c.matches ?? [])),
  };
}

/**
 * The ids of a file's rows in this store.
 * @example fileIds(file, store).match(category, match) // match.uuid, or stableId("match", slug, category.id, match.id)
 */
export function fileIds(file: EventFile, store: StoreIds): FileIds {
  const slug = file.event.slug;
  const allocator = () => {
    const used = new Set<string>();
    return {
      /** Claims a uuid of the file, when it may be taken; false when it may not. */
      claim(uuid: string | null | undefined): uuid is string {
        if (!uuid || store.otherEvents.has(uuid)) return false;
        used.add(uuid);
        return true;
      },
      /** A derived id no row of the kind holds yet. */
      derive(id: string, parts: string[]): string {
        let out = id;
        for (let n = 2; used.has(out); n++) out = stableId(...parts, `#${n}`);
        used.add(out);
        return out;
      },
    };
  };

  const players = new Map<PlayerInput, string>();
  const playerIds = allocator();
  // The player the store has under the uuid is this one, unless known by another federation id.
  const usable = (p: PlayerInput) => {
    if (!p.uuid || !store.players.has(p.uuid)) return true;
    const federationId = store.players.get(p.uuid);
    return federationId === null || federationId === (p.federationId ?? null);
  };
  const claimed = new Set<PlayerInput>();
  for (const p of file.players) if (usable(p) && playerIds.claim(p.uuid)) claimed.add(p);
  for (const p of file.players) {
    const known = p.federationId ? store.federationPlayers.get(p.federationId) : undefined;
    const id = known ?? (claimed.has(p) ? p.uuid! : playerIds.derive(
      playerIdFor(slug, p.id, p.federationId, store.idKey),
      ["player", slug, p.id],
    ));
    players.set(p, id);
  }

  /** Ids of one kind of row of the categories: a claimed uuid, or derived from the keys (`derive`). */
  const ofKind = <T extends { uuid?: string | null }>(
    items: (c: CategoryInput) => readonly T[],
    key: (c: CategoryInput, item: T) => string,
    derive: (c: CategoryInput, item: T) => [id: string, parts: string[]],
  ) => {
    const ids = allocator();
    const out = new Map<string, string>();
    const claimedItems = new Set<T>();
    for (const c of file.categories) {
      for (const item of items(c)) if (ids.claim(item.uuid)) claimedItems.add(item);
    }
    for (const c of file.categories) {
      for (const item of items(c)) {
        out.set(
          `${c.id}\u0000${key(c, item)}`,
          claimedItems.has(item) ? item.uuid! : ids.derive(...derive(c, item)),
        );
      }
    }
    return (c: CategoryInput, k: string) => out.get(`${c.id}\u0000${k}`)!;
  };
  const categories = ofKind<CategoryInput>(
    (c) => [c],
    () => "",
    (c) => [categoryIdFor(slug, c.id), ["category", slug, c.id]],
  );
  const entries = ofKind<EntryInput>(
    (c) => c.entries,
    (_, e) => e.id,
    (c, e) => [entryIdFor(slug, c.id, e.id), ["entry", slug, c.id, e.id]],
  );
  const groups = ofKind<GroupInput>(
    (c) => c.groups ?? [],
    (_, g) => g.name,
    (c, g) => [groupIdFor(slug, c.id, g.name), ["group", slug, c.id, g.name]],
  );
  const matches = ofKind<MatchInput>(
    (c) => c.matches ?? [],
    (_, m) => m.id,
    (c, m) => [matchIdFor(slug, c.id, m.id), ["match", slug, c.id, m.id]],
  );
  return {
    player: (p) => players.get(p)!,
    category: (c) => categories(c, ""),
    entry: (c, key) => entries(c, key),
    group: (c, name) => groups(c, name),
    match: (c, m) => matches(c, m.id),
  };
}
