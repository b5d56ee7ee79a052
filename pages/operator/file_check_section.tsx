/**
 * A section of `/manage` that checks a file before anything is changed (the import, the rating list): its
 * heading, what it does, the file field and the button that checks; what the check finds goes below, in the
 * children, which the section's browser script fills.
 */
import type { ComponentChildren } from "preact";
import { useI18n } from "../i18n/mod.ts";

/**
 * The words of each file check: its heading, what it does, the file field's label and the button's; each key
 * written whole, so that the catalogs' test sees it used.
 */
const WORDS = {
  import: {
    heading: "desk.import.heading",
    about: "desk.import.about",
    file: "desk.import.file",
    check: "desk.import.check",
  },
  rating: {
    heading: "desk.rating.heading",
    about: "desk.rating.about",
    file: "desk.rating.file",
    check: "desk.rating.check",
  },
} as const;

/**
 * The section `id` (its heading `${id}-heading`, its form `${id}-form`, its file field `${id}-file`), in the
 * words of the check `words` (WORDS), taking files of the types `accept`.
 */
export function FileCheckSection(
  props: { id: string; accept: string; words: keyof typeof WORDS; children: ComponentChildren },
) {
  const { t } = useI18n();
  const { id } = props;
  const words = WORDS[props.words];
  return (
    <section id={id} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t(words.heading)}</h2>
      <p class="muted">{t(words.about)}</p>
      <form id={`${id}-form`} class="inline">
        <label>
          {t(words.file)} <input id={`${id}-file`} type="file" accept={props.accept} required />
        </label>
        <button type="submit">{t(words.check)}</button>
      </form>
      {props.children}
    </section>
  );
}
