/** The operator's page's small rules: which event it shows, the hall's tables, the links' address, tokens, times. */
import assert from "node:assert/strict";
import { localInputValue } from "../../../../../pages/operator/client/manage/assign_form.ts";
import { AUDIT_WORDS, auditLine } from "../../../../../pages/operator/client/manage/audit.ts";
import { eventToShow } from "../../../../../pages/operator/client/manage/events.ts";
import { hallKey, hallTables } from "../../../../../pages/operator/client/manage/hall_tables.ts";
import { isLocalAddress } from "../../../../../pages/operator/client/manage/links.ts";
import { tokenScope } from "../../../../../pages/operator/client/manage/tokens.ts";
import { memoryStorage } from "../memory_storage.ts";

Deno.test("eventToShow() keeps the event shown last while it exists, else the published one, else the first", () => {
  const events = [{ slug: "a", status: "draft" as const }, { slug: "b", status: "published" as const }];
  assert.equal(eventToShow(events, "a"), "a");
  assert.equal(eventToShow(events, "gone"), "b");
  assert.equal(eventToShow([events[0]!], ""), "a");
  assert.equal(eventToShow([], "a"), "");
});

Deno.test("hallTables() reads the count kept for the event, 0 for none or one out of 1..999", () => {
  const s = memoryStorage();
  assert.equal(hallTables(s, "city"), 0);
  s.setItem(hallKey("city"), "12");
  assert.equal(hallTables(s, "city"), 12);
  assert.equal(hallTables(s, "other"), 0);
  for (const bad of ["0", "1000", "2.5", "x", ""]) {
    s.setItem(hallKey("city"), bad);
    assert.equal(hallTables(s, "city"), 0, bad);
  }
});

Deno.test("isLocalAddress() tells the addresses only this computer reaches", () => {
  for (const local of ["http://localhost:8000", "http://127.0.0.1:8000", "https://[::1]:8443"]) {
    assert.ok(isLocalAddress(local), local);
  }
  for (const lan of ["http://192.168.1.20:8000", "https://cup.example.net"]) {
    assert.ok(!isLocalAddress(lan), lan);
  }
});

Deno.test("tokenScope() says a token's role and its limits", () => {
  assert.equal(tokenScope({ role: "admin", eventSlug: null, tableNo: null }), "admin");
  assert.equal(
    tokenScope({ role: "scorer", eventSlug: "city-open", tableNo: 3 }),
    "scorer (city-open, table 3)",
  );
  assert.equal(tokenScope({ role: "scorer", eventSlug: null, tableNo: 3 }), "scorer (table 3)");
});

Deno.test("localInputValue() is the reader's wall-clock time to the minute, read back as the same instant", () => {
  const iso = "2026-11-28T10:30:00.000Z";
  const value = localInputValue(iso);
  assert.match(value, /^\d{4}-\d\d-\d\dT\d\d:\d\d$/);
  assert.equal(new Date(value).toISOString(), iso);
});

Deno.test("auditLine() says when, who and what", () => {
  assert.match(
    auditLine({ at: "2026-11-28T10:30:00.000Z", actor: "Desk", action: "match.start" }),
    / · Desk · started$/,
  );
  assert.match(
    auditLine({ at: "2026-11-28T10:30:00.000Z", actor: "Desk", action: "draw.unknown" }),
    / · Desk · draw\.unknown$/,
  );
});

Deno.test("auditLine() names the match changed by its players, category and stage", () => {
  const match = {
    homeName: "Anna Berg",
    awayName: "Ben Okafor",
    subeventName: "Men's singles",
    stageLabel: "Quarter-final",
  };
  const line = auditLine({ at: "2026-11-28T10:30:00.000Z", actor: "Desk", action: "match.result" }, match);
  assert.match(line, / · Desk · result entered: Anna Berg v Ben Okafor \(Men's singles, Quarter-final\)$/);
});

Deno.test("AUDIT_WORDS words every action the server writes to the audit log", async () => {
  const actions = new Set<string>();
  for (const dir of ["db", "api", "event_file", "cli"]) {
    for await (const path of typeScriptFiles(dir)) {
      const source = await Deno.readTextFile(path);
      for (const m of source.matchAll(/\baction: "([a-z_.-]+)"/g)) actions.add(m[1]!);
    }
  }
  assert.ok(actions.size >= 20, `found ${actions.size} actions`);
  assert.deepEqual([...actions].filter((a) => !Object.hasOwn(AUDIT_WORDS, a)), []);
});

/** The TypeScript files under `dir`, at any depth. */
async function* typeScriptFiles(dir: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(dir)) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) yield* typeScriptFiles(path);
    else if (entry.name.endsWith(".ts")) yield path;
  }
}
