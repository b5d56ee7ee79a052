/** The form where an umpire or the operator enters their token once (kept in the browser's localStorage). */

/** A hidden token form; the page's script shows it when no token is stored or the stored one is refused. */
export function TokenForm(props: { purpose: string }) {
  return (
    <form id="token-form" class="token" hidden>
      <h2>Enter your token</h2>
      <p class="muted">{props.purpose}</p>
      <label for="token-input">Token</label>
      <input
        id="token-input"
        name="token"
        type="password"
        autocomplete="off"
        spellcheck={false}
        placeholder="tt_…"
        required
      />
      <p id="token-error" class="error" role="alert"></p>
      <button type="submit" class="primary">Save on this device</button>
    </form>
  );
}
