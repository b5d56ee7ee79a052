/// <reference lib="dom" />
/**
 * The browser script of the sheets that need the operator's token (match sheets carry the scorer's QR code):
 * the page comes without its sheets, and this asks for them (the page's URL again, which then answers its
 * `<main id="sheets">` alone) with the admin token /manage keeps in this browser's localStorage, sent as a bearer
 * header (never in the URL, never in a cookie), and puts them in place. Parsed in a template, which runs and
 * applies nothing. `<body data-ready>` says how it ended, for the tests: "1", "no-token" or "refused".
 */

/** Fetches the page with the token kept under `<body data-token-key>` and swaps in its `#sheets`. */
export function printGate(): void {
  const body = document.body;
  const status = document.getElementById("gate-status");
  const say = (text: string, ready: string) => {
    if (status) status.textContent = text;
    body.dataset.ready = ready;
  };
  const token = localStorage.getItem(body.dataset.tokenKey ?? "") ?? "";
  if (token === "") {
    say("Open /manage in this browser and enter the admin token, then load this page again.", "no-token");
    return;
  }
  fetch(location.href, { headers: { Authorization: `Bearer ${token}` }, cache: "no-store" })
    .then(async (res) => {
      if (!res.ok) {
        say(`The server refused the token kept by /manage (${res.status}): enter it again there.`, "refused");
        return;
      }
      const template = document.createElement("template");
      template.innerHTML = await res.text();
      const fresh = template.content.getElementById("sheets");
      const here = document.getElementById("sheets");
      if (!fresh || !here) {
        say("The sheets could not be read: load the page again.", "refused");
        return;
      }
      here.replaceWith(fresh);
      say("", "1");
    })
    .catch(() => say("The server cannot be reached: load the page again.", "refused"));
}
