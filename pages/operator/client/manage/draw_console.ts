/// <reference lib="dom" />
/**
 * The draw of one category on the operator's page, by the players' names: make it by lot (a draft, which only
 * the desk sees), look at it, draw it again while it is a draft, lock it (public), place the group qualifiers
 * into the knockout, and record a lot when a group leaves places level after every step of ITTF 3.7.5, by
 * choosing the names in the order they were drawn. Through the management API's draw routes
 * (api/manage/draws.ts). Every declaration is exported so that the page can inline this module
 * (pages/client_script.ts `moduleScript`).
 */
import type { drawJson } from "../../../../api/manage/draws.ts";
import { problemDetail } from "../manage_fetch.ts";
import { byId, make } from "../dom.ts";
import { button, numberInput } from "./controls.ts";
import { manageApi, type ManagePage } from "./page.ts";
import { playList, pw, slotWords, stageWords } from "./play_words.ts";
import { MAX_GROUP_SIZE, MIN_GROUP_SIZE } from "../../../../domain/group_size.ts";

/** A category's draw as the management API answers it. */
export type DrawDetail = ReturnType<typeof drawJson>;
type Entry = DrawDetail["groups"][number]["members"][number]["entry"];
type Standing = DrawDetail["standings"][number];

/**
 * How the console names an entry: its seed, its name and its club.
 * @example entryWords({ name: "Ana Lopez", seed: 1, association: "Westbrook" }) // "[1] Ana Lopez (Westbrook)"
 */
export function entryWords(e: Pick<Entry, "name" | "seed" | "association">): string {
  return `${e.seed === null ? "" : `[${e.seed}] `}${e.name}${e.association ? ` (${e.association})` : ""}`;
}

/**
 * The blocks of a group still level after every step (rows sharing a place with `tied`), in finishing order.
 * @example tiedBlocks(standing) // [["Ana Lopez", "Bea Moor", "Cai Ng"]] for a three-way tie
 */
export function tiedBlocks(s: Standing): Entry[][] {
  const blocks = new Map<number, Entry[]>();
  for (const r of s.rows.filter((r) => r.tied)) {
    blocks.set(r.position, [...(blocks.get(r.position) ?? []), r.entry]);
  }
  return [...blocks.values()].filter((b) => b.length > 1);
}

/** The console's form to record one group's lot: a choice of names per place, in the order they were drawn. */
export function lotForm(page: ManagePage, categoryId: string, s: Standing): HTMLElement {
  const form = make("form", "lot");
  const names = tiedBlocks(s).map((b) => playList(b.map((e) => e.name))).join("; ");
  form.append(make("p", "warning", pw("play.draw.level", { group: s.name, names })));
  const selects: HTMLSelectElement[] = [];
  for (const block of tiedBlocks(s)) {
    const place = s.rows.find((r) => r.entry.id === block[0]?.id)?.position ?? 1;
    block.forEach((_, k) => {
      const label = make("label", "", `${pw("play.draw.place", { place: place + k })} `);
      const select = make("select");
      select.name = `lot-${s.name}-${place + k}`;
      for (const e of block) select.append(new Option(e.name, e.name, false, e === block[k]));
      label.append(select);
      selects.push(select);
      form.append(label, " ");
    });
  }
  const submit = make("button", "primary", pw("play.draw.recordLot", { group: s.name }));
  submit.type = "submit";
  form.append(submit);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const lots = selects.map((x) => x.value);
    if (new Set(lots).size !== lots.length) return sayDraw(pw("play.draw.eachOnce"));
    if (
      await page.write(
        `/subevents/${categoryId}/draw/advance`,
        { group: s.name, lots },
        pw("play.draw.lotRecorded"),
      )
    ) {
      await openDrawConsole(page, categoryId);
    }
  });
  return form;
}

/** Says something under the console's buttons (a refusal, what was done). */
export function sayDraw(text: string): void {
  const line = byId("draw-say");
  if (line) line.textContent = text;
}

/** The groups of a draw with their members, and a lot form for a group waiting for one. */
export function groupsPart(page: ManagePage, d: DrawDetail): HTMLElement {
  const part = make("div", "draw-groups");
  for (const g of d.groups) {
    const box = make("section", "draw-group");
    box.append(make("h4", "", stageWords(g.label)));
    const list = make("ol");
    for (const m of g.members) list.append(make("li", "", entryWords(m.entry)));
    box.append(list);
    const s = d.standings.find((x) => x.groupId === g.id);
    if (s?.complete) {
      const order = s.rows.map((r) =>
        `${r.position}${r.tied ? "=" : ""}. ${r.entry.name}${
          r.decidedByLot ? ` ${pw("play.draw.byLot")}` : ""
        }`
      );
      box.append(make("p", "muted", pw("play.draw.standings", { order: order.join(", ") })));
    }
    if (s?.awaitingLot) box.append(lotForm(page, d.subeventId, s));
    part.append(box);
  }
  return part;
}

/** The first round of the bracket, pair by pair, with seeds and clubs ("1st Group A" before the groups end). */
export function bracketPart(d: DrawDetail): HTMLElement {
  const list = make("ol", "draw-pairs");
  const slots = d.bracket?.slots ?? [];
  const side = (s: (typeof slots)[number] | undefined) =>
    s === undefined ? "" : s.entry ? entryWords(s.entry) : slotWords(s);
  for (let k = 0; k < slots.length; k += 2) {
    list.append(make("li", "", pw("play.versus", { home: side(slots[k]), away: side(slots[k + 1]) })));
  }
  return list;
}

