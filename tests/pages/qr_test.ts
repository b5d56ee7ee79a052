import assert from "node:assert/strict";
import { renderToString } from "preact-render-to-string";
import { qrPath } from "../../lib/qr_path.ts";
import { QrCode } from "../../pages/qr.tsx";

Deno.test("qrPath() gives a QR symbol size and rectangles within it, the same for the same text", () => {
  const { size, d } = qrPath("http://192.168.1.20:8000/t/city-open-2026");
  assert.equal((size - 17) % 4, 0, "a QR version is 17 + 4v modules wide");
  assert.deepEqual(qrPath("http://192.168.1.20:8000/t/city-open-2026"), { size, d });
  for (const [, x, y, w] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
    assert.ok(Number(x) >= 4 && Number(x) + Number(w) <= size + 4 && Number(y) >= 4 && Number(y) < size + 4);
  }
  // The three finder patterns: a full row of 7 dark modules at the top left.
  assert.ok(d.startsWith("M4 4h7v1h-7z"));
});

Deno.test("QrCode() renders an SVG labelled for screen readers, with the text escaped", () => {
  const html = renderToString(QrCode({ text: 'http://x/"<>', label: 'QR code to http://x/"<>' }));
  assert.match(
    html,
    /^<svg class="qr" viewBox="0 0 \d+ \d+" role="img" aria-label="QR code to http:\/\/x\/&quot;&lt;>"/,
  );
});
