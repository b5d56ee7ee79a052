/**
 * `deno task calibrate`: the calibration benchmark of the prediction model, in two parts, printed and saved to
 * docs/calibration.md.
 *
 * - Real data: London 2026 (857 singles, `../shared/data/wttc-london-2026/`) replayed through the real store and
 *   write path. The players come in through `importEvent` with their frozen ITTF Elo and match counts as priors;
 *   each match then gets its two sides (the draw), a prediction frozen by `freezePrediction` from the ratings of
 *   that moment, and is played point by point through `writeMatch`, which rates it and settles the prediction's
 *   outcome. The 822 matches with `p_elo` are scored side by side with it.
 * - Real data judged on: four tournaments of the Liga Dos Orillas 2022 (`../shared/data/liga-dos-orillas-2022/` when present,
 *   cli/calibrate_dos_orillas.ts), replayed the same way into another event of the same store, every player without
 *   a prior, beside a plain Elo replayed in the same order. The model's import priors were fitted on London only.
 * - Simulation: `simulateTournaments` with known true strengths, several seeds pooled.
 * - Ties: the ties of the event rebuilt from the singles (cli/calibrate_ties.ts, domain/tie_rebuild.ts); before each
 *   single's draw the replay also predicts the matches its tie still has to play, from which each tie is predicted
 *   before it starts and live after each match, beside the same computation from `p_elo`.
 *
 * Flags: `--data DIR`, `--second-data DIR`, `--database-url URL` (default an in-memory SQLite; DATABASE_URL is deliberately not read,
 * so that the benchmark never writes into a live store by accident), `--seeds N`, `--limit N` (replay the first
 * N matches only), `--out FILE`, `--strict` (exit 1 when a target fails). Figures and reading: docs/ratings.md.
 * @module
 */
import { ConfigError, parseDatabaseUrl, redact } from "./config.ts";
import type { StoreUrl } from "../lib/store_url.ts";
import { stderrLogger } from "../lib/log.ts";
import type { MatchPrediction } from "../domain/prediction.ts";
import { type FrozenSingle, planTies, tieCalibration } from "./calibrate_ties.ts";
import { DOS_ORILLAS_DATA_DIR, DOS_ORILLAS_SOURCE, readDosOrillasData } from "./calibrate_dos_orillas.ts";
import type { LondonData } from "./calibrate_data.ts";
import { openStore, type Store } from "../db/store.ts";
import { DEFAULT_DATA_DIR, frozenElo, londonReplaySingles, readLondonData } from "./calibrate_london.ts";
import { predictTieAhead, replayLondon } from "./calibrate_replay.ts";
import { type RealDataReport, scoreReplay, scoreTies, type TieReport } from "./calibrate_scores.ts";
import { DEFAULT_SEEDS, simulationReport } from "./calibrate_simulation.ts";
import { evaluateTargets } from "./calibrate_targets.ts";
import { formatReport } from "./calibrate_report.ts";

/** Where the report is saved by default. */
export const DEFAULT_REPORT_PATH = decodeURIComponent(
  new URL("../docs/calibration.md", import.meta.url).pathname,
);

/** Where the command writes: `out` for the report (stdout), `err` for problems and progress (stderr). */
export interface CalibrateIo {
  out(text: string): void;
  err(line: string): void;
}

/** The usage line. */
export const CALIBRATE_USAGE =
  "Usage: deno task calibrate [--data DIR] [--second-data DIR] [--database-url URL] " +
  "[--seeds N] [--limit N] [--out FILE] [--strict]";

/** Parsed flags of the command. */
export interface CalibrateFlags {
  readonly dataDir: string;
  /** The data set judged on (cli/calibrate_dos_orillas.ts). */
  readonly secondDataDir: string;
  readonly databaseUrl: StoreUrl;
  readonly seeds: number;
  readonly limit: number | undefined;
  readonly out: string;
  readonly strict: boolean;
}

/** Reads `--name value` or `--name=value` flags; throws a `ConfigError` naming the flag that is wrong. */
export function parseCalibrateFlags(args: readonly string[]): CalibrateFlags {
  const values = new Map<string, string>();
  let strict = false;
  const names = ["data", "second-data", "database-url", "seeds", "limit", "out"];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--strict") {
      strict = true;
      continue;
    }
    if (!arg.startsWith("--")) throw new ConfigError(`Unexpected argument "${arg}"`);
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (!names.includes(name)) throw new ConfigError(`Unknown flag "${arg}"`);
    const value = inline ?? args[++i];
    if (value === undefined || value === "") throw new ConfigError(`Flag "--${name}" needs a value`);
    values.set(name, value);
  }
  const positive = (name: string): number | undefined => {
    const text = values.get(name);
    if (text === undefined) return undefined;
    if (!/^\d+$/.test(text) || Number(text) < 1) {
      throw new ConfigError(`Invalid "--${name}" "${text}": expected a whole number from 1`);
    }
    return Number(text);
  };
  return {
    dataDir: values.get("data") ?? DEFAULT_DATA_DIR,
    secondDataDir: values.get("second-data") ?? DOS_ORILLAS_DATA_DIR,
    databaseUrl: parseDatabaseUrl(values.get("database-url") ?? "sqlite::memory:"),
    seeds: positive("seeds") ?? DEFAULT_SEEDS,
    limit: positive("limit"),
    out: values.get("out") ?? DEFAULT_REPORT_PATH,
    strict,
  };
}

