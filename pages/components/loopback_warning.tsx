/**
 * The warning beside a QR code that encodes this computer's own address (127.0.0.1, localhost): a phone scanning
 * it would look for the page on itself. The poster and the TV's QR view show it; a printed poster hides it.
 */

/**
 * The warning, for a QR code to `url` shown on `what` ("poster", "screen"), with what to do instead (`.why`,
 * which a TV read from a distance leaves out).
 */
export function LoopbackWarning(props: { url: string; what: string; then: string }) {
  return (
    <p class="loopback" role="alert">
      <strong>Phones cannot open this QR code.</strong>{" "}
      <span class="why">
        It points to{" "}
        {new URL(props.url).host}, which is this computer's own address: a phone scanning it would look for
        the page on itself. Open this {props.what}{" "}
        with the address phones use on the venue network (the one the server printed at start, such as
        http://192.168.1.20:8000), or start the server with --public-url set to that address, {props.then}.
      </span>
    </p>
  );
}
