/// <reference lib="dom" />
/**
 * Browser script of the umpire's pages. `/score` lists the matches the token may score, by table; `/score/{id}`
 * scores one match. The token is entered once (or comes in the URL fragment `#token=...` of a QR code) and is
 * kept in localStorage; it is sent as a bearer header, never in a cookie.
 *
 * Every tap is first written to a queue in localStorage, then sent in order, each with its own Idempotency-Key
 * and the revision it was based on: a request whose answer was lost is sent again and applied once; when the
 * connection drops the queue waits and is sent when it returns. The screen shows the server's state with the
 * queued taps replayed on top (`project`, see score_projection.ts), so a reload or an offline spell loses
 * nothing. A 409 (another device wrote first, or the match is over) drops the queued taps and says so in a
 * warning that stays until the umpire taps it away.
 */
import type { wonByWords } from "./result_words.ts";
import type { manageFetch, problemDetail } from "./manage_fetch.ts";
import type { projectScore } from "./score_projection.ts";
import type { refusedTapsNotice } from "./score_notice.ts";

/**
 * Runs the umpire's page; `project` is projectScore, `fetchManage` and `detail` are manage_fetch.ts's
 * `manageFetch` and `problemDetail`, `noticeText` is score_notice.ts's `refusedTapsNotice`, `wonBy` is
 * result_words.ts's `wonByWords`, passed in because the script is inlined as source.
 */
