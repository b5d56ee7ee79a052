/**
 * Accessibility of the spectators' pages (home, event, category, match, rankings, poster) and of the umpire's
 * scoring pages on a phone: axe-core's serious and critical violations, and what axe cannot judge: keyboard-only
 * use (every control reached by Tab, in order, with a visible focus ring), the live score announced politely
 * by a small live region that outlives the page's region swaps, the contrast of the score colours, 200 % zoom
 * on a 390 px phone (195 CSS px) without sideways scrolling, reduced motion, the language, heading levels,
 * text alternatives of images and QR codes, and headers of the data tables.
 *
 * axe's source is injected with `addScriptTag`, so these contexts bypass the page's CSP (nothing else differs).
 */
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import type { Store } from "../../db/store.ts";
import { makeToken } from "../api/manage_fixtures.ts";
import { seedPages, seedUmpireStates, setScore } from "../pages/seed.ts";
import { browserSuite, newTestContext, pauseClock } from "../support/browser.ts";
import { axeViolations } from "../support/axe.ts";
import { PHONE } from "../support/viewports.ts";
import { testNowMs } from "../support/test_clock.ts";

/** A 390 px phone zoomed to 200 %: half as many CSS pixels. */
const ZOOMED = { width: 195, height: 422 };
const DESKTOP = { width: 1280, height: 800 };

async function seed(store: Store) {
  const seeded = await seedPages(store);
  const secret = await makeToken(store.db, "scorer", { eventId: seeded.event.id, label: "Umpire" });
  // A match page with the umpire's states (point, cards, a time-out running all through the test, expedite).
  const umpire = await seedUmpireStates(store, new Date(testNowMs() + 3_600_000));
  return { ...seeded, secret, umpire };
}

/**
 * A page in a context of its own, with the umpire's token stored; the umpire's pages are waited for. A `still`
 * page has its clock paused before it loads: no poll swaps its regions and no list is drawn again while the
 * test walks through it (on a busy machine a walk with the keyboard can last longer than a poll interval).
 */
async function open(
  browser: Browser,
  url: string,
  options: {
    viewport?: { width: number; height: number };
    token?: string;
    reducedMotion?: "reduce";
    still?: boolean;
  } = {},
): Promise<{ page: Page; errors: string[]; close(): Promise<void> }> {
  const context = await newTestContext(browser, {
    viewport: options.viewport ?? PHONE,
    bypassCSP: true,
    reducedMotion: options.reducedMotion ?? "no-preference",
  });
  if (options.token) {
    await context.addInitScript((t) => localStorage.setItem("tt.score.token", t), options.token);
  }
  const page = await context.newPage();
  if (options.still) await pauseClock(page);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(url);
  if (new URL(url).pathname.startsWith("/score")) {
    await page.waitForFunction(() => document.getElementById("status")?.textContent !== "Loading…");
  }
  return { page, errors, close: () => context.close() };
}

/**
 * Defines, in the page, `a11yContrast(element, colour?)`: the contrast ratio of a colour (the element's text
 * colour by default) against what is painted behind the element (its and its ancestors' background colours,
 * composited over white; a background image makes it NaN, so that the check fails loudly).
 */
