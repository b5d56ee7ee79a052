/**
 * Inline browser scripts without a bundler: a function of pages/client/ is written into the page as its own
 * source text (Deno has already stripped the types), called at once. The functions must not use anything
 * outside their own body, except the helpers written into the same script before them.
 */
import { countdownText, shownAt } from "./client/countdown_rules.ts";
import { countdowns } from "./client/countdowns.ts";
import { liveRegions } from "./client/live_regions.ts";
import { pollWait } from "./client/poll_wait.ts";

/**
 * The source of an immediately called browser function, after the declarations of the helpers it calls (in a
 * scope of their own, so that pages with two scripts define nothing twice); refused when it could end the
 * script element early.
 */
export function clientScript(fn: () => void, helpers: ((...args: never[]) => unknown)[] = []): string {
  const call = `(${fn.toString()})();`;
  const code = helpers.length === 0 ? call : `(() => {\n${helpers.map(String).join("\n")}\n${call}\n})();`;
  if (/<\/script|<!--/i.test(code)) {
    throw new Error(`Cannot inline the browser script "${fn.name}": it contains "</script" or "<!--"`);
  }
  return code;
}

/**
 * The declarations of modules whose every declaration is exported (domain/scoring.ts and its kin, the umpire's
 * client modules), so that a browser function can call them by their names, as its own module imports them:
 * functions and classes by their source, other values as JSON. Throws when two modules declare one name or a
 * value is not plain data.
 * @example moduleDeclarations(scoring) // "const SIDES = [\"home\",\"away\"];\nfunction isSide(value) {...}..."
 */
export function moduleDeclarations(...modules: Readonly<Record<string, unknown>>[]): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const module of modules) {
    for (const [name, value] of Object.entries(module)) {
      if (seen.has(name)) throw new Error(`Cannot inline "${name}": two modules declare it`);
      seen.add(name);
      if (typeof value === "function") {
        const source = value.toString();
        // A function declaration or class keeps its own name; an arrow function or expression is bound to it.
        out.push(/^(async\s+)?(function|class)\b/.test(source) ? source : `const ${name} = ${source};`);
        continue;
      }
      const json = JSON.stringify(value);
      if (json === undefined || JSON.stringify(JSON.parse(json)) !== json) {
        throw new Error(`Cannot inline "${name}": its value is not plain data`);
      }
      out.push(`const ${name} = ${json};`);
    }
  }
  return out.join("\n");
}

/**
 * A browser function called at once in a scope that declares everything these modules export
 * (`moduleDeclarations`): the function calls them by name, as it imports them in its own module.
 */
export function moduleScript(fn: () => void, modules: Readonly<Record<string, unknown>>[]): string {
  const code = `(() => {\n${moduleDeclarations(...modules)}\n(${fn.toString()})();\n})();`;
  if (/<\/script|<!--/i.test(code)) {
    throw new Error(`Cannot inline the browser script "${fn.name}": it contains "</script" or "<!--"`);
  }
  return code;
}

/** The script of every live page: liveRegions and the helper it calls. */
export const LIVE_REGIONS_SCRIPT = clientScript(liveRegions, [pollWait]);

/** The script of the pages that show a running time-out: countdowns and the rules it calls. */
export const COUNTDOWNS_SCRIPT = clientScript(countdowns, [shownAt, countdownText]);