/** Draws the console for a category's draw (or its absence). */
export function showDrawConsole(
  page: ManagePage,
  d: DrawDetail | null,
  categoryId: string,
  name: string,
): void {
  const box = byId("draw-console")!;
  box.hidden = false;
  const state = d === null || (d.groups.length === 0 && !d.bracket) ? "none" : d.drawState;
  box.replaceChildren(
    make("h3", "", pw("play.draw.title", { category: name })),
    make(
      "p",
      "muted",
      state === "none" ? pw("play.draw.none") : state === "draft"
        // Groups given in an imported file have no lot seed here.
        ? (d?.lotSeed ? pw("play.draw.draftSeed", { seed: d.lotSeed }) : pw("play.draw.draft"))
        : pw("play.draw.lockedSeed", { seed: d?.lotSeed ?? "?" }),
    ),
  );
  const withGroups = d !== null && d.format !== "knockout";
  const controls = make("form", "inline");
  controls.id = "draw-form";
  const seed = make("input");
  seed.id = "draw-seed";
  seed.placeholder = pw("play.draw.seedPlaceholder");
  seed.maxLength = 200;
  const seedLabel = make("label", "", `${pw("play.draw.seed")} `);
  seedLabel.append(seed);
  const size = numberInput(
    pw("play.draw.groupSize"),
    MIN_GROUP_SIZE,
    MAX_GROUP_SIZE,
    d?.groupSize ?? undefined,
  );
  size.input.id = "draw-group-size";
  controls.append(seedLabel);
  if (withGroups) controls.append(size.label);
  const qualifiers = make("select");
  qualifiers.id = "draw-qualifiers";
  for (const n of [1, 2]) {
    qualifiers.append(new Option(String(n), String(n), false, (d?.qualifiersPerGroup ?? 2) === n));
  }
  const qualifiersLabel = make("label", "", `${pw("play.draw.qualifiers")} `);
  qualifiersLabel.append(qualifiers);
  if (d?.format === "groups_knockout") controls.append(qualifiersLabel);
  if (state !== "locked") {
    const make_ = make("button", "primary", pw(state === "none" ? "play.draw.make" : "play.draw.again"));
    make_.type = "submit";
    controls.append(make_);
  }
  controls.addEventListener("submit", async (e) => {
    e.preventDefault();
    if (state === "draft" && !confirm(pw("play.draw.againQuestion", { category: name }))) return;
    const body: Record<string, unknown> = {};
    if (seed.value.trim()) body.lotSeed = seed.value.trim();
    if (withGroups && size.input.value) body.groupSize = Number(size.input.value);
    if (d?.format === "groups_knockout") body.qualifiersPerGroup = Number(qualifiers.value);
    const done = pw(state === "none" ? "play.draw.made" : "play.draw.redrawn");
    if (await page.write(`/subevents/${categoryId}/draw`, body, done)) {
      await openDrawConsole(page, categoryId);
    }
  });
  if (state !== "locked") box.append(controls);
  if (state === "draft") {
    box.append(button(pw("play.draw.lock"), async () => {
      if (await page.write(`/subevents/${categoryId}/lock`, undefined, pw("play.draw.locked"))) {
        await openDrawConsole(page, categoryId);
      }
    }, "primary"));
  }
  if (d !== null && d.format === "groups_knockout" && state !== "none") {
    box.append(button(pw("play.draw.placeQualifiers"), async () => {
      const r = await page.write<{ placements: { groupName: string; place: number; state: string }[] }>(
        `/subevents/${categoryId}/draw/advance`,
        {},
        pw("play.draw.qualifiersPlaced"),
      );
      if (!r) return;
      await openDrawConsole(page, categoryId);
      const waiting = r.placements.filter((p) => p.state !== "placed");
      sayDraw(
        waiting.length === 0
          ? pw("play.draw.allPlaced")
          : waiting.map((p) =>
            pw(p.state === "tied" ? "play.draw.waitsLot" : "play.draw.groupNotOver", {
              group: p.groupName,
              place: p.place,
            })
          ).join("; "),
      );
    }));
  }
  const say = make("p", "", "");
  say.id = "draw-say";
  say.setAttribute("role", "status");
  box.append(say);
  if (d === null || state === "none") return;
  if (d.groups.length > 0) box.append(make("h4", "", pw("play.draw.groups")), groupsPart(page, d));
  if (d.bracket) {
    box.append(
      make("h4", "", pw("play.draw.knockout", { size: d.bracket.size })),
      bracketPart(d),
    );
    if (d.format === "groups_knockout") {
      box.append(make(
        "p",
        "muted",
        pw("play.draw.provisional"),
      ));
    }
  }
}

/** Reads a category's draw and shows it in the console; a refusal is said there. */
export async function openDrawConsole(page: ManagePage, categoryId: string, name?: string): Promise<void> {
  const box = byId("draw-console")!;
  const title = name ?? box.dataset.name ?? "";
  box.dataset.name = title;
  try {
    const res = await manageApi(page, `/subevents/${categoryId}/draw`);
    if (!res.ok) {
      box.hidden = false;
      box.replaceChildren(
        make("h3", "", pw("play.draw.title", { category: title })),
        make("p", "error", await problemDetail(res)),
      );
      return;
    }
    showDrawConsole(page, (await res.json()).data.draw, categoryId, title);
    box.scrollIntoView({ block: "start" });
  } catch {
    sayDraw(pw("play.unreachable"));
  }
}
