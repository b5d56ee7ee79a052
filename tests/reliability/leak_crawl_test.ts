/**
 * Leak crawl: a store holding private data (the demo's draft event with e-mail addresses and birth dates, an
 * archived event, a published event whose players have private fields, an account, tokens) is crawled through
 * every public route, API and pages, following the links of HTML and the ids and paths of JSON; no private
 * value may appear in any response, body or header. The private values are read from the store, so a new
 * private column or row is covered as soon as the seed fills it.
 */
import assert from "node:assert/strict";
import { stableId } from "../../db/ids.ts";
import { sql } from "kysely";
import { silentLogger } from "../../lib/log.ts";
import { loadDemoIfEmpty } from "../../cli/demo.ts";
import { importEvent } from "../../event_file/import.ts";
import type { EventFile } from "../../event_file/format.ts";
import type { Store } from "../../db/store.ts";
import { createToken } from "../../db/tokens.ts";
import { createApp } from "../../main.ts";
import { reportFigure } from "../support/server.ts";
import { storeTest } from "../support/stores.ts";
import { firstMatchWonByE1 } from "../support/event_files.ts";
import { PAGE_ROUTES } from "../support/page_routes.ts";

const NOW = new Date("2026-11-28T12:00:00.000Z");

/** Routes with a path parameter: every id or slug found is tried in each. */
const TEMPLATES = [
  "/api/v1/events/:x",
  "/api/v1/events/:x/players",
  "/api/v1/subevents/:x/draw",
  "/api/v1/subevents/:x/standings",
  "/api/v1/subevents/:x/matches",
  "/api/v1/matches/:x",
  ...PAGE_ROUTES,
];

/** Where the crawl starts, with the query variants a curious client would try. */
const SEEDS = [
  "/",
  "/api",
  "/rankings",
  "/rankings?page=2",
  "/api/v1/events",
  "/api/v1/events?status=draft",
  "/api/v1/events?status=archived",
  "/api/v1/events?include=all",
  "/api/v1/events?all=1&drafts=1",
  "/api/v1/rankings",
  "/api/v1/rankings?limit=500",
  "/api/v1/rankings?limit=500&offset=100",
  "/api/v1/openapi.json",
];

/** The most requests one crawl may make. */
const BUDGET = 6000;

function player(id: string, name: string, email: string, birthDate: string) {
  return { id, displayName: name, association: "Quiet TTC", email, birthDate };
}

/** A small knockout of four with one result, in an event of the given status. */
function eventFile(slug: string, name: string, status: "published" | "archived", names: string[]): EventFile {
  const players = names.map((n, i) =>
    player(
      `p${i + 1}`,
      n,
      `${n.toLowerCase().replace(/[^a-z]+/g, ".")}@private.example`,
      `197${i}-0${i + 2}-2${i}`,
    )
  );
  return {
    format: "tt-event/1",
    event: {
      slug,
      name,
      venue: "Back room",
      startDate: status === "archived" ? "2025-10-04" : "2026-11-28",
      endDate: status === "archived" ? "2025-10-04" : "2026-11-28",
      status,
      description: `${name}: description for the leak crawl`,
    },
    players,
    accounts: [{ email: `organiser.${slug}@private.example`, displayName: `Organiser of ${slug}` }],
    categories: [{
      id: "OS",
      name: `Singles of ${slug}`,
      kind: "singles",
      format: "knockout",
      bestOf: 3,
      entries: players.map((p, i) => ({ id: `e${i + 1}`, players: [p.id] })),
      draw: { state: "locked", size: 4, slots: ["e1", "e2", "e3", "e4"] },
      matches: [
        firstMatchWonByE1("R1-0", { games: ["11-5", "11-7"] }),
        { id: "R1-1", stage: "knockout", round: 1, position: 1, home: "e3", away: "e4", status: "scheduled" },
        { id: "R2-0", stage: "knockout", round: 2, position: 0, status: "scheduled" },
      ],
    }],
  };
}

/** Fills the store with the demo, an archived event, a published event with private fields and tokens. */
async function seedPrivateData(store: Store): Promise<string[]> {
  await loadDemoIfEmpty(store, NOW);
  await importEvent(
    store,
    eventFile("autumn-vault-2025", "Autumn Vault Cup 2025", "archived", [
      "Quinn Archived",
      "Reese Vaulted",
      "Tatum Bygone",
      "Umber Stored",
    ]),
    () => NOW,
  );
  await importEvent(
    store,
    eventFile("open-leak-check-2026", "Open Leak Check 2026", "published", [
      "Vera Visible",
      "Wim Public",
      "Xena Shown",
      "Yves Open",
    ]),
    () => NOW,
  );
  const draft = await store.db.selectFrom("events").select("id").where("status", "=", "draft")
    .executeTakeFirstOrThrow();
  const secrets: string[] = [];
  secrets.push((await createToken(store.db, { role: "admin", label: "leak-crawl admin label" }, NOW)).secret);
  secrets.push(
    (await createToken(store.db, {
      role: "scorer",
      label: "leak-crawl scorer label",
      eventId: draft.id,
      tableNo: 3,
    }, NOW))
      .secret,
  );
  return secrets;
}

