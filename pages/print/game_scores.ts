/** A decided match's game scores in words, as the group sheets and the results lists print them. */
import type { Match } from "../view_types.ts";
import { type I18n, i18nFor } from "../i18n/mod.ts";
import { resultReasonText } from "../format.ts";

/** A match's game scores, "11-8, 9-11, 11-6", with the walkover or retirement said in the sheet's language. */
export function gameScoresText(m: Match, i18n: I18n = i18nFor("en")): string {
  const code = m.resultReasonCode;
  if (code === "walkover") return resultReasonText(code, i18n)!;
  const games = m.gameScores.map((g) => `${g.home}-${g.away}`).join(", ");
  if (code === "retired" || code === "disqualified") {
    return `${games}${games ? ", " : ""}${resultReasonText(code, i18n)}`;
  }
  return games;
}
