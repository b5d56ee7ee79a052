/**
 * What waits for the director, in one list (the "Needs you" panel of /manage): each item says what is wrong and
 * names the one action that resolves it. A group over with places still level after every step of Regulation
 * 3.7.5 waits for a lot; a match called to its table and not started after a few minutes waits for its players;
 * a match in play well past the length the order of play plans for it (domain/scheduler.ts `defaultDurationMs`)
 * may need the referee (the expedite of Law 2.15.1, a dispute, a player unwell); a player who withdrew still has
 * matches left, which the desk ends by walkover; a player has not checked in for a match on its table; a match
 * due to start has no table; a match an umpire's phone scored has ended and the umpire has not confirmed its
 * result (db/result_confirmation.ts).
 * @module
 */
import { defaultDurationMs } from "./scheduler.ts";

/** Minutes after its call that a match not started is said to wait for its players. */
export const CALLED_WAIT_MINUTES = 5;

/** Minutes past its planned length after which a match in play is said to run long. */
export const RUNNING_LONG_MARGIN_MINUTES = 10;

/** A match as the rule needs it. */
export interface NeedsMatch {
  id: string;
  label: string;
  categoryName: string;
  status: string;
  homeEntryId: string | null;
  awayEntryId: string | null;
  homeName: string | null;
  awayName: string | null;
  tableNo: number | null;
  scheduledAt: string | null;
  calledAt: string | null;
  skippedAt: string | null;
  /** When play began; with `bestOf`, a match in play is checked for running long. */
  startedAt?: string | null;
  bestOf?: number;
  /** Why a finished match was decided other than by its score ("walkover", …); null when by its score. */
  resultReason?: string | null;
  /** The device that scored the match (an umpire's phone); null when none did (the desk entered the result). */
  scorer?: { label: string } | null;
  /** The umpire's confirmation of the result; null while not confirmed. */
  confirmation?: { by: string } | null;
}

/** What the rule reads: the groups waiting for a lot, the matches, the withdrawn entries and the time now. */
export interface NeedsFacts {
  now: Date;
  lots: readonly { categoryId: string; categoryName: string; groupName: string }[];
  matches: readonly NeedsMatch[];
  withdrawn: ReadonlySet<string>;
  /**
   * Once the desk checks players in: by entry, its players not checked in yet (id and name). Absent while no one
   * is checked in, so that an event that does not use check-in is not flagged.
   */
  absent?: ReadonlyMap<string, readonly { id: string; name: string }[]>;
}

/**
 * What a need's sentence names, for a page that words it in its own language (the desk's, pages/i18n/desk/):
 * the match (its players, category and stage label), a player, the table, minutes, the group of a lot, the device
 * that scored; each only where the kind's sentence has it.
 */
export interface NeedWords {
  match?: { home: string; away: string; category: string; stage: string };
  player?: string;
  winner?: string;
  table?: number | null;
  minutes?: number;
  planned?: number;
  group?: string;
  category?: string;
  device?: string;
  called?: boolean;
}

/** One thing waiting for the director, and its action: in English (`text`, `action`) and as `words`. */
export type Need =
  & { text: string; action: string; words: NeedWords }
  & (
    | { kind: "lot"; categoryId: string; categoryName: string }
    | { kind: "called"; matchId: string }
    | { kind: "withdrawn"; matchId: string; winner: "home" | "away" }
    | { kind: "long"; matchId: string }
    | { kind: "no-table"; matchId: string }
    | { kind: "absent"; matchId: string; playerId: string }
    | { kind: "unconfirmed"; matchId: string }
  );

/** "A v B (Men's singles, Group A · R1)". */
function matchWords(m: NeedsMatch): string {
  return `${m.homeName ?? "?"} v ${m.awayName ?? "?"} (${m.categoryName}, ${m.label})`;
}

/** The match of a need's sentence, for `words`. */
function matchNamed(m: NeedsMatch): NonNullable<NeedWords["match"]> {
  return { home: m.homeName ?? "?", away: m.awayName ?? "?", category: m.categoryName, stage: m.label };
}

/**
 * The list, in this order: lots, matches with a withdrawn player, players not checked in for a match on its table,
 * called matches not started, matches running long, matches due with no table, results entered on a phone and not confirmed.
 * @example directorNeeds({ now, lots: [{ categoryId: "c", categoryName: "U15", groupName: "A" }], matches: [], withdrawn: new Set() })[0].text // 'Group A of "U15" waits for a lot'
 */
