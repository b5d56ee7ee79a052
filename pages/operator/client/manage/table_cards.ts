/// <reference lib="dom" />
/**
 * The tables of the operator's overview: what each plays now, what it plays next (and what that waits for), and
 * for a free table the match to call to it, with a button that puts it there. Every declaration is exported so
 * that the page can inline this module (pages/client_script.ts `moduleScript`).
 */
import { byId, make } from "../dom.ts";
import { button } from "./controls.ts";
import { clashSentence, matchNames, matchTime, runningWords, scoreText } from "./match_words.ts";
import type { ManagePage, Overview, OverviewMatch } from "./page.ts";
import { pw, stageWords } from "./play_words.ts";

/**
 * What a table with a match called to it and not begun says: the match, since when it was called and how long
 * ago, and who is missing (`missing`: the clashes of its players still on other tables, in words).
 * @example calledText("Ana v Ben", "10:32", 4, "") // "Called: Ana v Ben · since 10:32 (4 min)"
 */
export function calledText(names: string, since: string, minutes: number, missing: string): string {
  const called = { match: names, since, minutes: Math.max(0, minutes) };
  return missing ? pw("play.tables.calledMissing", { ...called, missing }) : pw("play.tables.called", called);
}

/**
 * One table's card; `call` is the match suggested for it (domain/next_matches.ts), if any: with `onTable`, the
 * table's own next match of the plan, called there; else a match with no table, put there.
 */
export function tableCard(
  page: ManagePage,
  t: Overview["tables"][number],
  call: OverviewMatch | undefined,
  onTable = false,
): HTMLElement {
  const card = make("li", `table-card${t.current ? " busy" : ""}`);
  card.dataset.tableNo = String(t.tableNo);
  card.append(make("h3", "", pw("play.table", { table: t.tableNo })));
  const waitingFor = (id: string) =>
    (page.byMatchId.get(id)?.clashesOnStart ?? []).map((c) => clashSentence(page.byMatchId, c, true)).join(
      ". ",
    );
  // A match called here and not begun: the table is not free, it waits for those players.
  const called = !t.current && t.next?.calledAt ? t.next : null;
  card.append(
    called
      ? make(
        "p",
        "now called",
        calledText(
          matchNames(called),
          matchTime(called.calledAt),
          Math.floor((Date.now() - Date.parse(called.calledAt!)) / 60_000),
          waitingFor(called.id),
        ),
      )
      : make(
        "p",
        "now",
        t.current
          ? pw("play.tables.now", { match: matchNames(t.current), score: scoreText(t.current) })
          : pw("play.tables.free"),
      ),
  );
  // The planned match may be waiting for a player still on another table: then say so, and call another
  // match meanwhile.
  if (t.next && !called && !(onTable && call?.id === t.next.id)) {
    const why = waitingFor(t.next.id);
    const when = runningWords(t.next);
    card.append(
      make(
        "p",
        "next muted",
        pw("play.tables.next", { match: matchNames(t.next) }) + (when ? ` (${when})` : "") +
          (why ? ` (${pw("play.tables.waiting", { why })})` : ""),
      ),
    );
  }
  if (call && onTable) {
    // The table's own next match of the plan: called there (the TV and the players' pages say it).
    const when = runningWords(call);
    card.append(
      make(
        "p",
        "suggest",
        `${pw("play.tables.call", { match: matchNames(call) })} · ${call.subeventName} · ${
          stageWords(call.stageLabel)
        }${when ? ` · ${when}` : ""}`,
      ),
      button(
        pw("play.act.call", { table: t.tableNo }),
        () =>
          void page.write(
            `/matches/${call.id}/call`,
            { revision: call.revision },
            pw("play.tables.calledDone"),
          ),
      ),
    );
  } else if (call) {
    const label = pw(t.next ? "play.tables.meanwhile" : "play.tables.call", { match: matchNames(call) });
    card.append(
      make("p", "suggest", `${label} · ${call.subeventName} · ${stageWords(call.stageLabel)}`),
      button(
        pw("play.tables.putOn", { table: t.tableNo }),
        () =>
          void page.write(
            `/matches/${call.id}/assign`,
            { tableNo: t.tableNo, revision: call.revision },
            pw("play.tables.assigned"),
          ),
      ),
    );
  }
  return card;
}

/** Fills the list of tables, or says that none is assigned yet. */
export function showTables(page: ManagePage, o: Overview): void {
  const suggested = new Map(o.suggestions.map((x) => [x.tableNo, x]));
  const tables = byId("tables")!;
  tables.replaceChildren(
    ...o.tables.map((t) => {
      const s = suggested.get(t.tableNo);
      return tableCard(page, t, s && page.byMatchId.get(s.matchId), s?.onTable === true);
    }),
  );
  if (o.tables.length === 0) tables.append(make("li", "muted", pw("play.tables.none")));
}
