import assert from "node:assert/strict";
import {
  dependsOnForwarded,
  forwardedOrigin,
  isLoopbackOrigin,
  publicOrigin,
} from "../../http/public_origin.ts";

const URL_BEHIND = "http://10.0.0.2:8000/t/city-open/poster";
const headers = (h: Record<string, string>) => new Headers(h);

Deno.test("forwardedOrigin() reads X-Forwarded-Proto and -Host only from a trusted proxy", () => {
  const h = headers({ "x-forwarded-proto": "https", "x-forwarded-host": "live.example.org" });
  assert.equal(forwardedOrigin(h, URL_BEHIND, 0), null, "no proxy trusted: any client could send them");
  assert.equal(forwardedOrigin(h, URL_BEHIND, 1), "https://live.example.org");
  assert.equal(forwardedOrigin(headers({}), URL_BEHIND, 1), null, "no header: no forwarded address");
});

Deno.test("forwardedOrigin() takes the entry the first trusted proxy wrote, and the request's part a header lacks", () => {
  // The client sent its own X-Forwarded-Host; the one trusted proxy appended the host it was asked for.
  const spoofed = headers({
    "x-forwarded-host": "evil.example, live.example.org",
    "x-forwarded-proto": "https",
  });
  assert.equal(forwardedOrigin(spoofed, URL_BEHIND, 1), "https://live.example.org");
  assert.equal(
    forwardedOrigin(spoofed, URL_BEHIND, 2),
    "https://evil.example",
    "two proxies: the first's entry",
  );
  assert.equal(
    forwardedOrigin(headers({ "x-forwarded-proto": "https" }), URL_BEHIND, 1),
    "https://10.0.0.2:8000",
  );
  assert.equal(
    forwardedOrigin(headers({ "x-forwarded-host": "live.example.org:8443" }), URL_BEHIND, 1),
    "http://live.example.org:8443",
  );
  assert.equal(
    forwardedOrigin(headers({ "x-forwarded-host": "[2001:db8::1]:80" }), URL_BEHIND, 1),
    "http://[2001:db8::1]",
  );
});

Deno.test("forwardedOrigin() ignores a scheme or host that is not one", () => {
  for (
    const h of [
      { "x-forwarded-proto": "javascript", "x-forwarded-host": "live.example.org" } as Record<string, string>,
      { "x-forwarded-host": "live.example.org/path" },
      { "x-forwarded-host": "a b" },
      { "x-forwarded-host": "user@live.example.org" },
      { "x-forwarded-host": "<script>" },
    ]
  ) {
    assert.equal(forwardedOrigin(headers(h), URL_BEHIND, 1), null, JSON.stringify(h));
  }
});

Deno.test("publicOrigin(): the operator's address, else a trusted proxy's, else the LAN address, else the request's", () => {
  const request = {
    url: "http://localhost:8000/t/x/tv",
    headers: headers({ "x-forwarded-proto": "https", "x-forwarded-host": "live.example.org" }),
  };
  const chosen = { chosen: "https://tt.example.org", lan: "http://192.168.1.20:8000" };
  const lanOnly = { chosen: null, lan: "http://192.168.1.20:8000" };
  assert.equal(publicOrigin(chosen, request, 1), "https://tt.example.org");
  assert.equal(publicOrigin(lanOnly, request, 1), "https://live.example.org");
  assert.equal(publicOrigin(lanOnly, request, 0), "http://192.168.1.20:8000", "the headers are not trusted");
  assert.equal(publicOrigin({ chosen: null, lan: null }, request, 0), "http://localhost:8000");
  assert.equal(publicOrigin(undefined, request, 0), "http://localhost:8000");
});

Deno.test("dependsOnForwarded() is true behind a trusted proxy unless the operator chose the address", () => {
  assert.equal(dependsOnForwarded({ chosen: null, lan: null }, 1), true);
  assert.equal(dependsOnForwarded(undefined, 2), true);
  assert.equal(dependsOnForwarded({ chosen: "https://tt.example.org", lan: null }, 1), false);
  assert.equal(dependsOnForwarded({ chosen: null, lan: "http://192.168.1.20:8000" }, 0), false);
});

Deno.test("isLoopbackOrigin() is true for this computer's own addresses only", () => {
  for (
    const origin of [
      "http://localhost:8000",
      "http://LOCALHOST",
      "http://tv.localhost:8000",
      "http://127.0.0.1:8000",
      "http://127.1.2.3",
      "http://[::1]:8000",
      "http://[0:0:0:0:0:0:0:1]",
      "http://[::ffff:127.0.0.1]:8000",
      "http://0.0.0.0:8000",
    ]
  ) {
    assert.equal(isLoopbackOrigin(origin), true, origin);
  }
  for (
    const origin of [
      "http://192.168.1.20:8000",
      "https://live.example.org",
      "http://localhost.example.org",
      "http://[2001:db8::1]",
      "not a url",
    ]
  ) {
    assert.equal(isLoopbackOrigin(origin), false, origin);
  }
});
