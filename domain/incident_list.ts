/**
 * The referee's list of an event's incidents (the incident panel of /manage): every card (Regulation 3.5.2),
 * time-out (Regulation 3.4.4.2), expedite system (Law 2.15), medical break (Regulation 3.4.2.3), retirement,
 * disqualification and result corrected at the desk, each with its match, table, game and score. A red card
 * (Regulation 3.5.2.4: the offender is referred to the referee) and a yellow and a red card together (Regulation
 * 3.5.2.3: penalty points) raise an alert the referee acknowledges. A card, time-out or expedite the umpire took
 * back with an undo is listed too, marked undone (when, by whom), and alerts no one.
 * @module
 */
import type { CardColour, CardRecord } from "./cards.ts";
import type { ExpediteRecord } from "./expedite.ts";
import { medicalReasonWords } from "./medical_break.ts";
import type { Side } from "./scoring.ts";
import type { TimeoutRecord } from "./timeouts.ts";

/** What kind of incident a line of the list is: the panel filters by it. */
export type IncidentCategory =
  | "card"
  | "timeout"
  | "expedite"
  | "medical"
  | "retired"
  | "disqualified"
  | "correction";

/** Every incident category, in the order the panel offers them. */
export const INCIDENT_CATEGORIES = [
  "card",
  "timeout",
  "expedite",
  "medical",
  "retired",
  "disqualified",
  "correction",
] as const satisfies readonly IncidentCategory[];

/** A match as the list needs it. */
export interface IncidentMatch {
  id: string;
  label: string;
  categoryId: string;
  categoryName: string;
  tableNo: number | null;
  homeName: string | null;
  awayName: string | null;
  resultReason: string | null;
  retirementAfterGame: number | null;
  completedAt: string | null;
  /** What the umpire's record keeps besides the score; null when none was kept. */
  officiating: {
    cards: readonly CardRecord[];
    timeouts: readonly TimeoutRecord[];
    expedite: ExpediteRecord | null;
  } | null;
}

/** A result entered or a game corrected (the audit log's `match.result` or `match.correct`). */
export interface ResultCorrection {
  matchId: string;
  at: string;
  actor: string;
  /** "result": the whole result entered; "correct": one game's score corrected. */
  kind: "result" | "correct";
  games?: readonly { home: number; away: number }[];
  game?: number;
  score?: { home: number; away: number };
  was?: { home: number | null; away: number | null };
}

/** A medical break recorded by the umpire (db/medical_breaks.ts). */
export interface MedicalBreakRecord {
  matchId: string;
  side: Side;
  gameNumber: number | null;
  startedAt: string;
  endedAt: string | null;
  reason: string | null;
}

/**
 * An umpire's incident taken back by an undo (db/undone_incidents.ts): what it was, where it was made (the game
 * and its score replayed from the rallies before it), when, and when and by whom it was undone.
 */
export interface UndoneIncidentRecord {
  matchId: string;
  /** Its order among the match's incidents: what its key names. */
  seq: number;
  incident:
    | { kind: "card"; side: Side; target: "player" | "coach"; card: CardColour }
    | { kind: "timeout"; side: Side }
    | { kind: "expedite"; byRequest: boolean }
    | { kind: "resume" | "order" | "correction" };
  gameNumber: number | null;
  score: { home: number; away: number } | null;
  at: string;
  undoneAt: string;
  undoneBy: string;
}

/**
 * What an incident's sentence is made of, for a page that words it in its own language (the desk's,
 * pages/incident_words.ts): its match (players, category, stage label) and, by kind, the card and who had it
 * (a coach: `coach`), the side of a time-out, whether both sides asked for the expedite system, the medical
 * break's stored reason ("accident", "bleeding", "other" or the referee's own text) and its minutes (null while
 * under way), the game after which a player retired, who entered a result or corrected a game and the scores.
 */
export type IncidentWords =
  & { match: { home: string; away: string; category: string; stage: string } }
  & (
    | { kind: "card"; card: CardColour; side: Side; player: string; coach: boolean; penaltyPoints: number }
    | { kind: "timeout"; side: Side; player: string }
    | { kind: "expedite"; byRequest: boolean }
    | { kind: "medical"; side: Side; player: string; reason: string | null; minutes: number | null }
    | { kind: "retired"; afterGame: number | null }
    | { kind: "disqualified" }
    | { kind: "result"; by: string; games: string[] }
    | { kind: "correct"; by: string; game: number | null; score: string; was: string | null }
  );

