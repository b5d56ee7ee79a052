/**
 * The producer's own overlays (domain/stream_state.ts): the slate `/overlay/slate/{slug}` that covers the
 * picture ("Starting soon", "Back after the break", ...), the sponsor's slot `/overlay/sponsor/{slug}`, and the
 * transparent page of a graphic the producer has taken off air, which polls the state until it is back.
 */
import type { StreamState } from "../domain/stream_state.ts";
import { slateHasOwnWords, type SlateKind } from "../domain/slate_words.ts";
import type { TextKey } from "./i18n/catalog.ts";
import { type I18n, useI18n } from "./i18n/mod.ts";
import { LIVE_REGIONS_SCRIPT } from "./client_script.ts";
import { Document } from "./layout.tsx";
import { OVERLAY_CSS, OVERLAY_POLL_MS, OverlayDocument } from "./overlay_document.tsx";
import { overlayBodyClass, type OverlayParams } from "./overlay_params.ts";

const SLATE_CSS = `
.stage{inset:0;top:0;bottom:0;max-width:none;width:auto;transform:none}
.slate{position:fixed;inset:0;display:flex;flex-direction:column;align-items:center;justify-content:center;
  gap:2.2vh;background:var(--panel);color:var(--fg);text-align:center;padding:0 6vw;animation:slate-in .4s ease-out}
.slate .event{font-size:3.4vh;font-weight:600;letter-spacing:.06em;text-transform:uppercase;color:#cfd8e6;
  max-width:100%;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.slate .words{font-size:8.5vh;font-weight:800;line-height:1.1;max-width:100%;overflow-wrap:anywhere}
.slate .rule{width:12vh;height:.8vh;border-radius:.4vh;background:var(--accent)}
@keyframes slate-in{from{opacity:0}to{opacity:1}}
@media (prefers-reduced-motion: reduce){.slate{animation:none}}
`;

const SPONSOR_CSS = `
.sponsor{display:flex;flex-direction:column;align-items:center;gap:6px;padding:10px 14px;background:var(--panel);
  border-radius:10px;box-shadow:0 4px 16px rgba(0,0,0,.35);animation:sponsor-in .4s ease-out}
.sponsor .label{font-size:13px;letter-spacing:.08em;text-transform:uppercase;color:#b8c4d6}
.sponsor img{display:block;max-width:300px;max-height:120px;object-fit:contain}
.sponsor .text{font-size:22px;max-width:420px;text-align:center;overflow-wrap:anywhere}
@keyframes sponsor-in{from{opacity:0;transform:translateY(8px)}to{opacity:1;transform:none}}
@media (prefers-reduced-motion: reduce){.sponsor{animation:none}}
`;

/** The words of each slate but the custom one, which the producer writes. */
const SLATE_KEYS: Record<Exclude<SlateKind, "custom">, TextKey> = {
  "starting-soon": "overlay.slateStartingSoon",
  "break": "overlay.slateBreak",
  "technical": "overlay.slateTechnical",
};

/** The slate's words: its kind's in the page's language, unless the producer wrote their own. */
function slateText(slate: StreamState["slate"], { t }: I18n): string {
  return slate.kind === "custom" || slateHasOwnWords(slate) ? slate.text : t(SLATE_KEYS[slate.kind]);
}

/** The slate: the event's name and the slate's words over the whole canvas; transparent while off air. */
export function SlateOverlayPage(
  props: { nonce: string; params: OverlayParams; watch: string; eventName: string; state: StreamState },
) {
  const i18n = useI18n();
  const { state } = props;
  return (
    <OverlayDocument
      title={i18n.t("overlay.slate")}
      nonce={props.nonce}
      params={props.params}
      watch={props.watch}
      css={SLATE_CSS}
    >
      {state.onAir.slate && (
        <div class="slate" data-slate={state.slate.kind}>
          <div class="event">{props.eventName}</div>
          <div class="rule" />
          <div class="words">{slateText(state.slate, i18n)}</div>
        </div>
      )}
    </OverlayDocument>
  );
}

/** The sponsor's slot: its image and its line; transparent while off air. */
export function SponsorOverlayPage(
  props: { nonce: string; params: OverlayParams; watch: string; state: StreamState },
) {
  const { t } = useI18n();
  const sponsor = props.state.onAir.sponsor ? props.state.sponsor : null;
  return (
    <OverlayDocument
      title={t("overlay.sponsor")}
      nonce={props.nonce}
      params={props.params}
      watch={props.watch}
      css={SPONSOR_CSS}
    >
      {sponsor && (
        <div class="sponsor">
          <span class="label">{t("overlay.sponsoredBy")}</span>
          {sponsor.imageUrl && <img src={sponsor.imageUrl} alt={sponsor.text ?? t("overlay.sponsor")} />}
          {sponsor.text && <span class="text">{sponsor.text}</span>}
        </div>
      )}
    </OverlayDocument>
  );
}

/**
 * A graphic the producer has taken off air: transparent, polling the state until it is back on air. Its one
 * region is not the overlays' `stage`, so that the page coming back (or going) is loaded whole, with its own
 * styles, rather than swapped into this one (pages/client/live_regions.ts reloads a page whose regions differ).
 */
export function OffAirOverlayPage(props: { nonce: string; params: OverlayParams; watch: string }) {
  const { t } = useI18n();
  return (
    <Document
      title={t("overlay.title")}
      nonce={props.nonce}
      css={OVERLAY_CSS}
      script={LIVE_REGIONS_SCRIPT}
      bodyClass={overlayBodyClass(props.params)}
      bodyData={{ watch: props.watch, "poll-ms": String(OVERLAY_POLL_MS), "off-air": "1" }}
    >
      <div data-region="off-air" />
    </Document>
  );
}
SlateOverlayPage.translated = true as const;
SponsorOverlayPage.translated = true as const;
OffAirOverlayPage.translated = true as const;
