import assert from "node:assert/strict";
import type { Page, Request } from "playwright-core";
import { browserSuite, openPage } from "../support/browser.ts";
import { call, makeToken, seedKnockout } from "../api/manage_fixtures.ts";
import { percentile } from "../../bench/stats.ts";

/** The swaps a live page made so far (support/browser.ts counts them). */
const swaps = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { livePage: { swaps: number } }).livePage.swaps);

/** Waits until the page swapped its regions more than `than` times. */
const swapped = (page: Page, than: number) =>
  page.waitForFunction(
    (n) => (globalThis as unknown as { livePage: { swaps: number } }).livePage.swaps > n,
    than,
    { polling: 10 },
  );

/** The text of a page's live regions. */
const regionsText = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll("[data-region]")].map((r) => r.textContent).join("|"));

browserSuite(
  "pushed pages show a point at once and catch up after their stream was cut",
  async (store) => {
    const ev = await seedKnockout(store.db, { bestOf: 5, size: 4 });
    const secret = await makeToken(store.db, "admin", { label: "Desk" });
    return { ev, secret };
  },
  async (t, { browser, server, seeded }) => {
    const { ev, secret } = seeded;
    const id = ev.rounds[0]![0]!;
    const write = async (action: string, body: Record<string, unknown>) => {
      const res = await fetch(
        `${server.origin}/api/manage/matches/${id}/${action}`,
        call(secret, "POST", body, { "Idempotency-Key": crypto.randomUUID() }),
      );
      assert.equal(res.status, 200, await res.clone().text());
    };
    await write("start", { firstServer: "home" });
    const opened = await Promise.all([
      openPage(browser, `${server.origin}/m/${id}`, { width: 390, height: 844 }),
      openPage(browser, `${server.origin}/t/${ev.slug}/tv`, { width: 1920, height: 1080 }),
      openPage(browser, `${server.origin}/overlay/match/${id}?push=1`),
    ]);
    const polling = await openPage(browser, `${server.origin}/overlay/match/${id}`);
    const pushed = opened.map((o) => o.page);
    const [matchPage, , overlay] = pushed as [Page, Page, Page];
    try {
      await t.step("the pages open one stream each; an overlay without push=1 opens none", async () => {
        for (const p of pushed) await p.waitForFunction(() => document.body.dataset.push === "open");
        await polling.page.waitForFunction(() => document.body.innerText.includes("Player"));
        assert.equal(await polling.page.evaluate(() => document.body.dataset.push), undefined);
      });

      const latencies: number[] = [];
      await t.step("each point through the management API appears on every pushed page", async () => {
        for (let i = 0; i < 20; i++) {
          const before = await Promise.all(pushed.map(swaps));
          const start = performance.now();
          await write("point", { side: i % 3 === 0 ? "away" : "home" });
          await Promise.all(pushed.map(async (p, k) => {
            await swapped(p, before[k]!);
            latencies.push(performance.now() - start);
          }));
        }
        // What the polling overlay shows after its next poll, and each pushed page, is the page as made now.
        const fresh = await openPage(browser, `${server.origin}/m/${id}`, { width: 390, height: 844 });
        await fresh.page.waitForFunction(() => document.body.dataset.push === "open");
        assert.equal(await regionsText(matchPage), await regionsText(fresh.page));
        await fresh.close();
        const freshOverlay = await openPage(browser, `${server.origin}/overlay/match/${id}`);
        const want = await regionsText(freshOverlay.page);
        await freshOverlay.close();
        await polling.page.waitForFunction(
          (w) => [...document.querySelectorAll("[data-region]")].map((r) => r.textContent).join("|") === w,
          want,
        );
        assert.equal(await regionsText(overlay), want);
        // A figure for the bench's row (PUSH_LATENCY_OUT, docs/pages.md), not a promise of the test: the machine may be busy.
        const out = Deno.env.get("PUSH_LATENCY_OUT");
        if (out) {
          const sorted = latencies.sort((a, b) => a - b);
          await Deno.writeTextFile(
            out,
            JSON.stringify({ p90: percentile(sorted, 90), samples: sorted.length }),
          );
        }
      });

      await t.step(
        "a stream cut and restored resumes from its last event, and the page misses nothing",
        async () => {
          const resumedWith: (string | null)[] = [];
          const onRequest = async (r: Request) => {
            if (!r.url().includes("/live/changes?")) return;
            const since = new URL(r.url()).searchParams.get("since");
            resumedWith.push((await r.allHeaders())["last-event-id"] ?? since);
          };
          matchPage.on("request", onRequest);
          // The page's streams and polls are refused: only the stream, once back, can bring what happens now.
          await matchPage.route(/\/(live\/changes|api\/v1\/)/, (route) => route.abort());
          server.closeStreams();
          await matchPage.waitForFunction(() => document.body.dataset.push === "polling");
          const shown = await regionsText(matchPage);
          for (let i = 0; i < 3; i++) await write("point", { side: "home" });
          assert.equal(await regionsText(matchPage), shown, "nothing reaches the page while it is cut off");
          const before = await swaps(matchPage);
          await matchPage.unroute(/\/(live\/changes|api\/v1\/)/);
          await matchPage.waitForFunction(() => document.body.dataset.push === "open");
          await swapped(matchPage, before);
          const fresh = await openPage(browser, `${server.origin}/m/${id}`, { width: 390, height: 844 });
          await fresh.page.waitForFunction(() => document.body.dataset.push === "open");
          await matchPage.waitForFunction(
            (w) => [...document.querySelectorAll("[data-region]")].map((r) => r.textContent).join("|") === w,
            await regionsText(fresh.page),
          );
          await fresh.close();
          assert.ok(
            resumedWith.some((id) => id !== null && id !== ""),
            "it reconnected from its last event (Last-Event-ID or since)",
          );
          matchPage.off("request", onRequest);
        },
      );
    } finally {
      for (const o of [...opened, polling]) await o.close();
    }
  },
);
