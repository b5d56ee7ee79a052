import assert from "node:assert/strict";
import { Hono } from "hono";
import { clientAddress, clientAddressVar, type ClientEnv, clientKey } from "../../http/client_address.ts";

Deno.test("clientKey() keeps IPv4, counts IPv6 by its /64 and unmaps IPv4-mapped addresses", () => {
  const cases: [address: string, key: string][] = [
    ["192.0.2.7", "192.0.2.7"],
    ["2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"],
    ["2001:DB8:1:2:bbbb:cccc:dddd:eeee", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["::ffff:192.0.2.7", "192.0.2.7"],
    ["unknown", "unknown"],
    ["1:2:3", "1:2:3"], // not an address: kept as it is
  ];
  for (const [address, key] of cases) assert.equal(clientKey(address), key, address);
});

Deno.test("clientAddress() trusts X-Forwarded-For only as far as the trusted proxies wrote it", () => {
  assert.equal(clientAddress("10.0.0.5", "203.0.113.9", 0), "10.0.0.5");
  assert.equal(clientAddress("10.0.0.5", null, 1), "10.0.0.5");
  assert.equal(clientAddress("10.0.0.5", "203.0.113.9", 1), "203.0.113.9");
  // The client wrote the first entry itself; the proxy appended the address it saw.
  assert.equal(clientAddress("10.0.0.5", "6.6.6.6, 203.0.113.9", 1), "203.0.113.9");
  assert.equal(clientAddress("10.0.0.5", "6.6.6.6, 203.0.113.9, 10.0.0.4", 2), "203.0.113.9");
  assert.equal(clientAddress("10.0.0.5", "203.0.113.9:4711", 1), "203.0.113.9");
  assert.equal(clientAddress("10.0.0.5", "[2001:db8::7]:80", 1), "2001:db8:0:0::/64");
  assert.equal(clientAddress("10.0.0.5", "garbage", 1), "10.0.0.5", "not an address: the peer");
  assert.equal(clientAddress(undefined, null, 0), "unknown");
});

Deno.test("clientAddressVar() puts the peer's address from Deno.serve's info in c.var.client", async () => {
  const app = new Hono<ClientEnv>();
  app.use("*", clientAddressVar(1));
  app.get("/", (c) => c.text(c.var.client));
  const remoteAddr = { transport: "tcp" as const, hostname: "192.0.2.1", port: 4000 };
  assert.equal(await (await app.request("/", {}, { remoteAddr })).text(), "192.0.2.1");
  const proxied = await app.request("/", { headers: { "X-Forwarded-For": "198.51.100.3" } }, { remoteAddr });
  assert.equal(await proxied.text(), "198.51.100.3");
  assert.equal(await (await app.request("/")).text(), "unknown");
});
