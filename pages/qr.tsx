/** QR codes as inline SVG built from qrcode-generator's modules: no raw markup, no image request. */
import { qrPath, QUIET_ZONE } from "../lib/qr_path.ts";

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
