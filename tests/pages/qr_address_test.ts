/**
 * The address the TV's and the poster's QR codes encode (http/public_origin.ts), over HTTP: the operator's
 * setting, a trusted proxy's forwarded address, the LAN address printed at start, the request's own; and the
 * poster's on-screen warning when that address is this computer's own.
 */
import assert from "node:assert/strict";
import { silentLogger } from "../../lib/log.ts";
import type { Store } from "../../db/store.ts";
import type { PublicAddress } from "../../http/public_origin.ts";
import { createApp, createHandler } from "../../main.ts";
import { storeTest } from "../support/stores.ts";
import { seedPages } from "./seed.ts";
import { testNow } from "../support/test_clock.ts";

const FORWARDED = { "x-forwarded-proto": "https", "x-forwarded-host": "live.example.org" };

async function setup(store: Store, options: { publicAddress?: PublicAddress; trustedProxies?: number } = {}) {
  const seeded = await seedPages(store);
  const app = createApp({ store, log: silentLogger, clock: testNow, ...options });
  const slug = seeded.event.slug;
  /** The address the page's QR code encodes (its aria-label), and whether the loopback warning is there. */
  const qr = async (url: string, headers: Record<string, string> = {}) => {
    const html = await (await app.request(url, { headers })).text();
    return {
      to: /aria-label="QR code to ([^"]+)"/.exec(html)?.[1],
      warns: html.includes('class="loopback"'),
      html,
    };
  };
  return { slug, qr };
}

storeTest(
  "[pages] with no setting the TV and the poster encode the address the page was opened by",
  async (store) => {
    const { slug, qr } = await setup(store);
    for (const page of ["tv", "poster"]) {
      assert.equal(
        (await qr(`http://192.168.1.20:8000/t/${slug}/${page}`)).to,
        `http://192.168.1.20:8000/t/${slug}`,
      );
      // Without a trusted proxy its forwarded headers are anyone's: ignored.
      const spoofed = await qr(`http://192.168.1.20:8000/t/${slug}/${page}`, FORWARDED);
      assert.equal(spoofed.to, `http://192.168.1.20:8000/t/${slug}`, page);
    }
  },
);

storeTest(
  "[pages] the poster warns on screen, not in print, when its QR code would be this computer's own",
  async (store) => {
    const { slug, qr } = await setup(store);
    for (const origin of ["http://localhost:8000", "http://127.0.0.1:8000", "http://[::1]:8000"]) {
      const poster = await qr(`${origin}/t/${slug}/poster`);
      assert.equal(poster.to, `${origin}/t/${slug}`);
      assert.ok(poster.warns, origin);
      assert.match(
        poster.html,
        /<p class="loopback" role="alert"><strong>Phones cannot open this QR code\.<\/strong>/,
      );
      assert.match(poster.html, /@media print\{[^\n]*\.loopback\{display:none\}/, "never on paper");
    }
    assert.equal((await qr(`http://192.168.1.20:8000/t/${slug}/poster`)).warns, false);
  },
);

storeTest(
  "[pages] the LAN address printed at start stands in for localhost, and stops the warning",
  async (store) => {
    const { slug, qr } = await setup(store, {
      publicAddress: { chosen: null, lan: "http://192.168.1.20:8000" },
    });
    const poster = await qr(`http://localhost:8000/t/${slug}/poster`);
    assert.equal(poster.to, `http://192.168.1.20:8000/t/${slug}`);
    assert.equal(poster.warns, false);
    assert.equal((await qr(`http://localhost:8000/t/${slug}/tv`)).to, `http://192.168.1.20:8000/t/${slug}`);
  },
);

storeTest(
  "[pages] behind a trusted proxy the QR codes encode the address it was asked for",
  async (store) => {
    const { slug, qr } = await setup(store, {
      publicAddress: { chosen: null, lan: "http://192.168.1.20:8000" },
      trustedProxies: 1,
    });
    for (const page of ["tv", "poster"]) {
      assert.equal(
        (await qr(`http://127.0.0.1:8000/t/${slug}/${page}`, FORWARDED)).to,
        `https://live.example.org/t/${slug}`,
      );
      // A request with no forwarded header (the proxy's health check, a direct request): the LAN address.
      assert.equal(
        (await qr(`http://127.0.0.1:8000/t/${slug}/${page}`)).to,
        `http://192.168.1.20:8000/t/${slug}`,
      );
    }
  },
);

storeTest(
  "[pages] the operator's PUBLIC_URL wins over a proxy's headers and the LAN address",
  async (store) => {
    const { slug, qr } = await setup(store, {
      publicAddress: { chosen: "https://tt.example.org", lan: "http://192.168.1.20:8000" },
      trustedProxies: 1,
    });
    for (const page of ["tv", "poster"]) {
      const shown = await qr(`http://localhost:8000/t/${slug}/${page}`, FORWARDED);
      assert.equal(shown.to, `https://tt.example.org/t/${slug}`);
      assert.equal(shown.warns, false);
    }
  },
);

storeTest("[pages] a page whose QR code follows a proxy's headers is not kept by its URL", async (store) => {
  const seeded = await seedPages(store);
  const handler = createHandler({ store, log: silentLogger, clock: testNow, trustedProxies: 1 });
  const url = `http://127.0.0.1:8000/t/${seeded.event.slug}/poster`;
  for (const host of ["one.example.org", "two.example.org", "one.example.org"]) {
    const res = await handler(new Request(url, { headers: { "x-forwarded-host": host } }));
    const html = await res.text();
    assert.match(html, new RegExp(`aria-label="QR code to http://${host.replaceAll(".", "\\.")}/t/`), host);
  }
});
