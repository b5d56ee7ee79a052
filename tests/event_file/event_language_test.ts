/**
 * The event's language (docs/import-format.md, `event.language`): imported, stored, exported and imported again
 * on each store; kept by a file without it; set on /manage through the management API; a code the pages do not
 * speak refused with the field named; and the hall's screens and a reader's page falling back to it.
 */
import assert from "node:assert/strict";
import { exportEvent } from "../../event_file/export.ts";
import type { EventFile } from "../../event_file/format.ts";
import { importEvent } from "../../event_file/import.ts";
import { validateEventFile } from "../../event_file/validate.ts";
import { call, makeToken, manageApp } from "../api/manage_fixtures.ts";
import { apiClient } from "../support/api_client.ts";
import { ANA, BEN, groupEvent } from "../support/event_files.ts";
import { DIALECTS, makeStore, storeTest } from "../support/stores.ts";

const T0 = new Date("2026-06-01T08:00:00.000Z");
const SLUG = "duesseldorf-open";

function file(language?: string | null): EventFile {
  const f = groupEvent({ slug: SLUG, status: "published", players: [ANA, BEN], scheduled: [["ana", "ben"]] });
  return language === undefined ? f : { ...f, event: { ...f.event, language } as EventFile["event"] };
}

/** The `lang` of the page's `<html>`. */
async function pageLang(
  app: ReturnType<typeof apiClient>,
  path: string,
  headers: Record<string, string> = {},
) {
  const res = await app.app.request(path, { headers });
  assert.equal(res.status, 200, path);
  return /<html lang="([a-z]+)"/.exec(await res.text())?.[1];
}

storeTest(
  "an event's language is stored, exported and imported again into a fresh store of each dialect",
  async (store) => {
    const given = file("de");
    assert.ok((await validateEventFile(given)).ok);
    await importEvent(store, given, () => T0);
    const row = await store.db.selectFrom("events").select("language").where("slug", "=", SLUG)
      .executeTakeFirst();
    assert.equal(row?.language, "de");
    const exported = await exportEvent(store.db, SLUG);
    assert.equal(exported?.event.language, "de");
    const checked = await validateEventFile(exported);
    assert.ok(checked.ok, JSON.stringify(!checked.ok && checked.errors));
    const text = JSON.stringify(exported);
    for (const dialect of DIALECTS) {
      const fresh = await makeStore(dialect);
      try {
        await importEvent(fresh, JSON.parse(text), () => T0);
        assert.equal(JSON.stringify(await exportEvent(fresh.db, SLUG)), text, `[${dialect}] the same file`);
      } finally {
        await fresh.drop();
      }
    }
  },
);

storeTest(
  "a file without a language keeps the store's; null makes the event English and the export leaves it out",
  async (store) => {
    await importEvent(store, file("ja"), () => T0);
    await importEvent(store, { ...file(), event: { ...file().event, venue: "Hall 2" } }, () => T0);
    assert.equal((await exportEvent(store.db, SLUG))?.event.language, "ja", "kept");
    await importEvent(store, file(null), () => T0);
    const exported = await exportEvent(store.db, SLUG);
    assert.ok(exported);
    assert.equal("language" in exported.event, false);
  },
);

Deno.test("a language code the pages do not speak is refused, naming event.language", async () => {
  for (const code of ["de-AT", "DE", "ko", ""]) {
    const checked = await validateEventFile(file(code));
    assert.equal(checked.ok, false, code);
    const problems = checked.ok ? [] : checked.errors.filter((p) => p.path === "event.language");
    assert.equal(problems.length, 1, `${code}: ${JSON.stringify(!checked.ok && checked.errors)}`);
    assert.equal(
      problems[0]!.message,
      `Expected one of "en", "de", "fr", "es", "zh", "ja", "ar", got "${code}"`,
    );
  }
});

storeTest('/manage sets the event\'s language; an unknown code is a 400 naming "language"', async (store) => {
  await importEvent(store, file(), () => T0);
  const token = await makeToken(store.db, "admin");
  const app = manageApp(store, () => T0);
  const path = `/api/manage/events/${SLUG}/language`;
  let res = await app.request(path, call(token, "PUT", { language: "fr" }));
  assert.equal(res.status, 200);
  assert.deepEqual((await res.json()).data, { changed: true, language: "fr" });
  res = await app.request(path, call(token, "PUT", { language: "fr" }));
  assert.deepEqual((await res.json()).data, { changed: false, language: "fr" });
  res = await app.request(`/api/manage/events/${SLUG}`, call(token, "GET"));
  assert.equal((await res.json()).data.event.language, "fr");

  res = await app.request(path, call(token, "PUT", { language: "fr-CH" }));
  assert.equal(res.status, 400);
  assert.equal(res.headers.get("content-type"), "application/problem+json");
  const problem = await res.json();
  assert.equal(problem.field, "language");
  assert.match(problem.detail, /"language"/);
  assert.match(problem.detail, /"en", "de", "fr", "es", "zh", "ja", "ar"/);

  res = await app.request(`/api/manage/events/nope/language`, call(token, "PUT", { language: "de" }));
  assert.equal(res.status, 404);
  res = await app.request(path, call(token, "PUT", { language: null }));
  assert.deepEqual((await res.json()).data, { changed: true, language: null });
});

storeTest(
  "the hall's screens speak the event's language; a reader's page and the umpire's page fall back to it",
  async (store) => {
    await importEvent(store, file("de"), () => T0);
    const client = apiClient(store, () => T0);
    assert.equal(await pageLang(client, `/t/${SLUG}/tv`, { "accept-language": "fr" }), "de");
    assert.equal(await pageLang(client, `/t/${SLUG}/tv?lang=ja`), "ja");
    assert.equal(await pageLang(client, `/t/${SLUG}`), "de");
    assert.equal(await pageLang(client, `/t/${SLUG}`, { "accept-language": "fr-FR" }), "fr");
    // The umpire's page of one of the event's matches falls back to it too; the phone's language comes first.
    const match = await store.db.selectFrom("matches").select("id").executeTakeFirstOrThrow();
    assert.equal(await pageLang(client, `/score/${match.id}`), "de");
    assert.equal(await pageLang(client, `/score/${match.id}`, { "accept-language": "ja" }), "ja");
    assert.equal(await pageLang(client, "/score/not-a-match"), "en");
    // The public API says nothing new: the language is the pages'.
    const event = (await client.request(`/api/v1/events/${SLUG}`)).body.data.event;
    assert.equal("language" in event, false);
  },
);
