import assert from "node:assert/strict";
import {
  authenticateToken,
  createToken,
  ensureAdminToken,
  FIRST_ADMIN_LABEL,
  generateSecret,
  hashesEqual,
  hashSecret,
  listTokens,
  revokeToken,
  TokenError,
} from "../../db/tokens.ts";
import { storeTest } from "../support/stores.ts";
import { seedKnockout, T0 } from "../api/manage_fixtures.ts";

const later = (ms: number) => new Date(T0.getTime() + ms);

Deno.test("generateSecret() makes tt_ + 43 base64url characters, different every time", () => {
  const secrets = new Set(Array.from({ length: 200 }, generateSecret));
  assert.equal(secrets.size, 200);
  for (const s of secrets) assert.match(s, /^tt_[A-Za-z0-9_-]{43}$/);
});

Deno.test("hashSecret() is SHA-256 in lowercase hex", async () => {
  assert.equal(await hashSecret("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
});

Deno.test("hashesEqual() compares whole strings of any length", () => {
  assert.equal(hashesEqual("abcd", "abcd"), true);
  assert.equal(hashesEqual("abcd", "abce"), false);
  assert.equal(hashesEqual("abcd", "abc"), false);
});

storeTest(
  "createToken() stores only the hash, and authenticateToken() finds the token by its secret",
  async (store) => {
    const { token, secret } = await createToken(store.db, { role: "admin", label: "desk" }, T0);
    const row = await store.db.selectFrom("tokens").selectAll().where("id", "=", token.id)
      .executeTakeFirstOrThrow();
    assert.equal(row.token_hash, await hashSecret(secret));
    assert.ok(!JSON.stringify(row).includes(secret), "the secret is not stored");
    const found = await authenticateToken(store.db, secret, T0);
    assert.equal(found?.id, token.id);
    assert.equal(found?.role, "admin");
    assert.equal(found?.label, "desk");
    assert.ok(!("token_hash" in found!) && !("tokenHash" in found!), "the record carries no hash");
  },
);

storeTest("authenticateToken() refuses unknown, malformed and revoked secrets", async (store) => {
  const { token, secret } = await createToken(store.db, { role: "scorer", label: "t1" }, T0);
  assert.equal(await authenticateToken(store.db, generateSecret(), T0), null);
  assert.equal(await authenticateToken(store.db, secret.slice(3), T0), null, "without the prefix");
  assert.equal(await authenticateToken(store.db, `${secret} `, T0), null);
  assert.equal(await authenticateToken(store.db, "", T0), null);
  assert.equal(await revokeToken(store.db, token.id, later(1000)), true);
  assert.equal(await authenticateToken(store.db, secret, later(2000)), null);
  assert.equal(await revokeToken(store.db, "missing", T0), false);
});

storeTest("revokeToken() from 8 requests at once revokes once: one time, one audit row", async (store) => {
  const { token } = await createToken(store.db, { role: "scorer", label: "race" }, T0);
  const found = await Promise.all(
    Array.from({ length: 8 }, (_, i) => revokeToken(store.db, token.id, later(1000 + i))),
  );
  assert.ok(found.every(Boolean));
  const audits = await store.db.selectFrom("audit_log").select("id").where("action", "=", "token.revoke")
    .execute();
  assert.equal(audits.length, 1);
  const row = await store.db.selectFrom("tokens").select("revoked_at").where("id", "=", token.id)
    .executeTakeFirstOrThrow();
  assert.ok(row.revoked_at !== null && row.revoked_at <= later(1007).toISOString());
});

storeTest("authenticateToken() marks the token as used at most once a minute", async (store) => {
  const { token, secret } = await createToken(store.db, { role: "scorer", label: "t1" }, T0);
  await authenticateToken(store.db, secret, later(1000));
  await authenticateToken(store.db, secret, later(30_000));
  let row = await store.db.selectFrom("tokens").select("last_used_at").where("id", "=", token.id)
    .executeTakeFirstOrThrow();
  assert.equal(row.last_used_at, later(1000).toISOString());
  await authenticateToken(store.db, secret, later(70_000));
  row = await store.db.selectFrom("tokens").select("last_used_at").where("id", "=", token.id)
    .executeTakeFirstOrThrow();
  assert.equal(row.last_used_at, later(70_000).toISOString());
});

storeTest("createToken() limits a scorer to an event and a table, and refuses bad limits", async (store) => {
  const ev = await seedKnockout(store.db);
  const { token } = await createToken(store.db, {
    role: "scorer",
    label: "t3",
    eventId: ev.eventId,
    tableNo: 3,
  }, T0);
  assert.equal(token.eventId, ev.eventId);
  assert.equal(token.eventSlug, ev.slug);
  assert.equal(token.tableNo, 3);
  await assert.rejects(createToken(store.db, { role: "admin", label: "x", tableNo: 1 }, T0), TokenError);
  await assert.rejects(
    createToken(store.db, { role: "scorer", label: "x", eventId: "missing" }, T0),
    TokenError,
  );
  await assert.rejects(createToken(store.db, { role: "scorer", label: "x", tableNo: 0 }, T0), TokenError);
  await assert.rejects(
    createToken(store.db, { role: "scorer", label: "  " }, T0),
    /"label" must not be empty/,
  );
});

storeTest("listTokens() lists every token, newest first, revoked ones marked", async (store) => {
  const a = await createToken(store.db, { role: "admin", label: "a" }, T0);
  await createToken(store.db, { role: "scorer", label: "b" }, later(1000));
  await revokeToken(store.db, a.token.id, later(2000));
  const list = await listTokens(store.db);
  assert.deepEqual(list.map((t) => t.label), ["b", "a"]);
  assert.equal(list[1]!.revokedAt, later(2000).toISOString());
});

storeTest("createToken() and revokeToken() write audit rows without the secret", async (store) => {
  const { token, secret } = await createToken(store.db, { role: "scorer", label: "t1" }, T0, "desk");
  await revokeToken(store.db, token.id, later(1), "desk");
  const rows = await store.db.selectFrom("audit_log").selectAll().orderBy("at").execute();
  assert.deepEqual(rows.map((r) => [r.action, r.token_label]), [["token.create", "desk"], [
    "token.revoke",
    "desk",
  ]]);
  assert.ok(rows.every((r) => !r.detail.includes(secret)));
});

storeTest(
  "ensureAdminToken() makes an admin token once, and again when every admin token is revoked",
  async (store) => {
    const secret = await ensureAdminToken(store, T0);
    assert.ok(secret);
    const token = await authenticateToken(store.db, secret, T0);
    assert.equal(token?.role, "admin");
    assert.equal(token?.label, FIRST_ADMIN_LABEL);
    assert.equal(await ensureAdminToken(store, later(1)), null);
    await revokeToken(store.db, token!.id, later(2));
    const again = await ensureAdminToken(store, later(3));
    assert.ok(again && again !== secret);
  },
);

storeTest("ensureAdminToken() called at once by several starts makes one token", async (store) => {
  const made = await Promise.all([1, 2, 3].map(() => ensureAdminToken(store, T0)));
  assert.equal(made.filter((s) => s !== null).length, 1);
  assert.equal((await listTokens(store.db)).length, 1);
});
