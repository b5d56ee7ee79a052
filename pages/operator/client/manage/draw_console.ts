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
  form.append(
    make(
      "p",
      "warning",
      `Group ${s.name}: ${
        tiedBlocks(s).map((b) => b.map((e) => e.name).join(", ")).join("; ")
      } are level after every step of ITTF 3.7.5. Their places are decided by lot: draw lots, then record the ` +
        "order.",
    ),
  );
  const selects: HTMLSelectElement[] = [];
  for (const block of tiedBlocks(s)) {
    const place = s.rows.find((r) => r.entry.id === block[0]?.id)?.position ?? 1;
    block.forEach((_, k) => {
      const label = make("label", "", `Place ${place + k} `);
      const select = make("select");
      select.name = `lot-${s.name}-${place + k}`;
      for (const e of block) select.append(new Option(e.name, e.name, false, e === block[k]));
      label.append(select);
      selects.push(select);
      form.append(label, " ");
    });
  }
  const submit = make("button", "primary", `Record the lot of group ${s.name}`);
  submit.type = "submit";
  form.append(submit);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const lots = selects.map((x) => x.value);
    if (new Set(lots).size !== lots.length) return sayDraw("Choose each player once, in the order drawn.");
    if (await page.write(`/subevents/${categoryId}/draw/advance`, { group: s.name, lots }, "Lot recorded")) {
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
    box.append(make("h4", "", g.label));
    const list = make("ol");
    for (const m of g.members) list.append(make("li", "", entryWords(m.entry)));
    box.append(list);
    const s = d.standings.find((x) => x.groupId === g.id);
    if (s?.complete) {
      const order = s.rows.map((r) =>
        `${r.position}${r.tied ? "=" : ""}. ${r.entry.name}${r.decidedByLot ? " (by lot)" : ""}`
      );
      box.append(make("p", "muted", `Final standings: ${order.join(", ")}`));
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
    s === undefined ? "" : s.entry ? entryWords(s.entry) : s.label;
  for (let k = 0; k < slots.length; k += 2) {
    list.append(make("li", "", `${side(slots[k])}  v  ${side(slots[k + 1])}`));
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
    make("h3", "", `Draw of ${name}`),
    make(
      "p",
      "muted",
      state === "none"
        ? "No draw yet: make one by lot. It stays a draft, seen only here, until you lock it."
        : state === "draft"
        ? `Draft (not public)${
          // Groups given in an imported file have no lot seed here.
          d?.lotSeed ? `, lot seed ${d.lotSeed}` : ""}: look at it, draw again, or lock it to publish it.`
        : `Locked (public), lot seed ${
          d?.lotSeed ?? "?"
        }. To draw again, unlock it first (before any match starts).`,
    ),
  );
  const withGroups = d !== null && d.format !== "knockout";
  const controls = make("form", "inline");
  controls.id = "draw-form";
  const seed = make("input");
  seed.id = "draw-seed";
  seed.placeholder = "new lot seed (optional)";
  seed.maxLength = 200;
  const seedLabel = make("label", "", "Lot seed ");
  seedLabel.append(seed);
  const size = numberInput("Group size", MIN_GROUP_SIZE, MAX_GROUP_SIZE, d?.groupSize ?? undefined);
  size.input.id = "draw-group-size";
  controls.append(seedLabel);
  if (withGroups) controls.append(size.label);
  const qualifiers = make("select");
  qualifiers.id = "draw-qualifiers";
  for (const n of [1, 2]) {
    qualifiers.append(new Option(String(n), String(n), false, (d?.qualifiersPerGroup ?? 2) === n));
  }
  const qualifiersLabel = make("label", "", "Qualifiers per group ");
  qualifiersLabel.append(qualifiers);
  if (d?.format === "groups_knockout") controls.append(qualifiersLabel);
  if (state !== "locked") {
    const make_ = make("button", "primary", state === "none" ? "Make draw" : "Draw again");
    make_.type = "submit";
    controls.append(make_);
  }
  controls.addEventListener("submit", async (e) => {
    e.preventDefault();
    if (state === "draft" && !confirm(`Draw ${name} again? The draft is replaced by a new lot.`)) return;
    const body: Record<string, unknown> = {};
    if (seed.value.trim()) body.lotSeed = seed.value.trim();
    if (withGroups && size.input.value) body.groupSize = Number(size.input.value);
    if (d?.format === "groups_knockout") body.qualifiersPerGroup = Number(qualifiers.value);
    const done = state === "none" ? "Draw made (draft)" : "Drawn again (draft)";
    if (await page.write(`/subevents/${categoryId}/draw`, body, done)) {
      await openDrawConsole(page, categoryId);
    }
  });
  if (state !== "locked") box.append(controls);
  if (state === "draft") {
    box.append(button("Lock draw", async () => {
      if (await page.write(`/subevents/${categoryId}/lock`, undefined, "Draw locked")) {
        await openDrawConsole(page, categoryId);
      }
    }, "primary"));
  }
  if (d !== null && d.format === "groups_knockout" && state !== "none") {
    box.append(button("Place group qualifiers", async () => {
      const r = await page.write<{ placements: { groupName: string; place: number; state: string }[] }>(
        `/subevents/${categoryId}/draw/advance`,
        {},
        "Qualifiers placed",
      );
      if (!r) return;
      await openDrawConsole(page, categoryId);
      const waiting = r.placements.filter((p) => p.state !== "placed");
      sayDraw(
        waiting.length === 0
          ? "Every group's qualifiers are in the knockout."
          : waiting.map((p) =>
            `Group ${p.groupName} place ${p.place}: ${
              p.state === "tied" ? "waits for a lot" : "group not over"
            }`
          )
            .join("; "),
      );
    }));
  }
  const say = make("p", "", "");
  say.id = "draw-say";
  say.setAttribute("role", "status");
  box.append(say);
  if (d === null || state === "none") return;
  if (d.groups.length > 0) box.append(make("h4", "", "Groups"), groupsPart(page, d));
  if (d.bracket) {
    box.append(
      make("h4", "", `Knockout, first round (${d.bracket.size} places)`),
      bracketPart(d),
    );
    if (d.format === "groups_knockout") {
      box.append(make(
        "p",
        "muted",
        "Until every group is over these places are provisional: then the runners-up are drawn again so that no " +
          "two players of one group meet before the final and players of one club meet as late as possible.",
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
      box.replaceChildren(make("h3", "", `Draw of ${title}`), make("p", "error", await problemDetail(res)));
      return;
    }
    showDrawConsole(page, (await res.json()).data.draw, categoryId, title);
    box.scrollIntoView({ block: "start" });
  } catch {
    sayDraw("Cannot reach the server");
  }
}