/** One line of the list. */
export interface EventIncident {
  /** Stable across reads: what an acknowledgement names. */
  key: string;
  category: IncidentCategory;
  matchId: string;
  /** "Ana Lopez v Ben Okafor (Men's singles, Group A)". */
  match: string;
  tableNo: number | null;
  categoryId: string;
  categoryName: string;
  gameNumber: number | null;
  /** The game's score then, "5-3"; null when not known. */
  score: string | null;
  at: string | null;
  /** The sentence in English, for the API's users. */
  text: string;
  /** What `text` is made of, for a page that words it in its own language. */
  words: IncidentWords;
  /** A card that refers the player to the referee or gives penalty points: the desk is alerted. */
  alert: boolean;
  /** Taken back by the umpire's undo: when and by whom (the token's label); null while in force. */
  undone: { at: string; by: string } | null;
}

const CARD_WORDS: Record<CardColour, string> = {
  yellow: "Yellow card",
  yellow_red: "Yellow and red card",
  red: "Red card",
};

/**
 * Whether a card alerts the referee: a red card (Regulation 3.5.2.4) or a yellow and a red together
 * (Regulation 3.5.2.3).
 * @example alertsReferee("yellow_red") // true
 */
export function alertsReferee(card: CardColour): boolean {
  return card === "red" || card === "yellow_red";
}

/** "Ana Lopez v Ben Okafor (Men's singles, Group A)". */
function matchWords(m: IncidentMatch): string {
  return `${m.homeName ?? "?"} v ${m.awayName ?? "?"} (${m.categoryName}, ${m.label})`;
}

/** The match of an incident's sentence, for `words`. */
function matchNamed(m: IncidentMatch): IncidentWords["match"] {
  return { home: m.homeName ?? "?", away: m.awayName ?? "?", category: m.categoryName, stage: m.label };
}

/** What an incident's sentence names besides its match. */
export type IncidentWhat = IncidentWords extends infer W ? W extends unknown ? Omit<W, "match"> : never
  : never;

function sideName(m: IncidentMatch, side: Side): string {
  return (side === "home" ? m.homeName : m.awayName) ?? side;
}

/**
 * Every incident of the event, the latest first (those with no time last, in match order).
 * @example eventIncidents([match with a red card], [], [])[0] // { category: "card", alert: true, text: "Red card: Ben Okafor", … }
 */
