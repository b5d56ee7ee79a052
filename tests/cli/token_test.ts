import assert from "node:assert/strict";
import { parseTokenArgs, runToken, runTokenCommand, UsageError } from "../../cli/token.ts";
import { authenticateToken } from "../../db/tokens.ts";
import { storeTest } from "../support/stores.ts";
import { seedKnockout, T0 } from "../api/manage_fixtures.ts";

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
}

Deno.test("parseTokenArgs() reads create, list and revoke", () => {
  assert.deepEqual(
    parseTokenArgs(["create", "--role", "scorer", "--event=spring", "--table", "3", "--label", "T3"]),
    {
      kind: "create",
      role: "scorer",
      event: "spring",
      table: 3,
      label: "T3",
    },
  );
  assert.deepEqual(parseTokenArgs(["create", "--role", "admin"]), {
    kind: "create",
    role: "admin",
    event: null,
    table: null,
    label: "admin",
  });
  assert.equal(
    (parseTokenArgs(["create", "--role", "scorer", "--table", "2"]) as { label: string }).label,
    "scorer table 2",
  );
  assert.deepEqual(parseTokenArgs(["list"]), { kind: "list" });
  assert.deepEqual(parseTokenArgs(["revoke", "abc"]), { kind: "revoke", id: "abc" });
});

Deno.test("parseTokenArgs() refuses bad command lines with a message naming the problem", () => {
  const cases: [string[], RegExp][] = [
    [[], /Missing command/],
    [["delete"], /Unknown command "delete"/],
    [["create"], /Invalid "--role": expected "admin", "scorer" or "relay", got ""/],
    [["create", "--role", "root"], /got "root"/],
    [["create", "--role", "scorer", "--table", "0"], /Invalid "--table"/],
    [
      ["create", "--role", "scorer", "--table", "1000"],
      /Invalid "--table": expected .* from 1 to 999, got "1000"/,
    ],
    [["create", "--role", "scorer", "--table", "2x"], /Invalid "--table": expected a table number, got "2x"/],
    [["create", "--role", "scorer", "--colour", "red"], /Unknown flag "--colour"/],
    [["create", "--role", "scorer", "--label"], /needs a value/],
    [["create", "--role", "admin", "--event", "x"], /admin token cannot be limited/],
    [["revoke"], /needs one token ID/],
    [["list", "x"], /Unexpected argument "x"/],
    // A repeated option is refused rather than the last one winning: "--role admin" must never slip in.
    [["create", "--role", "scorer", "--role", "admin"], /^Option "--role" is given more than once$/],
    [["create", "--role=scorer", "--role", "scorer"], /^Option "--role" is given more than once$/],
    [
      ["create", "--role", "scorer", "--table", "1", "--table=2"],
      /^Option "--table" is given more than once$/,
    ],
    [
      ["create", "--role", "admin", "--label", "a", "--label", "b"],
      /^Option "--label" is given more than once$/,
    ],
    // The API's label rule (api/manage/bodies.ts TokenBody): non-blank, at most 100 characters.
    [
      ["create", "--role", "admin", "--label", "x".repeat(101)],
      /^Invalid "--label": expected a label of at most 100 characters, got 101 characters$/,
    ],
    [["create", "--role", "admin", "--label", "   "], /^Invalid "--label": expected a non-empty label/],
  ];
  for (const [args, message] of cases) {
    assert.throws(() => parseTokenArgs(args), (e: unknown) => {
      assert.ok(e instanceof UsageError);
      assert.match(e.message, message);
      return true;
    });
  }
});

Deno.test("runToken() answers a usage error with exit code 2 and the usage", async () => {
  const c = capture();
  assert.equal(await runToken(["nope"], () => undefined, c.io), 2);
  assert.match(c.err.join("\n"), /Usage: deno task token create/);
  const twice = capture();
  assert.equal(
    await runToken(["create", "--role", "scorer", "--role", "admin"], () => undefined, twice.io),
    2,
  );
  assert.equal(twice.err[0], 'Option "--role" is given more than once');
});

Deno.test("parseTokenArgs() accepts a label of 100 characters, trimmed as the API trims it", () => {
  const label = "y".repeat(100);
  const parsed = parseTokenArgs(["create", "--role", "admin", "--label", ` ${label} `]);
  assert.equal((parsed as { label: string }).label, label);
});

storeTest(
  "runTokenCommand() creates a scorer token for an event and table, lists it, and revokes it",
  async (store) => {
    const ev = await seedKnockout(store.db);
    const c = capture();
    assert.equal(
      await runTokenCommand(
        store,
        parseTokenArgs(["create", "--role", "scorer", "--event", ev.slug, "--table", "2"]),
        c.io,
        T0,
      ),
      0,
    );
    const secret = /Secret \(shown once[^:]*\): (tt_\S+)/.exec(c.out.join("\n"))?.[1];
    assert.ok(secret);
    const token = await authenticateToken(store.db, secret, T0);
    assert.deepEqual([token?.role, token?.eventId, token?.tableNo], ["scorer", ev.eventId, 2]);
    const l = capture();
    await runTokenCommand(store, { kind: "list" }, l.io, T0);
    assert.equal(l.out.length, 1);
    assert.ok(!l.out[0]!.includes(secret), "the list never shows a secret");
    assert.match(l.out[0]!, /scorer .* \(event test-open, table 2\)/);
    const r = capture();
    assert.equal(await runTokenCommand(store, { kind: "revoke", id: token!.id }, r.io, T0), 0);
    assert.equal(await authenticateToken(store.db, secret, T0), null);
    const missing = capture();
    assert.equal(await runTokenCommand(store, { kind: "revoke", id: "nope" }, missing.io, T0), 1);
    assert.match(missing.err[0]!, /no token has this ID/);
  },
);

storeTest("runTokenCommand() refuses an unknown event slug", async (store) => {
  const c = capture();
  assert.equal(
    await runTokenCommand(store, parseTokenArgs(["create", "--role", "scorer", "--event", "nope"]), c.io, T0),
    1,
  );
  assert.match(c.err[0]!, /no event has the slug "nope"/);
});

storeTest(
  "runTokenCommand() makes a relay token bound to a slug the store may not have yet",
  async (store) => {
    const c = capture();
    const command = parseTokenArgs(["create", "--role", "relay", "--event", "spring-open-2026"]);
    assert.equal(await runTokenCommand(store, command, c.io, T0), 0);
    const secret = /Secret \(shown once[^:]*\): (tt_\S+)/.exec(c.out.join("\n"))?.[1];
    const token = await authenticateToken(store.db, secret!, T0);
    assert.deepEqual([token?.role, token?.eventId, token?.eventSlug, token?.label], [
      "relay",
      null,
      "spring-open-2026",
      "relay spring-open-2026",
    ]);
    assert.match(c.out[0]!, /relay .* \(event spring-open-2026\)/);
  },
);

Deno.test("parseTokenArgs() refuses a relay token without its event or with a table", () => {
  assert.throws(() => parseTokenArgs(["create", "--role", "relay"]), /give "--event SLUG" and no "--table"/);
  assert.throws(
    () => parseTokenArgs(["create", "--role", "relay", "--event", "a", "--table", "2"]),
    /give "--event SLUG" and no "--table"/,
  );
});
