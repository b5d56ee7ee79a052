/**
 * Stable ids: UUIDs derived from names, so that importing the same event twice gives the same rows and the
 * same URLs. The scheme is UUID version 5 (RFC 9562, section 5.5: SHA-1 over a namespace and a name); the
 * name is the JSON array of the parts, which cannot be ambiguous ("a", "b/c" and "a/b", "c" differ). A player
 * known by federation id is the exception: a federation id is private, and a version 5 id of it could be
 * recomputed by anyone holding a list of federation ids, so that id is keyed by the store's own secret
 * (db/player_id_key.ts).
 * The ids of imported rows are listed in docs/import-format.md ("Ids").
 * @module
 */
import { Buffer } from "node:buffer";
import { createHash, createHmac } from "node:crypto";

/** The namespace of every id this product derives (a fixed random UUID: changing it changes every id). */
export const ID_NAMESPACE = "c744a363-1e46-4090-b49d-2de88c7d6e63";

/**
 * A UUID version 5 of a name in a namespace (RFC 9562).
 * @example uuidV5("6ba7b810-9dad-11d1-80b4-00c04fd430c8", "www.example.com") // "2ed6657d-e927-568b-95e1-2665a8aea6a2"
 */
export function uuidV5(namespace: string, name: string): string {
  const ns = namespace.replaceAll("-", "");
  if (!/^[0-9a-f]{32}$/i.test(ns)) throw new Error(`Cannot derive an id: "${namespace}" is not a UUID`);
  const hash = createHash("sha1").update(Buffer.from(ns, "hex")).update(name, "utf8").digest();
  return uuidOf(hash, 5);
}

/** The first 16 bytes of a digest as a UUID of the given version (RFC 9562 layout and variant). */
function uuidOf(digest: Uint8Array, version: 5 | 8): string {
  const bytes = Buffer.from(digest.subarray(0, 16));
  bytes[6] = (bytes[6]! & 0x0f) | (version << 4);
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The stable id of a thing named by its parts, e.g. `stableId("match", eventSlug, categoryKey, matchKey)`.
 * @example stableId("event", "spring-open-2026") // the same UUID on every machine, every run
 */
export function stableId(...parts: string[]): string {
  if (parts.length === 0) throw new Error("Cannot derive an id: no parts given");
  return uuidV5(ID_NAMESPACE, JSON.stringify(parts));
}

/** The id of an imported event: from its slug. */
export function eventIdFor(slug: string): string {
  return stableId("event", slug);
}

/** The id of an imported category (a category row): from the event slug and the category key. */
export function categoryIdFor(slug: string, categoryKey: string): string {
  return stableId("category", slug, categoryKey);
}

/** The id of an imported entry: entry keys are unique within their category. */
export function entryIdFor(slug: string, categoryKey: string, entryKey: string): string {
  return stableId("entry", slug, categoryKey, entryKey);
}

/** The id of an imported group: group names are unique within their category. */
export function groupIdFor(slug: string, categoryKey: string, groupName: string): string {
  return stableId("group", slug, categoryKey, groupName);
}

/** The id of an imported match: match keys are unique within their category. */
export function matchIdFor(slug: string, categoryKey: string, matchKey: string): string {
  return stableId("match", slug, categoryKey, matchKey);
}

/**
 * The id of a player known by federation id: HMAC-SHA256 of the federation id under the store's key (64 hex
 * digits), as a UUID version 8 (RFC 9562, section 5.8: custom), the same in every event of the store and
 * computable by nobody without the key.
 * @example federationPlayerId("00".repeat(32), "ITTF:1") // the same UUID for this key, another for any other
 */
export function federationPlayerId(key: string, federationId: string): string {
  if (!/^[0-9a-f]{64}$/.test(key)) throw new Error("Cannot derive a player id: the key is not 64 hex digits");
  const mac = createHmac("sha256", Buffer.from(key, "hex"))
    .update(JSON.stringify(["player", "federation", federationId]), "utf8").digest();
  return uuidOf(mac, 8);
}

/**
 * The id of an imported player: from the federation id under the store's key when there is one, so that the
 * same person is one player in every event; otherwise from the event slug and the player's key in the file.
 */
export function playerIdFor(
  slug: string,
  playerKey: string,
  federationId: string | null | undefined,
  key: string,
) {
  return federationId ? federationPlayerId(key, federationId) : stableId("player", slug, playerKey);
}

/** The id of an account: from its e-mail address, compared without case. */
export function accountIdFor(email: string): string {
  return stableId("account", email.trim().toLowerCase());
}
