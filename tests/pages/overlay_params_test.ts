import assert from "node:assert/strict";
import fc from "fast-check";
import { MAX_SCALE, MIN_SCALE, overlayPlacementCss, parseOverlayParams } from "../../pages/overlay_params.ts";

Deno.test("parseOverlayParams() defaults to the bottom edge, scale 1 and no debug", () => {
  assert.deepEqual(parseOverlayParams({}), { pos: "bottom", scale: 1, debug: false });
});

Deno.test("parseOverlayParams() reads pos=top, a scale in range and debug=1", () => {
  assert.deepEqual(parseOverlayParams({ pos: "top", scale: "1.2", debug: "1" }), {
    pos: "top",
    scale: 1.2,
    debug: true,
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

Deno.test("parseOverlayParams() always gives a scale within 0.8–1.5 and CSS made of numbers only", () => {
  fc.assert(fc.property(fc.string(), fc.string(), (scale, pos) => {
    const params = parseOverlayParams({ scale, pos });
    assert.ok(params.scale >= MIN_SCALE && params.scale <= MAX_SCALE);
    const css = overlayPlacementCss(params);
    assert.match(
      css,
      /^\.stage\{position:fixed;left:0;right:0;(top|bottom):24px;margin:0 auto;width:max-content;max-width:calc\(\(100vw - 48px\) \/ [0-9.e-]+\);transform-origin:(top|bottom) center;transform:scale\([0-9.e-]+\)\}$/,
    );
  }));
});
