/** Read side of a category's round-robin groups and their members, for standings and draw qualifiers. */
import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

/** A member of a group; `lot` is the operator's lot order for players level after ITTF 3.7.5 (1 first). */
export interface GroupMemberRecord {
  entryId: string;
  position: number;
  lot: number | null;
}

/** A group of a category with its members in their listed order. */
export interface GroupRecord {
  id: string;
  name: string;
  position: number;
  members: GroupMemberRecord[];
}

/** The groups of a category in their order, each with its members in their listed order. */
export async function readCategoryGroups(db: Kysely<Database>, categoryId: string): Promise<GroupRecord[]> {
  const groups = await db.selectFrom("groups").select(["id", "name", "position"])
    .where("subevent_id", "=", categoryId).orderBy("position").orderBy("id").execute();
  if (groups.length === 0) return [];
  const members = await db.selectFrom("group_members")
    .select(["group_id", "entry_id", "position", "lot"])
    .where("group_id", "in", groups.map((g) => g.id))
    .orderBy("group_id").orderBy("position").orderBy("entry_id").execute();
  return groups.map((g) => ({
    id: g.id,
    name: g.name,
    position: Number(g.position),
    members: members.filter((m) => m.group_id === g.id).map((m) => ({
      entryId: m.entry_id,
      position: Number(m.position),
      lot: m.lot === null ? null : Number(m.lot),
    })),
  }));
}
