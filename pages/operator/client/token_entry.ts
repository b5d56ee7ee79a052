/// <reference lib="dom" />
/**
 * The token form of the operator's and the umpire's pages (pages/operator/token_form.tsx): shown in place of
 * the page when there is no token or the server refused it, and the token entered kept in localStorage. Every
 * declaration is exported so that the pages can inline this module (pages/client_script.ts `moduleScript`).
 */
import { byId, setText } from "./dom.ts";

/** Where /manage keeps the admin token; the umpire's page scores with it when it has no token of its own. */
export const ADMIN_TOKEN_KEY = "tt.token";

/** Shows the token form in place of the page's content, with why (the refusal's detail, or nothing). */
export function showTokenForm(message: string): void {
  const form = byId<HTMLFormElement>("token-form");
  if (form) form.hidden = false;
  setText("token-error", message);
  const content = byId("content");
  if (content) content.hidden = true;
}

/** Keeps the token entered in the form under `key` and loads the page again, now with it. */
export function keepEnteredToken(storage: Storage, key: string): void {
  byId<HTMLFormElement>("token-form")?.addEventListener("submit", (event) => {
    event.preventDefault();
    storage.setItem(key, (byId<HTMLInputElement>("token-input")?.value ?? "").trim());
    location.reload();
  });
}