/**
 * Runs the command: reads the data, replays it through the store, simulates, prints the report and saves it.
 * Returns the exit code: 0 (1 with `--strict` when a target fails), 1 when the data or the store fails (one line
 * on stderr), 2 for a usage error.
 */
export async function runCalibrate(args: readonly string[], io: CalibrateIo): Promise<number> {
  let flags: CalibrateFlags;
  try {
    flags = parseCalibrateFlags(args);
  } catch (e) {
    io.err(`${(e as Error).message}\n${CALIBRATE_USAGE}`);
    return 2;
  }
  let data: LondonData;
  let second: LondonData | null = null;
  try {
    data = await readLondonData(flags.dataDir);
    // The second data set is judged on where it is present (docs/calibration.md says where it comes from).
    if (await exists(flags.secondDataDir)) second = await readDosOrillasData(flags.secondDataDir);
    else stderrLogger.info(`No second data set at ${flags.secondDataDir}: London alone is scored`);
  } catch (e) {
    io.err(oneLine(e));
    return 1;
  }
  let store: Store;
  try {
    store = await openStore(flags.databaseUrl);
  } catch (e) {
    io.err(`Cannot open the store "${redact(flags.databaseUrl.url)}": ${oneLine(e)}`);
    return 1;
  }
  let real: RealDataReport;
  let judged: RealDataReport | null = null;
  let ties: TieReport;
  try {
    const plan = planTies(londonReplaySingles(data, flags.limit));
    const made = new Map<number, MatchPrediction[]>();
    const replay = await replayLondon(store, data, {
      limit: flags.limit,
      onMatch: (done, total) => {
        if (done % 100 === 0 || done === total) stderrLogger.info(`Replayed ${done} of ${total} matches`);
      },
      beforeDraw: (index, predict) => predictTieAhead(plan, index, predict, made),
    });
    real = scoreReplay(replay, redact(flags.databaseUrl.url));
    const frozen = new Map<number, FrozenSingle>(
      replay.matches.map((m, i) => [i, { pHome: m.pHome, ciLow: m.ciLow, ciHigh: m.ciHigh, pElo: m.pElo }]),
    );
    ties = scoreTies(tieCalibration(plan, made, frozen, frozenElo(data)));
    // In the same store: another event, other players; London is a draft again, its results rate nobody.
    if (second) {
      const secondReplay = await replayLondon(store, second, {
        limit: flags.limit,
        onMatch: (done, total) => {
          if (done % 100 === 0 || done === total) stderrLogger.info(`Replayed ${done} of ${total} matches`);
        },
      });
      judged = scoreReplay(secondReplay, redact(flags.databaseUrl.url), DOS_ORILLAS_SOURCE);
    }
  } catch (e) {
    io.err(oneLine(e));
    return 1;
  } finally {
    await store.close().catch(() => {});
  }
  const sim = simulationReport(flags.seeds);
  const scored = judged ? [real, judged] : [real];
  const targets = evaluateTargets(scored, sim);
  const report = formatReport(scored, sim, targets, ties);
  io.out(report);
  try {
    await Deno.writeTextFile(flags.out, report);
    stderrLogger.info(`Saved the report to ${flags.out}`);
  } catch (e) {
    io.err(`Cannot save the report "${flags.out}": ${oneLine(e)}`);
    return 1;
  }
  return flags.strict && targets.some((t) => t.pass === false) ? 1 : 0;
}

function oneLine(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return text.split("\n")[0]!.trim();
}

const encoder = new TextEncoder();

if (import.meta.main) {
  const io: CalibrateIo = {
    out: (text) => Deno.stdout.writeSync(encoder.encode(text.endsWith("\n") ? text : text + "\n")),
    err: (line) => Deno.stderr.writeSync(encoder.encode(line + "\n")),
  };
  let code: number;
  try {
    code = await runCalibrate(Deno.args, io);
  } catch (e) {
    io.err(`Cannot calibrate: ${oneLine(e)}`);
    code = 1;
  }
  Deno.exit(code);
}

/** Whether a folder exists (a data set not present is skipped, not an error). */
async function exists(path: string): Promise<boolean> {
  try {
    return (await Deno.stat(path)).isDirectory;
  } catch {
    return false;
  }
}
