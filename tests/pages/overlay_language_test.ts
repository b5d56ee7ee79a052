/**
 * The overlays and print sheets translated for issue 53 speak their event's language unless `?lang=` names another:
 * a category's board, the match bar (of a match, a table, the featured match), a match's lower third, the table's
 * scoreboard, the producer's slate, the print centre and a match report; the player card, which several events
 * share, `?lang=` or English. A kept match bar follows a change of the event's language: the match's version holds
 * it (db/version_tags.ts), and the change feed logs that version. The slate's preset words are said in the overlay's
 * language; the producer's own words stay as written.
 */
import assert from "node:assert/strict";
import type { EventFile } from "../../event_file/format.ts";
import { writeMatch } from "../../db/match_writes.ts";
import { importEvent } from "../../event_file/import.ts";
import { silentLogger } from "../../lib/log.ts";
import { withReadState } from "../../http/deps.ts";
import { createApp, createHandler } from "../../main.ts";
import { CATALOGS } from "../../pages/i18n/mod.ts";
import { call, makeToken } from "../api/manage_fixtures.ts";
import { ANA, BEN, groupEvent } from "../support/event_files.ts";
import { storeTest } from "../support/stores.ts";

const T0 = new Date("2026-06-01T08:00:00.000Z");
const SLUG = "duesseldorf-open";

storeTest("the overlays and sheets speak the event's language, or ?lang=", async (store) => {
  const f = groupEvent({ slug: SLUG, status: "published", players: [ANA, BEN], scheduled: [["ana", "ben"]] });
  await importEvent(store, { ...f, event: { ...f.event, language: "de" } as EventFile["event"] }, () => T0);
  const app = createApp({ store, log: silentLogger, clock: () => T0 });
  const category = await store.db.selectFrom("subevents").select("id").executeTakeFirstOrThrow();
  const match = await store.db.selectFrom("matches").select("id").executeTakeFirstOrThrow();
  const page = async (path: string, status = 200) => {
    const res = await app.request(path);
    assert.equal(res.status, status, path);
    assert.match(res.headers.get("content-type") ?? "", /^text\/html/);
    const html = await res.text();
    return { lang: /<html lang="([a-z]+)"/.exec(html)?.[1], html };
  };

  for (
    const path of [
      `/overlay/subevent/${category.id}`,
      `/overlay/match/${match.id}`,
      `/overlay/table/${SLUG}/1`,
      `/overlay/featured/${SLUG}`,
      `/t/${SLUG}/table/1/scoreboard`,
      `/overlay/card/match/${match.id}`,
      `/t/${SLUG}/print`,
      `/t/${SLUG}/print/report/${match.id}`,
    ]
  ) {
    assert.equal((await page(path)).lang, "de", path);
    assert.equal((await page(`${path}?lang=ja`)).lang, "ja", `${path}?lang=ja`);
  }
  assert.match((await page(`/overlay/subevent/${category.id}`)).html, />Noch keine Spiele gespielt</);
  assert.ok((await page(`/overlay/match/${match.id}`)).html.includes(CATALOGS.de["overlay.upNext"]));

  // The slate, once on air: its preset words in the overlay's language, the producer's own as written.
  const admin = await makeToken(store.db, "admin");
  const stream = `/api/manage/events/${SLUG}/stream`;
  const patch = async (body: unknown) => {
    const res = await app.request(stream, call(admin, "PATCH", body));
    assert.equal(res.status, 200, await res.text());
  };
  await patch({ slate: { kind: "break" }, onAir: { slate: true } });
  const slate = await page(`/overlay/slate/${SLUG}`);
  assert.equal(slate.lang, "de");
  assert.match(slate.html, new RegExp(`>${CATALOGS.de["overlay.slateBreak"]}<`));
  assert.match((await page(`/overlay/slate/${SLUG}?lang=fr`)).html, />De retour après la pause</);
  await patch({ slate: { kind: "custom", text: "Siegerehrung um 18 Uhr" } });
  assert.match((await page(`/overlay/slate/${SLUG}?lang=ja`)).html, />Siegerehrung um 18 Uhr</);
});

storeTest(
  "[pages] a kept match bar follows the event's language, as the match's ETag and feed do",
  async (store) => {
    const f = groupEvent({
      slug: SLUG,
      status: "published",
      players: [ANA, BEN],
      scheduled: [["ana", "ben"]],
    });
    await importEvent(store, f, () => T0);
    const deps = withReadState({ store, log: silentLogger, clock: () => T0 });
    const handler = createHandler(deps, createApp(deps));
    const admin = await makeToken(store.db, "admin");
    const match = await store.db.selectFrom("matches").select("id").executeTakeFirstOrThrow();
    const origin = "http://venue.test";
    const get = async (path: string, tag: string | null = null) => {
      const res = await handler(new Request(origin + path, { headers: tag ? { "If-None-Match": tag } : {} }));
      return { status: res.status, tag: res.headers.get("etag"), text: await res.text() };
    };
    const setLanguage = async (language: string | null) => {
      const res = await handler(
        new Request(`${origin}/api/manage/events/${SLUG}/language`, call(admin, "PUT", { language })),
      );
      assert.equal(res.status, 200, await res.text());
    };
    /** The match's version in the event's change feed. */
    const logged = async () => {
      const { text } = await get(`/api/v1/events/${SLUG}/changes`);
      const changes = JSON.parse(text).data.changes as { kind: string; id: string; version: string }[];
      return changes.find((c) => c.kind === "match" && c.id === match.id)!.version;
    };
    const overlay = `/overlay/match/${match.id}`, answer = `/api/v1/matches/${match.id}`;

    const english = await get(overlay);
    assert.equal(english.status, 200);
    assert.match(english.text, /<html lang="en"/);
    assert.ok(english.text.includes(CATALOGS.en["overlay.upNext"]));
    assert.ok(english.tag, "the match bar has an ETag");
    assert.equal((await get(overlay, english.tag)).status, 304);
    const api = await get(answer);
    assert.ok(api.tag!.startsWith(`W/"${await logged()}-`), "the feed logs the version the API serves");

    await setLanguage("de");
    const german = await get(overlay, english.tag);
    assert.equal(german.status, 200, "the kept page is stale once the event's language changes");
    assert.notEqual(german.tag, english.tag);
    assert.match(german.text, /<html lang="de"/);
    assert.ok(german.text.includes(CATALOGS.de["overlay.upNext"]));
    assert.equal((await get(overlay, german.tag)).status, 304);
    const moved = await get(answer, api.tag);
    assert.equal(moved.status, 200, "the match's answer moves with its version");
    assert.ok(moved.tag!.startsWith(`W/"${await logged()}-`), "the feed logs the new version");
    const asked = await get(`${overlay}?lang=ja`);
    assert.match(asked.text, /<html lang="ja"/);

    // A point within the match in play logs its version from what the write's first statement returned.
    const ctx = { actor: "test", now: T0 };
    await writeMatch(store, match.id, { type: "start", firstServer: "home" }, ctx);
    await writeMatch(store, match.id, { type: "point", side: "home" }, ctx);
    assert.ok(
      (await get(answer)).tag!.startsWith(`W/"${await logged()}-`),
      "a point logs the version served",
    );

    await setLanguage(null);
    const back = await get(overlay, german.tag);
    assert.equal(back.status, 200);
    assert.match(back.text, /<html lang="en"/);
  },
);