/** Every value that must never be served, read from the store (with the token secrets given). */
async function privateValues(store: Store, secrets: string[]): Promise<Map<string, string>> {
  const values = new Map<string, string>();
  const add = (value: string | null | undefined, what: string) => {
    if (value && value.length >= 6) values.set(value, what);
  };
  for (const s of secrets) add(s, "token secret");
  const db = store.db;
  for (const t of await db.selectFrom("tokens").selectAll().execute()) {
    add(t.token_hash, "token hash");
    add(t.id, "token id");
    add(t.label, "token label");
  }
  for (const a of await db.selectFrom("accounts").selectAll().execute()) {
    add(a.email, "account e-mail");
    add(a.display_name, "account name");
  }
  for (const p of await db.selectFrom("players").select(["email", "birth_date", "federation_id"]).execute()) {
    add(p.email, "player e-mail");
    add(p.birth_date, "player birth date");
    add(p.federation_id, "federation id");
    // A public id must not be one anybody could compute from a federation id (the unkeyed derivation).
    if (p.federation_id) {
      add(stableId("player", "federation", p.federation_id), "player id derivable from a federation id");
    }
  }
  for (const k of await db.selectFrom("store_keys").select("value").execute()) add(k.value, "store key");
  const hidden = await db.selectFrom("events").selectAll().where("status", "!=", "published").execute();
  assert.ok(hidden.some((e) => e.status === "draft") && hidden.some((e) => e.status === "archived"));
  for (const e of hidden) {
    add(e.id, `${e.status} event id`);
    add(e.slug, `${e.status} event slug`);
    add(e.name, `${e.status} event name`);
    add(e.description, `${e.status} event description`);
  }
  const hiddenIds = hidden.map((e) => e.id);
  const categories = await db.selectFrom("subevents").select(["id", "name"]).where(
    "event_id",
    "in",
    hiddenIds,
  )
    .execute();
  for (const s of categories) add(s.id, "hidden category id");
  for (const m of await db.selectFrom("matches").select("id").where("event_id", "in", hiddenIds).execute()) {
    add(m.id, "hidden match id");
  }
  const subIds = categories.map((s) => s.id);
  for (const e of await db.selectFrom("entries").select("id").where("subevent_id", "in", subIds).execute()) {
    add(e.id, "hidden entry id");
  }
  // Players of hidden events only (no entry in a published event): their names and ids are private.
  const hiddenPlayers = await sql<{ id: string; display_name: string }>`
    select p.id, p.display_name from players p
    where not exists (
      select 1 from entries en join subevents s on s.id = en.subevent_id join events e on e.id = s.event_id
      where e.status = 'published' and (en.player1_id = p.id or en.player2_id = p.id))`.execute(db);
  assert.ok(hiddenPlayers.rows.length >= 10, "the seed has players of hidden events only");
  for (const p of hiddenPlayers.rows) {
    add(p.id, "hidden player id");
    add(p.display_name, "hidden player name");
  }
  return values;
}

/** The forms a value may take in a response: as is, URL-encoded, HTML-escaped, JSON-escaped. */
function forms(value: string): string[] {
  const html = value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/'/g, "&#39;")
    .replace(/"/g, "&quot;");
  return [...new Set([value, encodeURIComponent(value), html, JSON.stringify(value).slice(1, -1)])]
    .map((f) => f.toLowerCase());
}

/** The links of an HTML page: href, src, action and the API URLs a live page polls (data-watch). */
function htmlLinks(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/\b(?:href|src|action|data-watch)\s*=\s*"([^"]*)"/gi)) {
    for (const part of m[1]!.split(/\s+/)) out.push(part.replaceAll("&amp;", "&"));
  }
  return out;
}

/** The ids, slugs and paths of a JSON document. */
function jsonFinds(value: unknown, ids: Set<string>, paths: string[], key = ""): void {
  if (typeof value === "string") {
    if (key === "id" || key === "slug" || /Id$/.test(key)) ids.add(value);
    if (value.startsWith("/") || /^https?:\/\//.test(value)) paths.push(value);
  } else if (Array.isArray(value)) {
    for (const v of value) jsonFinds(v, ids, paths, key);
  } else if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) jsonFinds(v, ids, paths, k);
  }
}

