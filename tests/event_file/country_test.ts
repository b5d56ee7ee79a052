/**
 * A player's country (`players[].country`, three capital letters as the ITTF writes them): refused with its path
 * when malformed, stored by the import, written back by the export, served additively by the public API (the
 * entry's players, the entry, the event's players, the match's sides, the player's profile) and edited by the
 * management API.
 */
import assert from "node:assert/strict";
import { exportEvent } from "../../event_file/export.ts";
import { setEventStatus } from "../../db/manage_writes.ts";
import { importEvent } from "../../event_file/import.ts";
import { validateEventFile } from "../../event_file/validate.ts";
import { ANA, BEN, groupEvent } from "../support/event_files.ts";
import { apiClient } from "../support/api_client.ts";
import { storeTest } from "../support/stores.ts";
import { call, makeToken } from "../api/manage_fixtures.ts";

const T0 = new Date("2026-06-02T12:00:00.000Z");
const file = (anaCountry: unknown, benCountry?: unknown) =>
  groupEvent({
    slug: "country-open",
    status: "published",
    players: [
      { ...ANA, country: anaCountry as string },
      benCountry === undefined ? BEN : { ...BEN, country: benCountry as string },
    ],
    results: [["ana", "ben"]],
    scheduled: [["ben", "ana"]],
  });

Deno.test("validateEventFile() refuses a country that is not three capital letters, naming the field", async () => {
  for (const bad of ["ger", "DEUT", "DE", "G3R", 276]) {
    const checked = await validateEventFile(file(bad));
    assert.equal(checked.ok, false, `${JSON.stringify(bad)} refused`);
    if (checked.ok) continue;
    const problem = checked.errors.find((e) => e.path === "players[0].country");
    assert.ok(problem, JSON.stringify(checked.errors));
    if (typeof bad === "string") {
      assert.equal(
        problem.message,
        `Expected a country code of three capital letters as the ITTF writes it, e.g. "GER" or "CHN", got "${bad}"`,
      );
    }
  }
  assert.equal((await validateEventFile(file("GER", null))).ok, true, "null is no country");
});

storeTest(
  "a player's country is imported, exported and served where the API names its players",
  async (store) => {
    await importEvent(store, file("ESP", null), () => T0);
    const exported = await exportEvent(store.db, "country-open");
    assert.ok(exported);
    const players = new Map(exported.players.map((p) => [p.displayName, p]));
    assert.equal(players.get("Ana Lopez")?.country, "ESP");
    assert.equal("country" in players.get("Ben Okafor")!, false, "no country, no field");

    const api = apiClient(store, () => T0);
    const roster = (await api.request("/api/v1/events/country-open/players")).body.data.players as {
      displayName: string;
      country?: string;
      id: string;
    }[];
    const ana = roster.find((p) => p.displayName === "Ana Lopez")!;
    assert.equal(ana.country, "ESP");
    assert.equal("country" in roster.find((p) => p.displayName === "Ben Okafor")!, false);
    const event = (await api.request("/api/v1/events/country-open")).body.data;
    const matches =
      (await api.request(`/api/v1/subevents/${event.subevents[0].id}/matches`)).body.data.matches;
    const played = matches.find((m: { status: string }) => m.status === "completed");
    assert.equal(played.homeCountry, "ESP");
    assert.equal("awayCountry" in played, false);
    const standings = (await api.request(`/api/v1/subevents/${event.subevents[0].id}/standings`)).body.data;
    const rows = standings.standings[0].rows as {
      entry: { name: string; country?: string; players: unknown[] };
    }[];
    const anaRow = rows.find((r) => r.entry.name === "Ana Lopez")!;
    assert.equal(anaRow.entry.country, "ESP");
    assert.deepEqual(anaRow.entry.players, [{
      id: ana.id,
      displayName: "Ana Lopez",
      association: "TTC Ghent",
      country: "ESP",
    }]);
    const profile = (await api.request(`/api/v1/players/${ana.id}`)).body.data.player;
    assert.equal(profile.country, "ESP");

    // The management API's edit: a code, then null; a malformed code is a 400 naming the field.
    const admin = await makeToken(store.db, "admin");
    const patch = (body: unknown) =>
      api.app.request(`/api/manage/players/${ana.id}`, call(admin, "PATCH", body));
    const bad = await patch({ country: "es" });
    assert.equal(bad.status, 400);
    assert.match((await bad.json()).detail, /"country".*three capital letters/);
    const set = await patch({ country: "ENG" });
    assert.equal(set.status, 200);
    assert.equal((await set.json()).data.player.country, "ENG");
    assert.equal((await api.request(`/api/v1/players/${ana.id}`)).body.data.player.country, "ENG");
    const cleared = await patch({ country: null });
    assert.equal("country" in (await cleared.json()).data.player, false);
  },
);

storeTest(
  "a draft's file never changes a public player's country until the draft is published",
  async (store) => {
    await importEvent(store, file("ESP"), () => T0);
    const api = apiClient(store, () => T0);
    const anaId = async () =>
      ((await api.request("/api/v1/events/country-open/players")).body.data.players as {
        id: string;
        displayName: string;
      }[]).find((p) => p.displayName === "Ana Lopez")!.id;
    const id = await anaId();
    const country = async () => (await api.request(`/api/v1/players/${id}`)).body.data.player.country;
    await importEvent(
      store,
      groupEvent({ slug: "country-draft", status: "draft", players: [{ ...ANA, country: "AND" }, BEN] }),
      () => T0,
    );
    assert.equal(await country(), "ESP", "the public country stays");
    const exported = await exportEvent(store.db, "country-draft");
    assert.equal(exported!.players.find((p) => p.federationId === ANA.federationId)!.country, "AND");
    await setEventStatus(store, "country-draft", "published", { actor: "test", now: T0 });
    assert.equal(await country(), "AND", "published, the draft's file says it");
  },
);
