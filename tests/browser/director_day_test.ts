/**
 * A director's day run from /manage alone, in Chromium at 1366x768 (issue 48): the event file imported from the
 * desk (a problem shown, the mended file previewed and imported), check-in with the two no-shows withdrawn in
 * one step, the under-15 round robin of 9 drawn, locked and played (results through the management API) until
 * its standings show, a team tie's line-ups published and the order of play kept (the tie's matches get their
 * times), the veterans' lot recorded from "Needs you", and a played match's result replaced in one step.
 * Every wait is on a condition. `-- --update` keeps the screenshots (docs/screenshots/director_day_*.png).
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import type { EventFile, MatchInput, PlayerInput } from "../../event_file/format.ts";
import { listAudit } from "../../db/audit.ts";
import { makeToken } from "../api/manage_fixtures.ts";
import { browserSuite } from "../support/browser.ts";
import { atTheDesk, publishLineups, rowAction } from "../support/manage_page.ts";
import { keepScreenshot } from "../support/screenshot.ts";

const CLUBS = ["Northgate TTC", "Riverside TT", "Eastfield", "Westend Spin"];
const U15 = [
  "Mia Novak",
  "Leo Hartmann",
  "Zoe Brennan",
  "Noah Lindqvist",
  "Ava Moreau",
  "Elias Berger",
  "Lina Kowalski",
  "Finn Okafor",
  "Ella Duarte",
  "Jonas Weber",
  "Sara Rossi",
];
/** The two who do not come. */
const NO_SHOWS = ["Jonas Weber", "Sara Rossi"];
const VETERANS = ["Peter Holm", "Karl Janssen", "Hugo Lambert"];
const TEAMS = {
  NOR: ["Tom Fischer", "Ivan Petrov", "Omar Haddad"],
  RIV: ["Lukas Brandt", "Marco Conti", "Erik Dahl"],
  EAS: ["Jan de Vries", "Paul Girard", "Nils Eriksen"],
  WES: ["Adam Wolf", "Ben Carter", "Dario Lopez"],
} as const;
const TEAM_NAMES: Record<keyof typeof TEAMS, string> = {
  NOR: "Northgate TTC",
  RIV: "Riverside TT",
  EAS: "Eastfield",
  WES: "Westend Spin",
};
/**
 * An instant of the day (4 May 2030) at the hall's clock time: the server takes the hall's zone from its own, so
 * the day's session and results stay within the event's date in any zone the suite runs in (Auckland included).
 */
const hallTime = (hours: number, minutes: number) => new Date(2030, 4, 4, hours, minutes).toISOString();
const key = (name: string) => name.toLowerCase().replace(/[^a-z]/g, "");

/** The day's event file: an under-15 round robin to draw, veterans level after their group, a team group. */
function dayFile(): EventFile {
  const players: PlayerInput[] = [
    ...U15.map((n, i) => ({ id: key(n), displayName: n, association: CLUBS[i % 4]! })),
    ...VETERANS.map((n, i) => ({ id: key(n), displayName: n, association: CLUBS[i]! })),
    ...Object.entries(TEAMS).flatMap(([code, names]) =>
      names.map((n) => ({ id: key(n), displayName: n, association: TEAM_NAMES[code as keyof typeof TEAMS] }))
    ),
  ];
  // Each veteran beat the next by the same games: Regulation 3.7.5 leaves the three level, for a lot.
  const [a, b, c] = VETERANS.map(key) as [string, string, string];
  const veteranMatch = (id: string, home: string, away: string, i: number): MatchInput => ({
    id,
    stage: "group",
    group: "A",
    home,
    away,
    status: "completed",
    games: ["11-7", "11-8"],
    firstServer: "home",
    startedAt: hallTime(8, 10 + 10 * i),
    completedAt: hallTime(8, 18 + 10 * i),
  });
  const codes = Object.keys(TEAMS);
  const ties: [string, string][] = [["NOR", "WES"], ["RIV", "EAS"], ["NOR", "EAS"], ["RIV", "WES"], [
    "NOR",
    "RIV",
  ], ["EAS", "WES"]];
  return {
    format: "tt-event/1",
    event: {
      slug: "city-open-2030",
      name: "City Open 2030",
      venue: "Sports Hall East",
      startDate: "2030-05-04",
      endDate: "2030-05-04",
      status: "published",
    },
    players,
    sessions: [{
      id: "day",
      name: "Saturday",
      start: hallTime(9, 0),
      end: hallTime(20, 0),
      tables: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    }],
    categories: [
      {
        id: "U15",
        name: "Under-15 round robin",
        kind: "singles",
        format: "groups",
        bestOf: 3,
        groupSize: 9,
        entries: U15.map((n) => ({ id: key(n), players: [key(n)] })),
      },
      {
        id: "V50",
        name: "Veterans over 50",
        kind: "singles",
        format: "groups",
        bestOf: 3,
        groupSize: 3,
        entries: VETERANS.map((n) => ({ id: key(n), players: [key(n)] })),
        groups: [{ name: "A", entries: [a, b, c] }],
        draw: { state: "locked", lotSeed: "veterans" },
        matches: [veteranMatch("v1", a, b, 0), veteranMatch("v2", b, c, 1), veteranMatch("v3", c, a, 2)],
      },
      {
        id: "TEAM",
        name: "Club teams",
        kind: "team",
        teamFormat: "wttc",
        format: "groups",
        bestOf: 5,
        groupSize: 4,
        entries: codes.map((code, i) => ({
          id: code,
          name: TEAM_NAMES[code as keyof typeof TEAMS],
          association: TEAM_NAMES[code as keyof typeof TEAMS],
          players: TEAMS[code as keyof typeof TEAMS].map(key),
          seed: i + 1,
        })),
        groups: [{ name: "A", entries: codes }],
        draw: { state: "locked", lotSeed: "teams" },
        matches: ties.map(([home, away], i) => ({
          id: `T${i + 1}`,
          stage: "group" as const,
          group: "A",
          round: Math.floor(i / 2) + 1,
          position: i % 2,
          home,
          away,
          status: "scheduled" as const,
        })),
      },
    ],
  };
}

