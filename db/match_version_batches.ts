/**
 * Matches' version rows read in batches, one read per store generation for every match asked about lately,
 * instead of one read per poll (PostgreSQL, db/read_versions.ts).
 *
 * Why: after each write the hot path checks every kept answer of a match once against the match's version
 * (http/answer_cache.ts). With 10 points a second the generation moves ten times a second, so with a read per match
 * each overlay's poll waited for a round trip to the database; on SQLite such a read costs microseconds, on
 * PostgreSQL a round trip and a share of two busy cores. Here the first check at a new generation reads the
 * versions of all the matches asked about in the last seconds (at most MAX_BATCH) at once, and the other checks
 * at that generation are answered from that read.
 *
 * Why it is right: a batch is read after the generation it is kept under was seen, so it shows every write up to
 * that generation; it answers only calls that see that same generation, which is what the kept answers
 * themselves rely on (a write of this process changes the generation before the write's answer is sent,
 * db/revision_cache.ts).
 */

/** Reads the version rows of the given matches; a match that is not public is missing from the result. */
export type VersionRowsReader<Row> = (ids: readonly string[]) => Promise<Map<string, Row>>;

/** A batch of rows read (or being read) at one generation. */
interface Batch<Row> {
  generation: number;
  ids: ReadonlySet<string>;
  rows: Promise<Map<string, Row>>;
}

/** How long a match asked about stays in every batch. */
const RECENT_MS = 10_000;

/** At most this many matches in one batch (the most recently asked). */
export const MAX_BATCH = 500;

/** One store's batched reads of match versions. */
export class MatchVersionBatches<Row> {
  /** Match ids by the time they were last asked about, oldest first. */
  readonly #recent = new Map<string, number>();
  /** The batches of the newest generation seen (a call at an older one reads on its own). */
  #batches: Batch<Row>[] = [];

  constructor(
    private readonly generation: () => Promise<number>,
    private readonly read: VersionRowsReader<Row>,
    private readonly now: () => number = Date.now,
  ) {}

  /** The version row of a match as of the generation now, or null when it is not public. */
  async row(id: string): Promise<Row | null> {
    this.#touch(id);
    const generation = await this.generation();
    const newest = this.#batches[0]?.generation;
    if (newest !== undefined && generation < newest) {
      // Seen by a call that saw an older generation than another: rare, read on its own.
      return (await this.read([id])).get(id) ?? null;
    }
    if (newest !== generation) this.#batches = [];
    const found = this.#batches.find((b) => b.ids.has(id));
    if (found) return (await found.rows).get(id) ?? null;
    // The first call at a generation reads every recent match; a later miss reads its own match only, so that a
    // client asking for many different matches never makes each of its requests read hundreds of rows.
    const ids = new Set(this.#batches.length === 0 ? [...this.#recentIds(), id] : [id]);
    const rows = this.read([...ids]);
    const batch = { generation, ids, rows };
    this.#batches.push(batch);
    // A failed read is not kept: the next call at this generation tries again.
    rows.catch(() => this.#batches = this.#batches.filter((b) => b !== batch));
    return (await rows).get(id) ?? null;
  }

  #touch(id: string): void {
    this.#recent.delete(id);
    this.#recent.set(id, this.now());
    if (this.#recent.size > MAX_BATCH) this.#recent.delete(this.#recent.keys().next().value!);
  }

  /** The ids asked about in the last RECENT_MS, dropping older ones. */
  #recentIds(): string[] {
    const since = this.now() - RECENT_MS;
    for (const [id, at] of this.#recent) {
      if (at >= since) break;
      this.#recent.delete(id);
    }
    return [...this.#recent.keys()];
  }
}
