import assert from "node:assert/strict";
import {
  applyStreamChange,
  DEFAULT_STREAM_STATE,
  MAX_SPONSOR_IMAGE_LENGTH,
  sponsorImage,
  streamLine,
  StreamStateError,
} from "../../domain/stream_state.ts";

Deno.test("applyStreamChange() keeps what a change leaves out and gives a slate its own words", () => {
  const state = applyStreamChange(DEFAULT_STREAM_STATE, { onAir: { slate: true }, slate: { kind: "break" } });
  assert.deepEqual(state.onAir, { ...DEFAULT_STREAM_STATE.onAir, slate: true });
  assert.deepEqual(state.slate, { kind: "break", text: "Back after the break" });
  const own = applyStreamChange(state, { slate: { kind: "technical", text: " Power cut,\n back soon " } });
  assert.deepEqual(own.slate, { kind: "technical", text: "Power cut, back soon" });
  assert.equal(own.onAir.slate, true);
});

Deno.test("applyStreamChange() refuses a custom slate without words and a sponsor on air without one", () => {
  assert.throws(
    () => applyStreamChange(DEFAULT_STREAM_STATE, { slate: { kind: "custom", text: " " } }),
    StreamStateError,
  );
  assert.throws(() => applyStreamChange(DEFAULT_STREAM_STATE, { onAir: { sponsor: true } }), /no sponsor/);
  const set = applyStreamChange(DEFAULT_STREAM_STATE, {
    sponsor: { text: "Acme" },
    onAir: { sponsor: true },
  });
  assert.deepEqual(set.sponsor, { imageUrl: null, text: "Acme" });
  // A sponsor cleared of its last part is no sponsor: it cannot stay on air.
  assert.throws(() => applyStreamChange(set, { sponsor: { text: null } }), /no sponsor/);
  assert.equal(applyStreamChange(set, { sponsor: null, onAir: { sponsor: false } }).sponsor, null);
});

Deno.test("streamLine() refuses hidden characters and long lines, and folds whitespace", () => {
  assert.equal(streamLine(" a \t b\n", "The slate", 80), "a b");
  assert.equal(streamLine("   ", "The slate", 80), null);
  assert.throws(
    () => streamLine("Back\u202esoon", "The slate", 80),
    /invisible control character \(U\+202E\)/,
  );
  assert.throws(() => streamLine("é".repeat(81), "The slate", 80), /81 characters long; at most 80/);
  assert.equal(streamLine("👨‍👩‍👧 family day", "The slate", 80), "👨‍👩‍👧 family day");
});

Deno.test("sponsorImage() takes a data URL of an image or a path of this site, nothing else", () => {
  assert.equal(sponsorImage("/sponsor.png"), "/sponsor.png");
  assert.equal(sponsorImage("data:image/png;base64,iVBORw0KGgo="), "data:image/png;base64,iVBORw0KGgo=");
  for (
    const bad of [
      "https://example.com/a.png",
      "//example.com/a.png",
      "javascript:alert(1)",
      "data:text/html;base64,PGI+",
      "data:image/png,<svg>",
      "/a b.png",
      `data:image/png;base64,${"A".repeat(MAX_SPONSOR_IMAGE_LENGTH)}`,
    ]
  ) {
    assert.throws(() => sponsorImage(bad), StreamStateError, bad);
  }
});
