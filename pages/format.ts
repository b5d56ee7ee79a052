/** How the pages word things: dates, percentages, result reasons and the prediction display rules of the spec. */

/** The fields of the API's prediction block that the pages show. */
export interface PredictionShown {
  pHome: number;
  ciLow: number;
  ciHigh: number;
  confidenceLabel: string;
}

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/**
 * An event's dates in words, one date when both are the same day.
 * @example formatDateRange("2026-03-12", "2026-03-14") // "12–14 March 2026"
 */
export function formatDateRange(start: string, end: string): string {
  const a = new Date(`${start}T00:00:00Z`);
  const b = new Date(`${end}T00:00:00Z`);
  if (Number.isNaN(a.getTime()) || Number.isNaN(b.getTime())) {
    return start === end ? start : `${start} – ${end}`;
  }
  return b.getTime() <= a.getTime() ? dateFormat.format(a) : dateFormat.formatRange(a, b);
}

// The server's own time zone: at a venue the laptop's clock is the hall's; a public deployment sets `TZ` to the
// venue's zone (docs/pages.md). Pages are made once and kept for everyone, so they cannot use the reader's zone.
const clockFormat = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit" });
const dayClockFormat = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  hour: "2-digit",
  minute: "2-digit",
});

/**
 * When a match is planned, as the hall's clock shows it: "14:30", or "Sat 14:30" for an event of more than one
 * day; null without a time.
 */
export function formatMatchTime(iso: string | null, withDay: boolean): string | null {
  if (iso === null) return null;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  return (withDay ? dayClockFormat : clockFormat).format(at);
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
export function resultReasonText(code: string | null): string | null {
  switch (code) {
    case null:
      return null;
    case "walkover":
      return "walkover";
    case "retired":
      return "retired";
    case "disqualified":
      return "disqualified";
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
export function resultReasonWords(m: ReasonMatch): string | null {
  const reason = resultReasonText(m.resultReasonCode);
  if (reason === null || reason === "walkover" || m.winnerId === null) return reason;
  return `${m.winnerId === m.homeId ? m.awayName : m.homeName} ${reason}`;
}

/**
 * The short mark of a result not decided by the score, where a line has no room for words (the category board,
 * the bracket): "W/O" for a walkover, "RET" for a retirement, "DSQ" for a disqualification; null otherwise.
 */
export function resultReasonMark(code: string | null): string | null {
  switch (code) {
    case "walkover":
      return "W/O";
    case "retired":
      return "RET";
    case "disqualified":
      return "DSQ";
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
export function predictionSentence(p: PredictionShown, homeName: string, awayName: string): string {
  if (p.confidenceLabel === "insufficient") {
    return `Not enough match history to predict ${homeName} against ${awayName}`;
  }
  const favourite = p.pHome >= 0.5
    ? { name: homeName, p: p.pHome, low: p.ciLow, high: p.ciHigh }
    : { name: awayName, p: 1 - p.pHome, low: 1 - p.ciHigh, high: 1 - p.ciLow };
  return `${favourite.name} ${percent(favourite.p)} to win (confidence: ${p.confidenceLabel}, range ${
    Math.round(favourite.low * 100)
  }–${percent(favourite.high)})`;
}

/** "Best of 5" and the like. */
export function bestOfText(bestOf: number): string {
  return `Best of ${bestOf}`;
}

const FORMAT_WORDS: Record<string, string> = {
  groups: "Groups",
  knockout: "Knockout",
  groups_knockout: "Groups, then knockout",
};

/**
 * A category's format in words (the stored word itself when it has none).
 * @example formatText("groups_knockout") // "Groups, then knockout"
 */
export function formatText(format: string): string {
  return FORMAT_WORDS[format] ?? format;
}
