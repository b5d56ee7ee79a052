/// <reference lib="dom" />
/**
 * A QR code as the management API sends it (module count and one SVG path, as pages/qr.tsx draws it) made into
 * an SVG element with a quiet zone and a text alternative. Every declaration is exported so that the page can
 * inline this module (pages/client_script.ts `moduleScript`).
 */
import type { LinkJson } from "../../../../api/manage/links.ts";

/** The QR code's SVG, named by `label`. */
export function qrSvg(qr: LinkJson["qr"], label: string): SVGSVGElement {
  const ns = "http://www.w3.org/2000/svg";
  const full = qr.size + 8;
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${full} ${full}`);
  svg.setAttribute("class", "qr");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("shape-rendering", "crispEdges");
  const rect = document.createElementNS(ns, "rect");
  rect.setAttribute("width", String(full));
  rect.setAttribute("height", String(full));
  rect.setAttribute("fill", "#fff");
  const path = document.createElementNS(ns, "path");
  path.setAttribute("d", qr.d);
  path.setAttribute("fill", "#000");
  svg.append(rect, path);
  return svg;
}
