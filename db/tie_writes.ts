/**
 * Writes of team events (docs/teams.md): a tie's line-ups, entered or changed until the tie begins and then
 * published, which makes the tie's matches in the format's order; and the tie's result, which follows its
 * matches (`settleTie`, called by every write to a match of a tie in db/match_writes.ts): the tie score, the
 * matches no longer needed taken away (and made again when a correction reopens the tie), and the winner put
 * into the next knockout match like any match winner.
 * @module
 */
import type { Transaction } from "kysely";
import { nextSlot } from "../domain/bracket.ts";
import { lineupFault, type SideLineup, type TeamFormat, tieMatches } from "../domain/team_formats.ts";
import { tieScore } from "../domain/tie_score.ts";
import { writeAudit } from "./audit.ts";
import { fillGroupQualifiers } from "./draw_writes.ts";
import { putIntoKnockoutMatch } from "./knockout_sides.ts";
import { freezePrediction } from "./predictions_store.ts";
import { freezeTiePrediction } from "./tie_predictions.ts";
import { findTie, readTeams, type TieRecord, tieResults } from "./read_ties.ts";
import { bumpRevision } from "./revision.ts";
import type { Database, MatchRow } from "./schema.ts";
import { forUpdate } from "./row_lock.ts";
import type { Store } from "./store.ts";
import { memberEntryId, tieMatchId } from "./team_ids.ts";
import { tieMatchRow } from "./tie_rows.ts";
import { unplayedMatchColumns } from "./unplayed_match.ts";
import type { ManageWriteContext } from "./write_context.ts";
import { invalidBody, WriteError } from "./write_errors.ts";
import type { BodyReason } from "./body_reasons.ts";
import { writeTransaction } from "./write_transaction.ts";

type Trx = Transaction<Database>;

/** A change of a tie's line-ups: either side or both, and whether to publish them. */
export interface LineupChange {
  home?: SideLineup;
  away?: SideLineup;
  publish?: boolean;
}

/** What a line-up write did. */
export interface LineupResult {
  tieId: string;
  eventId: string;
  published: boolean;
  /** The tie's matches made by publishing (none before). */
  matchIds: string[];
}

/** Whether a tie has begun: its match or one of its matches left "scheduled". */
export function tieHasBegun(tie: Pick<TieRecord, "match" | "matches">): boolean {
  return tie.match.status !== "scheduled" || tie.matches.some((m) => m.status !== "scheduled");
}

/** Whether a match is a tie: a group or knockout match of a team category (its own matches have stage "tie"). */
export function isTieOfTeams(m: Pick<MatchRow, "stage">, categoryKind: string): boolean {
  return m.stage !== "tie" && categoryKind === "team";
}

/** The tie's words in a sentence: its label and teams ("Group A: Team CHN v Team FRA"). */
async function tieWords(trx: Trx, tie: TieRecord): Promise<string> {
  const ids = [tie.match.home_entry_id, tie.match.away_entry_id].flatMap((id) => id === null ? [] : [id]);
  const teams = await readTeams(trx, ids);
  const name = (id: string | null) => id === null ? "a team not known yet" : teams.get(id)?.name ?? id;
  return `tie "${tie.match.label}: ${name(tie.match.home_entry_id)} v ${name(tie.match.away_entry_id)}"`;
}

/**
 * Enters or changes a tie's line-ups, and publishes them (`publish`), which makes the tie's matches. Refused once
 * the tie has begun ("match-state"), for a line-up the format or the team does not allow ("invalid-body", naming
 * the side), and for publishing without both line-ups or both teams.
 */
