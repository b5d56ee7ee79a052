/// <reference lib="dom" />
/**
 * The sheet of choices over the umpire's page (time-out, card, expedite, confirmations): it never moves the
 * page's buttons; a choice closes it, then acts. Every declaration is exported so that the page can inline this
 * module (pages/client_script.ts `moduleScript`).
 */
import { byId, make, setText } from "../dom.ts";

/** A choice of the sheet: its label, what it does (nothing: it only closes the sheet), and its look. */
export interface Choice {
  label: string;
  act?: () => void;
  disabled?: boolean;
  kind?: string;
}

/** Opens the sheet with a title, a text ("" for none) and the choices; the first one enabled gets the focus. */
export function openSheet(title: string, text: string, choices: Choice[]): void {
  const sheet = byId("sheet")!;
  setText("sheet-title", title);
  setText("sheet-text", text);
  byId("sheet-text")!.hidden = text === "";
  const list = byId("sheet-choices")!;
  list.replaceChildren(...choices.map((c) => {
    const button = make("button", c.kind ?? "", c.label);
    button.type = "button";
    button.disabled = c.disabled === true;
    button.addEventListener("click", () => {
      closeSheet();
      c.act?.();
    });
    return button;
  }));
  sheet.hidden = false;
  list.querySelector<HTMLButtonElement>("button:not(:disabled)")?.focus();
}

/** Closes the sheet. */
export function closeSheet(): void {
  const sheet = byId("sheet");
  if (sheet) sheet.hidden = true;
}
