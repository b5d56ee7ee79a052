import assert from "node:assert/strict";
import { CATALOGS } from "../../../../../pages/i18n/mod.ts";
import {
  playPage,
  playTime,
  pw,
  slotWords,
  stageWords,
} from "../../../../../pages/operator/client/manage/play_words.ts";
import { scoreText } from "../../../../../pages/operator/client/manage/match_words.ts";
import type { ManageMatch } from "../../../../../pages/operator/client/manage/page.ts";
import type { Language } from "../../../../../lib/languages.ts";

/** The page's words as the server writes them for `lang` (pages/operator/play_words.tsx), kept as read. */
function speak(lang: Language, locale: string, rtl = false): void {
  const catalog: Record<string, unknown> = CATALOGS[lang];
  const words = Object.fromEntries(Object.entries(catalog).filter(([k]) => k.startsWith("play.")));
  (globalThis as { playWords?: ReturnType<typeof playPage> }).playWords = {
    words: words as Record<string, string>,
    locale,
    rtl,
  };
}

function forget(): void {
  delete (globalThis as { playWords?: unknown }).playWords;
}

Deno.test("pw() says English without a page, a message's placeholders filled", () => {
  forget();
  assert.equal(pw("play.table", { table: 3 }), "Table 3");
  assert.equal(stageWords("Round of 16"), "Round of 16");
  assert.equal(stageWords("Plate final"), "Plate final");
});

Deno.test("stageWords() and slotWords() read the API's English labels back in the page's language", () => {
  speak("de", "de-DE");
  try {
    assert.equal(stageWords("Round of 16"), "Achtelfinale");
    assert.equal(stageWords("Group A · Match 2"), "Gruppe A · Spiel 2");
    assert.equal(stageWords("Group F, round 2"), "Gruppe F, 2. Runde");
    assert.equal(
      slotWords({ kind: "qualifier", label: "1st Group A", qualifier: { place: 1, groupName: "A" } }),
      "Nr. 1 Gruppe A",
    );
    assert.equal(slotWords({ kind: "bye", label: "Bye", qualifier: null }), "Freilos");
    assert.equal(slotWords({ kind: "entry", label: "Ana Lopez", qualifier: null }), "Ana Lopez");
  } finally {
    forget();
  }
});

Deno.test("playTime() says the hall's 24-hour clock in the page's language", () => {
  speak("ja", "ja-JP");
  try {
    assert.match(playTime("2026-11-28T15:30:00Z", false), /^\d\d:\d\d$/);
    assert.equal(playTime(null), "");
    assert.equal(playTime("not a time"), "");
  } finally {
    forget();
  }
});

Deno.test("scoreText() puts a retirement in the page's language; in Arabic the names are isolated", () => {
  const retired = {
    status: "completed",
    homeName: "Anna Berg",
    awayName: "Ella Fox",
    winnerSide: "home",
    resultReasonCode: "retired",
    gamesWon: { home: 1, away: 0 },
    gameScores: [{ home: 11, away: 7 }],
  } as unknown as ManageMatch;
  speak("fr", "fr-FR");
  try {
    assert.equal(scoreText(retired), "Anna Berg gagne 1-0 (11-7), abandon de Ella Fox");
  } finally {
    forget();
  }
  speak("ar", "ar-u-nu-latn", true);
  try {
    assert.ok(scoreText(retired).includes("\u2068Ella Fox\u2069"));
  } finally {
    forget();
  }
});
