import assert from "node:assert/strict";
import { setCheckIn } from "../../db/check_ins.ts";
import { exportEvent } from "../../event_file/export.ts";
import { importEvent } from "../../event_file/import.ts";
import { importLosses } from "../../event_file/import_losses.ts";
import { validateEventFile } from "../../event_file/validate.ts";
import { undrawnGroups } from "../support/event_files.ts";
import { makeStore, storeTest } from "../support/stores.ts";

const clock = () => new Date("2026-06-01T08:00:00.000Z");
const players = ["ana", "ben", "cat", "dan"].map((id) => ({ id, displayName: `Player ${id}` }));

storeTest(
  "the event file carries the check-ins: export, import and export give the same bytes",
  async (store) => {
    await importEvent(store, undrawnGroups("open", players), clock);
    const ids = await store.db.selectFrom("players").select(["id", "display_name"]).orderBy("display_name")
      .execute();
    await setCheckIn(
      store,
      (await store.db.selectFrom("events").select("id").executeTakeFirstOrThrow()).id,
      ids[1]!.id,
      true,
      {
        actor: "Desk",
        now: new Date("2026-06-01T08:40:00.000Z"),
      },
    );
    const first = (await exportEvent(store.db, "open"))!;
    const checked = await validateEventFile(first);
    assert.ok(checked.ok, JSON.stringify(!checked.ok && checked.errors));
    assert.deepEqual(
      first.players.filter((p) => p.checkedInAt).map((p) => [p.displayName, p.checkedInAt, p.checkedInBy]),
      [["Player ben", "2026-06-01T08:40:00.000Z", "Desk"]],
    );
    const text = JSON.stringify(first, null, 2);
    await importEvent(store, JSON.parse(text), clock);
    assert.equal(JSON.stringify(await exportEvent(store.db, "open"), null, 2), text, "same store");
    const fresh = await makeStore(store.dialect);
    try {
      await importEvent(fresh, JSON.parse(text), clock);
      assert.equal(JSON.stringify(await exportEvent(fresh.db, "open"), null, 2), text, "fresh store");
      const rows = await fresh.db.selectFrom("check_ins").selectAll().execute();
      assert.equal(rows.length, 1);
    } finally {
      await fresh.drop();
    }
    // A file without the check-in would take it back: the import names it before it does.
    const without = JSON.parse(text);
    for (const p of without.players) delete p.checkedInAt, delete p.checkedInBy;
    without.event.name = "Open, mended";
    assert.deepEqual(await importLosses(store.db, without), [
      'The check-in of "Player ben" would be taken back',
    ]);
  },
);
