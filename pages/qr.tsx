/** QR codes as inline SVG built from qrcode-generator's modules: no raw markup, no image request. */
import qrcode from "qrcode-generator";

/** Modules of white border around the code, as the QR standard asks for. */
const QUIET_ZONE = 4;

/**
 * The code's module count and one SVG path covering its dark modules (runs of a row merged into one rectangle),
 * at error correction level M.
 */
export function qrPath(text: string): { size: number; d: string } {
  const qr = qrcode(0, "M");
  qr.addData(text, "Byte");
  qr.make();
  const size = qr.getModuleCount();
  const parts: string[] = [];
  for (let row = 0; row < size; row++) {
    let col = 0;
    while (col < size) {
      if (!qr.isDark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && qr.isDark(row, col)) col++;
      parts.push(`M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${col - start}v1h-${col - start}z`);
    }
  }
  return { size, d: parts.join("") };
}

/** A QR code for `text` (usually a URL), labelled for screen readers; its size is set by the page's CSS. */
export function QrCode(props: { text: string; label: string; class?: string }) {
  const { size, d } = qrPath(props.text);
  const full = size + 2 * QUIET_ZONE;
  return (
    <svg
      class={props.class ?? "qr"}
      viewBox={`0 0 ${full} ${full}`}
      role="img"
      aria-label={props.label}
      shape-rendering="crispEdges"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect width={full} height={full} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
