/// <reference lib="dom" />
/**
 * The relay's panel on the operator's page (docs/relay.md): whether this venue server reaches the public server,
 * since when, how many changes wait, the last one acknowledged, the last error in words, and "Take over" when
 * another venue server holds the event. Hidden when no relay is set. Every declaration is exported so that the
 * page can inline this module (pages/client_script.ts `moduleScript`).
 */
import { byId } from "../dom.ts";
import { manageApi, type ManagePage } from "./page.ts";
import type { RelayErrorWords, RelayStatus } from "../../../../http/deps.ts";
import { problemWords } from "./problem_words.ts";
import { deskClock, w, wCount } from "./words.ts";

/** "14:02:07" in the hall's clock. */
export function relayClock(iso: string): string {
  return deskClock(iso, { seconds: true });
}

/** The panel's lines for a status. */
export function relayLines(s: RelayStatus): { headline: string; detail: string; kind: string } {
  const waiting = s.waiting === 0
    ? w("desk.relay.nothingWaiting")
    : wCount("desk.relay.waitingOne", "desk.relay.waiting", s.waiting);
  const acked = s.lastAckAt
    ? w("desk.relay.acked", { time: relayClock(s.lastAckAt) })
    : w("desk.relay.noAck");
  const at = { url: s.url, time: relayClock(s.since) };
  const headline = s.state === "connected"
    ? w("desk.relay.connected", at)
    : s.state === "starting"
    ? w("desk.relay.starting", at)
    : s.state === "refused"
    ? w("desk.relay.refused", at)
    : w("desk.relay.down", at);
  const said = s.lastErrorWords ? relayErrorWords(s.lastErrorWords) : s.lastError;
  const error = said ? ` · ${said}` : "";
  return {
    headline,
    detail: `${w("desk.relay.event", { slug: s.slug })} · ${waiting} · ${acked}${error}`,
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
    if (!confirm(w("desk.relay.takeOverAsk"))) return;
    await page.write("/relay/takeover", {}, w("desk.relay.takenOver"));
    void refreshRelay(page);
  });
}

/**
 * Why the relay is not pushing, in the page's language: the pusher's code and values (http/deps.ts
 * `RelayErrorWords`); the public server's own refusal by the desk's words for its problem code.
 */
export function relayErrorWords(e: RelayErrorWords): string {
  switch (e.code) {
    case "no-event":
      return w("desk.relay.error.noEvent", { slug: e.slug ?? "" });
    case "held":
      return w("desk.relay.error.held", { time: e.since ? relayClock(e.since) : "" });
    case "token-unknown":
      return w("desk.relay.error.tokenUnknown");
    case "token-forbidden":
      return w("desk.relay.error.tokenForbidden");
    case "refused":
      return (e.problem ? problemWords({ code: e.problem }) : null) ??
        w("desk.relay.error.refused", { status: e.status ?? 400 });
    case "server-error":
      return w("desk.relay.error.serverError", { status: e.status ?? 500 });
    case "no-connection":
      return w("desk.relay.error.noConnection");
  }
}
