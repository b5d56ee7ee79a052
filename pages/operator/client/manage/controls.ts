/// <reference lib="dom" />
/**
 * The controls the operator's page makes for its rows: buttons, submit buttons and labelled number fields.
 * Every declaration is exported so that the page can inline this module (pages/client_script.ts `moduleScript`).
 */
import { make } from "../dom.ts";

/** A button that calls `onClick`. */
export function button(label: string, onClick: () => void, className = ""): HTMLButtonElement {
  const b = make("button", className, label);
  b.type = "button";
  b.addEventListener("click", onClick);
  return b;
}

/** A form's submit button. */
export function submitButton(text: string): HTMLButtonElement {
  const b = make("button", "", text);
  b.type = "submit";
  return b;
}

/** A whole-number field from `min` to `max` inside its label. */
export function numberInput(
  text: string,
  min: number,
  max: number,
  value?: number,
): { label: HTMLLabelElement; input: HTMLInputElement } {
  const label = make("label", "", `${text} `);
  const input = make("input");
  input.type = "number";
  input.min = String(min);
  input.max = String(max);
  input.inputMode = "numeric";
  if (value !== undefined) input.value = String(value);
  label.append(input);
  return { label, input };
}
