/**
 * /t/{slug}/poster: a printable poster (A4 by default, A3 with `?size=a3`, set through `@page`) with the event's
 * name, dates, venue and categories, and a large QR code to the live event page, at the address the operator chose
 * (http/public_origin.ts). When that address is this computer's own (localhost), which phones cannot open, the page
 * says so on screen, above the sheet, and never on paper.
 */
import { formatDateRange } from "./format.ts";
import { Document } from "./layout.tsx";
import { QrCode } from "./qr.tsx";
import { LoopbackWarning } from "./components/loopback_warning.tsx";
import type { Event } from "./view_types.ts";
import { useI18n } from "./i18n/mod.ts";

/** The paper sizes the poster prints on. */
export type PaperSize = "a4" | "a3";

/** The paper size from the `size` query parameter: "a3" (any case) or else A4. */
export function parsePaperSize(raw: string | undefined): PaperSize {
  return raw?.toLowerCase() === "a3" ? "a3" : "a4";
}

/** Sheet size in millimetres, portrait. */
const SHEETS: Record<PaperSize, { w: number; h: number; scale: number }> = {
  a4: { w: 210, h: 297, scale: 1 },
  a3: { w: 297, h: 420, scale: Math.SQRT2 },
};

function css(size: PaperSize): string {
  const { w, h, scale } = SHEETS[size];
  // Every length is in mm times the sheet's scale, so A3 is A4 enlarged: the same layout on both.
  const mm = (n: number) => `${(n * scale).toFixed(2)}mm`;
  return `
@page{size:${size === "a3" ? "A3" : "A4"} portrait;margin:0}
*,*::before,*::after{box-sizing:border-box}
html,body{margin:0;background:#e5e7eb;color:#0d1b2a;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
nav.sizes{display:flex;gap:1rem;justify-content:center;padding:1rem;font-size:1rem}
nav.sizes a{color:#0b4fb3}
nav.sizes a[aria-current]{font-weight:700;color:#0d1b2a}
.loopback{max-width:${w}mm;margin:0 auto 1rem;padding:.8rem 1rem;border-radius:.4rem;background:#fff4c2;
  border:2px solid #b00020;color:#0d1b2a;font-size:1rem;line-height:1.4}
.loopback strong{color:#b00020}
.sheet{width:${w}mm;height:${h}mm;margin:0 auto 2rem;background:#fff;padding:${mm(16)};display:flex;
  flex-direction:column;align-items:center;text-align:center;overflow:hidden}
.kicker{font-size:${
    mm(5)
  };letter-spacing:.15em;text-transform:uppercase;color:#b00020;font-weight:700;margin:0}
h1{font-size:${mm(14)};line-height:1.1;margin:${mm(4)} 0 ${mm(3)}}
.when{font-size:${mm(6.5)};font-weight:600;margin:0}
.where{font-size:${mm(5.5)};margin:${mm(1.5)} 0 0}
ul.cats{list-style:none;padding:0;margin:${mm(6)} 0 0;display:flex;flex-wrap:wrap;gap:${
    mm(2)
  };justify-content:center}
ul.cats li{border:${mm(0.4)} solid #0d1b2a;border-radius:${mm(8)};padding:${mm(1)} ${mm(4)};font-size:${
    mm(4.2)
  }}
.qr-block{margin:auto 0;display:flex;flex-direction:column;align-items:center}
svg.qr{width:${mm(110)};height:${mm(110)}}
.cta{font-size:${mm(7)};font-weight:700;margin:${mm(3)} 0 0}
.url{font-size:${mm(4.5)};margin:${mm(1.5)} 0 0;word-break:break-all}
@media print{html,body{background:#fff}nav.sizes{display:none}.loopback{display:none}.sheet{margin:0}}
`;
}

/** The poster page. */
export function PosterPage(props: {
  nonce: string;
  event: Event;
  categories: string[];
  followUrl: string;
  /** Whether followUrl is this computer's own address (localhost): the page then warns, on screen only. */
  loopback?: boolean;
  size: PaperSize;
}) {
  const { event, size } = props;
  const i18n = useI18n();
  const { t } = i18n;
  return (
    <Document
      title={t("poster.title", { event: event.name })}
      nonce={props.nonce}
      css={css(size)}
      bodyClass={`poster ${size}`}
    >
      <nav class="sizes" aria-label={t("poster.paperSize")}>
        <a href="?size=a4" aria-current={size === "a4" ? "page" : undefined}>A4</a>
        <a href="?size=a3" aria-current={size === "a3" ? "page" : undefined}>A3</a>
        <span>{t("poster.printHint")}</span>
      </nav>
      {props.loopback && <LoopbackWarning url={props.followUrl} what="poster" />}
      <main class="sheet">
        <p class="kicker">{t("poster.kicker")}</p>
        <h1>{event.name}</h1>
        <p class="when">{formatDateRange(event.startDate, event.endDate, i18n)}</p>
        <p class="where">{event.venue}</p>
        {props.categories.length > 0 && (
          <ul class="cats" aria-label={t("event.categories")}>
            {props.categories.map((name, i) => <li key={i}>{name}</li>)}
          </ul>
        )}
        <div class="qr-block">
          <QrCode text={props.followUrl} label={t("tv.qrLabel", { url: props.followUrl })} />
          <p class="cta">{t("poster.cta")}</p>
          <p class="url">{props.followUrl}</p>
        </div>
      </main>
    </Document>
  );
}
PosterPage.translated = true as const;
