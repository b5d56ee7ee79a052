/**
 * How the pages word things: dates, percentages, result reasons and the prediction display rules of the spec.
 * The functions that a page has moved to its language take its `I18n` (pages/i18n/mod.ts), English by default.
 */
import { type I18n, i18nFor } from "./i18n/mod.ts";
import type { TextKey } from "./i18n/catalog.ts";
import { readStageLabel } from "../domain/stage_name.ts";
import { gamesNeeded, isValidBestOf } from "../domain/scoring.ts";

const EN = i18nFor("en");

/** The fields of the API's prediction block that the pages show. */
export interface PredictionShown {
  pHome: number;
  ciLow: number;
  ciHigh: number;
  confidenceLabel: string;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** An `Intl.DateTimeFormat` of the locale, made once for each locale and options. */
function dateFormat(locale: string, name: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${name}`;
  let f = dateFormats.get(key);
  if (f === undefined) dateFormats.set(key, f = new Intl.DateTimeFormat(locale, options));
  return f;
}

/**
 * An event's dates in words, one date when both are the same day.
 * @example formatDateRange("2026-03-12", "2026-03-14") // "12–14 March 2026"
 */
export function formatDateRange(start: string, end: string, i18n: I18n = EN): string {
  const a = new Date(`${start}T00:00:00Z`);
  const b = new Date(`${end}T00:00:00Z`);
  if (Number.isNaN(a.getTime()) || Number.isNaN(b.getTime())) {
    return start === end ? start : `${start} – ${end}`;
  }
  const f = dateFormat(i18n.locale, "date", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  return b.getTime() <= a.getTime() ? f.format(a) : f.formatRange(a, b);
}

// The server's own time zone: at a venue the laptop's clock is the hall's; a public deployment sets `TZ` to the
// venue's zone (docs/pages.md). Pages are made once and kept for everyone, so they cannot use the reader's zone.
// Every language writes the hall's 24-hour clock.

/**
 * When a match is planned, as the hall's clock shows it: "14:30", or "Sat 14:30" for an event of more than one
 * day; null without a time.
 */
export function formatMatchTime(iso: string | null, withDay: boolean, i18n: I18n = EN): string | null {
  if (iso === null) return null;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  const clock = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } as const;
  return (withDay
    ? dateFormat(i18n.locale, "day clock", { weekday: "short", ...clock })
    : dateFormat(i18n.locale, "clock", clock)).format(at);
}

/** Whether an event lasts more than a day: its match times then say the day too (formatMatchTime). */
export function spansDays(event: { startDate: string; endDate: string }): boolean {
  return event.startDate !== event.endDate;
}

/** A probability as a whole percentage, e.g. 0.634 → "63%". */
export function percent(p: number): string {
  return `${Math.round(p * 100)}%`;
}

/** A short word for a result not decided by the score, or null for a normal result. */
export function resultReasonText(code: string | null, i18n: I18n = EN): string | null {
  switch (code) {
    case null:
      return null;
    case "walkover":
      return i18n.t("reason.walkover");
    case "retired":
      return i18n.t("reason.retired");
    case "disqualified":
      return i18n.t("reason.disqualified");
    default:
      return code;
  }
}

/** What the result words need of a match: how it ended and its sides. */
export interface ReasonMatch {
  resultReasonCode: string | null;
  winnerId: string | null;
  homeId: string;
  awayId: string;
  homeName: string;
  awayName: string;
}

/**
 * How a match not decided by its score ended, naming the side it happened to: one wording on every overlay, the
 * TV and the pages; null for a normal result.
 * @example resultReasonWords({ resultReasonCode: "retired", winnerId: "a", homeId: "a", awayId: "b", homeName: "Ann", awayName: "Bo" }) // "Bo retired"
 */
export function resultReasonWords(m: ReasonMatch, i18n: I18n = EN): string | null {
  const code = m.resultReasonCode;
  const reason = resultReasonText(code, i18n);
  if (reason === null || code === "walkover" || m.winnerId === null) return reason;
  const name = m.winnerId === m.homeId ? m.awayName : m.homeName;
  if (code === "retired") return i18n.t("reason.sideRetired", { name });
  if (code === "disqualified") return i18n.t("reason.sideDisqualified", { name });
  return `${name} ${reason}`;
}

/**
 * The short mark of a result not decided by the score, where a line has no room for words (the category board,
 * the bracket): "W/O" for a walkover, "RET" for a retirement, "DSQ" for a disqualification; null otherwise.
 */
export function resultReasonMark(code: string | null, i18n: I18n = EN): string | null {
  switch (code) {
    case "walkover":
      return i18n.t("mark.walkover");
    case "retired":
      return i18n.t("mark.retired");
    case "disqualified":
      return i18n.t("mark.disqualified");
    default:
      return null;
  }
}

/**
 * The prediction in words, by the spec's display rules: the confidence label always goes with the probability,
 * and an "insufficient" label shows words instead of a number.
 * @example predictionSentence({ pHome: 0.63, ciLow: 0.5, ciHigh: 0.74, confidenceLabel: "medium" }, "Ann", "Bo")
 * // "Ann 63% to win (confidence: medium, range 50–74%)"
 */
export function predictionSentence(
  p: PredictionShown,
  homeName: string,
  awayName: string,
  i18n: I18n = EN,
): string {
  if (p.confidenceLabel === "insufficient") {
    return i18n.t("prediction.insufficient", { home: homeName, away: awayName });
  }
  const favourite = p.pHome >= 0.5
    ? { name: homeName, p: p.pHome, low: p.ciLow, high: p.ciHigh }
    : { name: awayName, p: 1 - p.pHome, low: 1 - p.ciHigh, high: 1 - p.ciLow };
  return i18n.t("prediction.favourite", {
    name: favourite.name,
    percent: percent(favourite.p),
    confidence: confidenceText(p.confidenceLabel, i18n),
    low: String(Math.round(favourite.low * 100)),
    high: percent(favourite.high),
  });
}

const CONFIDENCE_WORDS = {
  low: "prediction.low",
  medium: "prediction.medium",
  high: "prediction.high",
} as const;

/** A prediction's confidence label in words (the label itself when it has none). */
export function confidenceText(label: string, i18n: I18n = EN): string {
  return wordsOf(CONFIDENCE_WORDS, label, i18n);
}

/** The message `table` names for `word` in the page's language, or `word` itself when it names none. */
function wordsOf(table: Record<string, TextKey>, word: string, i18n: I18n): string {
  const key = Object.hasOwn(table, word) ? table[word] : undefined;
  return key === undefined ? word : i18n.t(key);
}

/** "Best of 5" and the like ("3 Gewinnsätze" in German: the games to win, `gamesToWin`). */
export function bestOfText(bestOf: number, i18n: I18n = EN): string {
  return i18n.t("format.bestOf", { count: bestOf, wins: gamesToWin(bestOf) });
}

/**
 * The games a side must win in a best of `bestOf` (ITTF Law 2.12.1, domain/scoring.ts), which some languages
 * say instead of the most games; a stored count that is no best of (none is imported) is said as it is.
 * @example gamesToWin(5) // 3
 */
export function gamesToWin(bestOf: number): number {
  return isValidBestOf(bestOf) ? gamesNeeded(bestOf) : bestOf;
}

const FORMAT_WORDS = {
  groups: "format.groups",
  knockout: "format.knockout",
  groups_knockout: "format.groupsKnockout",
} as const;

/**
 * A category's format in words (the stored word itself when it has none).
 * @example formatText("groups_knockout") // "Groups, then knockout"
 */
export function formatText(format: string, i18n: I18n = EN): string {
  return wordsOf(FORMAT_WORDS, format, i18n);
}

/**
 * A match's round or group label in the page's language: the API's English labels ("Quarter-final", "Round of
 * 16", "Group A", "Round 2") in the language's words; a label the organiser wrote otherwise stays as written.
 * @example stageText("Round of 16", i18nFor("de")) // "Achtelfinale"
 */
export function stageText(label: string, i18n: I18n = EN): string {
  const name = readStageLabel(label);
  if (name === null) return label;
  if (name.kind === "roundOf") {
    return name.players === 16 ? i18n.t("stage.roundOf16") : i18n.t("stage.roundOf", { count: name.players });
  }
  if (name.kind === "round") return i18n.t("stage.round", { count: name.number });
  if (name.kind === "group") {
    return name.name === null ? i18n.t("stage.groupAlone") : i18n.t("stage.group", { name: name.name });
  }
  return i18n.t(KNOCKOUT_KEYS[name.kind]);
}

const KNOCKOUT_KEYS = {
  final: "stage.final",
  semiFinal: "stage.semiFinal",
  quarterFinal: "stage.quarterFinal",
} as const;

/** What a draw position's label needs: its kind, its label, the group place it waits for. */
interface DrawSideLabel {
  kind: string;
  label: string;
  qualifier: { place: number; groupName: string } | null;
}

/**
 * A draw position's label in the page's language: an entry's name as written; a bye, a position to be decided, a
 * group's qualifier and the winner of an earlier match in the language's words.
 * @example drawSideText({ kind: "open", label: "Winner of Quarter-final 3", qualifier: null }, i18nFor("de"))
 * // "Sieger Viertelfinale 3"
 */
export function drawSideText(side: DrawSideLabel, i18n: I18n = EN): string {
  if (side.kind === "entry") return side.label;
  if (side.kind === "bye") return i18n.t("draw.bye");
  if (side.qualifier) {
    const group = stageText(
      /^group\b/i.test(side.qualifier.groupName)
        ? side.qualifier.groupName
        : `Group ${side.qualifier.groupName}`,
      i18n,
    );
    return i18n.t("draw.qualifier", { place: side.qualifier.place, group });
  }
  const winner = /^Winner of (.+) (\d+)$/.exec(side.label);
  if (winner) {
    return i18n.t("draw.winnerOf", { stage: stageText(winner[1]!, i18n), number: Number(winner[2]) });
  }
  if (side.label === "To be decided") return i18n.t("draw.open");
  return side.label;
}