async function installContrast(page: Page): Promise<void> {
  await page.evaluate(() => {
    type Rgba = [number, number, number, number];
    const parse = (c: string): Rgba => {
      const m = c.match(/rgba?\(([^)]+)\)/);
      if (!m) return [NaN, NaN, NaN, 1];
      const p = m[1]!.split(/[\s,/]+/).filter((x) => x !== "").map(Number);
      return [p[0]!, p[1]!, p[2]!, p[3] ?? 1];
    };
    const over = (top: Rgba, bottom: Rgba): Rgba => {
      const a = top[3];
      return [0, 1, 2].map((i) => top[i]! * a + bottom[i]! * (1 - a)).concat(1) as Rgba;
    };
    const backdrop = (el: Element): Rgba => {
      const layers: Rgba[] = [];
      for (let node: Element | null = el; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.backgroundImage !== "none") return [NaN, NaN, NaN, 1];
        const c = parse(style.backgroundColor);
        if (c[3] > 0) layers.push(c);
        if (c[3] === 1) break;
      }
      return layers.reverse().reduce((acc, c) => over(c, acc), [255, 255, 255, 1] as Rgba);
    };
    const luminance = (c: Rgba) => {
      const [r, g, b] = [0, 1, 2].map((i) => {
        const s = c[i]! / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    (globalThis as unknown as Record<string, unknown>).a11yContrast = (el: Element, colour?: string) => {
      const bg = backdrop(el);
      const fg = over(parse(colour ?? getComputedStyle(el).color), bg);
      const [hi, lo] = [luminance(fg), luminance(bg)].sort((a, b) => b - a);
      return (hi! + 0.05) / (lo! + 0.05);
    };
  });
}

/** What Tab reached, in order, with each control's focus ring: `name`, and a problem or "". */
async function tabThrough(page: Page): Promise<{ expected: string[]; reached: string[]; rings: string[] }> {
  await installContrast(page);
  const expected = await page.evaluate(() => {
    const controls = Array.from(
      document.querySelectorAll<HTMLElement>("a[href],button,input,select,textarea,summary,[tabindex]"),
    ).filter((el) =>
      el.tabIndex >= 0 && !(el as HTMLButtonElement).disabled && el.getClientRects().length > 0 &&
      getComputedStyle(el).visibility === "visible"
    );
    return controls.map((el, i) => {
      el.dataset.a11y = String(i);
      return `${i} ${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""} "${
        (el.textContent ?? "").trim().slice(0, 30)
      }"`;
    });
  });
  // From the top of the document.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const reached: string[] = [];
  const rings: string[] = [];
  for (let i = 0; i < expected.length + 2; i++) {
    await page.keyboard.press("Tab");
    const step = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body || el.dataset.a11y === undefined) return null;
      const style = getComputedStyle(el);
      const width = parseFloat(style.outlineWidth);
      const contrast = (globalThis as unknown as { a11yContrast(e: Element, c?: string): number })
        .a11yContrast(el.parentElement ?? el, style.outlineColor);
      // Chrome's own ring ("auto") is two-toned, visible on any background.
      const ring = style.outlineStyle === "auto"
        ? ""
        : style.outlineStyle === "none" || width < 2
        ? "no outline"
        : contrast < 3
        ? `outline ${style.outlineColor} has contrast ${contrast.toFixed(2)}`
        : "";
      const rect = el.getBoundingClientRect();
      const onScreen = rect.right > 0 && rect.bottom > 0 && rect.left < innerWidth && rect.top < innerHeight;
      return { index: Number(el.dataset.a11y), ring: onScreen ? ring : "focused but off screen" };
    });
    if (step === null || reached.includes(expected[step.index]!)) break;
    reached.push(expected[step.index]!);
    if (step.ring) rings.push(`${expected[step.index]}: ${step.ring}`);
  }
  return { expected, reached, rings };
}

