/// <reference lib="dom" />
/**
 * Browser script of the umpire's pages. `/score` lists the matches the token may score, by table; `/score/{id}`
 * scores one match. The token is entered once (or comes in the URL fragment `#token=...` of a QR code) and is
 * kept in localStorage; it is sent as a bearer header, never in a cookie.
 *
 * Every tap is first written to the phone's one outbox (outbox.ts), then sent in order, in batches, by
 * whichever scoring page is open (the list too), each tap with its own Idempotency-Key: a batch whose answer was
 * lost is sent again and applied once, a tap the rules refuse is dropped alone and said so, and a match changed
 * under the waiting taps (another device or the desk) drops them and names each one. The screen shows the
 * server's record with the waiting taps replayed on top by the rules themselves (domain/match_replay.ts, inlined
 * by pages/client_script.ts `moduleScript`, as are the other modules this one imports by name).
 */
import { type CardColour, type CardTarget, penaltyPointsOf } from "../../../domain/cards.ts";
import { EXPEDITE_RETURNS, expediteDue, receiverWinsRally } from "../../../domain/expedite.ts";
import { isLastPossibleGame } from "../../../domain/ends.ts";
import { otherSide, ScoringError, type Side } from "../../../domain/scoring.ts";
import type { PlayerSlot } from "../../../domain/service_order.ts";
import { runningTimeout } from "../../../domain/timeouts.ts";
import { clashWords } from "./clash_words.ts";
import { manageFetch, problemDetail, retryDelay } from "./manage_fetch.ts";
import {
  addToOutbox,
  adoptOldQueues,
  matchesWaiting,
  type OutboxItem,
  readOutbox,
  removeFromOutbox,
  retryAfterFailures,
  waitingFor,
} from "./outbox.ts";
import { wonByWords } from "./result_words.ts";
import { allowed, type Projection, projectMatch, type ScoringMatch } from "./score_projection.ts";
import { type Names, notRecordedWords, tapWords, undoWords } from "./tap_words.ts";

