import assert from "node:assert/strict";
import { listEventPlayers } from "../../db/read_players.ts";
import { browserSuite, openPage } from "../support/browser.ts";
import { EVIL_NAME, seedPages, setScore } from "../pages/seed.ts";
import { PHONE } from "../support/viewports.ts";

browserSuite("spectator pages in Chromium", seedPages, async (t, { browser, server, seeded }) => {
  const s = seeded;
  const pages = [
    { path: "/", shows: false },
    { path: "/rankings", shows: true },
    { path: `/t/${s.event.slug}`, shows: true },
    { path: `/t/${s.event.slug}/c/${s.groups.id}`, shows: true },
    { path: `/t/${s.event.slug}/tv`, shows: true },
    { path: `/t/${s.event.slug}/poster`, shows: false },
    { path: `/m/${s.matches.groupRunning}`, shows: true },
    { path: `/m/${s.matches.semiScheduled}`, shows: false },
    { path: `/overlay/match/${s.matches.groupRunning}?debug=1`, shows: true },
    { path: `/overlay/subevent/${s.groups.id}`, shows: true },
    { path: "/no/such/page", shows: false },
  ];

  await t.step(
    "a name that is markup shows as text on every page and nothing runs or is blocked",
    async () => {
      for (const { path, shows } of pages) {
        const { page, dialogs, errors, close } = await openPage(browser, server.origin + path, PHONE);
        const texts = await page.evaluate(() => document.body.textContent ?? "");
        if (shows) assert.ok(texts.includes(EVIL_NAME), `${path} shows the name as text`);
        assert.equal(await page.locator('img[src="x"]').count(), 0, path);
        assert.deepEqual(dialogs, [], path);
        // A CSP violation (a style or script without the nonce) would be reported here.
        assert.deepEqual(errors.filter((e) => !/404/.test(e)), [], path);
        await close();
      }
    },
  );

  await t.step("the event, category, player and match pages show a new point by themselves", async () => {
    const players = await listEventPlayers(server.store.db, s.event.id);
    const playing = players.find((p) => p.displayName === EVIL_NAME)!;
    const event = await openPage(browser, `${server.origin}/t/${s.event.slug}`, PHONE);
    const category = await openPage(browser, `${server.origin}/t/${s.event.slug}/c/${s.groups.id}`, PHONE);
    const player = await openPage(browser, `${server.origin}/t/${s.event.slug}/p/${playing.id}`, PHONE);
    const match = await openPage(browser, `${server.origin}/m/${s.matches.groupRunning}`, PHONE);
    await setScore(server.store, s.matches.groupRunning, {
      games: [[11, 5]],
      current: [5, 4],
      server: "home",
    });
    await match.page.waitForFunction(
      () => document.querySelector('tr[data-side="home"] td.now')?.textContent === "5",
      undefined,
      { polling: 100 },
    );
    for (const { page } of [event, category, player]) {
      await page.waitForFunction(
        (id) => document.querySelector(`tr[data-match="${id}"] td.now .side`)?.textContent === "5",
        s.matches.groupRunning,
        { polling: 200 },
      );
    }
    assert.deepEqual([...event.errors, ...category.errors, ...player.errors, ...match.errors], []);
    await player.close();
    await event.close();
    await category.close();
    await match.close();
  });

  await t.step("the spectator pages fit a phone's width", async () => {
    const paths = [
      "/",
      "/rankings",
      `/m/${s.matches.groupRunning}`,
      `/t/${s.event.slug}`,
      `/t/${s.event.slug}/players`,
      `/t/${s.event.slug}/p/${s.knockout.players[0]}`,
      ...[s.groups.id, s.knockout.id].map((id) => `/t/${s.event.slug}/c/${id}`),
    ];
    for (const path of paths) {
      const { page, close } = await openPage(browser, server.origin + path, PHONE);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= PHONE.width, `${path} is ${width}px wide`);
      await close();
    }
  });
});
