/**
 * `/overlay/standings/{slug}`: the standings of the group the producer picked on the stream panel (domain/
 * stream_state.ts `picks`; else the event's first group still in play), over the stream. From a distance
 * (`?distance=&diagonal=`, pages/overlay_far.ts) it fills the canvas with place, name, won, lost and points in
 * one text size that reaches 16 arcminutes there, its rows paged when the group is longer than the screen.
 */
import { groupDisplayName } from "../views/serialize.ts";
import { stageText } from "./format.ts";
import { useI18n } from "./i18n/mod.ts";
import { farOverlayCss, pagesOf, rowsThatFit } from "./overlay_far.ts";
import { OverlayDocument } from "./overlay_document.tsx";
import type { OverlayParams } from "./overlay_params.ts";
import type { TvDistance } from "./tv_distance.ts";
import type { GroupStandings } from "./view_types.ts";

/** The board's CSS, the category board's look (pages/overlay_category.tsx). */
export const STANDINGS_OVERLAY_CSS = `
.gstand{width:min(760px,calc(100vw - 48px));background:var(--panel);border-radius:10px;
  overflow:hidden;box-shadow:0 4px 16px rgba(0,0,0,.35)}
.gstand h1{margin:0;padding:6px 14px;font-size:17px;text-transform:uppercase;letter-spacing:.04em;color:#cfd8e6;
  background:rgba(255,255,255,.08);white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.gstand table{border-collapse:collapse;width:100%;font-size:22px}
.gstand th,.gstand td{padding:4px 14px;text-align:end;font-variant-numeric:tabular-nums;white-space:nowrap}
.gstand thead th{font-size:15px;color:#b8c4d6;text-transform:uppercase;font-weight:700}
.gstand .name{text-align:start;width:100%;max-width:0;overflow:hidden;text-overflow:ellipsis}
.gstand tbody tr+tr{border-top:1px solid rgba(255,255,255,.1)}
.gstand .pts{color:var(--accent)}
.gstand .quiet{padding:6px 14px;font-size:17px;color:#b8c4d6}
body.far .gstand{position:absolute;inset:0;width:auto;display:flex;flex-direction:column}
body.far .gstand h1{padding:.5vh 1.5vw;text-transform:none;letter-spacing:0}
body.far .gstand th,body.far .gstand td{padding:.2vh 1.5vw}
body.far .gstand .games{display:none}
`;

/** What the overlay shows: the group and its category's name, or null when the event has no group yet. */
export interface StandingsPick {
  category: string;
  group: GroupStandings;
}

function Table(props: { rows: GroupStandings["rows"] }) {
  const { t } = useI18n();
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col" class="name">{t("standings.player")}</th>
          <th scope="col">{t("standings.wonShort")}</th>
          <th scope="col">{t("standings.lostShort")}</th>
          <th scope="col" class="games">{t("standings.games")}</th>
          <th scope="col">{t("standings.pointsShort")}</th>
        </tr>
      </thead>
      <tbody>
        {props.rows.map((r) => (
          <tr key={r.entry.id} data-entry={r.entry.id}>
            <td>{r.tied ? `${r.position}=` : r.position}</td>
            <th scope="row" class="name">{r.entry.name}</th>
            <td>{r.won}</td>
            <td>{r.lost}</td>
            <td class="games">{r.gamesWon}:{r.gamesLost}</td>
            <td class="pts">{r.matchPoints}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The standings overlay page; transparent with nothing to show. */
export function StandingsOverlayPage(props: {
  nonce: string;
  params: OverlayParams;
  watch: string;
  pick: StandingsPick | null;
  distance: TvDistance | null;
}) {
  const i18n = useI18n();
  const { pick, distance } = props;
  const title = pick && `${pick.category} · ${stageText(groupDisplayName(pick.group.name), i18n)}`;
  // From a distance the rows the screen holds under the heading and the column heads make a page.
  const pages = pick === null
    ? [[]]
    : pagesOf(pick.group.rows, distance ? rowsThatFit(distance, 1, 2) : pick.group.rows.length || 1);
  return (
    <OverlayDocument
      title={title ?? i18n.t("tv.viewStandings")}
      nonce={props.nonce}
      params={props.params}
      watch={props.watch}
      css={STANDINGS_OVERLAY_CSS + (distance ? farOverlayCss(distance, pages.length) : "")}
      bodyClass={distance ? "far" : undefined}
    >
      {pick && title &&
        pages.map((rows, i) => (
          <div key={i} class="gstand far-page" data-page={i} data-group={pick.group.groupId}>
            <h1>
              {title}
              {pages.length > 1 && ` ${i + 1}/${pages.length}`}
            </h1>
            <Table rows={rows} />
          </div>
        ))}
    </OverlayDocument>
  );
}
StandingsOverlayPage.translated = true as const;
