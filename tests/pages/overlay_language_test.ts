/**
 * The overlays and print sheets translated for issue 53 speak their event's language unless `?lang=` names another:
 * a category's board, a match's lower third, the producer's slate, the print centre and a match report; the player
 * card, which several events share, `?lang=` or English. The slate's preset words are said in the overlay's
 * language; the producer's own words stay as written.
 */
import assert from "node:assert/strict";
import type { EventFile } from "../../event_file/format.ts";
import { importEvent } from "../../event_file/import.ts";
import { silentLogger } from "../../lib/log.ts";
import { createApp } from "../../main.ts";
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
      `/overlay/card/match/${match.id}`,
      `/t/${SLUG}/print`,
      `/t/${SLUG}/print/report/${match.id}`,
    ]
  ) {
    assert.equal((await page(path)).lang, "de", path);
    assert.equal((await page(`${path}?lang=ja`)).lang, "ja", `${path}?lang=ja`);
  }
  assert.match((await page(`/overlay/subevent/${category.id}`)).html, />Noch keine Spiele gespielt</);

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
