/** The operator's page /manage in Chromium: sign in, publish, lock a draw, start a match, links, tokens. */
import assert from "node:assert/strict";
import { authenticateToken } from "../../db/tokens.ts";
import { browserSuite, pauseClock } from "../support/browser.ts";
import { until } from "../support/wait.ts";
import { openManage, openMenu, rowAction, seedDesk } from "../support/manage_page.ts";
import { testNow, testNowMs } from "../support/test_clock.ts";

browserSuite(
  "/manage runs the event: publish, lock the draw, start a match, links and scorer tokens",
  (store) => seedDesk(store, { status: "draft", drawState: "draft" }),
  async (t, { browser, server, seeded }) => {
    const { page, errors, consoleErrors, confirmations, close } = await openManage(browser);
    await page.goto(`${server.origin}/manage`);
    const row = (id: string) => `li.match[data-match-id="${id}"]`;
    try {
      await t.step("the token is entered once and kept", async () => {
        await page.waitForSelector("#token-form:not([hidden])");
        await page.fill("#token-input", seeded.admin);
        await page.click("#token-form button[type=submit]");
        await page.waitForFunction(() =>
          document.getElementById("event-name")?.textContent === "Event test-open"
        );
        assert.equal(await page.textContent("#event-status"), "draft");
        assert.equal(await page.textContent("#whoami"), "Desk");
      });

      await t.step("publish and lock the draw", async () => {
        await page.click("#publish");
        await page.waitForFunction(() =>
          document.getElementById("event-status")?.textContent === "published"
        );
        // The event list follows: its entry says what the event is now.
        await page.waitForFunction(() =>
          /\(published\)$/.test(
            (document.getElementById("event-select") as HTMLSelectElement).selectedOptions[0]?.textContent ??
              "",
          )
        );
        await page.click(`li.category[data-category-id="${seeded.ev.categoryId}"] button`);
        await page.waitForFunction(() =>
          document.querySelector("li.category button")?.textContent === "Unlock draw"
        );
        const sub = await server.store.db.selectFrom("subevents").select("draw_state")
          .executeTakeFirstOrThrow();
        assert.equal(sub.draw_state, "locked");
      });

      await t.step(
        "an announcement is posted from the box, kept while typing, refused with the reason, taken down",
        async () => {
          // Run in the page: nothing of the test's scope goes with it.
          const shows = (text: string) =>
            page.waitForFunction((t) => document.getElementById("announcement-now")?.textContent === t, text);
          assert.equal(await page.textContent("#announcement-now"), "None");
          await page.fill("#announcement-text", "Lunch break until 13:00");
          await page.click("#announcement-form button[type=submit]");
          await shows("Lunch break until 13:00");
          // The field is emptied once the write has answered, which may come after the refresh showed it.
          await page.waitForFunction(() =>
            (document.getElementById("announcement-text") as HTMLInputElement).value === ""
          );
          assert.equal(await page.textContent("#status"), "Announcement shown");
          const row = await server.store.db.selectFrom("events").select("announcement")
            .executeTakeFirstOrThrow();
          assert.equal(row.announcement, "Lunch break until 13:00");

          // Another desk changes it while this one types: the refresh shows the change, the typing stays.
          await page.fill("#announcement-text", "Anna Berg to");
          const res = await fetch(`${server.origin}/api/manage/events/${seeded.ev.slug}/announcement`, {
            method: "PUT",
            headers: { authorization: `Bearer ${seeded.admin}`, "content-type": "application/json" },
            body: JSON.stringify({ text: "Final at 16:00 on table 1" }),
          });
          assert.equal(res.status, 200, await res.text());
          await shows("Final at 16:00 on table 1");
          assert.equal(await page.inputValue("#announcement-text"), "Anna Berg to");
          assert.equal(await page.evaluate(() => document.activeElement?.id), "announcement-text");

          // A line the TV cannot show is refused with the reason, and what is shown stays.
          await page.fill("#announcement-text", "Table 3 \u202eis free");
          await page.press("#announcement-text", "Enter");
          await page.waitForFunction(() =>
            /invisible character \(U\+202E\)/.test(
              document.getElementById("status")?.textContent ?? "",
            )
          );
          assert.equal(await page.getAttribute("#status", "data-kind"), "error");
          // The browser logs the refused request as a failed load: expected here, so taken off the list.
          const refusal = () => consoleErrors.findIndex((e) => /status of 400/.test(e));
          await until(() => refusal() >= 0, "the refused request logged as the one failed load");
          consoleErrors.splice(refusal(), 1);
          assert.equal(await page.textContent("#announcement-now"), "Final at 16:00 on table 1");
          assert.equal(await page.inputValue("#announcement-text"), "Table 3 \u202eis free");

          await page.click("#announcement-clear");
          await page.waitForFunction(() =>
            document.getElementById("announcement-now")?.textContent === "None"
          );
          assert.equal(await page.textContent("#status"), "Announcement taken down");
          assert.equal(await page.textContent("#announcement-at"), "");
          await page.fill("#announcement-text", "");
        },
      );

      await t.step("start a match: it moves to the tables and to the matches in progress", async () => {
        const id = seeded.ev.rounds[0]![0]!;
        await rowAction(page, `#next ${row(id)}`, `button:has-text("Start: Player test-open 2 serves")`);
        await page.waitForSelector(`#live ${row(id)}`);
        assert.match(
          await page.textContent(`#live ${row(id)} .score`) ?? "",
          /0-0 \(0-0, Player test-open 2 serving\)/,
        );
        assert.match(
          await page.textContent("#tables .table-card.busy") ?? "",
          /Table 1.*Player test-open 1 v Player test-open 2/,
        );
      });

      await t.step("a walkover is recorded after a confirmation", async () => {
        const id = seeded.ev.rounds[0]![1]!;
        await rowAction(page, `#next ${row(id)}`, `button:has-text("Walkover to Player test-open 4")`);
        await page.waitForSelector(`#done ${row(id)}`);
        assert.deepEqual(confirmations.slice(-1), ["Walkover to Player test-open 4?"]);
        assert.match(
          await page.textContent(`#done ${row(id)} .score`) ?? "",
          /Player test-open 4 wins by walkover/,
        );
      });

      await t.step("a walkover given by mistake is taken back: the match is next again", async () => {
        const id = seeded.ev.rounds[0]![1]!;
        await rowAction(page, `#done ${row(id)}`, `button:has-text("Take back the result")`);
        await page.waitForSelector(`#next ${row(id)}`);
        assert.equal(
          confirmations.at(-1),
          'Take back "Player test-open 4 wins by walkover"? The match goes back to not started.',
        );
        await rowAction(page, `#next ${row(id)}`, `button:has-text("Walkover to Player test-open 4")`);
        await page.waitForSelector(`#done ${row(id)}`);
      });

      await t.step(
        "a match scored on paper: the sheet's games are keyed in and replace the taps",
        async () => {
          const id = seeded.ev.rounds[0]![0]!;
          await openMenu(page, `#live ${row(id)}`);
          await page.fill(`#live ${row(id)} form.result input`, "7-11 11:9, 11-5");
          await page.click(`#live ${row(id)} form.result button`);
          await page.waitForSelector(`#done ${row(id)}`);
          assert.equal(
            confirmations.at(-1),
            "Player test-open 1 v Player test-open 2: 7-11, 11-9, 11-5? Player test-open 1 wins 2-1. It replaces " +
              "what was scored.",
          );
          assert.match(
            await page.textContent(`#done ${row(id)} .score`) ?? "",
            /Player test-open 1 wins 2-1 \(7-11, 11-9, 11-5\)/,
          );
          // A sheet read wrongly is refused with the reason, nothing sent.
          await openMenu(page, `#done ${row(id)}`);
          await page.fill(`#done ${row(id)} form.result input`, "11-7 11");
          await page.click(`#done ${row(id)} form.result button`);
          assert.equal(
            await page.textContent("#status"),
            'Cannot read "11": write each game as home-away, e.g. 11-7',
          );
        },
      );

      await t.step("the event is downloaded as an import file", async () => {
        const [download] = await Promise.all([page.waitForEvent("download"), page.click("#export")]);
        assert.equal(download.suggestedFilename(), "test-open.json");
        const file = JSON.parse(await Deno.readTextFile(await download.path()));
        assert.deepEqual([file.format, file.event.slug], ["tt-event/1", "test-open"]);
        await page.waitForFunction(() => document.getElementById("status")?.textContent === "Exported");
      });

      await t.step("links for the phones' address, each with a QR code", async () => {
        await page.fill("#base", "http://192.168.1.20:8000");
        await page.click("#base-form button");
        await page.waitForSelector('#link-grid a[href="http://192.168.1.20:8000/score"]');
        const qrs = await page.$$eval(
          "#link-grid svg.qr path",
          (ps) => ps.map((p) => p.getAttribute("d") ?? ""),
        );
        assert.ok(qrs.length >= 5 && qrs.every((d) => d.startsWith("M")));
        assert.equal(await page.isVisible("#base-warning"), false);
      });

      await t.step("a scorer token is made, shown once with its QR code, and works", async () => {
        await page.fill("#new-label", "Table 1 umpire");
        await page.fill("#new-table", "1");
        await page.click("#token-create button[type=submit]");
        await page.waitForSelector("#new-secret svg.qr");
        const secret = (await page.textContent("#new-secret code.secret")) ?? "";
        assert.match(secret, /^tt_/);
        assert.equal(
          await page.getAttribute("#new-secret", "data-url"),
          `http://192.168.1.20:8000/score#token=${secret}`,
        );
        const token = await authenticateToken(server.store.db, secret, testNow());
        assert.deepEqual([token?.role, token?.tableNo, token?.eventId], ["scorer", 1, seeded.ev.eventId]);
        await page.waitForFunction(() => document.querySelectorAll("#token-list li").length === 2);
      });

      await t.step("the audit log names the token of each change", async () => {
        await page.waitForFunction(() =>
          /Desk · event published/.test(document.getElementById("audit")?.textContent ?? "")
        );
      });
      assert.deepEqual([...errors, ...consoleErrors], []);
    } finally {
      await close();
    }
  },
);

