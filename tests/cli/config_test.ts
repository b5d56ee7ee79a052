import assert from "node:assert/strict";
import {
  ConfigError,
  DEFAULT_RATE_LIMIT,
  ENV_NAMES,
  parseDatabaseUrl,
  parsePublicUrl,
  parseSecurityContact,
  readConfig,
  SERVER_USAGE,
} from "../../cli/config.ts";

const env = (vars: Record<string, string>) => (name: string) => vars[name];

Deno.test("readConfig() has documented defaults", () => {
  const c = readConfig([], env({}));
  assert.equal(c.port, 8000);
  assert.equal(c.host, "0.0.0.0");
  assert.deepEqual(c.databaseUrl, {
    kind: "sqlite",
    path: "./data/tournament.db",
    memory: false,
    url: "sqlite:./data/tournament.db",
  });
  assert.equal(c.simulate, true);
});

Deno.test("readConfig() lets flags override the environment", () => {
  const c = readConfig(["--port", "9001", "--host=127.0.0.1", "--no-simulate"], env({ PORT: "8080" }));
  assert.equal(c.port, 9001);
  assert.equal(c.host, "127.0.0.1");
  assert.equal(c.simulate, false);
});

Deno.test("readConfig() reads --help and -h; the usage names every flag", () => {
  assert.equal(readConfig([], env({})).help, false);
  assert.equal(readConfig(["--help"], env({})).help, true);
  assert.equal(readConfig(["--port", "1", "-h"], env({})).help, true);
  for (const flag of ["--port", "--host", "--database-url", "--no-simulate", "--no-demo", "--help"]) {
    assert.ok(SERVER_USAGE.includes(flag), flag);
  }
  assert.throws(() => readConfig(["--bogus"], env({})), /--help/);
});

Deno.test("readConfig() names the setting of a bad value", () => {
  assert.throws(
    () => readConfig([], env({ PORT: "eighty" })),
    (e) => e instanceof ConfigError && /PORT/.test(e.message),
  );
  assert.throws(() => readConfig([], env({ PORT: "70000" })), /PORT/);
  assert.throws(() => readConfig([], env({ DATABASE_URL: "mysql://x" })), /DATABASE_URL/);
  assert.throws(() => readConfig(["--bogus"], env({})), /--bogus/);
});

Deno.test("parseDatabaseUrl() knows sqlite files, memory and postgres", () => {
  assert.equal(parseDatabaseUrl("sqlite::memory:").kind, "sqlite");
  assert.equal(parseDatabaseUrl("postgres://u:p@localhost:5432/db").kind, "postgres");
  assert.throws(() => parseDatabaseUrl("sqlite:"), /DATABASE_URL/);
});

Deno.test("parseDatabaseUrl() never prints a password", () => {
  assert.throws(() => parseDatabaseUrl("postgres://user:secret@"), (e) => !String(e).includes("secret"));
});

Deno.test("readConfig() reads how many proxies to trust (TRUST_PROXY, --trust-proxy), none by default", () => {
  assert.equal(readConfig([], env({})).trustProxy, 0);
  assert.equal(readConfig([], env({ TRUST_PROXY: "2" })).trustProxy, 2);
  assert.equal(readConfig(["--trust-proxy", "1"], env({ TRUST_PROXY: "3" })).trustProxy, 1);
  assert.equal(readConfig([], env({ TRUST_PROXY: "on" })).trustProxy, 1);
  assert.equal(readConfig([], env({ TRUST_PROXY: "off" })).trustProxy, 0);
  assert.throws(() => readConfig([], env({ TRUST_PROXY: "yes please" })), /TRUST_PROXY/);
  assert.throws(() => readConfig([], env({ TRUST_PROXY: "11" })), /TRUST_PROXY/);
  assert.ok(SERVER_USAGE.includes("--trust-proxy"));
});

Deno.test("readConfig() limits request rates by default with PostgreSQL only; RATE_LIMIT sets it", () => {
  const pg = { DATABASE_URL: "postgres://u@localhost/db" };
  assert.equal(readConfig([], env({})).rateLimit, null, "off on SQLite: a venue LAN");
  assert.deepEqual(readConfig([], env(pg)).rateLimit, DEFAULT_RATE_LIMIT, "on with PostgreSQL: public");
  assert.deepEqual(DEFAULT_RATE_LIMIT, { limit: 3000, windowSeconds: 60 });
  assert.equal(readConfig([], env({ ...pg, RATE_LIMIT: "off" })).rateLimit, null);
  assert.deepEqual(readConfig([], env({ RATE_LIMIT: "on" })).rateLimit, DEFAULT_RATE_LIMIT);
  assert.deepEqual(readConfig([], env({ RATE_LIMIT: "600" })).rateLimit, { limit: 600, windowSeconds: 60 });
  assert.deepEqual(readConfig(["--rate-limit", "20/3600"], env({ RATE_LIMIT: "off" })).rateLimit, {
    limit: 20,
    windowSeconds: 3600,
  });
  for (const bad of ["lots", "0", "10/0", "-5", "10/100000"]) {
    assert.throws(() => readConfig([], env({ RATE_LIMIT: bad })), /RATE_LIMIT/, bad);
  }
  assert.ok(SERVER_USAGE.includes("--rate-limit"));
});

