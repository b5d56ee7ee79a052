/**
 * Every graphic of the producer's stream in every theme, at 1280x720 and 1920x1080, on the demo (and the team
 * demo, cli/demo_teams.ts, for the tie): each must show its graphic, inside the canvas, without a page error.
 * `-- --update` writes docs/screenshots/stream_theme_{graphic}_{theme}_{size}.png (docs/pages.md).
 */
import assert from "node:assert/strict";
import { DEMO_SLUG, loadDemoIfEmpty } from "../../cli/demo.ts";
import { buildTeamDemoEvent, DEMO_TEAMS_SLUG } from "../../cli/demo_teams.ts";
import { importEvent } from "../../event_file/import.ts";
import { browserSuite, openPage } from "../support/browser.ts";
import { call, makeToken } from "../api/manage_fixtures.ts";
import { testNow } from "../support/test_clock.ts";

const UPDATE = Deno.args.includes("--update");
const DIR = new URL("../../docs/screenshots/", import.meta.url);
const SIZES = [[1280, 720], [1920, 1080]] as const;
/** The themes of docs/pages.md: the default, own colours, a corner compact, a keyer's solid green. */
const THEMES = {
  default: "",
  colours: "accent=00c2ff&fg=f5f5f5&panel=1b1f3b",
  corner: "pos=top-left&compact=1",
  keyer: "bg=00ff00",
} as const;

browserSuite(
  "every graphic of the stream shows in every theme at 1280x720 and 1920x1080",
  async (store) => {
    await loadDemoIfEmpty(store, testNow());
    await importEvent(store, buildTeamDemoEvent(testNow()), testNow);
    return { admin: await makeToken(store.db, "admin", { label: "Producer" }) };
  },
  async (_t, { browser, server, seeded }) => {
    const api = async (path: string) => (await (await fetch(server.origin + path)).json()).data;
    const send = async (path: string, method: string, body: unknown, headers = {}) => {
      const res = await fetch(server.origin + path, call(seeded.admin, method, body, headers));
      assert.equal(res.status, 200, await res.clone().text());
      await res.body?.cancel();
    };
    const live = (await api(`/api/v1/events/${DEMO_SLUG}/matches?status=in_progress`)).matches as {
      id: string;
    }[];
    const match = live[0]!.id;
    await send(`/api/manage/matches/${match}/feature`, "POST", {}, {
      "Idempotency-Key": crypto.randomUUID(),
    });
    const category = (await api(`/api/v1/events/${DEMO_SLUG}`)).subevents[0].id;
    const teamCategory = (await api(`/api/v1/events/${DEMO_TEAMS_SLUG}`)).subevents[0].id;
    const ties = (await api(`/api/v1/subevents/${teamCategory}/ties`)).ties as {
      id?: string;
      matchId?: string;
    }[];
    const tie = ties.map((t) => t.matchId ?? t.id).find((id) => id !== undefined)!;
    await send(`/api/manage/events/${DEMO_SLUG}/stream`, "PATCH", {
      onAir: { standings: true, bracket: true, slate: true, sponsor: true },
      slate: { kind: "starting-soon" },
      sponsor: { text: "Coffee by Café Central" },
    });
    const graphics = [
      ["bar", `/overlay/featured/${DEMO_SLUG}`, ".bar"],
      ["lower_third", `/overlay/card/match/${match}`, ".lt"],
      ["tie", `/overlay/tie/${tie}`, ".tiebar"],
      ["board", `/overlay/subevent/${category}`, ".board"],
      ["standings", `/overlay/standings/${DEMO_SLUG}`, ".gstand"],
      ["bracket", `/overlay/bracket/${DEMO_SLUG}`, ".kbr"],
      ["slate", `/overlay/slate/${DEMO_SLUG}`, ".slate"],
      ["sponsor", `/overlay/sponsor/${DEMO_SLUG}`, ".sponsor"],
    ] as const;
    for (const [name, path, must] of graphics) {
      for (const [theme, query] of Object.entries(THEMES)) {
        for (const [width, height] of SIZES) {
          const url = `${server.origin}${path}${query ? `?${query}` : ""}`;
          const o = await openPage(browser, url, { width, height });
          try {
            await o.page.waitForSelector(must);
            const box = await o.page.locator(must).first().boundingBox();
            assert.ok(box && box.x >= -0.5 && box.x + box.width <= width + 0.5, `${name}, ${theme}: inside`);
            assert.deepEqual(o.errors, [], `${name}, ${theme}`);
            if (UPDATE) {
              const png = await o.page.screenshot({ animations: "disabled" });
              await Deno.writeFile(new URL(`stream_theme_${name}_${theme}_${width}x${height}.png`, DIR), png);
            }
          } finally {
            await o.close();
          }
        }
      }
    }
  },
);
