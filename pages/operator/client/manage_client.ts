/// <reference lib="dom" />
/**
 * Browser script of the operator's page `/manage`. The admin token is entered in the page, kept in
 * localStorage and sent as a bearer header (no cookie). It shows the chosen event at a glance (tables, live
 * matches, what is next, results), refreshed every 3 seconds, and calls the management API to publish, post
 * the desk's announcement, lock draws, start matches, fix results, assign tables, hand out links with QR
 * codes and make scorer tokens.
 * Every text comes from the API and is written with textContent: no markup is built from data.
 */
import type { Clash } from "../../../domain/clashes.ts";
import { clashWords } from "./clash_words.ts";
import { parseSheetGames } from "./sheet_games.ts";
import { wonByWords } from "./result_words.ts";
import { manageFetch, problemDetail, retryDelay } from "./manage_fetch.ts";

/** Runs the operator's page. */
export function manageClient(): void {
  type Side = "home" | "away";
  type Pair = { home: number; away: number };
  type Match = {
    id: string;
    status: string;
    subeventName: string;
    stageLabel: string;
    tableNo: number | null;
    scheduledAt: string | null;
    homeId: string | null;
    awayId: string | null;
    homeName: string | null;
    awayName: string | null;
    winnerSide: Side | null;
    resultReasonCode: string | null;
    gamesWon: Pair;
    currentGame: Pair;
    gameScores: Pair[];
    currentServer: Side | null;
    revision: number;
    /** On a scheduled match: what starting it now would clash with (domain/clashes.ts). */
    clashesOnStart?: Clash[];
    /** On a match decided by a reason: where taking its result back leads. */
    reopensTo?: "scheduled" | "in_progress";
    /** On a decided match that taking back would put in progress again: what that would clash with. */
    clashesOnReopen?: Clash[];
    /** The device that scores the match: its token's label and since when; null before anyone scored. */
    scorer?: { label: string; since: string } | null;
  };
  type Overview = {
    event: {
      id: string;
      slug: string;
      name: string;
      status: string;
      venue: string;
      /** What the venue TV and the event page show above everything; null when nothing. */
      announcement: { text: string; postedAt: string } | null;
    };
    subevents: {
      id: string;
      name: string;
      format: string;
      drawState: string;
      drawStarted: boolean;
      matchCount: number;
    }[];
    matches: Match[];
    tables: { tableNo: number; current: Match | null; next: Match | null }[];
    clashes: Clash[];
    /** For each free table, the match to call to it (domain/next_matches.ts). */
    suggestions: { tableNo: number; matchId: string }[];
  };

  const TOKEN_KEY = "tt.token";
  const EVENT_KEY = "tt.manage.event";
  const BASE_KEY = "tt.manage.base";
  const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T | null;
  let token = localStorage.getItem(TOKEN_KEY) ?? "";
  let slug = localStorage.getItem(EVENT_KEY) ?? "";
  let base = localStorage.getItem(BASE_KEY) ?? location.origin;
  let shown = "";

  function make(tag: string, className = "", text?: string): HTMLElement {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function button(label: string, onClick: () => void, className = ""): HTMLButtonElement {
    const b = make("button", className, label) as HTMLButtonElement;
    b.type = "button";
    b.addEventListener("click", onClick);
    return b;
  }

  function setStatus(text: string, kind: "ok" | "busy" | "error" = "ok"): void {
    const status = byId("status");
    if (!status) return;
    status.textContent = text;
    status.dataset.kind = kind;
  }

  // Once the token is refused, refreshing stops: each refused request counts towards the rate limit.
  let halted = false;

  function showTokenForm(message: string): void {
    halted = true;
    byId<HTMLFormElement>("token-form")!.hidden = false;
    byId("token-error")!.textContent = message;
    byId("content")!.hidden = true;
  }

  byId<HTMLFormElement>("token-form")?.addEventListener("submit", (event) => {
    event.preventDefault();
    token = (byId<HTMLInputElement>("token-input")?.value ?? "").trim();
    localStorage.setItem(TOKEN_KEY, token);
    location.reload();
  });
  byId("forget-token")?.addEventListener("click", () => {
    localStorage.removeItem(TOKEN_KEY);
    location.reload();
  });

  const api = (path: string, init: RequestInit = {}) => manageFetch(token, path, init, 10_000);

  /** Sends a write; on success reloads the overview, on failure shows the problem's detail. */
  async function act(
    path: string,
    body: Record<string, unknown> | undefined,
    done = "Saved",
    method = "POST",
  ): Promise<unknown> {
    setStatus("Saving…", "busy");
    try {
      const res = await api(path, {
        method,
        headers: { "Idempotency-Key": crypto.randomUUID() },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) {
        if (res.status === 401) showTokenForm(await problemDetail(res));
        else setStatus(await problemDetail(res), "error");
        return null;
      }
      const data = (await res.json()).data;
      setStatus(done);
      shown = "";
      await refresh();
      void loadTokens();
      return data;
    } catch {
      setStatus("Cannot reach the server", "error");
      return null;
    }
  }

  const name = (m: Match, side: Side) => (side === "home" ? m.homeName : m.awayName) ?? "to be decided";
  const time = (iso: string | null) =>
    iso === null
      ? ""
      : new Date(iso).toLocaleString([], { weekday: "short", hour: "2-digit", minute: "2-digit" });

  function scoreText(m: Match): string {
    const games = m.gameScores.map((g) => `${g.home}-${g.away}`).join(", ");
    if (m.status === "in_progress") {
      const serving = m.currentServer ? `, ${name(m, m.currentServer)} serving` : "";
      return `${m.gamesWon.home}-${m.gamesWon.away} (${m.currentGame.home}-${m.currentGame.away}${serving})`;
    }
    if (m.status === "completed") {
      const reason = m.resultReasonCode ? ` ${wonByWords(m.resultReasonCode)}` : "";
      return `${
        m.winnerSide ? name(m, m.winnerSide) : "?"
      } wins${reason} ${m.gamesWon.home}-${m.gamesWon.away}` +
        (games ? ` (${games})` : "");
    }
    return m.scheduledAt ? time(m.scheduledAt) : "";
  }

  function matchRow(m: Match): HTMLElement {
    const li = make("li", `match ${m.status}`);
    li.dataset.matchId = m.id;
    const head = make("div", "match-head");
    head.append(
      make("span", "table", m.tableNo === null ? "No table" : `Table ${m.tableNo}`),
      make("span", "names", `${name(m, "home")} v ${name(m, "away")}`),
      make("span", "where", `${m.subeventName} · ${m.stageLabel}`),
      make("span", "score", scoreText(m)),
    );
    if (m.status === "in_progress" && m.scorer) {
      head.append(make("span", "where", `Scored on ${m.scorer.label} since ${time(m.scorer.since)}`));
    }
    li.append(head);
    const actions = make("div", "actions");
    const write = (action: string, b: Record<string, unknown>, question?: string) => () => {
      if (question && !confirm(question)) return;
      void act(`/matches/${m.id}/${action}`, { ...b, revision: m.revision });
    };
    const known = m.homeId !== null && m.awayId !== null;
    const sides = ["home", "away"] as const;
    if (clashing.has(m.id)) li.classList.add("clash");
    if (m.status === "scheduled" && known) {
      // Starting is allowed (the desk may know better), but what stands in the way is shown and asked about.
      const blockers = (m.clashesOnStart ?? []).map((c) => clashWords(c, describe, where, time, true));
      if (blockers.length > 0) li.append(make("p", "warning", `Not free: ${blockers.join(". ")}`));
      const startQuestion = blockers.length > 0 ? `${blockers.join(".\n")}.\n\nStart anyway?` : undefined;
      for (const s of sides) {
        actions.append(
          button(`Start: ${name(m, s)} serves`, write("start", { firstServer: s }, startQuestion), "primary"),
        );
      }
      for (const s of sides) {
        actions.append(
          button(`Walkover to ${name(m, s)}`, write("walkover", { winner: s }, `Walkover to ${name(m, s)}?`)),
        );
      }
    }
    if (m.status === "in_progress") {
      const link = make("a", "button", "Score") as HTMLAnchorElement;
      link.href = `/score/${m.id}`;
      actions.append(link);
      for (const s of sides) {
        actions.append(
          button(`${name(m, s)} retires`, write("retire", { side: s }, `${name(m, s)} retires?`)),
        );
      }
    }
    if ((m.status === "scheduled" && known) || m.status === "in_progress") {
      for (const s of sides) {
        actions.append(
          button(`Disqualify ${name(m, s)}`, write("disqualify", { side: s }, `Disqualify ${name(m, s)}?`)),
        );
      }
    }
    if ((m.status === "in_progress" || m.status === "completed") && m.resultReasonCode === null) {
      // Undo takes back the last action: a correction made after the last point, else that point.
      const undoQuestion = m.status === "completed"
        ? "Undo the last point (or a correction made after it)? The match will be reopened."
        : undefined;
      actions.append(button("Undo", write("undo", {}, undoQuestion)));
    }
    if (m.status === "completed" && m.resultReasonCode !== null) {
      // A decision given by mistake (the wrong side, the wrong match) is taken back, not worked around.
      const result = `${m.winnerSide ? name(m, m.winnerSide) : "?"} wins ${wonByWords(m.resultReasonCode)}`;
      // Where it goes back to is the server's to say (domain/match_status.ts reopensTo).
      const back = m.reopensTo === "in_progress" ? "in progress" : "not started";
      // Back in progress, it may meet a table or a player taken meanwhile: said before, as for a start.
      const blockers = (m.clashesOnReopen ?? []).map((c) => clashWords(c, describe, where, time, true));
      const warning = blockers.length > 0 ? `\n\n${blockers.join(".\n")}.` : "";
      actions.append(
        button(
          "Take back the result",
          write("reopen", {}, `Take back "${result}"? The match goes back to ${back}.${warning}`),
        ),
      );
    }
    if (m.gameScores.length > 0 && m.resultReasonCode !== "walkover") {
      const form = make("form", "inline correct") as HTMLFormElement;
      const game = numberInput("Game", 1, m.gameScores.length, m.gameScores.length);
      const home = numberInput(name(m, "home"), 0, 99, m.gameScores[m.gameScores.length - 1]!.home);
      const away = numberInput(name(m, "away"), 0, 99, m.gameScores[m.gameScores.length - 1]!.away);
      // Required: an emptied field would be sent as 0 and refused as "got 0".
      for (const field of [game, home, away]) field.input.required = true;
      form.append(game.label, home.label, away.label, submit("Correct game"));
      form.addEventListener("submit", (e) => {
        e.preventDefault();
        void act(`/matches/${m.id}/correct`, {
          game: Number(game.input.value),
          home: Number(home.input.value),
          away: Number(away.input.value),
          revision: m.revision,
        });
      });
      actions.append(form);
    }
    if (known && m.resultReasonCode === null) {
      // A match scored on paper: the desk keys in the sheet's games (replacing any taps), or mends a result.
      const form = make("form", "inline result") as HTMLFormElement;
      const label = make("label", "", m.status === "completed" ? "Replace result " : "Result ");
      const games = make("input") as HTMLInputElement;
      games.placeholder = "11-7 9-11 11-5";
      games.size = 16;
      games.required = true;
      games.setAttribute("aria-label", `Games of ${name(m, "home")} v ${name(m, "away")}, home side first`);
      label.append(games);
      form.append(label, submit(m.status === "completed" ? "Replace" : "Enter result"));
      form.addEventListener("submit", (e) => {
        e.preventDefault();
        const read = parseSheetGames(games.value);
        if ("error" in read) return setStatus(read.error, "error");
        const sheet = read.games.map((g) => `${g.home}-${g.away}`).join(", ");
        const question = `${name(m, "home")} v ${name(m, "away")}: ${sheet}?` +
          (m.status !== "scheduled" ? " It replaces what was scored." : "");
        if (!confirm(question)) return;
        void act(`/matches/${m.id}/result`, { games: read.games, revision: m.revision }, "Result entered");
      });
      actions.append(form);
    }
    if (m.status !== "completed") {
      const form = make("form", "inline assign") as HTMLFormElement;
      const table = numberInput("Table", 1, 999, m.tableNo ?? undefined);
      const at = make("label", "", "Time ");
      const when = make("input") as HTMLInputElement;
      when.type = "datetime-local";
      if (m.scheduledAt) {
        const d = new Date(m.scheduledAt);
        when.value = new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
      }
      at.append(when);
      form.append(table.label, at, submit("Assign"));
      form.addEventListener("submit", (e) => {
        e.preventDefault();
        void act(`/matches/${m.id}/assign`, {
          tableNo: table.input.value === "" ? null : Number(table.input.value),
          scheduledAt: when.value === "" ? null : new Date(when.value).toISOString(),
          revision: m.revision,
        });
      });
      actions.append(form);
    }
    li.append(actions);
    return li;
  }

  function numberInput(text: string, min: number, max: number, value?: number) {
    const label = make("label", "", `${text} `);
    const input = make("input") as HTMLInputElement;
    input.type = "number";
    input.min = String(min);
    input.max = String(max);
    input.inputMode = "numeric";
    if (value !== undefined) input.value = String(value);
    label.append(input);
    return { label, input };
  }

  function submit(text: string): HTMLButtonElement {
    const b = make("button", "", text) as HTMLButtonElement;
    b.type = "submit";
    return b;
  }

  function qrSvg(qr: { size: number; d: string }, label: string): SVGSVGElement {
    const ns = "http://www.w3.org/2000/svg";
    const full = qr.size + 8;
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("viewBox", `0 0 ${full} ${full}`);
    svg.setAttribute("class", "qr");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", label);
    svg.setAttribute("shape-rendering", "crispEdges");
    const rect = document.createElementNS(ns, "rect");
    rect.setAttribute("width", String(full));
    rect.setAttribute("height", String(full));
    rect.setAttribute("fill", "#fff");
    const path = document.createElementNS(ns, "path");
    path.setAttribute("d", qr.d);
    path.setAttribute("fill", "#000");
    svg.append(rect, path);
    return svg;
  }

  function list(id: string, matches: Match[], empty: string): void {
    const ul = byId(id)!;
    ul.replaceChildren(...(matches.length ? matches.map(matchRow) : [make("li", "muted", empty)]));
  }

  /** The matches of the overview shown last, by id, and those in a clash: clash sentences name matches by id. */
  let byMatchId = new Map<string, Match>();
  let clashing = new Set<string>();
  const describe = (id: string) => {
    const m = byMatchId.get(id);
    return m ? `${name(m, "home")} v ${name(m, "away")}` : "another match";
  };
  const where = (id: string) => {
    const m = byMatchId.get(id);
    return m?.tableNo ? `table ${m.tableNo}` : "";
  };

  function render(o: Overview): void {
    byMatchId = new Map(o.matches.map((m) => [m.id, m]));
    clashing = new Set(o.clashes.flatMap((c) => c.matchIds));
    const clashes = byId("clashes")!;
    clashes.hidden = o.clashes.length === 0;
    byId("clash-list")!.replaceChildren(
      ...o.clashes.map((c) => make("li", "", clashWords(c, describe, where, time))),
    );
    byId("event-name")!.textContent = o.event.name;
    if (hallInput && document.activeElement !== hallInput) {
      hallInput.value = hallTables() ? String(hallTables()) : "";
    }
    const suggested = new Map(o.suggestions.map((x) => [x.tableNo, byMatchId.get(x.matchId)]));
    const status = byId("event-status")!;
    status.textContent = o.event.status;
    status.dataset.status = o.event.status;
    const publish = byId<HTMLButtonElement>("publish")!;
    publish.textContent = o.event.status === "published" ? "Unpublish" : "Publish";
    publish.dataset.action = o.event.status === "published" ? "unpublish" : "publish";
    // The event list was read once: its entry for this event follows a publish or an unpublish.
    const option = [...byId<HTMLSelectElement>("event-select")!.options].find((e) => e.value === slug);
    if (option) option.textContent = `${o.event.name} (${o.event.status})`;
    // What is shown now; the field below it is the operator's, and a refresh never writes to it.
    const announcement = o.event.announcement;
    byId("announcement-now")!.textContent = announcement?.text ?? "None";
    byId("announcement-at")!.textContent = announcement ? `(since ${time(announcement.postedAt)})` : "";

    const tables = byId("tables")!;
    tables.replaceChildren(...o.tables.map((t) => {
      const card = make("li", `table-card${t.current ? " busy" : ""}`);
      card.dataset.tableNo = String(t.tableNo);
      card.append(make("h3", "", `Table ${t.tableNo}`));
      card.append(
        make(
          "p",
          "now",
          t.current
            ? `${name(t.current, "home")} v ${name(t.current, "away")}: ${scoreText(t.current)}`
            : "Free",
        ),
      );
      // The planned match may be waiting for a player still on another table: then say so, and call another
      // match meanwhile.
      const waiting = t.next ? byMatchId.get(t.next.id)?.clashesOnStart ?? [] : [];
      if (t.next) {
        const why = waiting.map((c) => clashWords(c, describe, where, time, true)).join(". ");
        card.append(
          make(
            "p",
            "next muted",
            `Next: ${name(t.next, "home")} v ${name(t.next, "away")}${why ? ` (waiting: ${why})` : ""}`,
          ),
        );
      }
      const call = suggested.get(t.tableNo);
      if (call) {
        const label = t.next ? "Meanwhile" : "Call";
        card.append(
          make(
            "p",
            "suggest",
            `${label}: ${name(call, "home")} v ${
              name(call, "away")
            } · ${call.subeventName} · ${call.stageLabel}`,
          ),
          button(
            `Put on table ${t.tableNo}`,
            () =>
              void act(
                `/matches/${call.id}/assign`,
                { tableNo: t.tableNo, revision: call.revision },
                "Assigned",
              ),
          ),
        );
      }
      return card;
    }));
    if (o.tables.length === 0) tables.append(make("li", "muted", "No table assigned yet"));

    const known = (m: Match) => m.homeId !== null && m.awayId !== null;
    list("live", o.matches.filter((m) => m.status === "in_progress"), "No match in progress");
    list("next", o.matches.filter((m) => m.status === "scheduled" && known(m)), "Nothing scheduled");
    list(
      "done",
      o.matches.filter((m) => m.status === "completed").sort((a, b) => b.revision - a.revision).slice(0, 30),
      "No result yet",
    );
    list("waiting", o.matches.filter((m) => m.status === "scheduled" && !known(m)), "None");

    const cats = byId("categories")!;
    cats.replaceChildren(...o.subevents.map((s) => {
      const li = make("li", "category");
      li.dataset.subeventId = s.id;
      li.append(
        make("span", "names", s.name),
        make("span", "where", `${s.format}, ${s.matchCount} matches, draw ${s.drawState}`),
      );
      if (s.drawState === "draft") {
        li.append(
          button("Lock draw", () => void act(`/subevents/${s.id}/lock`, undefined, "Draw locked"), "primary"),
        );
      } else if (s.drawState === "locked") {
        const b = button("Unlock draw", () => {
          if (confirm(`Unlock the draw of ${s.name}? It stops being public.`)) {
            void act(`/subevents/${s.id}/unlock`, undefined, "Draw unlocked");
          }
        });
        b.disabled = s.drawStarted;
        if (s.drawStarted) b.title = "A match of the draw has started";
        li.append(b);
      }
      return li;
    }));
  }

  async function loadLinks(): Promise<void> {
    if (!slug) return;
    const warning = byId("base-warning")!;
    warning.hidden = !/^https?:\/\/(localhost|127\.|\[::1\])/.test(base);
    try {
      const res = await api(`/events/${encodeURIComponent(slug)}/links?base=${encodeURIComponent(base)}`);
      if (!res.ok) return setStatus(await problemDetail(res), "error");
      const links: { label: string; url: string; qr: { size: number; d: string } }[] =
        (await res.json()).data.links;
      byId("link-grid")!.replaceChildren(...links.map((l) => {
        const fig = make("figure", "link");
        const a = make("a", "", l.url) as HTMLAnchorElement;
        a.href = l.url;
        a.target = "_blank";
        a.rel = "noopener";
        const caption = make("figcaption", "");
        caption.append(make("strong", "", l.label), make("br"), a);
        fig.append(qrSvg(l.qr, `QR code: ${l.label}`), caption);
        return fig;
      }));
    } catch {
      setStatus("Cannot reach the server", "error");
    }
  }

  async function loadTokens(): Promise<void> {
    try {
      const res = await api("/tokens");
      if (!res.ok) return;
      const tokens: {
        id: string;
        label: string;
        role: string;
        eventSlug: string | null;
        tableNo: number | null;
        lastUsedAt: string | null;
        revokedAt: string | null;
      }[] = (await res.json()).data.tokens;
      byId("token-list")!.replaceChildren(...tokens.map((t) => {
        const li = make("li", t.revokedAt ? "revoked" : "");
        const limits = [t.eventSlug, t.tableNo === null ? null : `table ${t.tableNo}`].filter((x) =>
          x !== null
        ).join(", ");
        li.append(
          make("span", "names", t.label),
          make("span", "where", `${t.role}${limits ? ` (${limits})` : ""}`),
        );
        li.append(
          make(
            "span",
            "muted",
            t.revokedAt ? "revoked" : t.lastUsedAt ? `used ${time(t.lastUsedAt)}` : "never used",
          ),
        );
        if (!t.revokedAt) {
          li.append(button("Revoke", () => {
            if (confirm(`Revoke the token "${t.label}"?`)) {
              void act(`/tokens/${t.id}/revoke`, undefined, "Token revoked");
            }
          }));
        }
        return li;
      }));
    } catch {
      // The token list is secondary: the next refresh tries again.
    }
  }

  async function loadAudit(): Promise<void> {
    if (!slug) return;
    try {
      // Without the points (a day has thousands): each match's own are under /api/manage/audit?match=ID.
      const res = await api(`/events/${encodeURIComponent(slug)}/audit?limit=20&exclude=match.point`);
      if (!res.ok) return;
      const entries: { at: string; actor: string; action: string }[] = (await res.json()).data.entries;
      byId("audit")!.replaceChildren(
        ...entries.map((e) =>
          make("li", "", `${new Date(e.at).toLocaleTimeString()} · ${e.actor} · ${e.action}`)
        ),
      );
    } catch {
      // As above.
    }
  }

  /** The hall's table count the desk gave for this event (kept per event in localStorage); 0 when none. */
  const hallKey = () => `tt.manage.tables.${slug}`;
  function hallTables(): number {
    const n = Number(localStorage.getItem(hallKey()) ?? "");
    return Number.isInteger(n) && n >= 1 && n <= 999 ? n : 0;
  }
  const hallInput = byId<HTMLInputElement>("hall-tables");
  // Kept as soon as it is changed (leaving the field counts), not only with "Show": a typed value is not lost.
  const keepHall = (event: Event) => {
    event.preventDefault();
    const value = hallInput?.value ?? "";
    if (value === "" || !hallInput?.checkValidity()) localStorage.removeItem(hallKey());
    else localStorage.setItem(hallKey(), value);
    shown = "";
    void refresh();
  };
  byId<HTMLFormElement>("hall-form")?.addEventListener("submit", keepHall);
  hallInput?.addEventListener("change", keepHall);

  /** A key for a control that survives a re-render: its row (match, table or category) and its label. */
  function focusKey(el: Element | null): string | null {
    if (!(el instanceof HTMLElement) || el === document.body) return null;
    const row = el.closest<HTMLElement>("[data-match-id], [data-table-no], [data-subevent-id]");
    if (!row) return null;
    const d = row.dataset;
    return [d.matchId, d.tableNo, d.subeventId, el.tagName, el.textContent].join("|");
  }

  function restoreFocus(key: string): void {
    for (const el of document.querySelectorAll<HTMLElement>("#content button, #content a, #content input")) {
      if (focusKey(el) === key) return el.focus();
    }
  }

  async function refresh(): Promise<void> {
    if (!slug) return;
    const active = document.activeElement;
    // Re-rendering would throw away what the operator is typing in a match's form.
    if (active instanceof HTMLInputElement && active.closest("#matches")) return;
    try {
      const hall = hallTables();
      const res = await api(`/events/${encodeURIComponent(slug)}${hall ? `?tables=${hall}` : ""}`);
      if (res.status === 401) return showTokenForm(await problemDetail(res));
      if (res.status === 403) return showTokenForm(await problemDetail(res));
      if (!res.ok) return setStatus(`${await problemDetail(res)}: retrying`, "error");
      const data = (await res.json()).data as Overview;
      const text = JSON.stringify(data);
      if (text !== shown) {
        shown = text;
        // Rendering replaces the lists: the control a keyboard user is on gets the focus back afterwards.
        const focused = focusKey(document.activeElement);
        render(data);
        if (focused) restoreFocus(focused);
        void loadAudit();
      }
      const status = byId("status");
      if (
        status &&
        (status.dataset.kind === undefined ||
          /^(Loading|Cannot reach)|: retrying$/.test(status.textContent ?? ""))
      ) {
        setStatus("Up to date");
      }
    } catch {
      setStatus("Cannot reach the server: retrying", "error");
    }
  }

  type EventItem = { slug: string; name: string; status: string };

  /**
   * The events, asked for until the server gives them: a failed first answer (429, 5xx, no connection) is
   * shown and asked again after a few seconds, or after the answer's Retry-After.
   */
  async function loadEvents(): Promise<EventItem[] | null> {
    for (;;) {
      let res: Response | null = null;
      try {
        res = await api("/events");
        if (res.status === 401 || res.status === 403) {
          showTokenForm(await problemDetail(res));
          return null;
        }
        if (res.ok) return (await res.json()).data.events;
        setStatus(`${await problemDetail(res)}: retrying`, "error");
      } catch {
        setStatus("Cannot reach the server: retrying", "error");
      }
      const wait = retryDelay(res, 4000);
      await new Promise((resolve) => setTimeout(resolve, wait));
      if (halted) return null;
    }
  }

  async function start(): Promise<void> {
    const events = await loadEvents();
    if (events === null) return;
    setStatus("Loading…", "busy");
    api("/whoami").then(async (who) => {
      if (who.ok) byId("whoami")!.textContent = (await who.json()).data.token.label;
    }).catch(() => {
      // Only the label of the token: the page works without it.
    });
    const select = byId<HTMLSelectElement>("event-select")!;
    select.replaceChildren(...events.map((e) => {
      const option = make("option", "", `${e.name} (${e.status})`) as HTMLOptionElement;
      option.value = e.slug;
      return option;
    }));
    if (!events.some((e) => e.slug === slug)) {
      slug = events.find((e) => e.status === "published")?.slug ?? events[0]?.slug ?? "";
    }
    select.value = slug;
    byId("no-event")!.hidden = events.length > 0;
    select.addEventListener("change", () => {
      slug = select.value;
      localStorage.setItem(EVENT_KEY, slug);
      shown = "";
      // What the status line said was about the other event ("Published", "Draw locked").
      setStatus("Loading…", "busy");
      void refresh();
      void loadLinks();
    });
    byId("publish")!.addEventListener("click", (e) => {
      const action = (e.currentTarget as HTMLElement).dataset.action;
      if (action === "unpublish" && !confirm("Unpublish the event? Its pages and API answers disappear.")) {
        return;
      }
      void act(
        `/events/${encodeURIComponent(slug)}/${action}`,
        undefined,
        action === "publish" ? "Published" : "Unpublished",
      );
    });
    // The desk's announcement: "Show on TV" posts the field (emptied once shown), "Take down" removes it.
    const announcementPath = () => `/events/${encodeURIComponent(slug)}/announcement`;
    const announcementText = byId<HTMLInputElement>("announcement-text")!;
    byId<HTMLFormElement>("announcement-form")!.addEventListener("submit", async (e) => {
      e.preventDefault();
      const shownNow = await act(
        announcementPath(),
        { text: announcementText.value },
        "Announcement shown",
        "PUT",
      );
      if (shownNow) announcementText.value = "";
    });
    byId("announcement-clear")!.addEventListener("click", () => {
      void act(announcementPath(), undefined, "Announcement taken down", "DELETE");
    });
    // The event as an import file (docs/import-format.md), saved by the browser: to move it to another laptop,
    // to archive it, or to mend it and import it again.
    byId("export")!.addEventListener("click", async () => {
      setStatus("Exporting…", "busy");
      try {
        const res = await api(`/events/${encodeURIComponent(slug)}/export`);
        if (!res.ok) return setStatus(await problemDetail(res), "error");
        const link = make("a") as HTMLAnchorElement;
        link.href = URL.createObjectURL(await res.blob());
        link.download = `${slug}.json`;
        link.click();
        URL.revokeObjectURL(link.href);
        setStatus("Exported");
      } catch {
        setStatus("Cannot reach the server", "error");
      }
    });
    const baseInput = byId<HTMLInputElement>("base")!;
    baseInput.value = base;
    byId<HTMLFormElement>("base-form")!.addEventListener("submit", (e) => {
      e.preventDefault();
      base = baseInput.value.trim().replace(/\/+$/, "") || location.origin;
      localStorage.setItem(BASE_KEY, base);
      void loadLinks();
    });
    byId<HTMLFormElement>("token-create")!.addEventListener("submit", async (e) => {
      e.preventDefault();
      const label = byId<HTMLInputElement>("new-label")!.value.trim();
      const table = byId<HTMLInputElement>("new-table")!.value;
      const limit = byId<HTMLInputElement>("new-limit")!.checked;
      const made = await act("/tokens", {
        role: "scorer",
        label,
        ...(limit && slug ? { event: slug } : {}),
        ...(table ? { table: Number(table) } : {}),
      }, "Token made: it is shown once") as { secret: string } | null;
      const out = byId("new-secret")!;
      out.replaceChildren();
      if (made) {
        // The scoring page with the token in its fragment: the browser never sends a fragment to a server.
        const url = `${base}/score#token=${made.secret}`;
        out.append(make("p", "", `Token for ${label} (shown once): `), make("code", "secret", made.secret));
        out.append(make("p", "muted", "Scan on the umpire's phone to open the scoring page signed in:"));
        out.dataset.url = url;
        void showTokenQr(url);
      }
    });
    await refresh();
    if (!slug) setStatus("Up to date");
    void loadLinks();
    void loadTokens();
    setInterval(() => halted || void refresh(), 3000);
  }

  async function showTokenQr(url: string): Promise<void> {
    const res = await api(`/qr?text=${encodeURIComponent(url)}`);
    if (!res.ok) return;
    const qr = (await res.json()).data.qr;
    byId("new-secret")!.append(qrSvg(qr, "QR code: scoring page with this token"));
  }

  if (!token) return showTokenForm("");
  void start();
}
