import assert from "node:assert/strict";
import { exportEvent } from "../../event_file/export.ts";
import { importEvent } from "../../event_file/import.ts";
import type { EventFile } from "../../event_file/format.ts";
import { setEventAnnouncement } from "../../db/manage_writes.ts";
import { findManagedEvent } from "../../db/read_manage.ts";
import { categoryScope, RANKINGS_SCOPE } from "../../db/revision.ts";
import type { Store } from "../../db/store.ts";
import { seedKnockout, T0 } from "../api/manage_fixtures.ts";
import { storeTest } from "../support/stores.ts";
import { refused } from "../support/write_errors.ts";

const ctx = { actor: "Desk", now: T0 };
const later = (minutes: number) => ({ actor: "Desk", now: new Date(T0.getTime() + minutes * 60_000) });

/** The event's revision, the global one, the event's category's version and the rankings' version. */
async function versions(store: Store, eventId: string, categoryId: string) {
  const event = await store.db.selectFrom("events").select("revision").where("id", "=", eventId)
    .executeTakeFirstOrThrow();
  const scopes = await store.db.selectFrom("revisions").select(["scope", "value"]).execute();
  const scope = (name: string) => Number(scopes.find((s) => s.scope === name)?.value ?? -1);
  return {
    event: Number(event.revision),
    global: scope("global"),
    category: scope(categoryScope(categoryId)),
    rankings: scope(RANKINGS_SCOPE),
  };
}

/** The event's announcement columns, as a plain object (node:sqlite rows have a null prototype). */
async function stored(store: Store, eventId: string) {
  return {
    ...await store.db.selectFrom("events").select(["announcement", "announced_at"]).where(
      "id",
      "=",
      eventId,
    )
      .executeTakeFirstOrThrow(),
  };
}

async function audits(store: Store) {
  const rows = await store.db.selectFrom("audit_log").select(["action", "token_label", "event_id", "detail"])
    .where("action", "=", "event.announce").orderBy("at").execute();
  return rows.map((r) => ({ ...r, detail: JSON.parse(r.detail) }));
}

/** An event showing "Lunch break until 13:00" since T0, with its versions after the post. */
async function lunchBreak(store: Store) {
  const ev = await seedKnockout(store.db);
  await setEventAnnouncement(store, ev.slug, "Lunch break until 13:00", ctx);
  return { ev, before: await versions(store, ev.eventId, ev.categoryId) };
}

storeTest(
  "setEventAnnouncement() posts, replaces and takes down the line, each with a revision bump and an audit row",
  async (store) => {
    const ev = await seedKnockout(store.db, { status: "published" });
    const v0 = await versions(store, ev.eventId, ev.categoryId);

    const posted = await setEventAnnouncement(store, ev.slug, "  Lunch break\n until 13:00 ", ctx);
    assert.deepEqual(posted, {
      changed: true,
      announcement: { text: "Lunch break until 13:00", postedAt: T0.toISOString() },
    });
    assert.deepEqual(await stored(store, ev.eventId), {
      announcement: "Lunch break until 13:00",
      announced_at: T0.toISOString(),
    });
    const v1 = await versions(store, ev.eventId, ev.categoryId);
    assert.equal(v1.event, v0.event + 1, "the event's answers and pages move");
    assert.ok(v1.global > v0.global);
    assert.equal(v1.category, v1.global, "and its categories' too");
    assert.equal(v1.rankings, v0.rankings, "the rankings do not");

    const replaced = await setEventAnnouncement(store, ev.slug, "Anna Berg to the desk, please", later(5));
    assert.deepEqual(replaced.announcement, {
      text: "Anna Berg to the desk, please",
      postedAt: later(5).now.toISOString(),
    });
    assert.equal((await versions(store, ev.eventId, ev.categoryId)).event, v0.event + 2);

    const down = await setEventAnnouncement(store, ev.slug, null, later(9));
    assert.deepEqual(down, { changed: true, announcement: null });
    assert.deepEqual(await stored(store, ev.eventId), { announcement: null, announced_at: null });
    assert.equal((await versions(store, ev.eventId, ev.categoryId)).event, v0.event + 3);

    assert.deepEqual(await audits(store), [
      {
        action: "event.announce",
        token_label: "Desk",
        event_id: ev.eventId,
        detail: { slug: ev.slug, text: "Lunch break until 13:00", was: null },
      },
      {
        action: "event.announce",
        token_label: "Desk",
        event_id: ev.eventId,
        detail: { slug: ev.slug, text: "Anna Berg to the desk, please", was: "Lunch break until 13:00" },
      },
      {
        action: "event.announce",
        token_label: "Desk",
        event_id: ev.eventId,
        detail: { slug: ev.slug, text: null, was: "Anna Berg to the desk, please" },
      },
    ]);
  },
);

