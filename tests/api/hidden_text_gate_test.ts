/**
 * One gate for every text that enters through the management API (http/limits.ts): a character that changes how a
 * text reads without being seen (domain/hidden_characters.ts: direction overrides and marks, zero-width spaces,
 * controls) is refused with a 400 naming the field, on every write route of the management route list (read
 * from the mounted app, so a new route is tested without being named here), raw or escaped in the JSON, before
 * any route stores it; and the two routes of the report, with their real fields, store nothing.
 */
import assert from "node:assert/strict";
import { manageApi } from "../../api/manage/mod.ts";
import { silentLogger } from "../../lib/log.ts";
import { createApp } from "../../main.ts";
import { demoWithAdmin } from "../support/demo_store.ts";
import { storeTest } from "../support/stores.ts";

const HIDDEN = ["\u202e", "\u200b", "\u200f", "\u202d", "\u2066", "\ufeff", "\u00ad", "\u0007"];
const codePoint = (ch: string) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

storeTest(
  "[api] every management write route refuses a hidden character in any text, naming the field",
  async (store) => {
    const now = new Date();
    const admin = await demoWithAdmin(store, "gate admin", now);
    const app = createApp({ store, log: silentLogger, clock: () => now });
    const routes = manageApi({ store, log: silentLogger, clock: () => now }).routes
      .filter((r) => WRITES.has(r.method))
      .map((r) => ({
        method: r.method,
        path: `/api/manage${r.path}`.replace(/\/$/, "").replace(/:\w+/g, "x"),
      }));
    const unique = [...new Map(routes.map((r) => [`${r.method} ${r.path}`, r])).values()];
    assert.ok(unique.length >= 20, `${unique.length} write routes`);
    for (const [i, { method, path }] of unique.entries()) {
      const ch = HIDDEN[i % HIDDEN.length]!;
      // Every other route gets the character escaped, as JSON.stringify leaves it raw.
      const text = `"Ana ${ch}Lopez"`;
      const body = `{"label":[1,{"name":${
        i % 2 ? text.replace(ch, `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`) : text
      }}]}`;
      const res = await app.request(path, {
        method,
        headers: { Authorization: `Bearer ${admin}`, "Content-Type": "application/json" },
        body,
      });
      const what = `${method} ${path} (${codePoint(ch)})`;
      assert.equal(res.status, 400, what);
      assert.equal(res.headers.get("Content-Type"), "application/problem+json", what);
      const problem = await res.json();
      assert.equal(problem.code, "invalid-body", what);
      assert.equal(problem.field, "label[1].name", what);
      assert.ok(
        problem.detail.includes(`invisible control character (${codePoint(ch)})`),
        `${what}: ${problem.detail}`,
      );
    }
  },
);

storeTest(
  "[api] a player's name and a new entry's names with hidden characters are refused and not stored",
  async (store) => {
    const now = new Date();
    const admin = await demoWithAdmin(store, "gate admin", now);
    const app = createApp({ store, log: silentLogger, clock: () => now });
    const headers = { Authorization: `Bearer ${admin}`, "Content-Type": "application/json" };
    const player = await store.db.selectFrom("players").select(["id", "display_name"])
      .executeTakeFirstOrThrow();
    for (const name of ["Ana\u202eLopez", "Ana\u200bLopez"]) {
      const res = await app.request(`/api/manage/players/${player.id}`, {
        method: "PATCH",
        headers,
        body: JSON.stringify({ name }),
      });
      assert.equal(res.status, 400, await res.clone().text());
      assert.equal((await res.json()).field, "name");
    }
    const after = await store.db.selectFrom("players").select("display_name").where("id", "=", player.id)
      .executeTakeFirstOrThrow();
    assert.equal(after.display_name, player.display_name);
    const clean = await app.request(`/api/manage/players/${player.id}`, {
      method: "PATCH",
      headers,
      body: JSON.stringify({ name: "Ana Lopez" }),
    });
    assert.equal(clean.status, 200, "a name without one is taken");
    await clean.body?.cancel();

    const category = await store.db.selectFrom("subevents").select("id").executeTakeFirstOrThrow();
    const entries = () =>
      store.db.selectFrom("entries").select("id").where("subevent_id", "=", category.id).execute();
    const before = (await entries()).length;
    for (const name of ["Bo\u200fKim", "Bo\u202dKim"]) {
      const res = await app.request(`/api/manage/subevents/${category.id}/entries`, {
        method: "POST",
        headers,
        body: JSON.stringify({ players: [{ name }] }),
      });
      assert.equal(res.status, 400, await res.clone().text());
      assert.equal((await res.json()).field, "players[0].name");
    }
    assert.equal((await entries()).length, before);
  },
);