export async function setTieLineups(
  store: Store,
  tieId: string,
  change: LineupChange,
  ctx: ManageWriteContext,
): Promise<LineupResult> {
  return await writeTransaction(store.db, async (trx) => {
    await lockTie(trx, store.dialect, tieId);
    const tie = await findTie(trx, tieId);
    if (!tie) throw new WriteError("not-found", `Tie "${tieId}" does not exist`);
    const words = await tieWords(trx, tie);
    if (tieHasBegun(tie)) {
      throw new WriteError("match-state", `Cannot change the line-ups of ${words}: the tie has begun`);
    }
    const lineups = { home: tie.homeLineup, away: tie.awayLineup };
    for (const side of ["home", "away"] as const) {
      const lineup = change[side];
      if (!lineup) continue;
      const team = side === "home" ? tie.match.home_entry_id : tie.match.away_entry_id;
      if (team === null) {
        throw new WriteError(
          "match-state",
          `Cannot enter the ${side} line-up of ${words}: its team is not known yet`,
        );
      }
      const problem = lineupRefusal(tie.format, side, lineup);
      if (problem) {
        throw invalidBody(`Invalid "${side}": ${problem.message}`, problem.code, {
          field: `${side}.${problem.field}`,
        });
      }
      const players = new Set((await readTeams(trx, [team])).get(team)?.players.map((p) => p.id) ?? []);
      const stranger = [...Object.values(lineup.positions), ...(lineup.pair ?? [])].find((p) =>
        !players.has(p)
      );
      if (stranger !== undefined) {
        throw invalidBody(
          `Invalid "${side}": player "${stranger}" is not a player of the team`,
          "not-team-player",
          {
            field: side,
            player: stranger,
          },
        );
      }
      lineups[side] = { positions: { ...lineup.positions }, pair: lineup.pair ?? null };
    }
    const publish = change.publish === true;
    if (publish && (!lineups.home || !lineups.away)) {
      throw new WriteError(
        "match-state",
        `Cannot publish the line-ups of ${words}: both line-ups are needed`,
      );
    }
    const now = ctx.now.toISOString();
    const row = {
      home_lineup: lineups.home ? JSON.stringify(lineups.home) : null,
      away_lineup: lineups.away ? JSON.stringify(lineups.away) : null,
      ...(publish ? { lineup_published_at: now } : {}),
      updated_at: now,
    };
    // A tie of a draw made on the day gets its row with its first line-up.
    await trx.insertInto("ties").values({
      match_id: tieId,
      subevent_id: tie.categoryId,
      format: tie.formatText,
      ...row,
    })
      .onConflict((oc) => oc.column("match_id").doUpdateSet(row)).execute();
    // Matches made by an earlier publication follow the line-ups: none of them has begun.
    await trx.deleteFrom("matches").where("tie_id", "=", tieId).execute();
    const published = publish || tie.lineupPublishedAt !== null;
    const made = published
      ? await makeTieMatches(trx, { ...tie, homeLineup: lineups.home, awayLineup: lineups.away }, now)
      : [];
    await freezeTiePrediction(trx, { ...tie, matches: made }, now);
    await bumpRevision(trx, tie.eventId, [tie.categoryId], {
      rankingsUnchanged: true,
      listingUnchanged: true,
    });
    await writeAudit(trx, {
      at: ctx.now,
      actor: ctx.actor,
      action: publish ? "tie.publish" : "tie.lineup",
      eventId: tie.eventId,
      matchId: tieId,
      detail: { home: lineups.home, away: lineups.away, matches: made.length },
    });
    return { tieId, eventId: tie.eventId, published, matchIds: made.map((m) => m.id) };
  });
}

async function lockTie(trx: Trx, dialect: Store["dialect"], tieId: string): Promise<void> {
  const q = trx.selectFrom("matches").select("id").where("id", "=", tieId);
  await forUpdate(q, dialect).executeTakeFirst();
}

/**
 * Makes the tie's matches of these orders (all when not given) from its line-ups, with the entries their
 * players play them with, and freezes their predictions.
 */
async function makeTieMatches(trx: Trx, tie: TieRecord, now: string, orders?: number[]): Promise<MatchRow[]> {
  const { match } = tie;
  if (!tie.homeLineup || !tie.awayLineup || !match.home_entry_id || !match.away_entry_id) return [];
  const teams = { home: match.home_entry_id, away: match.away_entry_id };
  const made: MatchRow[] = [];
  for (const spec of tieMatches(tie.format, tie.homeLineup, tie.awayLineup)) {
    if (orders && !orders.includes(spec.order)) continue;
    const entries = { home: "", away: "" };
    for (const side of ["home", "away"] as const) {
      const id = memberEntryId(teams[side], spec[side]);
      entries[side] = id;
      await trx.insertInto("entries").values({
        id,
        subevent_id: match.subevent_id,
        player1_id: spec[side][0]!,
        player2_id: spec[side][1] ?? null,
        seed: null,
        withdrawn_at: null,
        team_entry_id: teams[side],
      }).onConflict((oc) => oc.column("id").doNothing()).execute();
    }
    const row = tieMatchRow(match, {
      id: tieMatchId(tie.id, spec.order),
      tie_order: spec.order,
      tie_match_type: spec.type,
      label: `${match.label} · Match ${spec.order}`,
      home_entry_id: entries.home,
      away_entry_id: entries.away,
      ...unplayedMatchColumns(now),
      table_no: match.table_no,
      umpire: null,
    });
    await trx.insertInto("matches").values(row).execute();
    const stored = await trx.selectFrom("matches").selectAll().where("id", "=", row.id)
      .executeTakeFirstOrThrow();
    await freezePrediction(trx, stored, now);
    made.push(stored);
  }
  return made;
}

