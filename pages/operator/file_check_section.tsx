/**
 * A section of `/manage` that checks a file before anything is changed (the import, the rating list): its
 * heading, what it does, the file field and the button that checks; what the check finds goes below, in the
 * children, which the section's browser script fills.
 */
import type { ComponentChildren } from "preact";

/** The words of a file check: its heading, what it does, the file field's label and the button's. */
export type FileCheckPart = "heading" | "about" | "file" | "check";

/**
 * The section `id` (its heading `${id}-heading`, its form `${id}-form`, its file field `${id}-file`), in the
 * words `words` gives, taking files of the types `accept`.
 * The words are given whole, each catalog key written out, so that the catalogs' test sees every key used.
 */
export function FileCheckSection(
  props: { id: string; accept: string; words: Record<FileCheckPart, string>; children: ComponentChildren },
) {
  const { id, words } = props;
  return (
    <section id={id} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{words.heading}</h2>
      <p class="muted">{words.about}</p>
      <form id={`${id}-form`} class="inline">
        <label>
          {words.file} <input id={`${id}-file`} type="file" accept={props.accept} required />
        </label>
        <button type="submit">{words.check}</button>
      </form>
      {props.children}
    </section>
  );
}
