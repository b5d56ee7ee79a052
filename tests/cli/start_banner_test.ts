import assert from "node:assert/strict";
import { bannerHosts, lanOrigin, startBanner } from "../../cli/start_banner.ts";

Deno.test("startBanner() lists the operator, scoring and TV URLs on each address", () => {
  const lines = startBanner({
    port: 8000,
    hosts: ["192.168.1.20", "localhost"],
    eventSlugs: ["demo-open-2026"],
    adminSecret: null,
  });
  assert.ok(lines.includes("Operator page:   http://192.168.1.20:8000/manage"));
  assert.ok(lines.includes("Scoring page:    http://localhost:8000/score"));
  assert.ok(lines.includes("Venue TV:        http://192.168.1.20:8000/t/demo-open-2026/tv"));
  assert.ok(lines.some((l) => l.startsWith("Overlays:")));
  assert.ok(!lines.some((l) => l.includes("tt_")));
});

Deno.test("startBanner() shows a new admin token once, with how to make more", () => {
  const lines = startBanner({ port: 9000, hosts: ["::1"], eventSlugs: [], adminSecret: "tt_secret" });
  assert.ok(lines.includes("Operator page:   http://[::1]:9000/manage"));
  assert.ok(lines.includes("  tt_secret"));
  assert.ok(lines.some((l) => l.includes("deno task token create")));
});

Deno.test("bannerHosts() keeps a specific bind host and lists localhost for all interfaces", () => {
  assert.deepEqual(bannerHosts("127.0.0.1"), ["127.0.0.1"]);
  assert.ok(bannerHosts("0.0.0.0").includes("localhost"));
});

Deno.test("lanOrigin() is the first LAN address the banner prints, as the QR codes' default; none for localhost", () => {
  assert.equal(lanOrigin(["192.168.1.20", "10.0.0.5", "localhost"], 8000), "http://192.168.1.20:8000");
  assert.equal(lanOrigin(["fd00::20"], 8000), "http://[fd00::20]:8000");
  assert.equal(lanOrigin(["localhost"], 8000), null);
  assert.equal(lanOrigin(["127.0.0.1"], 8000), null);
  assert.equal(
    lanOrigin(["192.168.1.20"], 0),
    null,
    "a port chosen by the system is known only once listening",
  );
});

Deno.test("startBanner() says where the QR codes point when it knows", () => {
  const base = { port: 8000, hosts: ["192.168.1.20", "localhost"], eventSlugs: [], adminSecret: null };
  assert.ok(
    startBanner({ ...base, qrAddress: "http://192.168.1.20:8000" }).some((l) =>
      l.startsWith("QR codes:        http://192.168.1.20:8000 ")
    ),
  );
  assert.ok(!startBanner(base).some((l) => l.startsWith("QR codes:")));
});

Deno.test("startBanner() lists every overlay a producer may add to OBS", () => {
  const lines = startBanner({ port: 8000, hosts: ["localhost"], eventSlugs: [], adminSecret: null });
  const paths = ["featured", "table", "match", "tie", "subevent", "card/match", "card/player"];
  for (const path of [...paths, "standings", "bracket", "slate", "sponsor"]) {
    assert.ok(lines.some((l) => l.trim().startsWith(`/overlay/${path}/`)), path);
  }
});
