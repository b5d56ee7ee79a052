/**
 * Inline browser scripts without a bundler: a page's script is the source text of its main function (Deno has
 * already stripped the types), called at once in a scope that first declares everything the modules it imports
 * export. The main function and those modules import each other by name as usual (and are type-checked so); each
 * module declares nothing it does not export (tests/pages/client_script_test.ts checks both).
 */
import * as countdownRules from "./client/countdown_rules.ts";
import { countdowns } from "./client/countdowns.ts";
import { liveRegions } from "./client/live_regions.ts";
import { stateChanges } from "./client/state_changes.ts";
import * as pollWait from "./client/poll_wait.ts";
import * as pushStream from "./client/push_stream.ts";
import * as leave from "./client/leave.ts";
import { tvFit } from "./client/tv_fit.ts";
import { tvRotation } from "./client/tv_rotation.ts";

/** What a page's script declares before its main function: the namespaces of the modules it imports. */
export type ScriptModules = readonly Readonly<Record<string, unknown>>[];

/**
 * The declarations of modules whose every declaration is exported (domain/scoring.ts and its kin, the pages'
 * client modules), so that a browser function can call them by their names, as its own module imports them:
 * functions and classes by their source, other values as JSON. Throws when two modules declare one name or a
 * value is not plain data.
 * @example moduleDeclarations(scoring) // "const SIDES = [\"home\",\"away\"];\nfunction isSide(value) {...}..."
 */
export function moduleDeclarations(...modules: ScriptModules): string {
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
      // A function inside a value would be dropped from its JSON without a word: refused below.
      let holdsFunction = false;
      const json = JSON.stringify(value, (_key, v) => {
        if (typeof v === "function") holdsFunction = true;
        return v;
      });
      // A RegExp, a Map or a Date would be written as something else (`{}`, a string).
      const plain = typeof value !== "object" || value === null || Array.isArray(value) ||
        Object.getPrototypeOf(value) === Object.prototype;
      if (!plain || holdsFunction || json === undefined || JSON.stringify(JSON.parse(json)) !== json) {
        throw new Error(`Cannot inline "${name}": its value is not plain data`);
      }
      out.push(`const ${name} = ${json};`);
    }
  }
  return out.join("\n");
}

/**
 * A browser function called at once in a scope of its own that declares everything these modules export
 * (`moduleDeclarations`): the function calls them by name, as it imports them in its own module, and a page with
 * two scripts defines nothing twice. Refused when it could end the script element early.
 * @example moduleScript(liveRegions, [pollWait]) // "(() => {\nfunction pollWait(every, random) {...}\n(function liveRegions() {...})();\n})();"
 */
export function moduleScript(fn: () => void, modules: ScriptModules = []): string {
  const code = `(() => {\n${moduleDeclarations(...modules)}\n(${fn.toString()})();\n})();`;
  if (/<\/script|<!--/i.test(code)) {
    throw new Error(`Cannot inline the browser script "${fn.name}": it contains "</script" or "<!--"`);
  }
  return code;
}

/** The modules liveRegions imports. */
export const LIVE_REGIONS_MODULES: ScriptModules = [pollWait, pushStream, leave];

/** The script of every live page: it swaps the page's regions when the data they show changes. */
export const LIVE_REGIONS_SCRIPT = moduleScript(liveRegions, LIVE_REGIONS_MODULES);

/** The modules countdowns imports. */
export const COUNTDOWNS_MODULES: ScriptModules = [countdownRules];

/** The script of the pages that show a running time-out: it shows, hides and counts down by the viewer's clock. */
export const COUNTDOWNS_SCRIPT = moduleScript(countdowns, COUNTDOWNS_MODULES);

/** The venue TV's script that shows its views in turn. */
export const TV_ROTATION_SCRIPT = moduleScript(tvRotation);

/** The venue TV's script that keeps whole rows on screen. */
export const TV_FIT_SCRIPT = moduleScript(tvFit);

/** The overlays' script that animates a score state once, when it comes (client/state_changes.ts). */
export const STATE_CHANGES_SCRIPT = moduleScript(stateChanges);