/**
 * Brings a tie's result in line with its matches after a write to one of them, inside that write's transaction:
 * the tie's status, winner and times; its matches no longer needed taken away, or made again when a correction
 * reopened the tie; a knockout tie's winner put into (or taken back from) the next match, a group tie's group
 * places filled. Nothing for a match of no tie.
 */
export async function settleTie(trx: Trx, tieId: string, now: string): Promise<void> {
  const tie = await findTie(trx, tieId);
  if (!tie) return;
  const score = tieScore(tie.format, tieResults(tie));
  const notNeeded = tie.matches.filter((m) =>
    m.status === "scheduled" && score.notNeeded.includes(Number(m.tie_order))
  );
  if (notNeeded.length > 0) {
    await trx.deleteFrom("matches").where("id", "in", notNeeded.map((m) => m.id)).execute();
  }
  const have = new Set(tie.matches.map((m) => Number(m.tie_order)));
  const missing = score.remaining.filter((order) => !have.has(order));
  if (missing.length > 0 && tie.lineupPublishedAt !== null) await makeTieMatches(trx, tie, now, missing);

  const before = tie.match;
  const winner = score.status === "completed" && score.winner !== null
    ? (score.winner === "home" ? before.home_entry_id : before.away_entry_id)
    : null;
  const started = tie.matches.map((m) => m.started_at).filter((t) => t !== null).sort()[0] ?? null;
  const completed = score.status === "completed"
    ? tie.matches.map((m) => m.completed_at).filter((t) => t !== null).sort().at(-1) ?? now
    : null;
  if (
    before.status === score.status && before.winner_entry_id === winner && before.completed_at === completed
  ) {
    return;
  }
  await trx.updateTable("matches").set({
    status: score.status,
    winner_entry_id: winner,
    started_at: started,
    completed_at: completed,
    revision: before.revision + 1,
    updated_at: now,
  }).where("id", "=", tieId).execute();
  const after = { ...before, status: score.status, winner_entry_id: winner };
  if (before.stage === "group") {
    await fillGroupQualifiers(trx, before.subevent_id, before.group_id, now);
  } else if (before.stage === "knockout" && before.winner_entry_id !== after.winner_entry_id) {
    await putIntoKnockoutMatch(
      trx,
      before.subevent_id,
      nextSlot(before.round_no, before.bracket_pos),
      after.winner_entry_id,
      now,
      (next) => `Cannot change the result: the next tie ${next.named} has already started; ${next.remedy}`,
    );
  }
}

/**
 * A line-up's first problem (domain/team_formats.ts `lineupFault`) as the management API refuses it: its body
 * reason and the part of the line-up it is about (`positions.A`, `pair`); null for a good line-up.
 */
function lineupRefusal(
  format: TeamFormat,
  side: "home" | "away",
  lineup: SideLineup,
): { code: BodyReason; field: string; message: string } | null {
  const found = lineupFault(format, side, lineup);
  if (!found) return null;
  const { code, params } = found.fault;
  const message = found.message;
  switch (code) {
    case "no-player":
      return { code: "missing-field", field: `positions.${params.position}`, message };
    case "player-twice":
      return { code: "same-player-twice", field: `positions.${params.second}`, message };
    case "unknown-position":
      return { code: "unknown-field", field: `positions.${params.position}`, message };
    case "no-pair":
      return { code: "missing-field", field: "pair", message };
    default:
      return { code: "same-player-twice", field: "pair", message };
  }
}
