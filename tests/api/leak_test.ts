import assert from "node:assert/strict";
import { apiClient } from "../support/api_client.ts";
import {
  makeAccount,
  makePlayer,
  makeRating,
  makeToken,
  PRIVATE_STRINGS,
  seedTournament,
} from "../support/fixtures.ts";
import { storeTest } from "../support/stores.ts";

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+\.[A-Za-z0-9.-]+/;

storeTest(
  "[api] no private string appears in any response: drafts, e-mails, birth dates, accounts, tokens",
  async (store) => {
    const s = await seedTournament(store.db);
    // More private data: every listed player gets an e-mail address and a birth date.
    const secrets = [...PRIVATE_STRINGS];
    const players = await store.db.selectFrom("players").select("id").execute();
    for (const [i, p] of players.entries()) {
      const email = `leak${i}@private.example`;
      secrets.push(email);
      await store.db.updateTable("players").set({
        email,
        birth_date: `1970-01-${String(i + 1).padStart(2, "0")}`,
      })
        .where("id", "=", p.id).execute();
      secrets.push(`1970-01-${String(i + 1).padStart(2, "0")}`);
    }
    for (let i = 0; i < 5; i++) {
      const draftOnly = await makePlayer(store.db, {
        display_name: `Draft Only ${i}`,
        listed: 0,
        email: `d${i}@x.example`,
      });
      await makeRating(store.db, { player_id: draftOnly.id, rating: 2500 + i });
      secrets.push(`Draft Only ${i}`);
      const account = await makeAccount(store.db, {
        email: `acct${i}@x.example`,
        display_name: `Account Holder ${i}`,
      });
      secrets.push(account.email, account.display_name);
      const token = await makeToken(store.db, { label: `Private Token ${i}` });
      secrets.push(token.label, token.token_hash);
    }
    const api = apiClient(store);
    const bodies: string[] = [];
    const get = async (path: string) => {
      const r = await api.request(path);
      bodies.push(r.text);
      return r.body;
    };
    /** A direct probe of a private row: a 404 whose body may only echo the requested path. */
    const probe = async (path: string, echoed: string) => {
      const r = await api.request(path);
      assert.equal(r.status, 404, path);
      bodies.push(r.text.replaceAll(echoed, "<requested>"));
    };
    // Walk everything reachable, as a client would, plus the direct addresses of the private rows.
    const events = (await get("/api/v1/events")).data.events;
    for (const e of events) {
      const one = await get(`/api/v1/events/${e.slug}`);
      for (const p of (await get(`/api/v1/events/${e.slug}/players`)).data.players) {
        await get(`/api/v1/events/${e.slug}/matches?player=${p.id}`);
      }
      for (const sub of one.data.subevents) {
        await get(`/api/v1/subevents/${sub.id}/draw`);
        await get(`/api/v1/subevents/${sub.id}/standings`);
        const matches = (await get(`/api/v1/subevents/${sub.id}/matches`)).data.matches;
        for (const m of matches) await get(`/api/v1/matches/${m.id}`);
      }
    }
    await get("/api/v1/rankings?limit=500");
    await probe(`/api/v1/events/${s.draft.slug}`, s.draft.slug);
    await probe(`/api/v1/events/${s.archived.slug}`, s.archived.slug);
    await probe(`/api/v1/events/${s.draft.slug}/players`, s.draft.slug);
    await probe(`/api/v1/subevents/${s.draft.categoryId}/matches`, s.draft.categoryId);
    await probe(`/api/v1/subevents/${s.draft.categoryId}/draw`, s.draft.categoryId);
    await probe(`/api/v1/subevents/${s.draft.categoryId}/standings`, s.draft.categoryId);
    await probe(`/api/v1/matches/${s.draft.matchId}`, s.draft.matchId);
    await get("/api/v1/openapi.json");
    const all = bodies.join("\n");
    assert.ok(bodies.length > 20);
    for (const secret of secrets) assert.ok(!all.includes(secret), `leaked: ${secret}`);
    const apiBodies = bodies.filter((b) => !b.includes('"openapi"')).join("\n");
    assert.doesNotMatch(apiBodies, EMAIL, "no e-mail address at all");
    assert.doesNotMatch(all, /"status"\s*:\s*"draft"/);
    for (
      const field of ["email", "birthDate", "birth_date", "tokenHash", "token_hash", "federationId", "prior"]
    ) {
      assert.ok(!apiBodies.includes(`"${field}"`), `no field ${field}`);
    }
    const ranked = JSON.parse(bodies.find((b) => b.includes('"rankings"'))!).data.rankings;
    assert.ok(ranked.every((r: { rating: number }) => r.rating < 2500), "unlisted players are not ranked");
  },
);
