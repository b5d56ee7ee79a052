/// <reference lib="dom" />
/**
 * The umpire's token and phone: the token is entered once, or comes in the fragment `#token=...` of a QR link
 * (replacing the phone's own only when the umpire says so), kept in localStorage and sent as a bearer header,
 * never in a cookie; the phone's id is made once. Forgetting the token asks first, and says what is not sent yet
 * (it is kept). Every declaration is exported so that the page can inline this module
 * (pages/client_script.ts `moduleScript`).
 */
import { LIST_COPY_KEY } from "./match_list.ts";
import { byId } from "../dom.ts";
import { ADMIN_TOKEN_KEY } from "../token_entry.ts";
import { readOutbox } from "./outbox.ts";
import { DEVICE_KEY, SCORE_TOKEN_KEY, type ScorePage } from "./page.ts";
import { openSheet } from "./sheet.ts";
import { tapsNotSent, w } from "./words.ts";

/** The token kept: the page's own, else the one /manage keeps on this browser (the desk scores with it). */
export function storedToken(store: Storage): string {
  return store.getItem(SCORE_TOKEN_KEY) ?? store.getItem(ADMIN_TOKEN_KEY) ?? "";
}

/** This phone's id, made and kept the first time. */
export function deviceId(store: Storage): string {
  let device = store.getItem(DEVICE_KEY) ?? "";
  if (!device) {
    device = crypto.randomUUID();
    store.setItem(DEVICE_KEY, device);
  }
  return device;
}

/** Forgets the token and loads the page again, which then asks for one. */
export function forgetToken(page: ScorePage): void {
  page.store.removeItem(SCORE_TOKEN_KEY);
  // The list as last seen is this token's: another token's page must not show it offline.
  page.store.removeItem(LIST_COPY_KEY);
  // The token in use may be the one read from /manage's key: forgotten there too, or it would come back.
  if (page.store.getItem(ADMIN_TOKEN_KEY) === page.token) page.store.removeItem(ADMIN_TOKEN_KEY);
  location.reload();
}

/** "Change token" asks before forgetting it. */
export function watchForgetToken(page: ScorePage): void {
  byId("forget-token")?.addEventListener("click", () => {
    const waiting = readOutbox(page.store).length;
    openSheet(
      w("score.changeTokenQuestion"),
      w("score.forgetText") +
        (waiting > 0 ? ` ${w("score.forgetWaiting", { waiting: tapsNotSent(waiting) })}` : ""),
      [
        { label: w("score.forgetToken"), act: () => forgetToken(page), kind: "danger" },
        { label: w("score.keepIt") },
      ],
    );
  });
}

/**
 * Takes the token of a QR link (the URL's fragment, then taken out of the address): at once when the phone has
 * none or the same, else only when the umpire chooses it.
 */
export function adoptLinkToken(page: ScorePage): void {
  const fromLink = new URLSearchParams(location.hash.slice(1)).get("token");
  if (!fromLink) return;
  history.replaceState(null, "", location.pathname + location.search);
  const mine = page.store.getItem(SCORE_TOKEN_KEY);
  if (mine && mine !== fromLink) {
    openSheet(
      w("score.linkQuestion"),
      w("score.linkText"),
      [
        {
          label: w("score.useLink"),
          kind: "primary",
          act: () => {
            page.store.setItem(SCORE_TOKEN_KEY, fromLink);
            location.reload();
          },
        },
        { label: w("score.keepPhoneToken") },
      ],
    );
  } else {
    page.store.setItem(SCORE_TOKEN_KEY, fromLink);
    page.token = fromLink;
  }
}
