import assert from "node:assert/strict";
import { capHeightMetres, panelHeightMetres, parseTvDistance } from "../../pages/tv_distance.ts";

Deno.test("capHeightMetres() is the height subtending 16 arcminutes: 3.7 cm at 8 m", () => {
  assert.ok(Math.abs(capHeightMetres(8) - 0.03723) < 0.0001);
  assert.ok(Math.abs(panelHeightMetres(55) - 0.6849) < 0.001);
});

Deno.test("parseTvDistance() gives the font size in vh for a distance and a panel, 55 inches by default", () => {
  const far = parseTvDistance("8", "55")!;
  assert.ok(Math.abs(far.capVh - 5.436) < 0.01);
  assert.ok(far.textVh > far.capVh);
  assert.deepEqual(parseTvDistance("8", undefined), far);
  assert.ok(parseTvDistance("8", "75")!.textVh < far.textVh, "a larger panel needs a smaller share");
  for (const bad of [undefined, "", "far", "0", "100"]) {
    assert.equal(parseTvDistance(bad, "55"), null, String(bad));
  }
  assert.equal(parseTvDistance("8", "9000")!.diagonalInches, 55);
});
