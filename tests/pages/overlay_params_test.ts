import assert from "node:assert/strict";
import fc from "fast-check";
import {
  MAX_SCALE,
  MIN_SCALE,
  overlayBodyClass,
  overlayPlacementCss,
  parseOverlayParams,
} from "../../pages/overlay_params.ts";

const DEFAULT_THEME = { accent: null, fg: null, panel: null, bg: null, compact: false, hide: [], hold: 60 };

Deno.test("parseOverlayParams() defaults to the bottom edge, scale 1 and no debug", () => {
  assert.deepEqual(parseOverlayParams({}), { pos: "bottom", scale: 1, debug: false, ...DEFAULT_THEME });
});

Deno.test("parseOverlayParams() reads pos=top, a scale in range and debug=1", () => {
  assert.deepEqual(parseOverlayParams({ pos: "top", scale: "1.2", debug: "1" }), {
    pos: "top",
    scale: 1.2,
    debug: true,
    ...DEFAULT_THEME,
  });
});

Deno.test("parseOverlayParams() clamps an out-of-range scale and ignores what is not a number", () => {
  assert.equal(parseOverlayParams({ scale: "9" }).scale, MAX_SCALE);
  assert.equal(parseOverlayParams({ scale: "-3" }).scale, MIN_SCALE);
  assert.equal(parseOverlayParams({ scale: "Infinity" }).scale, MAX_SCALE);
  for (const raw of ["", " ", "big", "1,2", "NaN"]) {
    assert.equal(parseOverlayParams({ scale: raw }).scale, 1, raw);
  }
  assert.equal(parseOverlayParams({ pos: "sideways", debug: "true" }).pos, "bottom");
  assert.equal(parseOverlayParams({ debug: "true" }).debug, false);
});

Deno.test("parseOverlayParams() reads a table overlay's hold in seconds, clamped to 0–3600, else 60", () => {
  assert.equal(parseOverlayParams({ hold: "5" }).hold, 5);
  assert.equal(parseOverlayParams({ hold: "-1" }).hold, 0);
  assert.equal(parseOverlayParams({ hold: "99999" }).hold, 3600);
  for (const raw of ["", "soon", "Infinity"]) assert.equal(parseOverlayParams({ hold: raw }).hold, 60, raw);
});

Deno.test("parseOverlayParams() always gives a scale within 0.8–1.5 and CSS made of numbers only", () => {
  fc.assert(fc.property(fc.string(), fc.string(), (scale, pos) => {
    const params = parseOverlayParams({ scale, pos });
    assert.ok(params.scale >= MIN_SCALE && params.scale <= MAX_SCALE);
    const css = overlayPlacementCss(params);
    assert.match(
      css,
      /\.stage\{position:fixed;left:0;right:0;margin:0 auto;(top|bottom):24px;width:max-content;max-width:calc\(\(100vw - 48px\) \/ [0-9.e-]+\);transform-origin:(top|bottom) center;transform:scale\([0-9.e-]+\)\}$/,
    );
  }));
});

Deno.test("parseOverlayParams() reads the theme: corners, colours, compact and hidden parts", () => {
  const p = parseOverlayParams({
    pos: "top-right",
    accent: "%23FF0080".replace("%23", "#"),
    fg: "000",
    panel: "ffffff",
    bg: "00ff00",
    compact: "1",
    hide: "club, games,unknown",
  });
  assert.deepEqual(p, {
    pos: "top-right",
    scale: 1,
    debug: false,
    accent: "ff0080",
    fg: "000",
    panel: "ffffff",
    bg: "00ff00",
    compact: true,
    hide: ["club", "games"],
    hold: 60,
  });
  assert.equal(overlayBodyClass(p), "overlay pos-top-right compact hide-club hide-games");
  const css = overlayPlacementCss(p);
  assert.match(css, /--accent:#ff0080;--fg:#000;--panel:#ffffff/);
  assert.match(css, /html,body\{background:#00ff00\}/);
  assert.match(css, /\.stage\{position:fixed;right:24px;top:24px;[^}]*transform-origin:top right;/);
});

Deno.test("a bad theme value falls back to the default silently", () => {
  for (const bad of ["red", "12345", "ggg", "#12", "", " ", "00ff00;}body{display:none", "url(x)"]) {
    const p = parseOverlayParams({ accent: bad, fg: bad, panel: bad, bg: bad, hide: bad, pos: bad });
    assert.deepEqual(p, parseOverlayParams({}), JSON.stringify(bad));
  }
});

Deno.test("the theme's CSS holds only validated hex digits, numbers and fixed words, whatever the query", () => {
  const key = fc.constantFrom("accent", "fg", "panel", "bg", "pos", "hide", "compact", "scale");
  fc.assert(fc.property(fc.dictionary(key, fc.string()), (query) => {
    const params = parseOverlayParams(query);
    const css = overlayPlacementCss(params);
    const colours = [params.accent, params.fg, params.panel, params.bg].filter((c) => c !== null);
    for (const c of colours) assert.match(c!, /^([0-9a-f]{3}|[0-9a-f]{6})$/);
    assert.match(css, /^[a-z0-9#:;{}(),.\/ -]+$/i, "no quote, bracket, backslash or at-rule can come in");
    assert.match(overlayBodyClass(params), /^[a-z -]+$/);
  }));
});
