/** The HTML 404 page of unknown (or unpublished) events, matches and paths. */
import { SiteLayout } from "./layout.tsx";

/** The 404 page. */
export function NotFoundPage(props: { nonce: string }) {
  return (
    <SiteLayout title="Not found" nonce={props.nonce} css="">
      <h1>Page not found</h1>
      <p>
        There is nothing published at this address. It may have been a draft, or the link may be mistyped.
      </p>
      <p>
        <a href="/">See the published tournaments</a>
      </p>
    </SiteLayout>
  );
}
