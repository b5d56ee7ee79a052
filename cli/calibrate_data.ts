/**
 * The shapes of a data set that `deno task calibrate` replays (cli/calibrate.ts), and its CSV reader: shared by
 * London 2026 and the second data set (cli/calibrate_dos_orillas.ts).
 * @module
 */
import { parse } from "csv-parse/sync";
import type { Score } from "../domain/scoring.ts";

/** The benchmark cannot run: data missing or malformed, a store that holds the event already, a replay gone wrong. */
export class CalibrateError extends Error {
  override name = "CalibrateError";
}

/** One singles match of the data, player A as home. */
export interface LondonMatch {
  readonly sourceMatchId: number;
  readonly date: string;
  readonly playerA: string;
  readonly playerAName: string;
  readonly playerB: string;
  readonly playerBName: string;
  readonly winner: string;
  /** Games, player A's points as `home`. */
  readonly games: readonly Score[];
  readonly category: string;
}

/**
 * One row of the benchmark's predictions: the prior of both players (read only when the source has priors) and
 * `p_elo` (P(player A wins)).
 */
export interface LondonPrediction {
  readonly playerA: string;
  readonly playerB: string;
  readonly winner: string;
  readonly eloA: number;
  readonly eloB: number;
  readonly matchesA: number;
  readonly matchesB: number;
  readonly pElo: number;
}

/** What a replayed data set is: the event it is imported as, whether it carries priors, how the report names it. */
export interface ReplaySource {
  /** Slug of the replay's event; a store that already holds it is refused. */
  readonly slug: string;
  readonly eventName: string;
  readonly categoryName: string;
  readonly venue: string;
  /** Priors from the predictions rows (`eloA`, `matchesA`...); false: every player is imported without one. */
  readonly priors: boolean;
  /** Its short name in the targets. */
  readonly name: string;
  /** Heading of its report section. */
  readonly title: string;
  /** The report's paragraph on the data and how it was replayed. */
  readonly about: string;
  /** The baseline's name in the report's tables. */
  readonly baseline: string;
}

/** The matches of a data set in replay order, and its baseline's rows (London's `p_elo`). */
export interface LondonData {
  readonly matches: readonly LondonMatch[];
  readonly predictions: readonly LondonPrediction[];
  /** London's when left out. */
  readonly source?: ReplaySource;
}

/** RFC 4180 CSV (csv-parse): one record per row keyed by the header; a row of another width is an error. */
export function parseCsv(text: string): Record<string, string>[] {
  try {
    return parse(text, {
      columns: true,
      skip_empty_lines: true,
      record_delimiter: ["\r\n", "\n", "\r"],
    }) as Record<string, string>[];
  } catch (e) {
    throw new CalibrateError(`Cannot read the CSV: ${(e as Error).message}`);
  }
}
