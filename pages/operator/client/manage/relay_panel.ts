/// <reference lib="dom" />
/**
 * The relay's panel on the operator's page (docs/relay.md): whether this venue server reaches the public server,
 * since when, how many changes wait, the last one acknowledged, the last error in words, and "Take over" when
 * another venue server holds the event. Hidden when no relay is set. Every declaration is exported so that the
 * page can inline this module (pages/client_script.ts `moduleScript`).
 */
import { byId } from "../dom.ts";
import { manageApi, type ManagePage } from "./page.ts";
import type { RelayStatus } from "../../../../http/deps.ts";

/** "14:02:07" in the hall's clock. */
export function relayClock(iso: string): string {
  return new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" });
}

/** The panel's lines for a status. */
export function relayLines(s: RelayStatus): { headline: string; detail: string; kind: string } {
  const waiting = s.waiting === 0
    ? "nothing waiting"
    : `${s.waiting} ${s.waiting === 1 ? "change" : "changes"} waiting`;
  const acked = s.lastAckAt ? `last acknowledged ${relayClock(s.lastAckAt)}` : "nothing acknowledged yet";
  const headline = s.state === "connected"
    ? `Connected to ${s.url} since ${relayClock(s.since)}`
    : s.state === "starting"
    ? `Connecting to ${s.url}…`
    : s.state === "refused"
    ? `Refused by ${s.url} since ${relayClock(s.since)}`
    : `Not connected to ${s.url} since ${
      relayClock(s.since)
    }: play goes on here, changes wait and follow by themselves`;
  const error = s.lastError ? ` · ${s.lastError}` : "";
  return {
    headline,
    detail: `Event "${s.slug}" · ${waiting} · ${acked}${error}`,
    kind: s.state === "connected" ? "ok" : s.state === "starting" ? "busy" : "error",
  };
}

/** Reads the relay's status and draws the panel (hidden without a relay). */
export async function refreshRelay(page: ManagePage): Promise<void> {
  const panel = byId("relay");
  if (!panel) return;
  try {
    const res = await manageApi(page, "/relay/status");
    if (!res.ok) return;
    const status: RelayStatus | null = (await res.json()).data.relay;
    panel.hidden = status === null;
    if (!status) return;
    const lines = relayLines(status);
    byId("relay-state")!.textContent = lines.headline;
    byId("relay-state")!.dataset.kind = lines.kind;
    byId("relay-detail")!.textContent = lines.detail;
    byId("relay-takeover")!.hidden = !status.heldElsewhere;
  } catch {
    // The status line says when the server cannot be reached.
  }
}

/** "Take over": push from this server an event another venue server held, once confirmed. */
export function watchRelayTakeover(page: ManagePage): void {
  byId("relay-takeover")?.addEventListener("click", async () => {
    if (!confirm("Push this event from this server from now on? The other venue server will be refused.")) {
      return;
    }
    await page.write("/relay/takeover", {}, "This server pushes the event now");
    void refreshRelay(page);
  });
}
