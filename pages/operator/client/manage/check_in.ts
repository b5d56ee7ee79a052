/// <reference lib="dom" />
/**
 * The desk's check-in (pages/operator/check_in_panel.tsx): every player of the event, found by name or club,
 * ticked present as she arrives (`POST /events/{slug}/check-in`, audited); who is not here yet is counted, and
 * the "Needs you" panel names her before her match is called. Every declaration is exported so that the page can
 * inline this module (pages/client_script.ts `moduleScript`).
 */
import type { CheckInRecord } from "../../../../db/check_ins.ts";
import { byId, make } from "../dom.ts";
import { manageApi, type ManagePage } from "./page.ts";
import { deskList, w, wCount } from "./words.ts";

/** The players read last. */
export const checkIn = { players: [] as CheckInRecord[], json: "" };

/**
 * Whether a player matches the search (her name or club, any case) and the "not here yet" box.
 * @example checkInMatches({ name: "Ana Ruiz", association: "Northgate", checkedInAt: null }, "north", true) // true
 */
export function checkInMatches(
  p: Pick<CheckInRecord, "name" | "association" | "checkedInAt">,
  text: string,
  missingOnly: boolean,
): boolean {
  if (missingOnly && p.checkedInAt !== null) return false;
  const q = text.trim().toLowerCase();
  return q === "" || p.name.toLowerCase().includes(q) || (p.association ?? "").toLowerCase().includes(q);
}

/** Draws the list as the search says, and the count of players here. */
export function showCheckIn(page: ManagePage): void {
  const text = byId<HTMLInputElement>("check-in-text")!.value;
  const missingOnly = byId<HTMLInputElement>("check-in-missing")!.checked;
  const here = checkIn.players.filter((p) => p.checkedInAt !== null).length;
  byId("check-in-count")!.textContent = w("desk.checkIn.count", { here, total: checkIn.players.length });
  const absent = checkIn.players.length - here;
  const noShows = byId<HTMLButtonElement>("check-in-no-shows")!;
  // Only once check-in is used: before anyone is here, everyone is "absent".
  noShows.hidden = here === 0 || absent === 0;
  noShows.textContent = wCount("desk.checkIn.withdrawOne", "desk.checkIn.withdraw", absent);
  byId("check-in-list")!.replaceChildren(
    ...checkIn.players.filter((p) => checkInMatches(p, text, missingOnly)).map((p) => {
      const li = make("li", p.checkedInAt ? "here" : "");
      const label = make("label");
      const tick = make("input");
      tick.type = "checkbox";
      tick.checked = p.checkedInAt !== null;
      tick.dataset.player = p.playerId;
      tick.addEventListener("change", () => {
        void page.write(
          `/events/${encodeURIComponent(page.slug)}/check-in`,
          { playerId: p.playerId, present: tick.checked },
          tick.checked
            ? w("desk.checkIn.checkedIn", { name: p.name })
            : w("desk.checkIn.notHere", { name: p.name }),
        );
      });
      label.append(tick, ` ${p.name}`, make("span", "muted", p.association ? ` · ${p.association}` : ""));
      li.append(label);
      return li;
    }),
  );
}

/** Reads the check-in list and draws it when it changed. */
export async function refreshCheckIn(page: ManagePage): Promise<void> {
  if (!page.slug) return;
  try {
    const res = await manageApi(page, `/events/${encodeURIComponent(page.slug)}/check-in`);
    if (!res.ok) return;
    const players: CheckInRecord[] = (await res.json()).data.players;
    const json = JSON.stringify(players);
    if (json === checkIn.json) return;
    checkIn.players = players;
    checkIn.json = json;
    showCheckIn(page);
  } catch {
    // The overview's refresh says when the server cannot be reached.
  }
}

/** Asks, then withdraws every entry of a player not checked in, in one step (their matches go to walkover). */
export function withdrawNoShows(page: ManagePage): void {
  const absent = checkIn.players.filter((p) => p.checkedInAt === null).map((p) => p.name);
  if (absent.length === 0) return;
  const names = deskList(
    absent.length > 6 ? [...absent.slice(0, 6), w("desk.checkIn.more", { n: absent.length - 6 })] : absent,
  );
  if (!confirm(w("desk.checkIn.withdrawAsk", { n: absent.length, names }))) return;
  void page.write(
    `/events/${encodeURIComponent(page.slug)}/check-in/withdraw-no-shows`,
    { confirm: true },
    wCount("desk.checkIn.withdrawnOne", "desk.checkIn.withdrawn", absent.length),
  );
}

/** Wires the search (typing or ticking the box draws the list again) and the no-shows' button. */
export function watchCheckIn(page: ManagePage): void {
  byId("check-in-no-shows")!.addEventListener("click", () => withdrawNoShows(page));
  byId("check-in-find")!.addEventListener("input", () => showCheckIn(page));
  byId("check-in-find")!.addEventListener("submit", (e) => e.preventDefault());
}
