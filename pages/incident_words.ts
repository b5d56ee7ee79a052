/**
 * An incident of the referee's list in a page's language, from what its sentence is made of
 * (domain/incident_list.ts `IncidentWords`, `IncidentWhat`): the desk's incident panel words it with its `w`, the printed match
 * report with its `t`, both from the `desk.incidents.*` messages (pages/i18n/desk/), so that an incident is worded
 * in one place. Every declaration is exported so that the desk can inline this module (pages/client_script.ts
 * `moduleScript`).
 */
import type { IncidentWhat } from "../domain/incident_list.ts";
import type { deskEn } from "./i18n/desk/en.ts";

/** A message of the desk's catalog in the page's language, its placeholders filled (the desk's `w`, a page's `t`). */
export type SayDesk = (key: keyof typeof deskEn, params?: Record<string, string | number>) => string;

/** The cards' names (Regulation 3.5.2). */
export const INCIDENT_CARD_KEYS = {
  yellow: "desk.incidents.yellowCard",
  yellow_red: "desk.incidents.yellowRedCard",
  red: "desk.incidents.redCard",
} as const;

/** The reasons the umpire's phone offers for a medical break (domain/medical_break.ts `MEDICAL_REASONS`). */
export const MEDICAL_REASON_KEYS = {
  accident: "desk.incidents.accident",
  bleeding: "desk.incidents.bleeding",
  other: "desk.incidents.otherReason",
} as const;

/**
 * Who had a medical break, and why when the umpire said it: the phone's reasons in words, the referee's own text
 * as written.
 * @example medicalWho("Ana", "bleeding", w) // "Ana (bleeding)"
 */
export function medicalWho(name: string, reason: string | null, say: SayDesk): string {
  if (!reason) return name;
  const key = Object.hasOwn(MEDICAL_REASON_KEYS, reason)
    ? MEDICAL_REASON_KEYS[reason as keyof typeof MEDICAL_REASON_KEYS]
    : null;
  return say("desk.incidents.nameReason", { name, reason: key ? say(key) : reason });
}

/**
 * The incident's sentence, its match aside.
 * @example incidentText({ kind: "card", card: "yellow_red", side: "away", player: "Ben", coach: false, penaltyPoints: 1 }, w)
 * // "Yellow and red card: Ben (1 penalty point)"
 */
export function incidentText(i: IncidentWhat, say: SayDesk): string {
  switch (i.kind) {
    case "card": {
      const card = say(INCIDENT_CARD_KEYS[i.card]);
      const who = say(i.coach ? "desk.incidents.cardCoach" : "desk.incidents.cardText", {
        card,
        name: i.player,
      });
      if (i.penaltyPoints === 0) return who;
      const points = i.penaltyPoints === 1
        ? say("desk.incidents.penaltyOne")
        : say("desk.incidents.penaltyMany", { n: i.penaltyPoints });
      return say("desk.incidents.withPenalty", { card: who, points });
    }
    case "timeout":
      return say("desk.incidents.timeoutText", { name: i.player });
    case "expedite":
      return say(i.byRequest ? "desk.incidents.expediteAsked" : "desk.incidents.expediteText");
    case "medical": {
      const name = medicalWho(i.player, i.reason, say);
      return i.minutes === null
        ? say("desk.incidents.medicalUnderWay", { name })
        : say("desk.incidents.medicalMinutes", { name, minutes: i.minutes });
    }
    case "retired":
      return i.afterGame === null
        ? say("desk.incidents.retiredText")
        : say("desk.incidents.retiredAfter", { game: i.afterGame });
    case "disqualified":
      return say("desk.incidents.disqualifiedText");
    case "result":
      return say("desk.incidents.resultText", { by: i.by, games: i.games.join(", ") });
    case "correct":
      return say(i.was === null ? "desk.incidents.correctText" : "desk.incidents.correctWas", {
        game: i.game ?? "?",
        by: i.by,
        score: i.score,
        was: i.was ?? "",
      });
  }
}
