/**
 * `GET /.well-known/security.txt` (RFC 9116): where to report a security problem, as the operator set it
 * (`SECURITY_CONTACT`); a 404 while it is not set. `Expires` is 180 days after the current day (UTC): the file
 * never goes stale while the server runs, and stays under the year RFC 9116 recommends.
 */
import { Hono } from "hono";

const DAY_MS = 86_400_000;
const VALID_DAYS = 180;

/**
 * The file's text for a contact on a day.
 * @example securityTxt("mailto:security@example.org", new Date("2026-12-04T23:00:00Z")) // "Contact: mailto:...\nExpires: 2027-06-02T00:00:00.000Z\n..."
 */
export function securityTxt(contact: string, now: Date): string {
  const expires = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS + VALID_DAYS * DAY_MS);
  return `Contact: ${contact}\nExpires: ${expires.toISOString()}\nPreferred-Languages: en\n`;
}

/** The route, mounted at the root. */
export function securityTxtRoute(contact: string | null | undefined, clock: () => Date): Hono {
  const app = new Hono();
  app.get("/.well-known/security.txt", (c) => {
    const headers = { "X-Content-Type-Options": "nosniff" };
    if (!contact) {
      return c.text("No security contact is set on this server (SECURITY_CONTACT)\n", 404, {
        ...headers,
        "Cache-Control": "no-store",
      });
    }
    return c.text(securityTxt(contact, clock()), 200, {
      ...headers,
      "Cache-Control": "public, max-age=3600",
    });
  });
  return app;
}
