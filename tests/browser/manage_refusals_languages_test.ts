/**
 * /manage's `invalid-body` refusals in every language at 1366x768: the desk's own forms send a request the
 * spawned server really refuses (the body the form sends changed on its way, as a desk older or newer than the
 * server could send it), and the desk says it from the problem's `reason` and `params` (docs/operator.md) in its
 * language, with no English catalog text and none of the API's English detail left; in English it says the right
 * thing. The refusals: a group that does not exist and a player named twice in the lots of the "Place group
 * qualifiers" button, an entry with two players in a singles category and a seed past its bound.
 */
import assert from "node:assert/strict";
import type { Page, Route } from "playwright-core";
import { DEMO_SLUG } from "../../cli/demo.ts";
import { LANGUAGES } from "../../lib/languages.ts";
import { CATALOGS, i18nFor } from "../../pages/i18n/mod.ts";
import { browserSuite } from "../support/browser.ts";
import { demoWithAdmin } from "../support/demo_store.ts";
import { assertDeskSpeaks, englishLeft, regionWords } from "../support/language_checks.ts";
import { openDeskToCheck } from "../support/manage_page.ts";

/** With `--shots=DIR`, the status line's last refusal in each language is saved there. */
const SHOTS = Deno.args.find((a) => a.startsWith("--shots="))?.slice("--shots=".length);

/** Shows one of the page's views (pages/operator/console_views.ts). */
async function showView(page: Page, view: string): Promise<void> {
  await page.click(`#views [data-view="${view}"]`);
  await page.waitForSelector(`#views [data-view="${view}"][aria-pressed="true"]`);
}

/**
 * Sends the next request to `path` with `body` instead of the form's, runs `act` (which makes the form send it),
 * and answers what the status line then says of the refusal, with the API's detail.
 */
async function refusal(
  page: Page,
  path: string,
  body: unknown,
  act: () => Promise<void>,
): Promise<{ said: string; detail: string }> {
  let detail = "";
  const before = await page.locator("#status").textContent();
  const handler = async (route: Route) => {
    const res = await route.fetch({ postData: JSON.stringify(body) });
    const problem = await res.json();
    assert.equal(res.status(), 400, JSON.stringify(problem));
    assert.equal(problem.code, "invalid-body");
    assert.equal(typeof problem.reason, "string");
    detail = problem.detail;
    await route.fulfill({ response: res, json: problem });
  };
  await page.route(path, handler, { times: 1 });
  await act();
  await page.waitForFunction(
    (prev) => {
      const status = document.getElementById("status");
      return status?.dataset.kind === "error" && status.textContent !== prev;
    },
    before,
  );
  await page.unroute(path, handler);
  return { said: (await page.locator("#status").textContent()) ?? "", detail };
}

browserSuite(
  "/manage's refused bodies in every language at 1366x768",
  async (store) => ({ admin: await demoWithAdmin(store, "Desk") }),
  async (t, { browser, server, seeded }) => {
    const event = (await (await fetch(`${server.origin}/api/v1/events/${DEMO_SLUG}`)).json()).data;
    const categories = event.subevents as { id: string; name: string; format: string; kind: string }[];
    const groups = categories.find((c) => c.format === "groups_knockout")!;
    const singles = categories.find((c) => c.kind === "singles")!;
    const draw = (await (await fetch(`${server.origin}/api/manage/subevents/${groups.id}/draw`, {
      headers: { authorization: `Bearer ${seeded.admin}` },
    })).json()).data.draw as {
      groups: { name: string; members: { entry: { id: string; name: string } }[] }[];
    };
    const groupA = draw.groups[0]!.name;
    const players = (await (await fetch(`${server.origin}/api/v1/events/${DEMO_SLUG}/players`)).json()).data
      .players as { name?: string; displayName?: string }[];
    // The fields the refusals name are the API's identifiers, shown as the API spells them.
    const fields = ["group", "lots", "players", "seed"];
    const dataNames = [
      ...fields,
      ...categories.map((c) => c.name),
      ...players.map((p) => p.displayName ?? p.name ?? "").filter((n) => n !== ""),
    ];
    for (const lang of LANGUAGES) {
      await t.step(`in ${lang}`, async () => {
        const english = englishLeft(lang, dataNames).filter((e) => /\S/.test(e));
        const words = CATALOGS[lang];
        const stored = {
          "tt.token": seeded.admin,
          "tt.manage.view": "categories",
          "tt.manage.event": DEMO_SLUG,
        };
        const desk = await openDeskToCheck(browser, stored, i18nFor(lang).locale);
        const page = desk.page;
        try {
          await page.goto(`${server.origin}/manage?lang=${lang}`);
          await page.waitForSelector("#categories li.category");
          await showView(page, "categories");

          // The draw console of the groups' category: its "Place group qualifiers" button.
          await page.click(
            `#categories li.category:has-text(${JSON.stringify(groups.name)}) button:last-child`,
          );
          const place = page.locator("#draw-console button", {
            hasText: String(words["play.draw.placeQualifiers"]),
          });
          await place.waitFor();
          const advance = "**/api/manage/subevents/*/draw/advance";
          const noGroup = await refusal(page, advance, { group: "Z" }, () => place.click());
          const member = draw.groups[0]!.members[0]!.entry;
          const lots = [member.id, member.id];
          const twice = await refusal(page, advance, { group: groupA, lots }, () => place.click());

          // The entries of a singles category: its add form.
          await page.selectOption("#entries-category", singles.id);
          await page.waitForSelector("#entry-add .new-name");
          await page.fill("#entry-add .new-name", "Gus Late");
          const entries = "**/api/manage/subevents/*/entries";
          const submit = () => page.click("#entry-add button[type=submit]");
          const pair = await refusal(
            page,
            entries,
            { players: [{ name: "Gus Late" }, { name: "Ida Late" }] },
            submit,
          );
          const seed = await refusal(page, entries, { players: [{ name: "Gus Late" }], seed: 9999 }, submit);

          const refused = [noGroup, twice, pair, seed];
          if (lang === "en") {
            assert.equal(
              noGroup.said,
              `The value of "group" was refused: ${groups.name} has no group Z (its groups: ${
                new Intl.ListFormat("en-GB").format(draw.groups.map((g) => g.name))
              }).`,
            );
            assert.equal(twice.said, `The value of "lots[1]" was refused: ${member.name} is listed twice.`);
            assert.equal(
              pair.said,
              `The value of "players" was refused: players per entry in ${singles.name}: 1, not 2.`,
            );
            assert.equal(seed.said, 'The value of "seed" was refused: it must be at most 512.');
          } else {
            const frame = String(words["play.refused.field"]).split("{field}")[0]!;
            for (const r of refused) {
              assert.ok(r.said.includes(frame), `${r.said} in ${lang}`);
              assert.ok(!r.said.includes(r.detail), `${r.said} quotes the API's detail`);
            }
          }
          if (SHOTS) await page.locator("#status").screenshot({ path: `${SHOTS}/refusal_${lang}.png` });
          await assertDeskSpeaks(page, lang, {
            english,
            text: refused.map((r) => r.said).join("\n") + await regionWords(page, "#status", ".names"),
            cut: [],
            errors: desk.errors,
          }, "the refusals");
        } finally {
          await desk.close();
        }
      });
    }
  },
);