browserSuite(
  "accessibility of the spectators' and umpire's pages",
  seed,
  async (t, { browser, server, seeded }) => {
    const s = seeded;
    const slug = s.event.slug;
    const spectator = [
      "/",
      "/rankings",
      `/t/${slug}`,
      `/t/${slug}/c/${s.groups.id}`,
      `/t/${slug}/c/${s.knockout.id}`,
      `/m/${s.matches.groupRunning}`,
      `/m/${s.matches.semiScheduled}`,
      `/m/${s.matches.r1Done}`,
      `/m/${s.umpire.timeout}`,
      `/t/${slug}/poster`,
    ];
    const players = await (await fetch(`${server.origin}/t/${slug}/players`)).text();
    const player = /href="(\/t\/[^"]+\/p\/[^"]+)">Hugo Ives</.exec(players)?.[1];
    assert.ok(player, "Hugo Ives on the players' index");
    spectator.push(`/t/${slug}/players`, player);
    const umpire = ["/score", `/score/${s.matches.r1Running}`, `/score/${s.matches.groupScheduled}`];
    const all = [...spectator, ...umpire];
    const url = (path: string) => server.origin + path;
    /**
     * What `check` finds on each page of `paths`, opened still with the umpire's token (and `options`): one line
     * a finding, after the page's path.
     */
    const findOnEach = async (
      paths: readonly string[],
      check: (page: Page, path: string) => Promise<string[]>,
      options: { reducedMotion?: "reduce" } = {},
    ): Promise<string[]> => {
      const found: string[] = [];
      for (const path of paths) {
        const { page, close } = await open(browser, url(path), { token: s.secret, still: true, ...options });
        found.push(...(await check(page, path)).map((f) => `${path}: ${f}`));
        await close();
      }
      return found;
    };

    await t.step(
      "axe-core finds no serious or critical violation on a phone, zoomed or not, and a desktop",
      async () => {
        const found: string[] = [];
        for (const viewport of [PHONE, ZOOMED, DESKTOP]) {
          for (const path of all) {
            const { page, close } = await open(browser, url(path), { viewport, token: s.secret });
            for (const v of await axeViolations(page)) found.push(`${path} at ${viewport.width}px: ${v}`);
            await close();
          }
        }
        assert.deepEqual(found, []);
      },
    );

    await t.step("each page says its language, has one h1 and skips no heading level", async () => {
      const problems = await findOnEach(all, async (page) => {
        const { lang, levels } = await page.evaluate(() => ({
          lang: document.documentElement.lang,
          levels: Array.from(document.querySelectorAll("h1,h2,h3,h4,h5,h6"))
            .filter((h) => h.getClientRects().length > 0)
            .map((h) => Number(h.tagName[1])),
        }));
        const out: string[] = [];
        if (lang !== "en") out.push(`lang="${lang}"`);
        if (levels.filter((l) => l === 1).length !== 1) out.push(`h1 ${levels.join(",")}`);
        levels.forEach((l, i) => {
          if (i > 0 && l > levels[i - 1]! + 1) out.push(`h${levels[i - 1]} then h${l}`);
        });
        return out;
      });
      assert.deepEqual(problems, []);
    });

    await t.step(
      "images and QR codes have text alternatives, data tables have captions and headers",
      async () => {
        const problems = await findOnEach(all, (page) =>
          page.evaluate(() => {
            const out: string[] = [];
            for (const img of Array.from(document.querySelectorAll("img"))) {
              if (!img.hasAttribute("alt")) out.push(`img ${img.src} without alt`);
            }
            for (const svg of Array.from(document.querySelectorAll("svg"))) {
              const named = svg.getAttribute("role") === "img" &&
                (svg.getAttribute("aria-label") ?? "") !== "";
              if (!named && svg.getAttribute("aria-hidden") !== "true") {
                out.push(`svg.${svg.className.baseVal}`);
              }
            }
            for (const table of Array.from(document.querySelectorAll("table"))) {
              const name = table.caption?.textContent?.trim() ?? "";
              if (name === "") out.push(`table.${table.className} without caption`);
              const cols = table.querySelectorAll("thead th[scope=col]").length;
              const cells = table.tBodies[0]?.rows[0]?.cells.length ?? 0;
              if (cols !== cells) out.push(`${name}: ${cols} column headers for ${cells} columns`);
              for (const row of Array.from(table.tBodies[0]?.rows ?? [])) {
                if (!row.querySelector("th[scope=row]")) out.push(`${name}: a row without a row header`);
              }
            }
            return out;
          }));
        assert.deepEqual(problems, []);
      },
    );

    await t.step(
      "a list of matches is named for screen readers, not by a caption painted under its heading",
      async () => {
        const { page, close } = await open(browser, url(`/t/${slug}`), { still: true });
        const painted = await page.evaluate(() =>
          Array.from(document.querySelectorAll("table.scores caption"))
            .filter((c) => c.getBoundingClientRect().width > 1 && c.getBoundingClientRect().height > 1)
            .map((c) => c.textContent)
        );
        assert.deepEqual(painted, []);
        assert.equal(await page.getByRole("table", { name: "Matches in play" }).count(), 1);
        assert.equal(await page.getByRole("table", { name: "Latest results" }).count(), 1);
        await close();
      },
    );

    await t.step("Tab reaches every control in document order, each with a visible focus ring", async () => {
      // Still: a poll's swap in the middle of the walk would put fresh copies of the controls in.
      const problems = await findOnEach(all, async (page) => {
        const { expected, reached, rings } = await tabThrough(page);
        const order = reached.join("\n") === expected.join("\n")
          ? []
          : [`reached ${reached.length} of ${expected.length} controls in order`];
        return [...order, ...rings];
      });
      assert.deepEqual(problems, []);
    });

    await t.step(
      "an umpire scores with the keyboard only, and Tab goes on to the end-of-game question",
      async () => {
        const { page, errors, close } = await open(browser, url(`/score/${s.matches.groupScheduled}`), {
          token: s.secret,
        });
        await page.focus("#start-home");
        await page.keyboard.press("Enter");
        await page.waitForSelector("#score-panel:not([hidden])");
        await page.focus("#tap-home");
        for (let i = 0; i < 11; i++) await page.keyboard.press("Enter");
        await page.waitForSelector("#dialog:not([hidden])");
        // The tap buttons are disabled while the question is open: the focus left with them; the next Tab goes on
        // from where it was, and must reach the question's buttons before anything else.
        await page.keyboard.press("Tab");
        assert.equal(await page.evaluate(() => document.activeElement?.id), "dialog-undo");
        await page.keyboard.press("Tab");
        assert.equal(await page.evaluate(() => document.activeElement?.id), "dialog-ok");
        await page.keyboard.press("Enter");
        await page.waitForSelector("#dialog", { state: "hidden" });
        assert.equal(await page.textContent("#games-home"), "1");
        assert.deepEqual(errors, []);
        await close();
      },
    );

    await t.step("at 200 % zoom on a 390 px phone no page scrolls sideways", async () => {
      const wide: string[] = [];
      // The poster is a sheet of A4 or A3 paper to print (210 or 297 mm wide on screen too): a fixed layout.
      for (const path of all.filter((p) => !p.endsWith("/poster"))) {
        const { page, close } = await open(browser, url(path), {
          viewport: ZOOMED,
          token: s.secret,
          still: true,
        });
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > ZOOMED.width) wide.push(`${path} is ${width}px wide`);
        await close();
      }
      assert.deepEqual(wide, []);
    });

    await t.step("with reduced motion asked for, nothing moves", async () => {
      const moving = await findOnEach(
        all,
        (page) =>
          page.evaluate(() =>
            Array.from(document.querySelectorAll("*")).flatMap((el) => {
              const style = getComputedStyle(el);
              const seconds = (v: string) => Math.max(...v.split(",").map((d) => parseFloat(d) || 0));
              return style.animationName !== "none" && seconds(style.animationDuration) > 0 ||
                  seconds(style.transitionDuration) > 0 || style.scrollBehavior === "smooth"
                ? [`${el.tagName.toLowerCase()}.${el.className}`]
                : [];
            })
          ),
        { reducedMotion: "reduce" },
      );
      assert.deepEqual(moving, []);
    });

    await t.step("score colours have at least 4.5:1 contrast (3:1 for large text)", async () => {
      const checks: [string, string][] = [
        [`/m/${s.matches.groupRunning}`, "td.now, td.games, .badge, .assoc, th[scope=row]"],
        [`/m/${s.matches.r1Done}`, ".badge, td.num, .winner th"],
        [`/m/${s.umpire.timeout}`, "ul.states li, ul.record li, ul.record .when"],
        [`/t/${slug}`, "td.now .side, td.games .side, .badge, .ctx, .scores a .side"],
        [`/t/${slug}/c/${s.groups.id}`, "td.now .side, td.games .side, .badge, .ctx, .standings td"],
        [`/t/${slug}/c/${s.knockout.id}`, ".bm .n, .bm .g, .bm .side.open .n, .round>*:first-child"],
        [
          `/score/${s.matches.r1Running}`,
          ".status, button.tap .name, .points, .games, .serve, #game-list li",
        ],
        ["/score", ".status, a.match-link .names, a.match-link .where"],
      ];
      const selectors = new Map(checks);
      const low = await findOnEach([...selectors.keys()], async (page, path) => {
        await installContrast(page);
        return await page.evaluate((sel) => {
          const ratio = (globalThis as unknown as { a11yContrast(e: Element): number }).a11yContrast;
          const out: string[] = [];
          const els = Array.from(document.querySelectorAll(sel)).filter((el) =>
            el.getClientRects().length > 0 && getComputedStyle(el).visibility === "visible" &&
            (el.textContent ?? "").trim() !== ""
          );
          if (els.length === 0) out.push(`nothing matches ${sel}`);
          for (const el of els) {
            const style = getComputedStyle(el);
            const px = parseFloat(style.fontSize);
            const large = px >= 24 || (px >= 18.66 && Number(style.fontWeight) >= 700);
            const r = ratio(el);
            if (!(r >= (large ? 3 : 4.5))) {
              out.push(
                `${el.tagName.toLowerCase()}.${el.className} "${el.textContent?.trim()}" ${r.toFixed(2)}`,
              );
            }
          }
          return out;
        }, selectors.get(path)!);
      });
      assert.deepEqual(low, []);
    });

    await t.step(
      "the match page announces a new point in a small polite live region; lists announce nothing",
      async () => {
        const { page, errors, close } = await open(browser, url(`/m/${s.matches.groupRunning}`));
        const live = await page.evaluate(() =>
          Array.from(document.querySelectorAll("[aria-live]")).map((el) => ({
            value: el.getAttribute("aria-live"),
            inRegion: el.closest("[data-region]") !== null || el.querySelector("table") !== null,
            text: (el.textContent ?? "").trim(),
          }))
        );
        assert.equal(live.length, 1, "one live region");
        assert.equal(live[0]!.value, "polite");
        assert.equal(live[0]!.inRegion, false, "the live region is not swapped out and holds no table");
        const region = await page.$("[aria-live]");
        await setScore(server.store, s.matches.groupRunning, {
          games: [[11, 5]],
          current: [7, 4],
          server: "away",
        });
        await page.waitForFunction(
          () => /\b7\b/.test(document.querySelector("[aria-live]")?.textContent ?? ""),
          undefined,
          { polling: 100 },
        );
        // The same element: a live region put into the page with its new text is not announced.
        assert.equal(await region!.evaluate((el) => el.isConnected), true);
        const said = (await region!.textContent())?.trim() ?? "";
        assert.ok(said.length < 200, `short: ${said}`);
        assert.deepEqual(errors, []);
        await close();
        for (const path of [`/t/${slug}`, `/t/${slug}/c/${s.groups.id}`]) {
          const { page, close } = await open(browser, url(path));
          assert.equal(await page.locator("[aria-live]").count(), 0, `${path}: no live list`);
          await close();
        }
      },
    );

    await t.step({
      name: "a keyboard user's focus in a live list stays put when the list is refreshed",
      fn: async () => {
        const { page, close } = await open(browser, url(`/t/${slug}`));
        const link = `tr[data-match="${s.matches.r1Running}"] a`;
        await page.focus(link);
        await setScore(server.store, s.matches.r1Running, { games: [], current: [2, 1], server: "home" });
        await page.waitForFunction(
          (id) => document.querySelector(`tr[data-match="${id}"] td.now .side`)?.textContent === "2",
          s.matches.r1Running,
          { polling: 200 },
        );
        assert.equal(
          await page.evaluate((sel) => document.activeElement === document.querySelector(sel), link),
          true,
        );
        await close();
      },
    });
  },
);
