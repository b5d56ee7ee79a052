/** The desk's check-in on `/manage`: the day's players to tick as they arrive (client/manage/check_in.ts). */

/** The check-in section of the operator's page. */
export function CheckInPanel() {
  return (
    <section id="check-in" aria-labelledby="check-in-heading">
      <h2 id="check-in-heading">Check-in</h2>
      <form id="check-in-find" class="inline" role="search">
        <label>
          Find a player or club{" "}
          <input id="check-in-text" type="search" size={24} placeholder="name or club" />
        </label>
        <label>
          <input id="check-in-missing" type="checkbox" /> only those not here yet
        </label>
      </form>
      <p id="check-in-count" class="muted" role="status"></p>
      <button type="button" id="check-in-no-shows" hidden>Withdraw the no-shows</button>
      <ul id="check-in-list" class="rows check-in"></ul>
    </section>
  );
}
