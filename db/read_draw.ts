/** Read side of a knockout draw's first-round slots. */
import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

/** A first-round slot: an entry, a bye, a group qualifier still to be known, or open. */
export interface DrawSlotRecord {
  position: number;
  entryId: string | null;
  isBye: boolean;
  /** 0-based index of the group (in group order) whose qualifier goes here; null otherwise. */
  qualifierGroup: number | null;
  /** The place in that group (1 = winner); null otherwise. */
  qualifierPlace: number | null;
}

/** The first-round slots of a category's draw, top to bottom. */
export async function readDrawSlots(db: Kysely<Database>, categoryId: string): Promise<DrawSlotRecord[]> {
  const rows = await db.selectFrom("draw_slots")
    .select(["position", "entry_id", "is_bye", "qualifier_group", "qualifier_place"])
    .where("subevent_id", "=", categoryId).orderBy("position").execute();
  return rows.map((r) => ({
    position: Number(r.position),
    entryId: r.entry_id,
    isBye: Number(r.is_bye) === 1,
    qualifierGroup: r.qualifier_group === null ? null : Number(r.qualifier_group),
    qualifierPlace: r.qualifier_place === null ? null : Number(r.qualifier_place),
  }));
}
