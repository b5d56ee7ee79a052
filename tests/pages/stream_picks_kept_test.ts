/**
 * The standings and bracket overlays on air are kept under what their pick read (pages/stream_picks.ts): the
 * event's roster, the categories looked at and the on-air state, which moves with the producer's pick. So a HEAD
 * of the page answers 304 while none of those moved (a point in another category included), a new pick gives a
 * new page at once, and their air answer (polled off air only) carries no pick.
 */
import assert from "node:assert/strict";
import { DEMO_SLUG, loadDemoIfEmpty } from "../../cli/demo.ts";
import { withReadState } from "../../http/deps.ts";
import { writeMatch } from "../../db/match_writes.ts";
import { silentLogger } from "../../lib/log.ts";
import { createApp, createHandler } from "../../main.ts";
import { storeTest } from "../support/stores.ts";
import { testNow } from "../support/test_clock.ts";
import { call, makeToken, manualClock } from "../api/manage_fixtures.ts";

storeTest("[pages] the standings overlay on air is kept under its pick and its category", async (store) => {
  const clock = manualClock(testNow());
  await loadDemoIfEmpty(store, clock.now());
  const admin = await makeToken(store.db, "admin", { label: "Producer" });
  const deps = withReadState({ store, log: silentLogger, clock: clock.now });
  const handler = createHandler(deps, createApp(deps));
  const origin = "http://venue.test";
  const stream = `${origin}/api/manage/events/${DEMO_SLUG}/stream`;
  const patch = async (body: unknown) => {
    clock.advance(1000);
    const res = await handler(new Request(stream, call(admin, "PATCH", body)));
    assert.equal(res.status, 200, await res.clone().text());
    await res.body?.cancel();
  };
  const path = `${origin}/overlay/standings/${DEMO_SLUG}`;
  const head = async (tag: string | null) => {
    const res = await handler(
      new Request(path, { method: "HEAD", headers: tag ? { "If-None-Match": tag } : {} }),
    );
    return { status: res.status, tag: res.headers.get("etag") };
  };
  const categories = (await (await handler(new Request(stream, call(admin, "GET")))).json()).data
    .categories as { id: string; groups: { id: string }[] }[];
  const picked = categories.find((c) => c.groups.length > 1)!;
  assert.ok(picked, "the demo has a category with groups");

  await patch({ onAir: { standings: true }, picks: { standingsCategoryId: picked.id } });
  const html = await (await handler(new Request(path))).text();
  assert.ok(html.includes('data-poll="self"'), "on air, it polls its own page");
  const first = await head(null);
  assert.equal(first.status, 200);
  assert.ok(first.tag, "the page has an ETag");
  assert.equal((await head(first.tag)).status, 304);

  // A point in a category the pick did not read leaves it.
  const running = await store.db.selectFrom("matches").select("id").where("subevent_id", "!=", picked.id)
    .where("status", "=", "in_progress").where("tie_id", "is", null).executeTakeFirstOrThrow();
  await writeMatch(store, running.id, { type: "point", side: "home" }, { actor: "test", now: clock.now() });
  assert.equal((await head(first.tag)).status, 304, "a point elsewhere");

  // The producer picks the second group: the page's next HEAD has a new ETag, and the page shows that group.
  const second = picked.groups[1]!.id;
  await patch({ picks: { standingsCategoryId: picked.id, standingsGroupId: second } });
  const moved = await head(first.tag);
  assert.equal(moved.status, 200, "a new pick");
  assert.notEqual(moved.tag, first.tag);
  assert.ok((await (await handler(new Request(path))).text()).includes(`data-group="${second}"`));
  assert.equal((await head(moved.tag)).status, 304);

  // The air answer says only whether the graphic is on air: on air the page's version carries the pick.
  const air = await handler(new Request(`${origin}/overlay/air/${DEMO_SLUG}?graphic=standings`));
  assert.deepEqual((await air.json()).data, { onAir: true });
});
