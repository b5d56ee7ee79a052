/**
 * The warning beside a QR code that encodes this computer's own address (127.0.0.1, localhost): a phone scanning
 * it would look for the page on itself. The poster and the TV's QR view show it; a printed poster hides it.
 */
import { useI18n } from "../i18n/mod.ts";

/** The warning; `what` is the QR code's page, which says how to open it again. */
export function LoopbackWarning(props: { url: string; what: "screen" | "poster" }) {
  const { t } = useI18n();
  const host = new URL(props.url).host;
  return (
    <p class="loopback" role="alert">
      <strong>{t("loopback.title")}</strong>{" "}
      <span class="why">{t(props.what === "screen" ? "loopback.screen" : "loopback.poster", { host })}</span>
    </p>
  );
}
