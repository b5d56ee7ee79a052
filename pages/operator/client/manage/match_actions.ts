/// <reference lib="dom" />
/**
 * The decisions the desk takes on a match of its lists: call it to its table, start it (either side serving),
 * give a walkover, score it, a retirement, a disqualification, Undo, and taking back a result decided by a
 * reason. Each asks first when it cannot simply be undone, or when something stands in its way. Every declaration
 * is exported so that the page can inline this module (pages/client_script.ts `moduleScript`).
 */
import { make } from "../dom.ts";
import { button } from "./controls.ts";
import { clashSentence, matchNames, scoreText, sideName } from "./match_words.ts";
import type { ManagePage, OverviewMatch } from "./page.ts";
import { pw } from "./play_words.ts";

/** What stands in the way of starting a scheduled match whose sides are known, in words; [] when nothing. */
export function startBlockers(page: ManagePage, m: OverviewMatch): string[] {
  if (m.status !== "scheduled" || m.homeId === null || m.awayId === null) return [];
  return (m.clashesOnStart ?? []).map((c) => clashSentence(page.byMatchId, c, true));
}

/**
 * The decision buttons of a match, in the order of the row. `blockers` (startBlockers) is asked about before a
 * start: the desk may know better, so starting stays allowed.
 */
export function matchActions(page: ManagePage, m: OverviewMatch, blockers: readonly string[]): HTMLElement[] {
  const out: HTMLElement[] = [];
  const write = (action: string, body: Record<string, unknown>, question?: string) => () => {
    if (question && !confirm(question)) return;
    void page.write(`/matches/${m.id}/${action}`, { ...body, revision: m.revision });
  };
  const known = m.homeId !== null && m.awayId !== null;
  const sides = ["home", "away"] as const;
  if (m.status === "scheduled" && known && m.tableNo !== null) {
    // The players are called to the table: the TV shows it, and the match's and players' pages say it.
    const label = pw(m.calledAt ? "play.act.callAgain" : "play.act.call", { table: m.tableNo });
    // A player still at another table is said first, as for a start.
    const callQuestion = blockers.length > 0
      ? pw("play.act.callAnyway", { why: blockers.join(".\n") })
      : undefined;
    const call = button(label, write("call", {}, callQuestion));
    // The desk's next step with this match: shown on its row, beside the menu of the others.
    call.dataset.quick = "true";
    out.push(call);
  }
  if (m.status !== "completed" && known) {
    // The producer's featured overlay (/overlay/featured/{slug}) shows this match until the desk picks another.
    out.push(button(pw("play.act.feature"), write("feature", {})));
  }
  if (m.status === "scheduled" && known) {
    // A player late or absent: the table goes on with its next match until the skip is taken back.
    out.push(
      m.skippedAt ? button(pw("play.act.unskip"), write("unskip", {})) : button(
        pw("play.act.skip"),
        write("skip", {}, pw("play.act.skipQuestion", { match: matchNames(m) })),
      ),
    );
  }
  if (m.status === "scheduled" && known) {
    const startQuestion = blockers.length > 0
      ? pw("play.act.startAnyway", { why: blockers.join(".\n") })
      : undefined;
    for (const s of sides) {
      out.push(
        button(
          pw("play.act.start", { name: sideName(m, s) }),
          write("start", { firstServer: s }, startQuestion),
          "primary",
        ),
      );
    }
    for (const s of sides) {
      out.push(
        button(
          pw("play.act.walkover", { name: sideName(m, s) }),
          write("walkover", { winner: s }, pw("play.act.walkoverQuestion", { name: sideName(m, s) })),
        ),
      );
    }
  }
  if (m.status === "in_progress") {
    const link = make("a", "button", pw("play.act.score"));
    link.href = `/score/${m.id}`;
    out.push(link);
    for (const s of sides) {
      out.push(
        button(
          pw("play.act.retires", { name: sideName(m, s) }),
          write("retire", { side: s }, pw("play.act.retiresQuestion", { name: sideName(m, s) })),
        ),
      );
    }
  }
  if (m.status === "in_progress" && noPointYet(m)) {
    // Started by mistake (the wrong match called, the wrong players): back to not started (domain/match_reset.ts).
    out.push(
      button(
        pw("play.act.reset"),
        write("reset", {}, pw("play.act.resetQuestion", { match: matchNames(m) })),
      ),
    );
  }
  if (m.status === "in_progress" && !noPointYet(m)) {
    // Played by the wrong players: an admin sets it back in one confirmed step, its points discarded (audited).
    out.push(
      button(
        pw("play.act.discard"),
        write(
          "reset",
          { discardPoints: true },
          pw("play.act.discardQuestion", { match: matchNames(m), score: scoreText(m) }),
        ),
      ),
    );
  }
  if ((m.status === "scheduled" && known) || m.status === "in_progress") {
    for (const s of sides) {
      out.push(
        button(
          pw("play.act.disqualify", { name: sideName(m, s) }),
          write("disqualify", { side: s }, pw("play.act.disqualifyQuestion", { name: sideName(m, s) })),
        ),
      );
    }
  }
  if ((m.status === "in_progress" || m.status === "completed") && m.resultReasonCode === null) {
    // Undo takes back the last action: a correction made after the last point, else that point.
    const undoQuestion = m.status === "completed" ? pw("play.act.undoQuestion") : undefined;
    out.push(button(pw("play.act.undo"), write("undo", {}, undoQuestion)));
  }
  if (m.status === "completed" && m.resultReasonCode !== null) {
    // A decision given by mistake (the wrong side, the wrong match) is taken back, not worked around.
    // The result as the row says it: who won, and who retired or was disqualified.
    const result = scoreText(m);
    // Where it goes back to is the server's to say (domain/match_status.ts reopensTo).
    const back = m.reopensTo === "in_progress" ? "play.act.reopenToProgress" : "play.act.reopenToScheduled";
    // Back in progress, it may meet a table or a player taken meanwhile: said before, as for a start.
    const reopenBlockers = (m.clashesOnReopen ?? []).map((c) => clashSentence(page.byMatchId, c, true));
    const warning = reopenBlockers.length > 0 ? `\n\n${reopenBlockers.join(".\n")}.` : "";
    out.push(
      button(
        pw("play.act.reopen"),
        write("reopen", {}, pw(back, { result, warning })),
      ),
    );
  }
  return out;
}

/** Whether a match has no point yet: nothing scored in any game (what a reset asks, domain/match_reset.ts). */
export function noPointYet(m: Pick<OverviewMatch, "gameScores" | "currentGame">): boolean {
  return m.gameScores.length === 0 && m.currentGame.home === 0 && m.currentGame.away === 0;
}