/** Runs the umpire's page (the list, or one match when the body names it). */
export function scoreClient(): void {
  type Clash = NonNullable<ScoringMatch["clashesOnStart"]>[number];
  type ClashMatch = { id: string; homeName: string | null; awayName: string | null; tableNo: number | null };
  type ListMatch = ScoringMatch;

  // Its own key: a scorer's QR link opened on the operator's laptop must not replace the admin token /manage
  // keeps under "tt.token". That one is still read when the page has none of its own (the desk scores with it).
  const TOKEN_KEY = "tt.score.token";
  const MANAGE_TOKEN_KEY = "tt.token";
  const DEVICE_KEY = "tt.device";
  /** Refusals that mean the match changed under the waiting taps (db/match_writes.ts CONFLICTS). */
  const CONFLICTS = ["stale-revision", "match-held", "not-found", "sides-unknown"];
  /** Taps per request: a phone back in range sends its whole outbox in a request or two. */
  const BATCH = 100;
  const body = document.body;
  const matchId = body.dataset.matchId ?? "";
  const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T | null;
  const store = localStorage;

  function make(tag: string, className: string, text?: string): HTMLElement {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function setText(id: string, value: string): void {
    const node = byId(id);
    if (node && node.textContent !== value) node.textContent = value;
  }

  function setStatus(text: string, kind: "ok" | "busy" | "offline" | "error" = "ok"): void {
    const status = byId("status");
    if (!status) return;
    if (status.textContent !== text) status.textContent = text;
    status.dataset.kind = kind;
  }

  const clock = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });

  // ---- A small sheet of choices over the page (time-out, card, expedite, confirmations) ------------------

  type Choice = { label: string; act?: () => void; disabled?: boolean; kind?: string };

  function openSheet(title: string, text: string, choices: Choice[]): void {
    const sheet = byId("sheet")!;
    setText("sheet-title", title);
    setText("sheet-text", text);
    byId("sheet-text")!.hidden = text === "";
    const list = byId("sheet-choices")!;
    list.replaceChildren(...choices.map((c) => {
      const button = make("button", c.kind ?? "", c.label) as HTMLButtonElement;
      button.type = "button";
      button.disabled = c.disabled === true;
      button.addEventListener("click", () => {
        closeSheet();
        c.act?.();
      });
      return button;
    }));
    sheet.hidden = false;
    (list.querySelector("button:not(:disabled)") as HTMLButtonElement | null)?.focus();
  }

  function closeSheet(): void {
    const sheet = byId("sheet");
    if (sheet) sheet.hidden = true;
  }
  byId("sheet-cancel")?.addEventListener("click", closeSheet);

  // ---- The token and the device -------------------------------------------------------------------------

  let token = store.getItem(TOKEN_KEY) ?? store.getItem(MANAGE_TOKEN_KEY) ?? "";
  const fromLink = new URLSearchParams(location.hash.slice(1)).get("token");
  let device = store.getItem(DEVICE_KEY) ?? "";
  if (!device) {
    device = crypto.randomUUID();
    store.setItem(DEVICE_KEY, device);
  }
  // Once the token is refused, sending stops: each refused request counts towards the address's rate limit.
  let halted = false;

  function showTokenForm(message: string): void {
    halted = true;
    const form = byId<HTMLFormElement>("token-form");
    if (form) form.hidden = false;
    setText("token-error", message);
    byId("content")?.setAttribute("hidden", "");
  }

  byId<HTMLFormElement>("token-form")?.addEventListener("submit", (event) => {
    event.preventDefault();
    token = (byId<HTMLInputElement>("token-input")?.value ?? "").trim();
    store.setItem(TOKEN_KEY, token);
    location.reload();
  });

  function forgetToken(): void {
    store.removeItem(TOKEN_KEY);
    // The token in use may be the one read from /manage's key: forgotten there too, or it would come back.
    if (store.getItem(MANAGE_TOKEN_KEY) === token) store.removeItem(MANAGE_TOKEN_KEY);
    location.reload();
  }

  byId("forget-token")?.addEventListener("click", () => {
    const waiting = readOutbox(store).length;
    openSheet(
      "Change token?",
      "This phone forgets its token; you will need the QR code or the token again to score." +
        (waiting > 0
          ? ` ${waiting} ${waiting === 1 ? "tap is" : "taps are"} not sent yet: they are kept, ` +
            "and sent once a token is entered."
          : ""),
      [{ label: "Forget the token", act: forgetToken, kind: "danger" }, { label: "Keep it" }],
    );
  });

  const api = (path: string, init: RequestInit = {}, timeoutMs = 8000) => {
    const headers = new Headers(init.headers);
    headers.set("X-Scorer-Device", device);
    return manageFetch(token, path, { ...init, headers }, timeoutMs);
  };

  // ---- The outbox and its sender ------------------------------------------------------------------------

  let outbox = adoptOldQueues(store, new Date().toISOString());
  /** The last answer of each match (kept, so that a reload offline shows the match and sends the right revision). */
  const known = new Map<string, ScoringMatch>();
  let sending = false;
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Taps not recorded since the umpire last acknowledged the warning, and why. */
  let notRecorded: string[] = [];
  let changedUnder = false;
  let refusedBecause = "";
  let render: () => void = () => {};

  const matchKey = (id: string) => `tt.match.${id}`;

  function knownMatch(id: string): ScoringMatch | null {
    const m = known.get(id);
    if (m) return m;
    try {
      const kept = JSON.parse(store.getItem(matchKey(id)) ?? "null");
      if (kept && typeof kept.revision === "number") known.set(id, kept);
      return kept;
    } catch {
      return null;
    }
  }

  /** Keeps a match's answer unless an answer of a later revision is kept already (revisions only grow). */
  function remember(m: ScoringMatch): void {
    const before = knownMatch(m.id);
    if (before && before.revision > m.revision) return;
    known.set(m.id, m);
    try {
      store.setItem(matchKey(m.id), JSON.stringify(m));
    } catch {
      // A full storage keeps the copy in memory only; the outbox matters more than the copy.
    }
  }

  function showNotice(): void {
    const box = byId("notice");
    if (!box) return;
    box.hidden = notRecorded.length === 0;
    if (notRecorded.length > 0) {
      setText("notice-text", notRecordedWords(changedUnder, notRecorded, refusedBecause));
    }
  }

  byId("notice-ok")?.addEventListener("click", () => {
    notRecorded = [];
    changedUnder = false;
    refusedBecause = "";
    showNotice();
  });

  function retrySoon(ms = retryAfterFailures(failures)): void {
    clearTimeout(retryTimer);
    if (halted) return;
    retryTimer = setTimeout(() => void flush(), ms);
  }

  /** Sends what waits in the outbox, match by match, a batch at a time, until it is empty or the link fails. */
  async function flush(): Promise<void> {
    if (sending || halted || !token) return;
    sending = true;
    try {
      for (;;) {
        outbox = readOutbox(store);
        const id = matchesWaiting(outbox)[0];
        if (id === undefined) break;
        const items = waitingFor(outbox, id).slice(0, BATCH);
        const revision = knownMatch(id)?.revision;
        let res: Response;
        try {
          res = await api(`/matches/${encodeURIComponent(id)}/actions`, {
            method: "POST",
            body: JSON.stringify({
              ...(revision === undefined ? {} : { revision }),
              actions: items.map((i) => ({ ...i.body, key: i.key, type: i.type })),
            }),
          });
        } catch {
          failures += 1;
          retrySoon();
          return;
        }
        if (res.status === 401 || res.status === 403) {
          showTokenForm(await problemDetail(res));
          return;
        }
        if (res.status === 429 || res.status >= 500) {
          failures += 1;
          retrySoon(Math.min(retryDelay(res, retryAfterFailures(failures)), 5000));
          return;
        }
        failures = 0;
        if (!res.ok) {
          // The match is gone, or the batch itself is wrong: these taps can never be recorded.
          const why = await problemDetail(res);
          outbox = removeFromOutbox(store, items.map((i) => i.key));
          notRecorded.push(...items.map((i) => i.label));
          refusedBecause = why;
          continue;
        }
        const data = (await res.json()).data as {
          match: ScoringMatch;
          results: { key: string; status: string; code?: string; detail?: string }[];
        };
        remember(data.match);
        const label = new Map(items.map((i) => [i.key, i.label]));
        for (const r of data.results) {
          if (r.status !== "refused" && r.status !== "skipped") continue;
          notRecorded.push(label.get(r.key) ?? r.key);
          if (CONFLICTS.includes(r.code ?? "")) changedUnder = true;
          else refusedBecause = r.detail ?? "";
        }
        outbox = removeFromOutbox(store, data.results.map((r) => r.key));
        render();
      }
    } finally {
      sending = false;
      showNotice();
      render();
    }
  }

  addEventListener("online", () => {
    failures = 0;
    void flush();
  });
  // Leaving with taps not sent yet: the browser asks first (they stay in the outbox either way).
  addEventListener("beforeunload", (event) => {
    if (readOutbox(store).length > 0) event.preventDefault();
  });

  // ---- The list of matches (/score) ---------------------------------------------------------------------

  async function showList(): Promise<void> {
    const list = byId("list");
    if (!list) return;
    let res: Response;
    let who: Response;
    try {
      [who, res] = await Promise.all([api("/whoami"), api("/matches")]);
    } catch {
      setStatus(waitingStatus("Offline: retrying"), "offline");
      return;
    }
    if (who.status === 401 || res.status === 401) return showTokenForm(await problemDetail(who));
    if (!res.ok) return setStatus(await problemDetail(res), "error");
    const t = (await who.json()).data.token;
    setText(
      "whoami",
      `${t.label} (${t.role}${t.eventSlug ? `, ${t.eventSlug}` : ""}${
        t.tableNo ? `, table ${t.tableNo}` : ""
      })`,
    );
    const data = (await res.json()).data as { matches: ListMatch[]; clashMatches: ClashMatch[] };
    const others = new Map(data.clashMatches.map((m) => [m.id, m]));
    const describe = (id: string) => {
      const m = others.get(id);
      return m ? `${m.homeName ?? "?"} v ${m.awayName ?? "?"}` : "another match";
    };
    const where = (id: string) => {
      const n = others.get(id)?.tableNo;
      return n ? `table ${n}` : "";
    };
    outbox = readOutbox(store);
    list.replaceChildren();
    if (data.matches.length === 0) list.append(make("p", "muted", "No match to score at the moment."));
    const tables = new Map<string, ListMatch[]>();
    for (const m of data.matches) {
      const key = m.tableNo === null ? "No table yet" : `Table ${m.tableNo}`;
      tables.set(key, [...(tables.get(key) ?? []), m]);
    }
    for (const [table, ms] of tables) {
      const section = make("section", "table-group");
      section.append(make("h2", "", table));
      for (const m of ms) {
        const link = make("a", `match-link ${m.status}`) as HTMLAnchorElement;
        link.href = `/score/${encodeURIComponent(m.id)}`;
        link.dataset.matchId = m.id;
        link.append(make("span", "names", `${m.homeName ?? "?"} v ${m.awayName ?? "?"}`));
        const live = m.status === "in_progress"
          ? `Live ${m.gamesWon.home}-${m.gamesWon.away} (${m.currentGame.home}-${m.currentGame.away})`
          : m.scheduledAt
          ? `Scheduled ${clock(m.scheduledAt)}`
          : "Scheduled";
        link.append(make("span", "where", `${m.subeventName} · ${m.stageLabel} · ${live}`));
        const waiting = waitingFor(outbox, m.id).length;
        if (waiting > 0) {
          link.append(make("span", "waiting", `${waiting} ${waiting === 1 ? "tap" : "taps"} not sent yet`));
        }
        if (m.scorer && !m.scorer.you) {
          link.append(make("span", "where", `Scored on ${m.scorer.label} since ${clock(m.scorer.since)}`));
        }
        const clashes = (m.clashesOnStart ?? []).filter((c) => c.kind === "player-busy");
        if (clashes.length > 0) {
          const text = clashes.map((c) => clashWords(c, describe, where, clock, true)).join("; ");
          link.append(make("span", "clash", text));
          link.addEventListener("click", (event) => {
            event.preventDefault();
            openSheet("Still playing elsewhere", `${text}. Start this match anyway?`, [
              { label: "Open the match", act: () => void (location.href = link.href), kind: "primary" },
              { label: "Not now" },
            ]);
          });
        }
        section.append(link);
      }
      list.append(section);
    }
    // Taps waiting for matches this token no longer lists are sent too (by the outbox), and said.
    setStatus(waitingStatus("Up to date"), outbox.length > 0 ? "busy" : "ok");
  }

  function waitingStatus(otherwise: string): string {
    const n = readOutbox(store).length;
    return n > 0 ? `${n} ${n === 1 ? "tap" : "taps"} not sent yet: sending…` : otherwise;
  }

  // ---- One match (/score/{id}) --------------------------------------------------------------------------

  /** The match as the server last answered it (a batch's answer or a read, whichever is newer). */
  const serverMatch = () => knownMatch(matchId);
  let projection: Projection | null = null;
  /** Whether this device held the match when last seen: then losing it is said as a takeover. */
  let heldHere = false;
  let wakeLock: { release(): Promise<void> } | null = null;

  const ackKey = `tt.ack.${matchId}`;
  const ack = () => Number(store.getItem(ackKey) ?? "-1");
  const setAck = (n: number) => store.setItem(ackKey, String(n));
  const returnsKey = `tt.returns.${matchId}`;
  const gameStartKey = (game: number) => `tt.gamestart.${matchId}.${game}`;

  function names(m: ScoringMatch): Names {
    const players: Record<string, string> = {};
    m.homePlayers.forEach((p, i) => (players[`home${i + 1}`] = p.name));
    m.awayPlayers.forEach((p, i) => (players[`away${i + 1}`] = p.name));
    return { home: m.homeName ?? "?", away: m.awayName ?? "?", players };
  }

  function sideName(m: ScoringMatch, side: Side): string {
    return (side === "home" ? m.homeName : m.awayName) ?? "?";
  }

  function enqueue(type: string, itemBody: Record<string, unknown>): void {
    const m = serverMatch();
    const p = projection;
    if (!m || !p) return;
    const label = tapWords(type, itemBody, names(m), p.state.currentGame, p.state.gameNumber);
    const item: OutboxItem = {
      key: crypto.randomUUID(),
      matchId,
      type,
      body: itemBody,
      at: new Date().toISOString(),
      label,
    };
    outbox = addToOutbox(store, item);
    navigator.vibrate?.(25);
    render();
    void flush();
  }

  function held(m: ScoringMatch): boolean {
    return m.scorer !== null && !m.scorer.you;
  }

  /** Time played in the running game, without its time-outs: what the expedite system's 10 minutes count. */
  function gamePlayed(p: Projection, m: ScoringMatch, now: number): number {
    const game = p.state.gameNumber;
    const kept = store.getItem(gameStartKey(game));
    const start = kept ?? (game === 1 ? m.startedAt : p.state.gameStartedAt) ?? null;
    if (start === null) return 0;
    let paused = 0;
    for (const t of p.state.timeouts) {
      if (t.gameNumber !== game || t.at === null || t.endsAt === null) continue;
      paused += Math.max(0, Math.min(now, Date.parse(t.endsAt)) - Date.parse(t.at));
    }
    return Math.max(0, now - Date.parse(start) - paused);
  }

  const minutes = (ms: number) => {
    const s = Math.floor(ms / 1000);
    return `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
  };

  /** The returns counted in the rally under way (expedite), reset when the score moves. */
  function returns(p: Projection): number {
    const at = `${p.state.gameScores.length}:${p.state.currentGame.home}:${p.state.currentGame.away}`;
    try {
      const kept = JSON.parse(store.getItem(returnsKey) ?? "null");
      return kept && kept.at === at ? Number(kept.count) || 0 : 0;
    } catch {
      return 0;
    }
  }

  function setReturns(p: Projection, count: number): void {
    const at = `${p.state.gameScores.length}:${p.state.currentGame.home}:${p.state.currentGame.away}`;
    store.setItem(returnsKey, JSON.stringify({ at, count }));
  }

  /** The parts that move each second: the game clock, a time-out's countdown, the expedite offer. */
  function tick(): void {
    const m = serverMatch();
    const p = projection;
    if (!m || !p || !p.started || p.state.finished || p.byReason) {
      setText("game-clock", "");
      return;
    }
    const now = Date.now();
    const played = gamePlayed(p, m, now);
    setText("game-clock", `Game time ${minutes(played)}`);
    const due = expediteDue(played, p.state.currentGame, p.state.expedite !== null);
    byId("game-clock")!.dataset.due = String(due);
    const timeout = runningTimeout(p.state.timeouts, new Date(now));
    const banner = byId("banner")!;
    const resume = byId<HTMLButtonElement>("banner-action")!;
    let text = "";
    let kind = "";
    let action = "";
    const swap = p.state.endsChangedAt;
    if (timeout) {
      text = `Time-out: ${sideName(m, timeout.side)}, ${minutes(Date.parse(timeout.endsAt!) - now)} left`;
      kind = "timeout";
      action = "resume";
    } else if (
      swap && p.state.currentGame.home === swap.home && p.state.currentGame.away === swap.away &&
      isLastPossibleGame(m.bestOf, p.state.gameNumber)
    ) {
      text = "Change ends";
      kind = "ends";
    } else if (p.state.gamePoint) {
      text = `${p.state.gamePoint.match ? "Match point" : "Game point"}: ${
        sideName(m, p.state.gamePoint.side)
      }`;
      kind = p.state.gamePoint.match ? "match-point" : "game-point";
    } else if (due) {
      text = "10 minutes played: the expedite system comes in (Law 2.15)";
      kind = "due";
      action = "expedite";
    } else if (p.state.expedite) {
      text = "Expedite system: service changes after every point";
      kind = "expedite";
    }
    setText("banner-text", text);
    banner.dataset.kind = kind;
    resume.hidden = action === "";
    resume.dataset.action = action;
    setText("banner-action", action === "resume" ? "Resume play" : action === "expedite" ? "Introduce" : "");
  }

  function renderMatch(): void {
    const m = serverMatch();
    if (!m) return;
    outbox = readOutbox(store);
    const waiting = waitingFor(outbox, matchId);
    const p = projectMatch(m, waiting);
    projection = p;
    const v = p.state;
    const n = names(m);
    const readOnly = held(m);
    setText("match-title", `${m.eventName} · ${m.subeventName} · ${m.stageLabel}`);
    setText("match-table", m.tableNo === null ? "No table" : `Table ${m.tableNo}`);
    setText("game-number", p.started ? `Game ${v.gameNumber} of ${m.bestOf}` : "");
    // The buttons stand as the players stand: the one on the umpire's left on the left (Law 2.13.7).
    byId("taps")!.dataset.left = v.left;
    for (const side of ["home", "away"] as const) {
      setText(`name-${side}`, sideName(m, side));
      setText(`points-${side}`, String(v.currentGame[side]));
      setText(`games-${side}`, String(v.gamesWon[side]));
      const tap = byId<HTMLButtonElement>(`tap-${side}`)!;
      const serving = p.started && !v.finished && v.server === side;
      tap.dataset.serving = String(serving);
      let role = serving ? "Serves" : "";
      if (m.doubles && p.started && !v.finished && v.serverPlayer && v.receiverPlayer) {
        const mine = serving ? v.serverPlayer : v.receiverPlayer;
        role = `${serving ? "Serves" : "Receives"}: ${n.players[mine] ?? mine}`;
        tap.dataset.receiving = String(!serving);
      }
      setText(`serve-${side}`, role);
      // The side's cards and time-out, in words (the colour only repeats them).
      const marks: [string, string][] = v.cards.filter((c) => c.side === side).map((c) => [
        `card-${c.card}`,
        `${c.target === "coach" ? "Coach: " : ""}${
          c.card === "yellow" ? "yellow" : c.card === "red" ? "red" : "yellow+red"
        }${c.penaltyPoints ? ` +${c.penaltyPoints}` : ""}`,
      ]);
      if (v.timeouts.some((t) => t.side === side)) marks.push(["timeout", "time-out"]);
      const chips = byId(`chips-${side}`)!;
      const text = marks.map(([, t]) => t).join(" ");
      if (chips.textContent !== text) {
        chips.replaceChildren(...marks.map(([kind, t]) => make("span", `chip ${kind}`, t)));
      }
      chips.hidden = marks.length === 0;
    }
    body.dataset.state = !p.started ? "scheduled" : v.finished ? "completed" : "in_progress";
    body.dataset.queued = String(waiting.length);

    // Who scores the match.
    const hold = byId("hold-panel")!;
    hold.hidden = !readOnly;
    if (readOnly && m.scorer) {
      setText(
        "hold-text",
        `${
          heldHere ? "Taken over: this match is now scored on" : "This match is scored on"
        } ${m.scorer.label} ` +
          `since ${clock(m.scorer.since)}. This phone shows it without scoring.`,
      );
    }
    if (m.scorer?.you) heldHere = true;

    // Before the start.
    const startPanel = byId("start-panel")!;
    startPanel.hidden = p.started;
    const sidesKnown = m.homeName !== null && m.awayName !== null;
    setText("start-title", sidesKnown ? "Who serves first?" : "Players not known yet");
    for (const side of ["home", "away"] as const) {
      const choice = byId<HTMLButtonElement>(`start-${side}`)!;
      choice.hidden = !sidesKnown;
      choice.disabled = readOnly;
      setText(`start-name-${side}`, sideName(m, side));
    }
    byId("ends-choice")!.hidden = !sidesKnown;
    setText("left-choice", sideName(m, startLeft));
    const clashes = m.clashesOnStart ?? [];
    const warning = byId("start-warning")!;
    warning.hidden = p.started || clashes.length === 0;
    if (!warning.hidden) {
      const known = new Map((clashMatchesOf.get(matchId) ?? []).map((c) => [c.id, c]));
      const describe = (id: string) =>
        known.has(id)
          ? `${known.get(id)!.homeName ?? "?"} v ${known.get(id)!.awayName ?? "?"}`
          : "another match";
      const where = (id: string) => (known.get(id)?.tableNo ? `table ${known.get(id)!.tableNo}` : "");
      setText("start-warning", clashes.map((c) => clashWords(c, describe, where, clock, true)).join("; "));
    }

    // Scoring.
    byId("score-panel")!.hidden = !p.started;
    const games = byId("game-list")!;
    const shown = v.gameScores.map((g, i) => `Game ${i + 1}: ${g.home}-${g.away}`);
    if (
      games.childElementCount !== shown.length || shown.some((s, i) => games.children[i]?.textContent !== s)
    ) {
      games.replaceChildren(...shown.map((s) => make("li", "", s)));
    }
    const finishedGames = v.gameScores.length;
    if (ack() < 0 || ack() > finishedGames) setAck(finishedGames);
    let ask = "";
    let okLabel = "Next game";
    const extra = byId("dialog-extra")!;
    let nextOrder: { game: number; serving: Side } | null = null;
    if (p.byReason) {
      ask = `Match over: ${sideName(m, (m.winnerSide as Side | null) ?? "home")} wins ${
        wonByWords(m.resultReasonCode ?? "")
      }`;
      okLabel = "Back to the list";
    } else if (v.finished && v.winner) {
      // The winner's games first: "Match to García, 3-1", whichever side García is.
      const g = v.gamesWon;
      ask = `Match to ${sideName(m, v.winner)}, ${g[v.winner]}-${
        g[otherSide(v.winner)]
      }. Confirm the result?`;
      okLabel = "Confirm result";
    } else if (finishedGames > ack()) {
      const g = v.gameScores[finishedGames - 1]!;
      const winner: Side = g.home > g.away ? "home" : "away";
      ask = `Game ${finishedGames} to ${sideName(m, winner)}, ${g.home}-${g.away}. Games ` +
        `${v.gamesWon.home}-${v.gamesWon.away}. Change ends.`;
      if (m.doubles && v.order) nextOrder = { game: v.gameNumber, serving: v.server };
    }
    extra.hidden = nextOrder === null;
    if (nextOrder && v.order) {
      setText(
        "order-title",
        `Game ${nextOrder.game}: who serves first for ${sideName(m, nextOrder.serving)}?`,
      );
      const options = byId("order-choices")!;
      const slots: PlayerSlot[] = nextOrder.serving === "home" ? ["home1", "home2"] : ["away1", "away2"];
      const current = v.order.server;
      if (options.dataset.for !== `${nextOrder.game}:${current}`) {
        options.dataset.for = `${nextOrder.game}:${current}`;
        options.replaceChildren(...slots.map((slot) => {
          const b = make(
            "button",
            slot === current ? "chosen" : "",
            n.players[slot] ?? slot,
          ) as HTMLButtonElement;
          b.type = "button";
          b.setAttribute("aria-pressed", String(slot === current));
          b.addEventListener("click", () => {
            if (projection?.state.order?.server !== slot) {
              enqueue("order", { game: nextOrder!.game, server: slot });
            }
          });
          return b;
        }));
      }
    }
    const dialog = byId("dialog")!;
    dialog.hidden = ask === "" || readOnly;
    setText("dialog-text", ask);
    setText("dialog-ok", okLabel);
    byId("dialog-undo")!.hidden = p.byReason;
    const blocked = ask !== "" || p.byReason || readOnly;
    for (const id of ["tap-home", "tap-away"]) byId<HTMLButtonElement>(id)!.disabled = blocked;
    const undo = byId<HTMLButtonElement>("undo")!;
    undo.disabled = p.last === null || p.byReason || readOnly;
    setText("undo", undoWords(p.last, n));
    for (const id of ["open-timeout", "open-card", "open-expedite"]) {
      byId<HTMLButtonElement>(id)!.disabled = blocked || v.finished;
    }
    byId<HTMLButtonElement>("open-expedite")!.disabled = blocked || v.finished || v.expedite !== null;
    // Under the expedite system the umpire counts the receiver's good returns: the 13th wins the point.
    const counting = p.started && !v.finished && !p.byReason && v.expedite !== null && !readOnly;
    byId("returns-row")!.hidden = !counting;
    if (counting) {
      setText("returns", `${returns(p)}/${EXPEDITE_RETURNS}`);
      setText("returns-who", sideName(m, otherSide(v.server)));
    }
    if (waiting.length > 0) {
      setStatus(
        failures > 0
          ? `Offline: ${waiting.length} ${waiting.length === 1 ? "tap" : "taps"} waiting`
          : `Sending ${waiting.length} ${waiting.length === 1 ? "tap" : "taps"}…`,
        failures > 0 ? "offline" : "busy",
      );
    } else if (readOutbox(store).length > 0) setStatus(waitingStatus("Saved"), "busy");
    else setStatus("Saved");
    tick();
  }

  /** What a scheduled match's start clashes with, as the last answer named them. */
  const clashMatchesOf = new Map<string, ClashMatch[]>();
  let startLeft: Side = "home";

  async function load(): Promise<void> {
    if (halted) return;
    let res: Response;
    try {
      res = await api(`/matches/${encodeURIComponent(matchId)}`);
    } catch {
      if (serverMatch() === null) setStatus("Offline: waiting for the connection", "offline");
      else if (readOutbox(store).length === 0) {
        setStatus("Offline: the score is kept on this phone", "offline");
      }
      return;
    }
    if (res.status === 401 || res.status === 403) return showTokenForm(await problemDetail(res));
    if (!res.ok) {
      setStatus(await problemDetail(res), "error");
      return;
    }
    const data = (await res.json()).data as { match: ScoringMatch; clashMatches?: ClashMatch[] };
    if (data.clashMatches) clashMatchesOf.set(matchId, data.clashMatches);
    // While a batch is on its way its answer is the newer one: `remember` keeps the later revision.
    remember(data.match);
    render();
  }

  /** Leaves for the list, first saying what is not sent yet (it stays in the outbox and goes from the list). */
  function leave(): void {
    const waiting = waitingFor(readOutbox(store), matchId).length;
    if (waiting === 0) {
      location.href = "/score";
      return;
    }
    openSheet(
      "Taps not sent yet",
      `${waiting} ${waiting === 1 ? "tap is" : "taps are"} not sent yet. ${
        waiting === 1 ? "It stays" : "They stay"
      } ` +
        "on this phone and will be sent as soon as the connection is back, from the list or any scoring page.",
      [
        { label: "Stay here" },
        { label: "Go to the list", act: () => void (location.href = "/score") },
      ],
    );
  }

  function openTimeout(): void {
    const m = serverMatch();
    const p = projection;
    if (!m || !p) return;
    openSheet("Time-out", "One time-out of up to 1 minute per side and match (Regulation 3.4.4.2).", [
      ...(["home", "away"] as const).map((side) => ({
        label: `Time-out for ${sideName(m, side)}`,
        disabled: !allowed(p, { type: "timeout", body: { side }, at: new Date().toISOString() }),
        act: () => enqueue("timeout", { side }),
      })),
    ]);
  }

  function openCard(): void {
    const m = serverMatch();
    if (!m) return;
    openSheet("Card", "Who is carded?", [
      ...(["home", "away"] as const).flatMap((side) => [
        { label: sideName(m, side), act: () => openCardFor(side, "player") },
        { label: `${sideName(m, side)}'s coach`, act: () => openCardFor(side, "coach") },
      ]),
    ]);
  }

  function openCardFor(side: Side, target: CardTarget): void {
    const m = serverMatch();
    const p = projection;
    if (!m || !p) return;
    const who = target === "coach" ? `${sideName(m, side)}'s coach` : sideName(m, side);
    const cards: CardColour[] = target === "coach" ? ["yellow", "red"] : ["yellow", "yellow_red", "red"];
    const previous = p.state.cards.filter((c) => c.side === side);
    openSheet(
      `Card to ${who}`,
      "Regulation 3.5.2: a yellow card warns; then a yellow and red card gives the " +
        "opponent 1 point, the next 2; a red card refers to the referee.",
      cards.map((card) => {
        let words = card === "yellow"
          ? "Yellow card (warning)"
          : card === "red"
          ? "Red card (to the referee)"
          : "";
        let ok = true;
        try {
          const points = penaltyPointsOf(previous, target, card);
          if (card === "yellow_red") {
            words = `Yellow and red card: ${points} ${points === 1 ? "point" : "points"} to ` +
              sideName(m, otherSide(side));
          }
        } catch (e) {
          if (!(e instanceof ScoringError)) throw e;
          ok = false;
          if (card === "yellow_red") words = "Yellow and red card (not now)";
        }
        return {
          label: words,
          disabled: !ok,
          kind: `card-${card}`,
          act: () => enqueue("card", { side, target, card }),
        };
      }),
    );
  }

  function openExpedite(): void {
    const p = projection;
    if (!p) return;
    const can = (byRequest: boolean) =>
      allowed(p, {
        type: "expedite",
        body: { rallyInterrupted: false, byRequest },
        at: new Date().toISOString(),
      });
    openSheet(
      "Expedite system",
      "From now to the end of the match each player serves 1 point in turn, and 13 good returns by the receiver " +
        "win the point (Law 2.15).",
      [
        {
          label: "Time limit, between rallies",
          disabled: !can(false),
          act: () => enqueue("expedite", { rallyInterrupted: false, byRequest: false }),
        },
        {
          label: "Time limit, a rally was stopped",
          disabled: !can(false),
          act: () => enqueue("expedite", { rallyInterrupted: true, byRequest: false }),
        },
        {
          label: "Both sides asked for it",
          disabled: !can(true),
          act: () => enqueue("expedite", { rallyInterrupted: false, byRequest: true }),
        },
      ],
    );
  }

  function takeOver(): void {
    const m = serverMatch();
    if (!m?.scorer) return;
    openSheet(
      "Take over this match?",
      `It is scored on ${m.scorer.label} since ${
        clock(m.scorer.since)
      }. Once you take it over, that phone can no ` +
        "longer score it, and its taps not sent yet are not recorded.",
      [
        {
          label: "Take over",
          kind: "primary",
          act: async () => {
            try {
              const res = await api(`/matches/${encodeURIComponent(matchId)}/takeover`, {
                method: "POST",
                headers: { "Idempotency-Key": crypto.randomUUID() },
                body: "{}",
              });
              if (!res.ok) return setStatus(await problemDetail(res), "error");
              remember((await res.json()).data.match);
              heldHere = true;
              render();
            } catch {
              setStatus("Offline: the match can be taken over once the connection is back", "offline");
            }
          },
        },
        { label: "Cancel" },
      ],
    );
  }

  async function keepAwake(): Promise<void> {
    const lock = (navigator as Navigator & {
      wakeLock?: { request(t: "screen"): Promise<{ release(): Promise<void> }> };
    })
      .wakeLock;
    if (!lock || document.visibilityState !== "visible") return;
    try {
      wakeLock = await lock.request("screen");
    } catch {
      wakeLock = null;
    }
  }

  function setupMatch(): void {
    render = renderMatch;
    for (const side of ["home", "away"] as const) {
      byId(`tap-${side}`)?.addEventListener("click", () => enqueue("point", { side }));
      byId(`start-${side}`)?.addEventListener("click", () => {
        const m = serverMatch();
        if (!m) return;
        if (!m.doubles) return enqueue("start", { firstServer: side, left: startLeft });
        chooseDoublesOrder(m, side);
      });
    }
    byId("left-choice")?.addEventListener("click", () => {
      startLeft = otherSide(startLeft);
      render();
    });
    byId("undo")?.addEventListener("click", () => enqueue("undo", {}));
    byId("dialog-undo")?.addEventListener("click", () => enqueue("undo", {}));
    byId("dialog-ok")?.addEventListener("click", () => {
      const p = projection;
      if (!p) return;
      if (p.state.finished || p.byReason) return leave();
      setAck(p.state.gameScores.length);
      store.setItem(gameStartKey(p.state.gameNumber), new Date().toISOString());
      render();
    });
    byId("open-timeout")?.addEventListener("click", openTimeout);
    byId("open-card")?.addEventListener("click", openCard);
    byId("open-expedite")?.addEventListener("click", openExpedite);
    byId("banner-action")?.addEventListener("click", (event) => {
      const action = (event.currentTarget as HTMLElement).dataset.action;
      if (action === "resume") enqueue("resume", {});
      else if (action === "expedite") openExpedite();
    });
    byId("return-tap")?.addEventListener("click", () => {
      const p = projection;
      if (!p) return;
      const count = returns(p) + 1;
      navigator.vibrate?.(15);
      if (receiverWinsRally(count)) {
        setReturns(p, 0);
        enqueue("point", { side: otherSide(p.state.server) });
      } else {
        setReturns(p, count);
        render();
      }
    });
    byId("takeover")?.addEventListener("click", takeOver);
    byId("all-matches")?.addEventListener("click", (event) => {
      event.preventDefault();
      leave();
    });
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState !== "visible") {
        void wakeLock?.release().catch(() => {});
        wakeLock = null;
        return;
      }
      void keepAwake();
      void flush();
      void load();
    });
    void keepAwake();
    render();
    void load().then(() => flush());
    setInterval(() => {
      if (halted || document.visibilityState !== "visible") return;
      if (readOutbox(store).length > 0) void flush();
      else if (!sending) void load();
    }, 2000);
    setInterval(tick, 1000);
  }

  /** Doubles: the serving pair names its first server, the receiving pair its first receiver (Law 2.13.4). */
  function chooseDoublesOrder(m: ScoringMatch, serving: Side): void {
    const mine = serving === "home" ? m.homePlayers : m.awayPlayers;
    const theirs = serving === "home" ? m.awayPlayers : m.homePlayers;
    const slot = (side: Side, i: number) => `${side}${i + 1}` as PlayerSlot;
    openSheet(
      `${sideName(m, serving)} serve first`,
      "Who serves first?",
      mine.map((p, i) => ({
        label: p.name,
        act: () =>
          openSheet(
            "And who receives first?",
            `${p.name} serves to:`,
            theirs.map((q, j) => ({
              label: q.name,
              act: () =>
                enqueue("start", {
                  firstServer: serving,
                  left: startLeft,
                  server: slot(serving, i),
                  receiver: slot(otherSide(serving), j),
                }),
            })),
          ),
      })),
    );
  }

  function setupList(): void {
    // A flush ends by showing the list again (`render`): what was sent leaves its "not sent yet" mark.
    render = () => void showList();
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") void flush();
    });
    void flush();
    setInterval(() => {
      if (!halted) void flush();
    }, 10_000);
  }

  // A QR link's token replaces the phone's own only when the umpire says so.
  if (fromLink) {
    history.replaceState(null, "", location.pathname + location.search);
    const mine = store.getItem(TOKEN_KEY);
    if (mine && mine !== fromLink) {
      openSheet(
        "Use the token of this link?",
        "This phone already has a scoring token. Replace it with the one in " +
          "the link you opened?",
        [
          {
            label: "Use the link's token",
            kind: "primary",
            act: () => {
              store.setItem(TOKEN_KEY, fromLink);
              location.reload();
            },
          },
          { label: "Keep this phone's token" },
        ],
      );
    } else {
      store.setItem(TOKEN_KEY, fromLink);
      token = fromLink;
    }
  }
  if (!token) {
    showTokenForm("");
    return;
  }
  if (matchId) setupMatch();
  else setupList();
}
