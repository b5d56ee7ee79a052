/**
 * The umpire's page's words for the API's refusals: every code the scoring routes really answer (provoked here
 * through the app, in process) has its `score.*` words, in every language, and an unknown code keeps the API's
 * English detail.
 */
import assert from "node:assert/strict";
import type { Hono } from "hono";
import { createApp } from "../../../../../main.ts";
import { silentLogger } from "../../../../../lib/log.ts";
import { LANGUAGES } from "../../../../../lib/languages.ts";
import { CATALOGS } from "../../../../../pages/i18n/mod.ts";
import { hallEn } from "../../../../../pages/i18n/hall/en.ts";
import {
  REFUSAL_WORDS,
  refusalSentence,
  refusalWords,
} from "../../../../../pages/operator/client/score/refusal_words.ts";
import { call, makeToken, seedKnockout, T0 } from "../../../../api/manage_fixtures.ts";
import { storeTest } from "../../../../support/stores.ts";

const PHONE = { "X-Scorer-Device": "phone-a" };
const SPARE = { "X-Scorer-Device": "phone-b" };

/** Sends a request; `key` makes it a keyed write. */
async function send(app: Hono, token: string, path: string, body: unknown, headers: Record<string, string>) {
  return await app.request(`/api/manage/matches/${path}`, call(token, "POST", body, headers));
}

/** The codes an answer refuses with: its problem's, or its batch's refused and skipped taps'. */
async function codesOf(res: Response): Promise<string[]> {
  const body = await res.json();
  if (!res.ok) return [body.code];
  return (body.data.results ?? []).filter((r: { status: string }) => r.status !== "applied")
    .map((r: { code: string }) => r.code);
}

storeTest("refusalWords() words every code the umpire's page is really refused with", async (store) => {
  const ev = await seedKnockout(store.db, { bestOf: 3 });
  const scorer = await makeToken(store.db, "scorer", { label: "Table 1 phone" });
  const elsewhere = await makeToken(store.db, "scorer", { eventId: ev.eventId, tableNo: 9 });
  const admin = await makeToken(store.db, "admin", { label: "Desk" });
  const app: Hono = createApp({ store, log: silentLogger, clock: () => T0 });
  const [first = "", second = ""] = ev.rounds[0]!;
  const final = ev.rounds[1]![0]!;
  const batch = (token: string, id: string, actions: unknown[], extra: object = {}, headers = PHONE) =>
    send(app, token, `${id}/actions`, { ...extra, actions }, headers);
  const seen = new Set<string>();
  const see = async (res: Promise<Response>) => (await codesOf(await res)).forEach((c) => seen.add(c));

  await see(batch("tt_wrong", second, [{ key: "a", type: "point", side: "home" }]));
  await see(batch(elsewhere, second, [{ key: "b", type: "point", side: "home" }]));
  await see(batch(scorer, "no-such-match", [{ key: "c", type: "point", side: "home" }]));
  await see(batch(scorer, second, [{ key: "d", type: "point", side: "left" }]));
  await see(batch(scorer, final, [{ key: "e", type: "start", firstServer: "home" }]));
  await see(
    batch(scorer, second, [{ key: "f", type: "start", firstServer: "home" }, { key: "g", type: "undo" }]),
  );
  await see(batch(scorer, second, [{ key: "f", type: "start", firstServer: "away" }]));
  await see(batch(scorer, second, [{ key: "h", type: "point", side: "home" }], {}, SPARE));
  await see(batch(scorer, second, [{ key: "i", type: "point", side: "home" }], { revision: 99 }));
  await see(send(app, scorer, `${second}/takeover`, {}, { "Idempotency-Key": "j" }));
  // The desk gives the first match as a walkover: the umpire's point is refused by the match's state, and once
  // the umpire confirmed the result every write of the scorer is.
  const walkover = await send(app, admin, `${first}/walkover`, { winner: "home" }, {
    "Idempotency-Key": "k",
  });
  assert.equal(walkover.status, 200, await walkover.clone().text());
  const refused = await batch(scorer, first, [{ key: "l", type: "point", side: "home" }]);
  const data = (await refused.clone().json()).data;
  assert.equal(data.match.status, "completed");
  assert.equal(refusalSentence(data.results[0], data.match.status), "The match is already over.");
  await see(Promise.resolve(refused));
  assert.equal((await send(app, scorer, `${first}/confirm`, {}, PHONE)).status, 200);
  const confirmed = await batch(scorer, first, [{ key: "m", type: "point", side: "home" }]);
  assert.equal(confirmed.status, 409);
  const problem = await confirmed.clone().json();
  assert.equal(problem.confirmedBy, "Table 1 phone");
  assert.equal(problem.confirmedAt, T0.toISOString());
  assert.equal(
    refusalWords(problem),
    "The result was confirmed by Table 1 phone: only the desk can change it now.",
  );
  await see(Promise.resolve(confirmed));

  assert.deepEqual([...seen].sort(), Object.keys(REFUSAL_WORDS).sort());
});

Deno.test("refusalWords() says each code in the page's language; an unknown code keeps the API's detail", () => {
  const kept = globalThis as { scoreWords?: Record<string, string> };
  try {
    for (const lang of LANGUAGES) {
      const catalog: Record<string, unknown> = CATALOGS[lang];
      kept.scoreWords = Object.fromEntries(
        Object.keys(hallEn).filter((k) => k.startsWith("score.")).map((k) => [k, String(catalog[k])]),
      );
      for (const [code, key] of Object.entries(REFUSAL_WORDS)) {
        const said = refusalWords({ code, confirmedBy: "Tisch 3" });
        assert.equal(said, String(catalog[key]).replace("{by}", "Tisch 3"), `${lang} ${code}`);
      }
      assert.equal(refusalWords({ code: "match-state" }, "scheduled"), catalog["score.refusal.notStarted"]);
    }
  } finally {
    delete kept.scoreWords;
  }
  assert.equal(refusalWords({ code: "toString" }), null);
  assert.equal(
    refusalSentence({ code: "something-new", detail: "Cannot do it." }),
    "Refused: Cannot do it.",
  );
  assert.equal(refusalSentence({}), "");
});