storeTest(
  "setEventAnnouncement() with the line already shown changes nothing: no bump, no audit row, same postedAt",
  async (store) => {
    const { ev, before } = await lunchBreak(store);
    // Folded, it is the same line.
    const again = await setEventAnnouncement(store, ev.slug, "Lunch   break until\t13:00\n", later(3));
    assert.deepEqual(again, {
      changed: false,
      announcement: { text: "Lunch break until 13:00", postedAt: T0.toISOString() },
    });
    assert.deepEqual(await versions(store, ev.eventId, ev.categoryId), before);
    assert.equal((await audits(store)).length, 1);

    // Taking down what is not there, by null or by a blank line, changes nothing either.
    await setEventAnnouncement(store, ev.slug, " ", later(4));
    const none = await versions(store, ev.eventId, ev.categoryId);
    for (const text of [null, "", " \n "]) {
      assert.deepEqual(await setEventAnnouncement(store, ev.slug, text, later(5)), {
        changed: false,
        announcement: null,
      });
    }
    assert.deepEqual(await versions(store, ev.eventId, ev.categoryId), none);
    assert.equal((await audits(store)).length, 2);
  },
);

storeTest(
  "setEventAnnouncement() refuses a line too long or with a control character (422), the stored one kept",
  async (store) => {
    const { ev, before } = await lunchBreak(store);
    await refused(
      setEventAnnouncement(store, ev.slug, "x".repeat(201), later(1)),
      422,
      "invalid-announcement",
      /^The announcement is 201 characters long; at most 200 fit on the TV$/,
    );
    await refused(
      setEventAnnouncement(store, ev.slug, "Final \u202eon table 1", later(1)),
      422,
      "invalid-announcement",
      /invisible control character \(U\+202E\)/,
    );
    assert.deepEqual(await stored(store, ev.eventId), {
      announcement: "Lunch break until 13:00",
      announced_at: T0.toISOString(),
    });
    assert.deepEqual(await versions(store, ev.eventId, ev.categoryId), before);
    assert.equal((await audits(store)).length, 1);
    // 200 characters fit.
    const longest = "y".repeat(200);
    assert.equal((await setEventAnnouncement(store, ev.slug, longest, later(2))).announcement?.text, longest);
  },
);

storeTest(
  "setEventAnnouncement() works on a draft event and refuses an unknown one (404)",
  async (store) => {
    const ev = await seedKnockout(store.db, { status: "draft" });
    const change = await setEventAnnouncement(store, ev.slug, "Doors open at 8:30", ctx);
    assert.equal(change.changed, true);
    assert.deepEqual((await findManagedEvent(store.db, ev.slug))?.announcement, {
      text: "Doors open at 8:30",
      postedAt: T0.toISOString(),
    });
    await refused(
      setEventAnnouncement(store, "nope", "Hello", ctx),
      404,
      "not-found",
      /^Event "nope" does not exist$/,
    );
  },
);

storeTest(
  "setEventAnnouncement() from 8 requests at once: one posts the line, the others find it shown",
  async (store) => {
    const ev = await seedKnockout(store.db);
    const before = await versions(store, ev.eventId, ev.categoryId);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => setEventAnnouncement(store, ev.slug, "Lunch break until 13:00", ctx)),
    );
    assert.equal(results.filter((r) => r.changed).length, 1);
    assert.equal((await audits(store)).length, 1, "one audit row");
    assert.equal((await versions(store, ev.eventId, ev.categoryId)).event, before.event + 1, "one bump");
  },
);

storeTest(
  "an export carries the announcement; an import of a file without one keeps the store's",
  async (store) => {
    const file: EventFile = JSON.parse(
      await Deno.readTextFile(new URL("../fixtures/import/spring_open.json", import.meta.url)),
    );
    await importEvent(store, file, () => T0);
    const slug = file.event.slug;
    await setEventAnnouncement(store, slug, "Lunch break until 13:00", ctx);
    assert.deepEqual((await exportEvent(store.db, slug))?.event.announcement, {
      text: "Lunch break until 13:00",
      postedAt: T0.toISOString(),
    });
    const changed = { ...file, event: { ...file.event, name: `${file.event.name} (moved)` } };
    assert.equal((await importEvent(store, changed, () => T0)).changed, true);
    assert.deepEqual((await findManagedEvent(store.db, slug))?.announcement, {
      text: "Lunch break until 13:00",
      postedAt: T0.toISOString(),
    });
  },
);
