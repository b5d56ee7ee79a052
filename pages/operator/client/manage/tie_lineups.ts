/// <reference lib="dom" />
/**
 * The line-ups of a tie of a team event on the operator's page (docs/teams.md): for each team, a player for each
 * position of the format (A, B, C / X, Y, Z) and the doubles pair when the format has one, saved or published
 * through `PUT /api/manage/ties/{id}/lineups` until the tie begins; publishing makes the tie's matches, which are
 * then scored one by one. Every declaration is exported so that the page can inline this module
 * (pages/client_script.ts `moduleScript`).
 */
import type { Tie } from "../../../../views/tie_schemas.ts";
import { problemDetail } from "../manage_fetch.ts";
import { byId, make } from "../dom.ts";
import { button } from "./controls.ts";
import { manageApi, type ManagePage, type OverviewMatch } from "./page.ts";
import { showView } from "./views.ts";
import { matchNames } from "./match_words.ts";
import { pw } from "./play_words.ts";

type Side = "home" | "away";

/** A choice of one of the team's players (or none yet). */
export function playerSelect(
  tie: Tie,
  side: Side,
  name: string,
  chosen: string | undefined,
): HTMLSelectElement {
  const select = make("select");
  select.name = name;
  select.append(new Option("—", "", false, chosen === undefined));
  for (const p of tie[side]?.players ?? []) {
    select.append(new Option(p.displayName, p.id, false, p.id === chosen));
  }
  return select;
}

/** One team's part of the form: a labelled choice per position, then the pair. */
export function sideFieldset(tie: Tie, side: Side): HTMLFieldSetElement {
  const set = make("fieldset", "lineup");
  set.dataset.side = side;
  set.append(make("legend", "", tie[side]?.name ?? pw(side === "home" ? "play.tie.home" : "play.tie.away")));
  const { positions, pair } = tie.format.sides[side];
  const current = tie.lineups?.[side];
  for (const p of positions) {
    const label = make("label", "", `${p} `);
    label.append(playerSelect(tie, side, `${side}-${p}`, current?.positions[p]));
    set.append(label, " ");
  }
  if (pair) {
    for (const k of [0, 1]) {
      const label = make("label", "", `${pw("play.tie.doubles", { n: k + 1 })} `);
      label.append(playerSelect(tie, side, `${side}-pair-${k}`, current?.pair?.[k]));
      set.append(label, " ");
    }
  }
  return set;
}

/** What the form says of one side: its line-up, or null while a place is empty. */
export function sideLineup(
  form: HTMLFormElement,
  tie: Pick<Tie, "format">,
  side: Side,
): { positions: Record<string, string>; pair?: string[] } | null {
  const value = (name: string) => (form.elements.namedItem(name) as HTMLSelectElement | null)?.value ?? "";
  const { positions, pair } = tie.format.sides[side];
  const chosen = Object.fromEntries(positions.map((p) => [p, value(`${side}-${p}`)]));
  const twosome = pair ? [value(`${side}-pair-0`), value(`${side}-pair-1`)] : [];
  if ([...Object.values(chosen), ...twosome].some((v) => v === "")) return null;
  return pair ? { positions: chosen, pair: twosome } : { positions: chosen };
}

/** The tie's line-ups form, read from the management API, in the page's line-ups panel. */
export async function showLineups(page: ManagePage, m: OverviewMatch): Promise<void> {
  const panel = byId("tie-lineups")!;
  const box = make("div", "tie-lineups-box");
  const close = button(pw("play.tie.close"), () => {
    panel.hidden = true;
    panel.replaceChildren();
  });
  panel.replaceChildren(make("h3", "", pw("play.tie.title", { match: matchNames(m) })), box, close);
  panel.hidden = false;
  // The panel is part of the Tables view (pages/operator/console_views.ts): a tie opened from another view shows it.
  const view = byId("content")?.dataset.view;
  if (view !== "tables" && view !== "all") showView("tables");
  panel.scrollIntoView({ block: "start" });
  box.replaceChildren(make("p", "muted", pw("play.tie.reading")));
  let tie: Tie;
  try {
    const res = await manageApi(page, `/ties/${m.id}`);
    if (!res.ok) return void box.replaceChildren(make("p", "warning", await problemDetail(res)));
    tie = (await res.json()).data.tie as Tie;
  } catch {
    return void box.replaceChildren(make("p", "warning", pw("play.unreachable")));
  }
  if (tie.status !== "scheduled") {
    box.replaceChildren(make("p", "muted", pw("play.tie.begun")));
    return;
  }
  const form = make("form", "tie-lineups");
  form.append(sideFieldset(tie, "home"), sideFieldset(tie, "away"));
  const say = make(
    "p",
    "muted",
    pw(tie.lineups ? "play.tie.published" : "play.tie.notPublished"),
  );
  const send = async (publish: boolean) => {
    const home = sideLineup(form, tie, "home");
    const away = sideLineup(form, tie, "away");
    if (publish && (!home || !away)) {
      return void (say.textContent = pw("play.tie.chooseAll"));
    }
    if (!home && !away) return void (say.textContent = pw("play.tie.chooseTeam"));
    const body = {
      ...(home ? { home } : {}),
      ...(away ? { away } : {}),
      ...(publish ? { publish: true } : {}),
    };
    const done = pw(publish ? "play.tie.publishedDone" : "play.tie.saved");
    if (await page.write(`/ties/${m.id}/lineups`, body, done, "PUT")) await showLineups(page, m);
  };
  const save = button(pw("play.tie.save"), () => void send(false));
  save.type = "button";
  const publish = button(pw("play.tie.saveAndPublish"), () => void send(true), "primary");
  publish.type = "button";
  form.append(save, " ", publish, say);
  form.addEventListener("submit", (e) => e.preventDefault());
  box.replaceChildren(form);
}

/** The actions of a tie's own match: its line-ups, entered and published in the panel; its matches are scored. */
export function tieActions(page: ManagePage, m: OverviewMatch): HTMLElement[] {
  return [button(pw("play.tie.open"), () => void showLineups(page, m))];
}
