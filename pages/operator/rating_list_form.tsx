/**
 * The rating list on `/manage`: a federation's list (CSV) checked against the event's players, its report read,
 * then applied (client/manage/rating_list.ts).
 */

/** The rating list section of the operator's page. */
export function RatingListForm() {
  return (
    <section id="rating-list" aria-labelledby="rating-list-heading">
      <h2 id="rating-list-heading">Rating list</h2>
      <p class="muted">
        A federation's list (CSV with a header: federation id, name, club, rating or points, birth year) gives
        the players their ratings, which the draw seeds by. Nothing changes until you have read the report and
        pressed Apply.
      </p>
      <form id="rating-list-form" class="inline">
        <label>
          Rating list (CSV) <input id="rating-list-file" type="file" accept=".csv,.txt,text/csv" required />
        </label>
        <button type="submit">Check the list</button>
      </form>
      <div id="rating-list-report" hidden></div>
    </section>
  );
}