browserSuite(
  "/manage shows why its first request failed and retries until the server answers",
  (store) => seedDesk(store, { status: "draft", drawState: "draft" }),
  async (_t, { browser, server, seeded }) => {
    // Console errors are expected here: the failed loads are the point.
    const { page, errors, close } = await openManage(browser, seeded.admin);
    // The page's clock is paused: the wait before it asks again is measured in its own time.
    await pauseClock(page);
    await page.addInitScript(() => {
      const asked: number[] = [];
      (globalThis as unknown as { eventsAsked: number[] }).eventsAsked = asked;
      const fetchOf = globalThis.fetch.bind(globalThis);
      globalThis.fetch = (input, init) => {
        if (String(input).endsWith("/api/manage/events")) asked.push(Date.now());
        return fetchOf(input, init);
      };
    });
    // The events list answers as the test says: rate limited, broken, unreachable, then normally.
    let mode: "429" | "500" | "down" | "ok" = "429";
    const problem = (status: number, detail: string, headers: Record<string, string> = {}) => ({
      status,
      contentType: "application/problem+json",
      headers,
      body: JSON.stringify({ type: "about:blank", title: "Error", status, detail, code: "x" }),
    });
    await page.route("**/api/manage/events", async (route) => {
      if (mode === "429") {
        await route.fulfill(problem(429, "Too many requests from this address", { "Retry-After": "1" }));
      } else if (mode === "500") {
        await route.fulfill(problem(500, "The server could not answer this request"));
      } else if (mode === "down") await route.abort("connectionrefused");
      else await route.continue();
    });
    const status = (pattern: string) =>
      page.waitForFunction(
        (p) => new RegExp(p).test(document.getElementById("status")?.textContent ?? ""),
        pattern,
      );
    try {
      await page.goto(`${server.origin}/manage`);
      await status("^Too many requests from this address");
      // Four seconds of the page's time: the Retry-After's one, not the fallback's four, passes before it asks.
      await page.clock.runFor(4000);
      await page.waitForFunction(() =>
        (globalThis as unknown as { eventsAsked: number[] }).eventsAsked.length >= 2
      );
      const asked = await page.evaluate(() =>
        (globalThis as unknown as { eventsAsked: number[] }).eventsAsked
      );
      assert.equal(asked[1]! - asked[0]!, 1000, "asked again after Retry-After (1 s) of the page's time");
      // The rest in real time.
      await page.clock.resume();
      mode = "500";
      await status("^The server could not answer this request");
      mode = "down";
      await status("^Cannot reach the server");
      mode = "ok";
      await page.waitForFunction(
        () => document.getElementById("event-name")?.textContent === "Event test-open",
      );
      await status("^Up to date$");
      assert.equal(await page.textContent("#whoami"), "Desk");
      assert.equal(await page.isVisible("#token-form"), false);
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  },
);

browserSuite(
  "/manage warns of clashes, asks before a start that would clash, and calls ready matches to free tables",
  (store) => seedDesk(store, { size: 8 }),
  async (t, { browser, server, seeded }) => {
    const { page, errors, consoleErrors, confirmations, close } = await openManage(browser, seeded.admin);
    const [a, b, c, d] = seeded.ev.rounds[0]!;
    const row = (id: string) => `li.match[data-match-id="${id}"]`;
    const write = async (id: string, action: string, body: Record<string, unknown>) => {
      const res = await fetch(`${server.origin}/api/manage/matches/${id}/${action}`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${seeded.admin}`,
          "content-type": "application/json",
          "idempotency-key": crypto.randomUUID(),
        },
        body: JSON.stringify(body),
      });
      assert.equal(res.status, 200, await res.text());
    };
    try {
      await page.goto(`${server.origin}/manage`);
      await page.waitForSelector(`#next ${row(a!)}`);
      assert.equal(await page.isVisible("#clashes"), false);

      await t.step("a match moved to a busy table says so, and starting it asks first", async () => {
        await write(a!, "start", { firstServer: "home" });
        await write(b!, "assign", { tableNo: 1 });
        await page.reload();
        await page.waitForSelector(`#next ${row(b!)} p.warning`);
        assert.equal(
          await page.textContent(`#next ${row(b!)} p.warning`),
          "Not free: Table 1 has a match in progress: Player test-open 1 v Player test-open 2",
        );
        await rowAction(page, `#next ${row(b!)}`, `button:has-text("Start: Player test-open 3 serves")`);
        await page.waitForSelector(`#live ${row(b!)}`);
        assert.deepEqual(confirmations, [
          "Table 1 has a match in progress: Player test-open 1 v Player test-open 2.\n\nStart anyway?",
        ]);
        await page.waitForSelector("#clashes:not([hidden])");
        assert.equal(
          await page.textContent("#clash-list"),
          "Table 1 has 2 matches in progress: Player test-open 1 v Player test-open 2, " +
            "Player test-open 3 v Player test-open 4",
        );
        assert.equal(await page.locator("#live li.match.clash").count(), 2);
      });

      await t.step("two matches booked on one table at the same time are named", async () => {
        await write(b!, "retire", { side: "home" });
        // Hours ahead of the tests' clock the page runs on: a match planned soon would be offered to call.
        const at = new Date(Math.ceil(testNowMs() / 3_600_000) * 3_600_000 + 3 * 3_600_000).toISOString();
        await write(c!, "assign", { tableNo: 3, scheduledAt: at });
        await write(d!, "assign", { tableNo: 3, scheduledAt: at });
        await page.reload();
        await page.waitForFunction(() =>
          /^Table 3 has 2 matches at /.test(document.getElementById("clash-list")!.textContent!)
        );
        assert.match(
          await page.textContent("#clash-list") ?? "",
          /^Table 3 has 2 matches at .+: Player test-open 5 v Player test-open 6, Player test-open 7 v Player test-open 8$/,
        );
        // Starting either is not in the way of anything: the double booking is a warning about the plan.
        assert.equal(await page.locator(`#next ${row(c!)} p.warning`).count(), 0);
      });

      await t.step(
        "the hall's tables are shown, and a free table is offered the next ready match",
        async () => {
          await write(d!, "assign", { tableNo: null, scheduledAt: null });
          await page.fill("#hall-tables", "5");
          await page.click("#hall-form button");
          await page.waitForFunction(() => document.querySelectorAll("#tables .table-card").length === 5);
          // Table 1 is busy, table 3 has its match planned; table 2 is free and is offered the unassigned match
          // (once the page has read the overview after that write: waited for, never assumed).
          const card = "#tables .table-card:nth-child(2)";
          await page.waitForFunction(
            ({ sel, text }) => document.querySelector(sel)?.textContent === text,
            {
              sel: `${card} .suggest`,
              text: "Call: Player test-open 7 v Player test-open 8 · Men's singles · Round 1 match 4",
            },
          );
          await page.click(`${card} button:has-text("Put on table 2")`);
          await page.waitForFunction((id) =>
            /^Table 2/.test(
              document.querySelector(`#next li.match[data-match-id="${id}"] .table`)?.textContent ?? "",
            ), d!);
          // Now on table 2, it is that table's own next match: proposed to call there, and nothing else.
          await page.waitForSelector(`${card} button:has-text("Call to table 2")`);
          await page.waitForFunction(() => document.querySelectorAll("#tables .suggest").length === 1);
          // Kept for the event: a reload shows the hall's five tables again.
          await page.reload();
          await page.waitForFunction(() => document.querySelectorAll("#tables .table-card").length === 5);
          assert.equal(await page.inputValue("#hall-tables"), "5");
        },
      );

      await t.step("a refresh keeps the keyboard focus on the control it was on", async () => {
        const label = "Start: Player test-open 5 serves";
        await openMenu(page, `#next ${row(c!)}`);
        await page.focus(`#next ${row(c!)} button:has-text("${label}")`);
        await write(a!, "point", { side: "home" });
        await page.waitForFunction(
          (id) =>
            /\(1-0/.test(
              document.querySelector(`#live li.match[data-match-id="${id}"] .score`)?.textContent ?? "",
            ),
          a!,
        );
        assert.equal(await page.evaluate(() => document.activeElement?.textContent), label);
      });

      await t.step("taking back a retirement says first what it would clash with", async () => {
        await rowAction(page, `#done ${row(b!)}`, `button:has-text("Take back the result")`);
        await page.waitForSelector(`#live ${row(b!)}`);
        assert.equal(
          confirmations.at(-1),
          'Take back "Player test-open 4 wins, Player test-open 3 retired"? The match goes back to in progress.\n\n' +
            "Table 1 has a match in progress: Player test-open 1 v Player test-open 2.",
        );
        await page.waitForFunction(() =>
          /^Table 1 has 2 matches in progress/.test(document.getElementById("clash-list")!.textContent!)
        );
      });
      assert.deepEqual([...errors, ...consoleErrors], []);
    } finally {
      await close();
    }
  },
);
