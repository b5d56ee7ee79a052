/// <reference lib="dom" />
/**
 * The desk's play views' words in the page's language: the server writes the `play.*` messages into the page
 * (`#play-words`, pages/operator/play_words.tsx) with the language's `Intl` locale, in the language
 * pages/i18n/page_language.ts chose; English (pages/i18n/desk_play/en.ts) where there is none, as on the server.
 * Times are said on the hall's 24-hour clock in this computer's time zone (the desk sits in the hall). Every
 * declaration is exported so that the pages can inline this module (pages/client_script.ts `moduleScript`).
 */
import { readStageLabel } from "../../../../domain/stage_name.ts";
import { playEn } from "../../../i18n/desk_play/en.ts";

/** A message of the desk's play views. */
export type PlayKey = keyof typeof playEn;

/** The page's play words and their locale, read once from the page (none outside a browser). */
export function playPage(): { words: Record<string, string>; locale: string; rtl: boolean } {
  const kept = (globalThis as { playWords?: ReturnType<typeof playPage> }).playWords;
  if (kept) return kept;
  const element = typeof document === "undefined" ? null : document.getElementById("play-words");
  const read = {
    words: element?.textContent ? JSON.parse(element.textContent) : {},
    locale: element?.dataset.locale ?? "en-GB",
    rtl: typeof document !== "undefined" && document.documentElement.dir === "rtl",
  };
  if (element) (globalThis as { playWords?: ReturnType<typeof playPage> }).playWords = read;
  return read;
}

/**
 * A message in the page's language, its `{name}` placeholders filled: numbers in the language's way, and in a
 * right-to-left page a text isolated (FSI … PDI), so that a name in Latin letters keeps its words in order.
 * @example pw("play.table", { table: 3 }) // "Table 3" ("Tisch 3" on a German page)
 */
export function pw(key: PlayKey, params: Record<string, string | number> = {}): string {
  const { words, locale, rtl } = playPage();
  const text = words[key] ?? playEn[key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    if (typeof value === "number") return new Intl.NumberFormat(locale, { useGrouping: false }).format(value);
    return rtl && value !== "" ? `\u2068${value}\u2069` : value;
  });
}

/**
 * A time on the hall's 24-hour clock in the page's language, with its weekday unless `withDay` is false; "" for
 * none.
 * @example playTime("2026-11-28T10:30:00Z") // "Sat 10:30" ("Sa., 10:30" on a German page)
 */
export function playTime(iso: string | null, withDay = true): string {
  if (iso === null) return "";
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  const clock = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } as const;
  return new Intl.DateTimeFormat(playPage().locale, withDay ? { weekday: "short", ...clock } : clock).format(
    at,
  );
}

/**
 * A stage's label as the API writes it (domain/stage_name.ts) in the page's language; a label the organiser
 * wrote in their own words stays as written.
 * @example stageWords("Round of 16") // "Achtelfinale" on a German page
 */
export function stageWords(label: string): string {
  // A team tie's match is labelled by its tie's stage and its order (db/tie_writes.ts): "Group A · Match 2".
  const tieMatch = /^(.+) · Match (\d+)$/.exec(label);
  if (tieMatch) {
    return pw("play.stage.tieMatch", { stage: stageWords(tieMatch[1]!), order: Number(tieMatch[2]) });
  }
  // The plan labels a group's match with its round (db/read_schedule.ts): "Group F, round 2".
  const groupRound = /^(Group .*), round (\d+)$/.exec(label);
  if (groupRound) {
    return pw("play.stage.groupRound", { stage: stageWords(groupRound[1]!), round: Number(groupRound[2]) });
  }
  const name = readStageLabel(label);
  if (name === null) return label;
  switch (name.kind) {
    case "final":
      return pw("play.stage.final");
    case "semiFinal":
      return pw("play.stage.semiFinal");
    case "quarterFinal":
      return pw("play.stage.quarterFinal");
    case "roundOf":
      return name.players === 16
        ? pw("play.stage.roundOf16")
        : pw("play.stage.roundOf", { count: name.players });
    case "round":
      return pw("play.stage.round", { count: name.number });
    case "group":
      return name.name === null ? pw("play.stage.groupAlone") : pw("play.stage.group", { name: name.name });
  }
}

/**
 * A first-round place of a draw in the page's language: an entry's name as written, a bye, a group's qualifier,
 * a place to be decided (views/draw.ts).
 * @example slotWords({ kind: "qualifier", label: "1st Group A", qualifier: { place: 1, groupName: "A" } }) // "No. 1 Group A"
 */
export function slotWords(
  side: { kind: string; label: string; qualifier: { place: number; groupName: string } | null },
): string {
  if (side.kind === "bye") return pw("play.draw.bye");
  if (side.kind === "open") return pw("play.draw.open");
  // English keeps the API's own label ("1st Group A"): its ordinals are words the catalog's pattern lacks.
  if (side.kind === "qualifier" && side.qualifier && !playPage().locale.startsWith("en")) {
    const groupName = side.qualifier.groupName;
    const group = stageWords(/^group\b/i.test(groupName) ? groupName : `Group ${groupName}`);
    return pw("play.draw.qualifier", { place: side.qualifier.place, group });
  }
  return side.label;
}

/**
 * A list of names or sentences joined in the page's language ("A, B and C").
 * @example playList(["A", "B"]) // "A and B"
 */
export function playList(items: readonly string[]): string {
  return new Intl.ListFormat(playPage().locale, { type: "conjunction" }).format(items);
}