/** The file as an upload. */
const upload = (file: unknown) => ({
  name: "city-open-2030.json",
  mimeType: "application/json",
  buffer: Buffer.from(JSON.stringify(file, null, 2)),
});

/** Waits until the status line says `text`. */
const statusSays = (page: Page, text: string) =>
  page.waitForFunction((t) => document.getElementById("status")?.textContent === t, text);

/** Shows a view of the page by its button. */
const view = async (page: Page, name: string) => {
  await page.click(`#views button[data-view="${name}"]`);
  await page.waitForSelector(`#content[data-view="${name}"]`, { state: "attached" });
};

browserSuite(
  "a director's day from /manage alone: import, check-in, a round robin of 9, a tie, a lot, a correction",
  async (store) => ({ admin: await makeToken(store.db, "admin", { label: "Desk" }) }),
  async (t, { browser, server, seeded }) => {
    const db = server.store.db;
    const api = (path: string, body: unknown) =>
      fetch(`${server.origin}/api/manage${path}`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${seeded.admin}`,
          "Content-Type": "application/json",
          "Idempotency-Key": crypto.randomUUID(),
        },
        body: JSON.stringify(body),
      });
    await atTheDesk(browser, server.origin, seeded.admin, "event", async (page, confirmations) => {
      await t.step(
        "import: the file's problem is listed, the mended file previewed and imported",
        async () => {
          const broken = dayFile();
          broken.categories[0]!.entries[3] = { id: "noah", players: ["noahlindqvst"] };
          await page.setInputFiles("#import-file", upload(broken));
          await page.click("#import-form button[type=submit]");
          await page.waitForSelector("#import-problems:not([hidden])");
          assert.match(await page.textContent("#import-problems") ?? "", /categories\[0\]\.entries\[3\]/);
          await page.setInputFiles("#import-file", upload(dayFile()));
          await page.click("#import-form button[type=submit]");
          await page.waitForSelector("#import-go");
          assert.match(await page.textContent("#import-preview") ?? "", /A new event "City Open 2030"/);
          await page.click("#import-go");
          await page.waitForFunction(() =>
            document.getElementById("event-name")?.textContent === "City Open 2030"
          );
        },
      );

      await t.step("check-in: everyone ticked but two, the two no-shows withdrawn in one step", async () => {
        await view(page, "categories");
        await page.waitForSelector("#check-in-list li");
        const players = await page.$$eval(
          "#check-in-list li input[data-player]",
          (ts) =>
            ts.map((t) => ({
              id: (t as HTMLInputElement).dataset.player!,
              label: t.parentElement!.textContent!,
            })),
        );
        // 11 under-15s, 3 veterans and the 12 team players: people, not the teams.
        assert.equal(players.length, 26, players.map((p) => p.label).join(", "));
        let here = 0;
        for (const p of players.filter((p) => !NO_SHOWS.some((n) => p.label.includes(n)))) {
          await page.check(`#check-in-list input[data-player="${p.id}"]`);
          here++;
          await page.waitForFunction(
            (text) => document.getElementById("check-in-count")?.textContent === text,
            `${here} of ${players.length} players here`,
          );
        }
        await page.check("#check-in-missing");
        await page.waitForFunction(() => document.querySelectorAll("#check-in-list li").length === 2);
        await page.locator("#check-in").evaluate((el) => scrollBy(0, el.getBoundingClientRect().top - 60));
        await keepScreenshot(page, "director_day_check_in");
        await page.click("#check-in-no-shows:has-text('Withdraw the 2 no-shows')");
        await statusSays(page, "2 no-shows withdrawn");
        assert.match(confirmations.at(-1) ?? "", /Jonas Weber and Sara Rossi/);
        const u15 = await db.selectFrom("entries").innerJoin(
          "subevents",
          "subevents.id",
          "entries.subevent_id",
        )
          .select("entries.id").where("subevents.code", "=", "U15").execute();
        assert.equal(u15.length, 9, "the two no-shows left the round robin before its draw");
      });

      const u15 = await db.selectFrom("subevents").select("id").where("code", "=", "U15").executeTakeFirst();
      await t.step("the round robin of 9 drawn, locked and played until its standings show", async () => {
        const row = `#categories li[data-category-id="${u15!.id}"]`;
        await page.click(`${row} button:has-text("Draw…")`);
        await page.waitForSelector("#draw-form");
        await page.fill("#draw-seed", "u15");
        await page.fill("#draw-group-size", "9");
        await page.click("#draw-form button[type=submit]");
        await page.waitForFunction(() =>
          /Draft \(not public\)/.test(document.getElementById("draw-console")!.textContent!)
        );
        await page.click("#draw-console button:has-text('Lock draw')");
        await page.waitForFunction(() =>
          /Locked \(public\)/.test(document.getElementById("draw-console")!.textContent!)
        );
        const matches = await db.selectFrom("matches").select(["id", "round_no"]).where(
          "subevent_id",
          "=",
          u15!.id,
        )
          .orderBy("round_no").orderBy("id").execute();
        assert.equal(matches.length, 36);
        // The first three rounds played from the score sheets.
        for (const m of matches.filter((m) => Number(m.round_no) <= 3)) {
          const res = await api(`/matches/${m.id}/result`, {
            games: [{ home: 11, away: 7 }, { home: 9, away: 11 }, { home: 11, away: 6 }],
          });
          assert.equal(res.status, 200, await res.text());
        }
        const drawn = await fetch(`${server.origin}/api/manage/subevents/${u15!.id}/draw`, {
          headers: { Authorization: `Bearer ${seeded.admin}` },
        });
        const [group] = (await drawn.json()).data.draw.standings as { rows: { played: number }[] }[];
        assert.equal(group!.rows.length, 9);
        assert.equal(
          group!.rows.reduce((sum, r) => sum + r.played, 0),
          24,
          "12 matches played, two players each",
        );
        await keepScreenshot(page, "director_day_round_robin");
      });

      await t.step("the veterans' lot is recorded from Needs you", async () => {
        await page.waitForSelector("#needs li.need[data-kind=lot]");
        assert.match(await page.textContent("#needs li.need[data-kind=lot]") ?? "", /Veterans over 50/);
        await page.click("#needs li.need[data-kind=lot] button");
        await page.waitForSelector("#draw-console form.lot");
        await page.click("#draw-console form.lot button[type=submit]");
        await page.waitForSelector("#needs li.need[data-kind=lot]", { state: "detached" });
      });

      await t.step(
        "a tie's line-ups published and the order of play kept: the tie's matches get times",
        async () => {
          const tie = await db.selectFrom("matches").innerJoin(
            "subevents",
            "subevents.id",
            "matches.subevent_id",
          )
            .select("matches.id").where("subevents.code", "=", "TEAM").where("matches.stage", "=", "group")
            .orderBy("matches.round_no").orderBy("matches.id").executeTakeFirstOrThrow();
          await view(page, "matches");
          const row = `li.match[data-match-id="${tie.id}"]`;
          await rowAction(page, row, 'button:has-text("Line-ups…")');
          await publishLineups(page);
          await view(page, "plan");
          await page.waitForSelector("#session-rows tr");
          await page.click("#plan-form button[type=submit]");
          await page.waitForSelector("#plan-keep:not([hidden])");
          await page.click("#plan-keep");
          await page.waitForFunction(() =>
            /Kept: \d+ matches/.test(document.getElementById("plan-summary")!.textContent!)
          );
          const tieMatches = await db.selectFrom("matches").select(["scheduled_at", "table_no"])
            .where("tie_id", "=", tie.id).execute();
          assert.ok(tieMatches.length >= 3, "the line-ups made the tie's matches");
          assert.ok(
            tieMatches.every((m) => m.scheduled_at !== null && m.table_no !== null),
            JSON.stringify(tieMatches),
          );
          assert.ok(
            new Set(tieMatches.map((m) => m.scheduled_at)).size > 1,
            "one after another, not all at once",
          );
          await keepScreenshot(page, "director_day_plan");
        },
      );

      await t.step("a played match's result replaced in one confirmed step, audited", async () => {
        const played = await db.selectFrom("matches").select("id").where("subevent_id", "=", u15!.id)
          .where("status", "=", "completed").orderBy("round_no").orderBy("id").executeTakeFirstOrThrow();
        await view(page, "categories");
        await page.selectOption("#category-pick", u15!.id);
        const row = `#category-matches li.match[data-match-id="${played.id}"]`;
        await page.waitForSelector(row);
        await rowAction(page, row, "form.result input");
        await page.fill(`${row} form.result input`, "11-7 11-9");
        await page.click(`${row} form.result button[type=submit]`);
        await statusSays(page, "Result entered");
        assert.match(confirmations.at(-1) ?? "", /It replaces what was scored/);
        const m = await db.selectFrom("matches").select("games").where("id", "=", played.id)
          .executeTakeFirstOrThrow();
        assert.deepEqual(JSON.parse(m.games), [[11, 7], [11, 9]]);
        assert.ok((await listAudit(db, { actions: ["match.result"], limit: 50 })).length > 0);
      });
    });
  },
);