export function scoreClient(
  project: typeof projectScore,
  fetchManage: typeof manageFetch,
  detail: typeof problemDetail,
  noticeText: typeof refusedTapsNotice,
  wonBy: typeof wonByWords,
): void {
  type Side = "home" | "away";
  type Pair = { home: number; away: number };
  type Item = { key: string; type: "start" | "point" | "undo"; body: Record<string, string> };
  type Match = {
    id: string;
    status: string;
    eventName: string;
    subeventName: string;
    stageLabel: string;
    tableNo: number | null;
    scheduledAt: string | null;
    homeName: string | null;
    awayName: string | null;
    bestOf: number;
    firstServer: Side | null;
    currentServer: Side | null;
    winnerSide: Side | null;
    resultReasonCode: string | null;
    gamesWon: Pair;
    currentGame: Pair;
    gameScores: Pair[];
    points: Side[];
    /** Every correction in the order made, with the number of points recorded when it was made. */
    correctionLog: { game: number; home: number; away: number; afterPoints: number }[];
    revision: number;
  };

  // Its own key: a scorer's QR link opened on the operator's laptop must not replace the admin token /manage
  // keeps under "tt.token". That one is still read when the page has none of its own (the desk scores with it,
  // and a phone signed in before the keys were split stays signed in).
  const TOKEN_KEY = "tt.score.token";
  const MANAGE_TOKEN_KEY = "tt.token";
  const body = document.body;
  const matchId = body.dataset.matchId ?? "";
  const queueKey = `tt.queue.${matchId}`;
  const ackKey = `tt.ack.${matchId}`;
  const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T | null;

  const fragment = new URLSearchParams(location.hash.slice(1));
  const fromLink = fragment.get("token");
  if (fromLink) {
    localStorage.setItem(TOKEN_KEY, fromLink);
    history.replaceState(null, "", location.pathname + location.search);
  }
  let token = localStorage.getItem(TOKEN_KEY) ?? localStorage.getItem(MANAGE_TOKEN_KEY) ?? "";

  function setStatus(text: string, kind: "ok" | "busy" | "offline" | "error" = "ok"): void {
    const status = byId("status");
    if (!status) return;
    status.textContent = text;
    status.dataset.kind = kind;
  }

  function make(tag: string, className: string, text?: string): HTMLElement {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // Once the token is refused, polling stops: each refused request counts towards the address's rate limit.
  let halted = false;

  function showTokenForm(message: string): void {
    halted = true;
    const form = byId<HTMLFormElement>("token-form");
    const error = byId("token-error");
    if (form) form.hidden = false;
    if (error) error.textContent = message;
    byId("content")?.setAttribute("hidden", "");
  }

  byId<HTMLFormElement>("token-form")?.addEventListener("submit", (event) => {
    event.preventDefault();
    const input = byId<HTMLInputElement>("token-input");
    token = (input?.value ?? "").trim();
    localStorage.setItem(TOKEN_KEY, token);
    location.reload();
  });
  byId("forget-token")?.addEventListener("click", () => {
    localStorage.removeItem(TOKEN_KEY);
    // The token in use may be the one read from /manage's key: forgotten there too, or it would come back.
    if (localStorage.getItem(MANAGE_TOKEN_KEY) === token) localStorage.removeItem(MANAGE_TOKEN_KEY);
    location.reload();
  });

  const api = (path: string, init: RequestInit = {}) => fetchManage(token, path, init, 8000);

  function sideName(m: Match, side: Side): string {
    return (side === "home" ? m.homeName : m.awayName) ?? "?";
  }

  // ---- The list of matches (/score) --------------------------------------------------------------------

  async function showList(): Promise<void> {
    const list = byId("list");
    if (!list) return;
    try {
      const [who, res] = await Promise.all([api("/whoami"), api("/matches")]);
      if (who.status === 401 || res.status === 401) return showTokenForm(await detail(who));
      if (!res.ok) return setStatus(await detail(res), "error");
      const t = (await who.json()).data.token;
      const me = byId("whoami");
      if (me) {
        me.textContent = `${t.label} (${t.role}${t.eventSlug ? `, ${t.eventSlug}` : ""}${
          t.tableNo ? `, table ${t.tableNo}` : ""
        })`;
      }
      const matches: Match[] = (await res.json()).data.matches;
      list.replaceChildren();
      if (matches.length === 0) list.append(make("p", "muted", "No match to score at the moment."));
      const tables = new Map<string, Match[]>();
      for (const m of matches) {
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
            ? `Scheduled ${
              new Date(m.scheduledAt).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })
            }`
            : "Scheduled";
          link.append(make("span", "where", `${m.subeventName} · ${m.stageLabel} · ${live}`));
          section.append(link);
        }
        list.append(section);
      }
      setStatus("Up to date");
    } catch {
      setStatus("Offline: retrying", "offline");
    }
  }

  // ---- One match (/score/{id}) -------------------------------------------------------------------------

  let server: Match | null = null;
  let queue: Item[] = [];
  try {
    queue = JSON.parse(localStorage.getItem(queueKey) ?? "[]");
    if (!Array.isArray(queue)) queue = [];
  } catch {
    queue = [];
  }
  let sending = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  // Taps dropped after a refusal since the umpire last acknowledged the warning.
  let unrecorded = 0;

  /** Shows (or, with "", hides) the warning that taps were dropped; it stays until acknowledged. */
  function showNotice(text: string): void {
    const box = byId("notice");
    if (!box) return;
    box.hidden = text === "";
    const node = byId("notice-text");
    if (node) node.textContent = text;
  }

  const saveQueue = () => localStorage.setItem(queueKey, JSON.stringify(queue));
  const ack = () => Number(localStorage.getItem(ackKey) ?? "-1");
  const setAck = (n: number) => localStorage.setItem(ackKey, String(n));

  function enqueue(type: Item["type"], itemBody: Record<string, string>): void {
    queue.push({ key: crypto.randomUUID(), type, body: itemBody });
    saveQueue();
    render();
    void flush();
  }

  /** The match as it will be once the queue is sent. */
  function view(m: Match) {
    let started = m.status !== "scheduled";
    let firstServer: Side | null = m.firstServer;
    const points = [...m.points];
    const log = [...m.correctionLog];
    for (const item of queue) {
      if (item.type === "start" && !started) {
        started = true;
        firstServer = item.body.firstServer === "away" ? "away" : "home";
      } else if (item.type === "point") points.push(item.body.side === "away" ? "away" : "home");
      else if (item.type === "undo") {
        // As the server undoes (domain/scoring.ts undoLastAction): a correction made after the last point goes
        // first, and the game's earlier correction, if any, is in force again; then the points.
        const last = log.at(-1);
        if (last && last.afterPoints >= points.length) log.pop();
        else points.pop();
      }
    }
    const byReason = m.status === "completed" && m.resultReasonCode !== null;
    if (queue.length === 0 || byReason) {
      return {
        started,
        byReason,
        gameScores: m.gameScores,
        gamesWon: m.gamesWon,
        currentGame: m.currentGame,
        server: m.currentServer,
        finished: m.status === "completed",
        winner: m.winnerSide,
        firstServer,
      };
    }
    const inForce = [...new Map(log.map((c) => [c.game, c])).values()];
    const s = project(points, inForce, m.bestOf, firstServer ?? "home");
    return { started, byReason, ...s, server: started && !s.finished ? s.server : null, firstServer };
  }

  function render(): void {
    const m = server;
    if (!m) return;
    const v = view(m);
    const text = (id: string, value: string) => {
      const node = byId(id);
      if (node) node.textContent = value;
    };
    text("match-title", `${m.eventName} · ${m.subeventName} · ${m.stageLabel}`);
    text("match-table", m.tableNo === null ? "No table" : `Table ${m.tableNo}`);
    for (const side of ["home", "away"] as const) {
      text(`name-${side}`, sideName(m, side));
      text(`start-name-${side}`, sideName(m, side));
      text(`games-${side}`, String(v.gamesWon[side]));
      text(`points-${side}`, String(v.currentGame[side]));
      // Its spoken name comes from what it shows (score_page.tsx: "Point to", name, points, games, "Serves").
      const tap = byId<HTMLButtonElement>(`tap-${side}`);
      if (tap) tap.dataset.serving = String(v.server === side);
    }
    body.dataset.state = !v.started ? "scheduled" : v.finished ? "completed" : "in_progress";
    byId("start-panel")!.hidden = v.started;
    // A match whose players are not known yet (its feeding matches are still on) cannot start: say so.
    const sidesKnown = m.homeName !== null && m.awayName !== null;
    const startTitle = byId("start-title");
    if (startTitle) startTitle.textContent = sidesKnown ? "Who serves first?" : "Players not known yet";
    for (const side of ["home", "away"] as const) {
      const choice = byId<HTMLButtonElement>(`start-${side}`);
      if (choice) choice.hidden = !sidesKnown;
    }
    byId("score-panel")!.hidden = !v.started;
    const games = byId("game-list")!;
    games.replaceChildren(
      ...v.gameScores.map((g, i) => make("li", "", `Game ${i + 1}: ${g.home}-${g.away}`)),
    );
    const finishedGames = v.gameScores.length;
    if (ack() < 0 || ack() > finishedGames) setAck(finishedGames);
    const dialog = byId("dialog")!;
    let ask = "";
    let okLabel = "Next game";
    if (v.byReason) {
      ask = `Match over: ${sideName(m, v.winner ?? "home")} wins ${wonBy(m.resultReasonCode ?? "")}`;
      okLabel = "Back to the list";
    } else if (v.finished && v.winner) {
      ask = `Match to ${sideName(m, v.winner)}, ${v.gamesWon.home}-${v.gamesWon.away}. Confirm the result?`;
      okLabel = "Confirm result";
    } else if (finishedGames > ack()) {
      const g = v.gameScores[finishedGames - 1]!;
      const winner: Side = g.home > g.away ? "home" : "away";
      ask = `Game ${finishedGames} to ${
        sideName(m, winner)
      }, ${g.home}-${g.away}. Games ${v.gamesWon.home}-${v.gamesWon.away}.`;
    }
    dialog.hidden = ask === "";
    text("dialog-text", ask);
    text("dialog-ok", okLabel);
    byId("dialog-undo")!.hidden = v.byReason;
    for (const id of ["tap-home", "tap-away", "undo"]) {
      byId<HTMLButtonElement>(id)!.disabled = ask !== "" || v.byReason;
    }
    body.dataset.queued = String(queue.length);
    if (queue.length > 0) {
      setStatus(`Sending ${queue.length} ${queue.length === 1 ? "tap" : "taps"}…`, "busy");
    } else setStatus("Saved");
  }

  async function load(): Promise<void> {
    try {
      const res = await api(`/matches/${encodeURIComponent(matchId)}`);
      if (res.status === 401 || res.status === 403) return showTokenForm(await detail(res));
      if (!res.ok) {
        setStatus(await detail(res), "error");
        return;
      }
      const data = (await res.json()).data;
      // Revisions only grow: an answer older than what a write just returned is ignored.
      if (!sending && (server === null || data.revision > server.revision)) {
        server = data.match;
        render();
      }
    } catch {
      if (server === null) setStatus("Offline: waiting for the connection", "offline");
    }
  }

  function retrySoon(): void {
    clearTimeout(retryTimer);
    if (halted) return;
    retryTimer = setTimeout(() => void flush(), 2000);
  }

  async function flush(): Promise<void> {
    if (sending || server === null) return;
    sending = true;
    try {
      while (queue.length > 0 && server !== null) {
        const item = queue[0]!;
        let res: Response;
        try {
          res = await api(`/matches/${encodeURIComponent(matchId)}/${item.type}`, {
            method: "POST",
            headers: { "Content-Type": "application/json", "Idempotency-Key": item.key },
            body: JSON.stringify({ ...item.body, revision: server.revision }),
          });
        } catch {
          setStatus(`Offline: ${queue.length} ${queue.length === 1 ? "tap" : "taps"} waiting`, "offline");
          retrySoon();
          return;
        }
        if (res.ok) {
          server = (await res.json()).data.match;
          queue.shift();
          saveQueue();
          render();
          continue;
        }
        if (res.status === 401 || res.status === 403) {
          showTokenForm(await detail(res));
          return;
        }
        if (res.status === 429 || res.status >= 500) {
          setStatus(`${await detail(res)}: retrying`, "offline");
          retrySoon();
          return;
        }
        // Refused (409: another device wrote first or the match is over; 4xx: a bad tap): the taps queued
        // after it were based on a state that no longer holds, so they are dropped, and the umpire told.
        let problem: { code?: string; detail?: string; current?: { match: Match } } = {};
        try {
          problem = await res.json();
        } catch {
          problem = {};
        }
        const dropped = queue.length;
        queue = [];
        saveQueue();
        if (problem.current) server = problem.current.match;
        unrecorded += dropped;
        showNotice(noticeText(problem.code, problem.detail ?? `Error ${res.status}`, unrecorded));
        render();
        if (!problem.current) await load();
        return;
      }
    } finally {
      sending = false;
    }
  }

  function setupMatch(): void {
    for (const side of ["home", "away"] as const) {
      byId(`tap-${side}`)?.addEventListener("click", () => enqueue("point", { side }));
      byId(`start-${side}`)?.addEventListener("click", () => enqueue("start", { firstServer: side }));
    }
    byId("undo")?.addEventListener("click", () => enqueue("undo", {}));
    // A tap anywhere on the warning (its OK button included) acknowledges it.
    byId("notice")?.addEventListener("click", () => {
      unrecorded = 0;
      showNotice("");
    });
    byId("dialog-undo")?.addEventListener("click", () => enqueue("undo", {}));
    byId("dialog-ok")?.addEventListener("click", () => {
      const m = server;
      if (!m) return;
      const v = view(m);
      if (v.finished || v.byReason) {
        location.href = "/score";
        return;
      }
      setAck(v.gameScores.length);
      render();
    });
    addEventListener("online", () => void flush());
    void load().then(() => flush());
    setInterval(() => {
      if (halted) return;
      if (queue.length > 0) void flush();
      else void load();
    }, 3000);
  }

  if (!token) {
    showTokenForm("");
    return;
  }
  if (matchId) setupMatch();
  else {
    void showList();
    setInterval(() => halted || void showList(), 10_000);
  }
}