/** A followable same-site path from a link, or null. */
function localPath(link: string): string | null {
  if (link === "" || link.startsWith("#") || /^(data|mailto|javascript):/i.test(link)) return null;
  try {
    const url = new URL(link, "http://localhost/");
    if (url.hostname !== "localhost" && !link.startsWith("/")) return null;
    return url.pathname + url.search;
  } catch {
    return null;
  }
}

storeTest("leak crawl: no private value appears on any public route (API and pages)", async (store) => {
  const secrets = await seedPrivateData(store);
  const secret = await privateValues(store, secrets);
  const needles = [...secret].flatMap(([value, what]) => forms(value).map((f) => [f, what, value] as const));
  const app = createApp({ store, log: silentLogger, clock: () => NOW });

  const seen = new Set<string>();
  const queue: string[] = [];
  const triedIds = new Set<string>();
  const enqueue = (path: string | null) => {
    if (path !== null && !seen.has(path) && !path.startsWith("/api/manage")) {
      seen.add(path);
      queue.push(path);
    }
  };
  const tryId = (id: string) => {
    if (triedIds.has(id) || id.length > 200) return;
    triedIds.add(id);
    for (const t of TEMPLATES) enqueue(t.replace(":x", encodeURIComponent(id)));
  };
  SEEDS.forEach(enqueue);
  // Direct probes: a private slug or id typed by hand must lead nowhere either.
  for (const [value, what] of secret) if (/(slug|id)$/.test(what)) tryId(value);

  const leaks: string[] = [];
  const statuses = new Map<number, number>();
  let requests = 0;
  let pagesOk = 0, apiOk = 0;
  while (queue.length > 0) {
    assert.ok(requests < BUDGET, `the crawl stays within ${BUDGET} requests`);
    const path = queue.shift()!;
    const res = await app.request(path);
    requests++;
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    assert.ok(res.status < 500, `GET ${path} answered ${res.status}`);
    const body = await res.text();
    const headers = [...res.headers].map(([k, v]) => `${k}: ${v}`).join("\n");
    const text = (headers + "\n" + body).toLowerCase();
    // A value the client itself typed into the URL may be echoed back (in a 404's detail); nothing else may.
    const asked = decodeURIComponent(path).toLowerCase();
    for (const [needle, what, value] of needles) {
      if (text.includes(needle) && !asked.includes(value.toLowerCase())) {
        leaks.push(`GET ${path} (${res.status}) shows the ${what} "${value}"`);
      }
    }
    if (res.status >= 300) continue;
    const type = res.headers.get("Content-Type") ?? "";
    if (type.includes("html")) {
      pagesOk++;
      for (const link of htmlLinks(body)) enqueue(localPath(link));
    } else if (type.includes("json")) {
      apiOk++;
      const ids = new Set<string>();
      const paths: string[] = [];
      jsonFinds(JSON.parse(body), ids, paths);
      ids.forEach(tryId);
      for (const p of paths) enqueue(localPath(p));
    }
  }
  assert.deepEqual(leaks.slice(0, 20), [], `${leaks.length} leaks`);
  // The crawl did reach the public data: every match of the published events whose sides are known (the
  // others are not public yet), its category, and their pages.
  const published = await store.db.selectFrom("matches").innerJoin("events", "events.id", "matches.event_id")
    .select(["matches.id", "matches.subevent_id"]).where("events.status", "=", "published")
    .where("matches.home_entry_id", "is not", null).where("matches.away_entry_id", "is not", null).execute();
  assert.ok(published.length >= 50);
  for (const m of published) {
    assert.ok(
      seen.has(`/api/v1/matches/${m.id}`) && seen.has(`/m/${m.id}`),
      `the crawl reached match ${m.id}`,
    );
    assert.ok(
      seen.has(`/api/v1/subevents/${m.subevent_id}/matches`),
      `the crawl reached category ${m.subevent_id}`,
    );
  }
  assert.ok(apiOk >= 50 && pagesOk >= 100, `crawled ${apiOk} API and ${pagesOk} page answers`);
  const summary = `${requests} URLs (${
    [...statuses].map(([s, n]) => `${n}x ${s}`).join(", ")
  }), ${secret.size} ` +
    `private values in ${needles.length} spellings, ${leaks.length} leaks`;
  reportFigure(`leak crawl ${store.dialect}`, summary);
  assert.ok(requests >= 1000, summary);
});
