/** The form where an umpire or the operator enters their token once (kept in the browser's localStorage). */
import { useI18n } from "../i18n/mod.ts";

/** A hidden token form; the page's script shows it when no token is stored or the stored one is refused. */
export function TokenForm(props: { purpose: string }) {
  const { t } = useI18n();
  return (
    <form id="token-form" class="token" hidden>
      <h2>{t("score.tokenTitle")}</h2>
      <p class="muted">{props.purpose}</p>
      <label for="token-input">{t("score.tokenLabel")}</label>
      <input
        id="token-input"
        name="token"
        type="password"
        autocomplete="off"
        spellcheck={false}
        placeholder="tt_…"
        required
      />
      <p id="token-error" class="error" role="alert"></p>
      <button type="submit" class="primary">{t("score.tokenSave")}</button>
    </form>
  );
}