export function directorNeeds(f: NeedsFacts): Need[] {
  const out: Need[] = f.lots.map((l) => ({
    kind: "lot",
    text: `Group ${l.groupName} of "${l.categoryName}" waits for a lot`,
    action: "Record the lot",
    words: { group: l.groupName, category: l.categoryName },
    categoryId: l.categoryId,
    categoryName: l.categoryName,
  }));
  const open = f.matches.filter((m) => m.status === "scheduled" && m.homeEntryId && m.awayEntryId);
  for (const m of open) {
    const homeOut = f.withdrawn.has(m.homeEntryId!);
    const awayOut = f.withdrawn.has(m.awayEntryId!);
    if (homeOut !== awayOut) {
      const winner = homeOut ? "away" : "home";
      out.push({
        kind: "withdrawn",
        text: `${homeOut ? m.homeName : m.awayName} withdrew and still has ${matchWords(m)}`,
        action: `Walkover to ${winner === "home" ? m.homeName : m.awayName}`,
        words: {
          match: matchNamed(m),
          player: (homeOut ? m.homeName : m.awayName) ?? "?",
          winner: (winner === "home" ? m.homeName : m.awayName) ?? "?",
        },
        matchId: m.id,
        winner,
      });
    }
  }
  // A match on its table or called to it: its players should be here, before the call.
  for (const m of open.filter((m) => m.tableNo !== null && m.skippedAt === null)) {
    for (const p of [...f.absent?.get(m.homeEntryId!) ?? [], ...f.absent?.get(m.awayEntryId!) ?? []]) {
      out.push({
        kind: "absent",
        text: `${p.name} has not checked in for ${matchWords(m)}, ${
          m.calledAt ? "called" : "next"
        } on table ${m.tableNo}`,
        action: `Mark ${p.name} present`,
        words: { match: matchNamed(m), player: p.name, table: m.tableNo, called: m.calledAt !== null },
        matchId: m.id,
        playerId: p.id,
      });
    }
  }
  const nowMs = f.now.getTime();
  for (const m of open) {
    if (m.calledAt === null || m.skippedAt !== null) continue;
    const minutes = Math.floor((nowMs - Date.parse(m.calledAt)) / 60_000);
    if (minutes < CALLED_WAIT_MINUTES) continue;
    out.push({
      kind: "called",
      text: `${matchWords(m)} was called to table ${
        m.tableNo ?? "?"
      } ${minutes} minutes ago and has not started`,
      action: "Open its actions",
      words: { match: matchNamed(m), table: m.tableNo, minutes },
      matchId: m.id,
    });
  }
  for (const m of f.matches) {
    if (m.status !== "in_progress" || !m.startedAt || m.bestOf === undefined) continue;
    const minutes = Math.floor((nowMs - Date.parse(m.startedAt)) / 60_000);
    const planned = defaultDurationMs(m.bestOf) / 60_000;
    if (minutes < planned + RUNNING_LONG_MARGIN_MINUTES) continue;
    out.push({
      kind: "long",
      text: `${matchWords(m)} on table ${
        m.tableNo ?? "?"
      } has been in play ${minutes} minutes, planned for ${planned}`,
      action: "Open its actions",
      words: { match: matchNamed(m), table: m.tableNo, minutes, planned },
      matchId: m.id,
    });
  }
  for (const m of open) {
    if (m.tableNo !== null || m.skippedAt !== null || m.scheduledAt === null) continue;
    if (Date.parse(m.scheduledAt) > nowMs) continue;
    out.push({
      kind: "no-table",
      text: `${matchWords(m)} is due and has no table`,
      action: "Open its actions",
      words: { match: matchNamed(m) },
      matchId: m.id,
    });
  }
  for (const m of f.matches) {
    if (!awaitsConfirmation(m)) continue;
    out.push({
      kind: "unconfirmed",
      text: `${matchWords(m)} ended on ${m.scorer!.label} and the umpire has not confirmed the result`,
      action: "Open its actions",
      words: { match: matchNamed(m), device: m.scorer!.label },
      matchId: m.id,
    });
  }
  return out;
}

/**
 * Whether a finished match waits for the umpire's confirmation: an umpire's phone scored it, it was not a
 * walkover, and no one confirmed it.
 * @example awaitsConfirmation({ status: "completed", scorer: { label: "Table 1" }, confirmation: null, … }) // true
 */
export function awaitsConfirmation(
  m: Pick<NeedsMatch, "status" | "resultReason" | "scorer" | "confirmation">,
): boolean {
  return m.status === "completed" && m.resultReason !== "walkover" && (m.scorer ?? null) !== null &&
    m.confirmation === null;
}
