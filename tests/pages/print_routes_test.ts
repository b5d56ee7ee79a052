/**
 * The print routes over the fixture tournament, in process: which sheets need the operator's token and how it is
 * refused and limited, what the public sheets hold, and that no private string is printed.
 */
import assert from "node:assert/strict";
import { silentLogger } from "../../lib/log.ts";
import { createApp } from "../../main.ts";
import { PRIVATE_STRINGS } from "../support/fixtures.ts";
import { storeTest } from "../support/stores.ts";
import { makeToken } from "../api/manage_fixtures.ts";
import { EVIL_NAME, seedPages } from "./seed.ts";

storeTest(
  "[pages] match sheets answer their cards only to an admin token, and limit failed tokens",
  async (store) => {
    const seeded = await seedPages(store);
    const app = createApp({ store, log: silentLogger, clock: () => new Date("2026-11-28T10:00:00.000Z") });
    const admin = await makeToken(store.db, "admin");
    const scorer = await makeToken(store.db, "scorer");
    const url = `/t/${seeded.event.slug}/print/matches?match=${seeded.matches.semiScheduled}`;
    const as = (token: string) => app.request(url, { headers: { Authorization: `Bearer ${token}` } });

    const frame = await app.request(url);
    assert.equal(frame.status, 200);
    assert.equal(frame.headers.get("cache-control"), "no-store");
    const html = await frame.text();
    assert.ok(!html.includes("/score/"));
    assert.match(html, /<script nonce="[0-9a-f]{32}">/);

    const cards = await as(admin);
    assert.equal(cards.status, 200);
    assert.equal(cards.headers.get("cache-control"), "no-store");
    assert.equal(cards.headers.get("vary"), "Authorization");
    const fragment = await cards.text();
    assert.match(fragment, /^<main id="sheets"/);
    assert.ok(fragment.includes(`/score/${seeded.matches.semiScheduled}`));
    assert.ok(!fragment.includes(EVIL_NAME));

    assert.equal((await as(scorer)).status, 401);
    for (let i = 1; i < 10; i++) await (await as("tt_wrong")).body?.cancel();
    const limited = await as(admin);
    assert.equal(limited.status, 429);
    assert.ok(Number(limited.headers.get("retry-after")) > 0);
    await limited.body?.cancel();
  },
);

storeTest(
  "[pages] the public sheets answer without a token, print no private string and 404 the unknown",
  async (store) => {
    const seeded = await seedPages(store);
    const app = createApp({ store, log: silentLogger, clock: () => new Date("2026-11-28T10:00:00.000Z") });
    const slug = seeded.event.slug;
    const paths = [
      `/t/${slug}/print`,
      `/t/${slug}/print/groups?category=${seeded.groups.id}&filled=1`,
      `/t/${slug}/print/draw?category=${seeded.knockout.id}`,
      `/t/${slug}/print/order`,
      `/t/${slug}/print/results`,
      `/t/${slug}/print/results.csv`,
    ];
    for (const path of paths) {
      const res = await app.request(path);
      assert.equal(res.status, 200, path);
      const body = await res.text();
      for (const secret of PRIVATE_STRINGS) assert.ok(!body.includes(secret), `${path} prints "${secret}"`);
    }
    for (
      const path of [
        `/t/${seeded.draft.slug}/print`,
        `/t/${seeded.draft.slug}/print/results`,
        `/t/${slug}/print/draw?category=${seeded.draftKnockout.id}`,
        `/t/${slug}/print/groups`,
      ]
    ) {
      const res = await app.request(path);
      assert.equal(res.status, 404, path);
      await res.body?.cancel();
    }
  },
);
