/** The event page is kept under its event's version: writes elsewhere leave it as it is, its own points do not. */
import assert from "node:assert/strict";
import type { Hono } from "hono";
import { withReadState } from "../../http/deps.ts";
import { writeMatch } from "../../db/match_writes.ts";
import { bumpRevision } from "../../db/revision.ts";
import { silentLogger } from "../../lib/log.ts";
import { createApp, createHandler } from "../../main.ts";
import { storeTest } from "../support/stores.ts";
import { seedPages } from "./seed.ts";

const NOW = new Date("2026-11-28T10:00:00.000Z");

storeTest(
  "[pages] the event page outlives writes to other events, not a point of its own event",
  async (store) => {
    const seeded = await seedPages(store);
    const deps = withReadState({ store, log: silentLogger, clock: () => NOW });
    const app = createApp(deps);
    let viaApp = 0;
    const counting = {
      fetch: (req: Request, env?: unknown) => (viaApp++, app.fetch(req, env)),
    } as unknown as Hono;
    const handler = createHandler(deps, counting);
    const path = `http://venue.test/t/${seeded.event.slug}`;
    const get = async () => {
      const before = viaApp;
      const res = await handler(new Request(path));
      return { status: res.status, body: await res.text(), hot: viaApp === before };
    };
    await get();
    const kept = await get();
    assert.equal(kept.hot, true, "kept");
    // A write that moves the store's generation and no version of this event (as a rebuild of the ratings does).
    await store.db.transaction().execute((trx) => bumpRevision(trx));
    const afterElsewhere = await get();
    assert.equal(afterElsewhere.hot, true, "a write elsewhere leaves the kept page");
    assert.equal(afterElsewhere.body, kept.body);
    await writeMatch(store, seeded.matches.groupRunning, { type: "point", side: "home" }, {
      actor: "test",
      now: NOW,
    });
    const afterPoint = await get();
    assert.equal(afterPoint.status, 200);
    assert.equal(afterPoint.hot, false, "a point of the event renders it again");
    assert.notEqual(afterPoint.body, kept.body);
    assert.equal((await get()).hot, true, "kept again");
  },
);
