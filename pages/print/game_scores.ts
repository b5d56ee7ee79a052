/** A decided match's game scores in words, as the group sheets and the results lists print them. */
import type { Match } from "../view_types.ts";

/** A match's game scores, "11-8, 9-11, 11-6", with the walkover or retirement said. */
export function gameScoresText(m: Match): string {
  if (m.resultReasonCode === "walkover") return "walkover";
  const games = m.gameScores.map((g) => `${g.home}-${g.away}`).join(", ");
  if (m.resultReasonCode === "retired") return `${games}${games ? ", " : ""}retired`;
  if (m.resultReasonCode === "disqualified") return `${games}${games ? ", " : ""}disqualified`;
  return games;
}
