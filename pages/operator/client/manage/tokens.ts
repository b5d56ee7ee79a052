/// <reference lib="dom" />
/**
 * The scorer tokens on the operator's page: the list (label, role and limits, last use, Revoke after a
 * confirmation) and the form that makes one, limited to the event and a table when asked. A new token's secret is
 * shown once, with the QR code of the scoring page signed in with it. Every declaration is exported so that the
 * page can inline this module (pages/client_script.ts `moduleScript`).
 */
import type { tokenJson } from "../../../../api/manage/serialize.ts";
import type { LinkJson } from "../../../../api/manage/links.ts";
import type { createToken } from "../../../../db/tokens.ts";
import { button } from "./controls.ts";
import { byId, make } from "../dom.ts";
import { manageApi, type ManagePage } from "./page.ts";
import { qrSvg } from "./qr_svg.ts";
import { deskClock, w } from "./words.ts";

/** A token as the management API lists it (never its secret). */
export type TokenItem = ReturnType<typeof tokenJson>;

/**
 * A token's role and limits in words.
 * @example tokenScope({ role: "scorer", eventSlug: "city-open", tableNo: 3 }) // "scorer (city-open, table 3)"
 */
export function tokenScope(t: Pick<TokenItem, "role" | "eventSlug" | "tableNo">): string {
  const limits = [t.eventSlug, t.tableNo === null ? null : w("desk.tokens.tableNo", { table: t.tableNo })]
    .filter((x) => x !== null).join(", ");
  const role = t.role === "admin"
    ? w("desk.tokens.admin")
    : t.role === "scorer"
    ? w("desk.tokens.scorer")
    : t.role;
  return limits ? w("desk.tokens.scope", { role, limits }) : role;
}

/** A token's row, with Revoke while it is not revoked. */
export function tokenRow(page: ManagePage, t: TokenItem): HTMLElement {
  const li = make("li", t.revokedAt ? "revoked" : "");
  li.append(make("span", "names", t.label), make("span", "where", tokenScope(t)));
  li.append(
    make(
      "span",
      "muted",
      t.revokedAt
        ? w("desk.tokens.revoked")
        : t.lastUsedAt
        ? w("desk.tokens.used", { time: deskClock(t.lastUsedAt, { day: true }) })
        : w("desk.tokens.neverUsed"),
    ),
  );
  if (!t.revokedAt) {
    li.append(button(w("desk.tokens.revoke"), () => {
      if (confirm(w("desk.tokens.revokeAsk", { label: t.label }))) {
        void page.write(`/tokens/${t.id}/revoke`, undefined, w("desk.tokens.revokedDone"));
      }
    }));
  }
  return li;
}

/** Reads and shows the tokens; a failure leaves the list as it is (the next write reads it again). */
export async function loadTokens(page: ManagePage): Promise<void> {
  try {
    const res = await manageApi(page, "/tokens");
    if (!res.ok) return;
    const tokens: TokenItem[] = (await res.json()).data.tokens;
    byId("token-list")!.replaceChildren(...tokens.map((t) => tokenRow(page, t)));
  } catch {
    // The token list is secondary: the next refresh tries again.
  }
}

/** Makes a scorer token from the form and shows its secret once, with the QR code that signs a phone in. */
export function watchTokenForm(page: ManagePage): void {
  byId<HTMLFormElement>("token-create")!.addEventListener("submit", async (e) => {
    e.preventDefault();
    const label = byId<HTMLInputElement>("new-label")!.value.trim();
    const table = byId<HTMLInputElement>("new-table")!.value;
    const limit = byId<HTMLInputElement>("new-limit")!.checked;
    const made = await page.write<Awaited<ReturnType<typeof createToken>>>("/tokens", {
      role: "scorer",
      label,
      ...(limit && page.slug ? { event: page.slug } : {}),
      ...(table ? { table: Number(table) } : {}),
    }, w("desk.tokens.made"));
    const out = byId("new-secret")!;
    out.replaceChildren();
    if (made) {
      // The scoring page with the token in its fragment: the browser never sends a fragment to a server.
      const url = `${page.base}/score#token=${made.secret}`;
      out.append(
        make("p", "", `${w("desk.tokens.secret", { label })} `),
        make("code", "secret", made.secret),
      );
      out.append(make("p", "muted", w("desk.tokens.scan")));
      out.dataset.url = url;
      void showTokenQr(page, url);
    }
  });
}

/** Adds the QR code of a URL under the new token. */
export async function showTokenQr(page: ManagePage, url: string): Promise<void> {
  const res = await manageApi(page, `/qr?text=${encodeURIComponent(url)}`);
  if (!res.ok) return;
  const qr: LinkJson["qr"] = (await res.json()).data.qr;
  byId("new-secret")!.append(qrSvg(qr, w("desk.tokens.qr")));
}
