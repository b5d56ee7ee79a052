/** The HTML 404 page of unknown (or unpublished) events, matches and paths. */
import { SiteLayout } from "./layout.tsx";
import { useI18n } from "./i18n/mod.ts";

/** The 404 page. */
export function NotFoundPage(props: { nonce: string }) {
  const { t } = useI18n();
  return (
    <SiteLayout title={t("notFound.title")} nonce={props.nonce} css="">
      <h1>{t("notFound.title")}</h1>
      <p>{t("notFound.text")}</p>
      <p>
        <a href="/">{t("notFound.link")}</a>
      </p>
    </SiteLayout>
  );
}
NotFoundPage.translated = true as const;