Deno.test("readConfig() reads DEMO and SIMULATE from the environment (on/off), flags winning", () => {
  const c = readConfig([], env({ DEMO: "off", SIMULATE: "off" }));
  assert.equal(c.demo, false);
  assert.equal(c.simulate, false);
  const on = readConfig([], env({ DATABASE_URL: "postgres://u@db/x", DEMO: "on", SIMULATE: "on" }));
  assert.equal(on.demo, true);
  assert.equal(on.simulate, true);
  assert.equal(readConfig(["--no-demo"], env({ DEMO: "on" })).demo, false);
  assert.equal(readConfig(["--demo"], env({ DEMO: "off" })).demo, true);
  assert.equal(readConfig(["--simulate"], env({ SIMULATE: "off" })).simulate, true);
  for (const [raw, value] of [["true", true], ["1", true], ["yes", true], ["false", false], ["0", false]]) {
    assert.equal(readConfig([], env({ DEMO: raw as string })).demo, value, raw as string);
  }
  assert.throws(
    () => readConfig([], env({ DEMO: "maybe" })),
    (e) => e instanceof ConfigError && /DEMO/.test(e.message) && /on or off/.test(e.message),
  );
  assert.throws(() => readConfig([], env({ SIMULATE: "" })), /SIMULATE/);
});

Deno.test("readConfig() loads and moves the demo by default on SQLite only, never on PostgreSQL unasked", () => {
  const sqlite = readConfig([], env({}));
  assert.equal(sqlite.demo, true);
  assert.equal(sqlite.simulate, true);
  const postgres = readConfig([], env({ DATABASE_URL: "postgres://u@db.example/tt" }));
  assert.equal(postgres.demo, false);
  assert.equal(postgres.simulate, false);
});

Deno.test("every setting of the command line has an environment variable, named in README's table", async () => {
  const readme = await Deno.readTextFile(new URL("../../README.md", import.meta.url));
  for (const name of ENV_NAMES) assert.match(readme, new RegExp(`^\\| \`${name}\` +\\|`, "m"), name);
  for (const flag of ["--port", "--host", "--database-url", "--demo", "--simulate"]) {
    assert.ok(SERVER_USAGE.includes(flag), flag);
  }
  // Each flag's variable is named in the usage beside it.
  for (const name of ENV_NAMES) assert.ok(SERVER_USAGE.includes(`env ${name}`), name);
});

Deno.test("readConfig() reads PUBLIC_URL and --public-url as an origin; unset, null", () => {
  assert.equal(readConfig([], env({})).publicUrl, null);
  assert.equal(
    readConfig([], env({ PUBLIC_URL: "http://192.168.1.20:8000/" })).publicUrl,
    "http://192.168.1.20:8000",
  );
  assert.equal(
    readConfig(["--public-url", "https://Live.Example.org"], env({ PUBLIC_URL: "http://x" })).publicUrl,
    "https://live.example.org",
  );
  assert.equal(readConfig([], env({ PUBLIC_URL: "" })).publicUrl, null);
  assert.ok(ENV_NAMES.includes("PUBLIC_URL"));
  assert.ok(SERVER_USAGE.includes("--public-url"));
});

Deno.test("parsePublicUrl() refuses what is not an http(s) address without a path, naming the setting", () => {
  for (
    const bad of [
      "192.168.1.20:8000",
      "ftp://x",
      "http://x/t/demo",
      "http://x?a=1",
      "http://u:p@x",
      "javascript:1",
    ]
  ) {
    assert.throws(
      () => parsePublicUrl(bad),
      (e) => e instanceof ConfigError && /^Invalid PUBLIC_URL "/.test(e.message),
      bad,
    );
  }
});

Deno.test("parseSecurityContact() takes an e-mail address, mailto: or https:, and refuses anything else", () => {
  assert.equal(parseSecurityContact(undefined), null);
  assert.equal(parseSecurityContact("  "), null);
  assert.equal(parseSecurityContact("security@example.org"), "mailto:security@example.org");
  assert.equal(parseSecurityContact("mailto:security@example.org"), "mailto:security@example.org");
  assert.equal(parseSecurityContact("https://example.org/security"), "https://example.org/security");
  for (
    const bad of ["http://example.org/security", "javascript:alert(1)", "not an address", "mailto:nobody"]
  ) {
    assert.throws(() => parseSecurityContact(bad), /Invalid SECURITY_CONTACT/, bad);
  }
  assert.equal(
    readConfig(["--security-contact", "sec@example.org"], () => undefined).securityContact,
    "mailto:sec@example.org",
  );
});

Deno.test("readConfig() reads RELAY_URL and RELAY_TOKEN together, and names the one that is wrong", () => {
  const token = "tt_" + "a".repeat(43);
  assert.equal(readConfig([], env({})).relay, null);
  assert.deepEqual(
    readConfig([], env({ RELAY_URL: "https://live.example.org/", RELAY_TOKEN: token })).relay,
    {
      url: "https://live.example.org",
      token,
    },
  );
  assert.deepEqual(
    readConfig(["--relay-url", "http://10.0.0.2:8000", "--relay-token", token], env({})).relay,
    { url: "http://10.0.0.2:8000", token },
  );
  assert.throws(() => readConfig([], env({ RELAY_URL: "https://live.example.org" })), /RELAY_TOKEN is not/);
  assert.throws(() => readConfig([], env({ RELAY_TOKEN: token })), /RELAY_URL is not/);
  assert.throws(
    () => readConfig([], env({ RELAY_URL: "ftp://x", RELAY_TOKEN: token })),
    (e) => e instanceof ConfigError && /Invalid RELAY_URL "ftp:\/\/x"/.test(e.message),
  );
  assert.throws(
    () => readConfig([], env({ RELAY_URL: "https://x.org", RELAY_TOKEN: "abc" })),
    /Invalid RELAY_TOKEN/,
  );
});
