/**
 * A player's country as a flag: the SVG of country-flag-icons (MIT, its 3:2 set, imported as JavaScript strings,
 * so the server reads no file for it), keyed by ISO 3166 through lib/country_codes.ts; the three-letter code as
 * text when the country has no flag there. Drawn as an `<img>` of a data: URL, which the pages' policy allows
 * (`img-src 'self' data:`), so that no markup of the set enters the page.
 */
import * as FLAGS from "country-flag-icons/string/3x2";
import { isoOfCountry } from "../../lib/country_codes.ts";

const SVGS: Readonly<Record<string, string>> = FLAGS;

/**
 * The flag's SVG of a country code, or null when there is none.
 * @example flagSvg("ENG") // the St George's cross ("GB-ENG", exported as GB_ENG)
 */
export function flagSvg(code: string): string | null {
  const iso = isoOfCountry(code);
  return iso === null ? null : SVGS[iso.replace("-", "_")] ?? null;
}

/** The flag of a country code (its code as alt text), or the code itself in a `.ccode` span. */
export function CountryFlag(props: { code: string }) {
  const svg = flagSvg(props.code);
  if (svg === null) return <span class="ccode">{props.code}</span>;
  return (
    <img
      class="cflag"
      src={`data:image/svg+xml,${encodeURIComponent(svg)}`}
      alt={props.code}
      title={props.code}
    />
  );
}
