/**
 * The document of both overlays: a transparent page (OBS composites it over the stream, no chroma key) with
 * one `.stage` element placed by the pos and scale parameters, refreshed by client/live_regions.ts.
 */
import { useI18n } from "./i18n/mod.ts";
import type { ComponentChildren } from "preact";
import { useContext } from "preact/hooks";
import { LIVE_REGIONS_SCRIPT } from "./client_script.ts";
import { Document } from "./layout.tsx";
import { StreamAirWatch } from "./stream_air_context.tsx";
import { overlayBodyClass, type OverlayParams, overlayPlacementCss } from "./overlay_params.ts";

/** The overlays' poll interval (spec, section 8: 1 s). */
export const OVERLAY_POLL_MS = 1000;

/** CSS of every overlay: transparent page, the debug checkerboard and the debug-only staleness dot. */
export const OVERLAY_CSS = `
html,body{margin:0;padding:0;background:transparent;overflow:hidden}
body{width:100vw;height:100vh;font:600 20px/1.2 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg)}
body.debug{background:repeating-conic-gradient(#bbb 0 25%,#fff 0 50%) 0 0/40px 40px}
.stale-dot{position:fixed;top:8px;right:8px;width:12px;height:12px;border-radius:50%;background:#2e7d32}
body[data-stale="1"] .stale-dot{background:#d32f2f}
[data-leaving]>*{animation:overlay-leave .35s ease-in forwards!important}
@keyframes overlay-leave{to{opacity:0}}
@media (prefers-reduced-motion: reduce){[data-leaving]>*{animation:none!important;opacity:0!important}}
`;

/** The empty transparent page of an unknown overlay: nothing is painted over the stream. */
export const EMPTY_OVERLAY_CSS = "html,body{margin:0;background:transparent}";

/** A transparent overlay document around the `.stage` content. */
export function OverlayDocument(props: {
  title: string;
  nonce: string;
  params: OverlayParams;
  /** The API URL whose changes refresh the stage. */
  watch: string;
  css: string;
  /** A script of the page's own, run after the live regions' one. */
  script?: string;
  /** In how many ms the page shows something else though the watched data stay the same (a held result ends). */
  refreshIn?: number | null;
  /** Classes of the page's own on the body (the far layout's `far`). */
  bodyClass?: string;
  children: ComponentChildren;
}) {
  const { params } = props;
  // On air by the producer's state (pages/stream_air_context.tsx): the page watches that state too, and polls
  // its own page, whose version holds both (pages/client/live_regions.ts).
  const air = useContext(StreamAirWatch);
  return (
    <Document
      title={props.title}
      nonce={props.nonce}
      css={OVERLAY_CSS + overlayPlacementCss(params) + props.css}
      script={LIVE_REGIONS_SCRIPT + (props.script ?? "")}
      bodyClass={overlayBodyClass(params) + (props.bodyClass ? ` ${props.bodyClass}` : "")}
      bodyData={{
        watch: air === null ? props.watch : `${props.watch} ${air}`,
        "poll-ms": String(OVERLAY_POLL_MS),
        ...(air === null ? {} : { poll: "self" }),
        ...(props.refreshIn == null
          ? {}
          : { "refresh-in": String(Math.max(0, Math.round(props.refreshIn))) }),
      }}
    >
      {/* data-leave: its graphic leaves with an exit (pages/client/leave.ts). */}
      <div class="stage" data-region="stage" data-leave="">{props.children}</div>
      {params.debug && <span class="stale-dot" title="Poll state" />}
    </Document>
  );
}

/** The 404 overlay: a transparent, empty page. */
export function EmptyOverlay(props: { nonce: string }) {
  const { t } = useI18n();
  return <Document title={t("overlay.title")} nonce={props.nonce} css={EMPTY_OVERLAY_CSS} />;
}
EmptyOverlay.translated = true as const;