export function eventIncidents(
  matches: readonly IncidentMatch[],
  corrections: readonly ResultCorrection[],
  medical: readonly MedicalBreakRecord[],
  undone: readonly UndoneIncidentRecord[] = [],
): EventIncident[] {
  const out: EventIncident[] = [];
  const byId = new Map(matches.map((m) => [m.id, m]));
  const line = (
    m: IncidentMatch,
    l:
      & Omit<
        EventIncident,
        | "matchId"
        | "match"
        | "tableNo"
        | "categoryId"
        | "categoryName"
        | "alert"
        | "undone"
        | "words"
        | "text"
      >
      & {
        words: IncidentWhat;
        alert?: boolean;
        undone?: EventIncident["undone"];
      },
  ) =>
    out.push({
      ...l,
      text: `${englishText(l.words)}${l.undone ? " (undone)" : ""}`,
      words: { ...l.words, match: matchNamed(m) },
      matchId: m.id,
      match: matchWords(m),
      tableNo: m.tableNo,
      categoryId: m.categoryId,
      categoryName: m.categoryName,
      alert: l.alert ?? false,
      undone: l.undone ?? null,
    });
  const place = (r: { gameNumber: number; score: { home: number; away: number } }) => ({
    gameNumber: r.gameNumber,
    score: `${r.score.home}-${r.score.away}`,
  });
  for (const m of matches) {
    const o = m.officiating;
    for (const c of o?.cards ?? []) {
      line(m, {
        key: `card:${m.id}:${c.gameNumber}:${c.score.home}-${c.score.away}:${c.side}:${c.target}:${c.card}`,
        category: "card",
        ...place(c),
        at: c.at,
        words: {
          kind: "card",
          card: c.card,
          side: c.side,
          player: sideName(m, c.side),
          coach: c.target === "coach",
          penaltyPoints: c.penaltyPoints,
        },
        alert: alertsReferee(c.card),
      });
    }
    for (const t of o?.timeouts ?? []) {
      line(m, {
        key: `timeout:${m.id}:${t.side}`,
        category: "timeout",
        ...place(t),
        at: t.at,
        words: { kind: "timeout", side: t.side, player: sideName(m, t.side) },
      });
    }
    if (o?.expedite) {
      line(m, {
        key: `expedite:${m.id}`,
        category: "expedite",
        ...place(o.expedite),
        at: o.expedite.at,
        words: { kind: "expedite", byRequest: o.expedite.byRequest },
      });
    }
    if (m.resultReason === "retired" || m.resultReason === "disqualified") {
      line(m, {
        key: `${m.resultReason}:${m.id}`,
        category: m.resultReason,
        gameNumber: m.retirementAfterGame === null ? null : m.retirementAfterGame + 1,
        score: null,
        at: m.completedAt,
        words: m.resultReason === "retired"
          ? { kind: "retired", afterGame: m.retirementAfterGame }
          : { kind: "disqualified" },
      });
    }
  }
  for (const b of medical) {
    const m = byId.get(b.matchId);
    if (!m) continue;
    line(m, {
      key: `medical:${b.matchId}:${b.startedAt}`,
      category: "medical",
      gameNumber: b.gameNumber,
      score: null,
      at: b.startedAt,
      words: {
        kind: "medical",
        side: b.side,
        player: sideName(m, b.side),
        reason: b.reason,
        minutes: b.endedAt ? minutesBetween(b.startedAt, b.endedAt) : null,
      },
    });
  }
  for (const u of undone) {
    const m = byId.get(u.matchId);
    const i = u.incident;
    // A resume or a doubles order is no incident of the list, undone or not.
    if (!m || (i.kind !== "card" && i.kind !== "timeout" && i.kind !== "expedite")) continue;
    line(m, {
      key: `undone:${u.matchId}:${u.seq}`,
      category: i.kind,
      gameNumber: u.gameNumber,
      score: u.score ? `${u.score.home}-${u.score.away}` : null,
      at: u.at,
      words: i.kind === "card"
        ? {
          kind: "card",
          card: i.card,
          side: i.side,
          player: sideName(m, i.side),
          coach: i.target === "coach",
          penaltyPoints: 0,
        }
        : i.kind === "timeout"
        ? { kind: "timeout", side: i.side, player: sideName(m, i.side) }
        : { kind: "expedite", byRequest: i.byRequest },
      undone: { at: u.undoneAt, by: u.undoneBy },
    });
  }
  for (const c of corrections) {
    const m = byId.get(c.matchId);
    if (!m) continue;
    const pair = (s: { home: number | null; away: number | null } | undefined) => `${s?.home}-${s?.away}`;
    line(m, {
      key: `correction:${c.matchId}:${c.at}`,
      category: "correction",
      gameNumber: c.kind === "correct" ? c.game ?? null : null,
      score: null,
      at: c.at,
      words: c.kind === "result" ? { kind: "result", by: c.actor, games: (c.games ?? []).map(pair) } : {
        kind: "correct",
        by: c.actor,
        game: c.game ?? null,
        score: pair(c.score),
        was: c.was && c.was.home !== null ? pair(c.was) : null,
      },
    });
  }
  return out.map((l, i) => ({ l, i }))
    .sort((a, b) => (b.l.at ?? "").localeCompare(a.l.at ?? "") || a.i - b.i)
    .map(({ l }) => l);
}

/**
 * The API's English sentence of an incident, made from what it names (the pages word the same `words` in their
 * language: pages/incident_words.ts).
 * @example englishText({ kind: "timeout", side: "home", player: "Ana" }) // "Time-out: Ana"
 */
export function englishText(i: IncidentWhat): string {
  switch (i.kind) {
    case "card": {
      const points = i.penaltyPoints > 0
        ? `, ${i.penaltyPoints} penalty point${i.penaltyPoints > 1 ? "s" : ""}`
        : "";
      return `${CARD_WORDS[i.card]}: ${i.player}${i.coach ? "'s coach" : ""}${points}`;
    }
    case "timeout":
      return `Time-out: ${i.player}`;
    case "expedite":
      return `Expedite system introduced${i.byRequest ? " at both sides' request" : ""}`;
    case "medical":
      return `Medical break: ${i.player}${i.reason ? ` (${medicalReasonWords(i.reason)})` : ""}, ${
        i.minutes === null ? "under way" : `${i.minutes} min`
      }`;
    case "retired":
      return `Retired${i.afterGame === null ? "" : ` after game ${i.afterGame}`}`;
    case "disqualified":
      return "Disqualified";
    case "result":
      return `Result entered by ${i.by}: ${i.games.join(", ")}`;
    case "correct":
      return `Game ${i.game} corrected by ${i.by} to ${i.score}${i.was === null ? "" : ` (was ${i.was})`}`;
  }
}

/** Whole minutes from one time to another, at least 1 once begun. */
function minutesBetween(from: string, to: string): number {
  return Math.max(1, Math.round((Date.parse(to) - Date.parse(from)) / 60_000));
}
