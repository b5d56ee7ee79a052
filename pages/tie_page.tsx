/**
 * /tie/{tieId}: a tie of a team event for spectators (docs/teams.md): both teams, the tie score and its winner, the
 * line-ups once published, and each match of the tie in order of play with its score and status, linking to its
 * match page. Made for a phone first: the teams and each match's sides stack, names wrap. It follows the tie's
 * answer (`/api/v1/ties/{id}`), which moves with every point of its matches.
 */
import { EventLivePage } from "./event_page.tsx";
import { gamesDetail } from "./components/match_table.tsx";
import { categoryPath, eventPath, playerPath } from "./page_paths.ts";
import { percent, predictionSentence } from "./format.ts";
import { type Tie, type TieMatch, tieStateLine, tieWatchPath } from "./tie_data.ts";

const CSS = `
.crumbs{margin:.25rem 0;font-size:.95rem}
.tie-score{display:grid;grid-template-columns:minmax(0,1fr) auto minmax(0,1fr);align-items:center;gap:.75rem;
  max-width:40rem;margin:1rem 0;padding:1rem;border:1px solid #ccc;border-radius:.5rem}
.tie-score .team{font-size:1.2rem;font-weight:700;overflow-wrap:anywhere}
.tie-score .team.away{text-align:right}
.tie-score .assoc{display:block;font-size:.85rem;font-weight:400;color:#444}
.tie-score .team.winner{color:#0a6b2d}
.tie-score .result{font-size:2.2rem;font-weight:800;font-variant-numeric:tabular-nums;white-space:nowrap}
.tie-state{max-width:40rem;font-weight:600}
ol.tie-matches{list-style:none;padding:0;margin:.5rem 0;max-width:40rem}
ol.tie-matches>li{border:1px solid #ccc;border-radius:.5rem;padding:.6rem .75rem;margin:.5rem 0}
ol.tie-matches>li.live{border-color:#b00020;box-shadow:0 0 0 1px #b00020}
ol.tie-matches>li.not-needed{color:#555;background:#f7f7f7}
.tm-head{display:flex;flex-wrap:wrap;gap:.25rem .6rem;align-items:baseline;font-size:.9rem;color:#444}
.tm-head .order{font-weight:700;color:#111}
.tm-sides{display:grid;grid-template-columns:minmax(0,1fr) auto auto;gap:.1rem .6rem;margin-top:.3rem;
  font-variant-numeric:tabular-nums}
.tm-sides .who{overflow-wrap:anywhere}
.tm-sides .g{font-weight:700;text-align:right}
.tm-sides .p{min-width:1.8rem;text-align:right;background:#fff4c2;font-weight:700;padding:0 .25rem}
.tm-sides .winner{font-weight:700}
.tm-detail{font-size:.85rem;color:#444;margin-top:.2rem}
.tm-link{display:inline-block;margin-top:.3rem;font-weight:600}
.lineups{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,18rem),1fr));gap:0 1.5rem;max-width:40rem}
.lineups table{margin-bottom:.75rem}
.lineups th[scope=row]{width:3rem}
`;

/** Where a tie's page sits in its event, for the links above its heading. */
export interface TiePlace {
  event: { slug: string; name: string };
  category: string;
}

/** A match of the tie: its order and kind, its sides with their games (and points while in play), its link. */
function TieMatchItem(props: { item: TieMatch; tie: Tie }) {
  const { item, tie } = props;
  const m = item.match;
  const spec = tie.format.matches[item.order - 1];
  const positions = spec ? `${[spec.home].flat().join("&")}–${[spec.away].flat().join("&")}` : "";
  const status = item.status === "not_needed"
    ? "Not played: the tie was decided"
    : item.status === "in_progress"
    ? "Live"
    : item.status === "completed"
    ? "Final"
    : m === null
    ? (tie.lineups ? "If needed" : "Line-ups not published yet")
    : "To play";
  const cls = item.status === "in_progress"
    ? "live"
    : item.status === "not_needed"
    ? "not-needed"
    : undefined;
  return (
    <li class={cls} data-order={item.order} data-status={item.status}>
      <div class="tm-head">
        <span class="order">Match {item.order}</span>
        <span>{item.type === "doubles" ? "Doubles" : "Singles"} {positions}</span>
        {item.status === "in_progress" ? <span class="badge live">Live</span> : <span>{status}</span>}
      </div>
      {m && (
        <>
          <div class="tm-sides">
            {(["home", "away"] as const).map((side) => {
              const id = side === "home" ? m.homeId : m.awayId;
              const won = m.winnerId !== null && m.winnerId === id;
              return [
                <span key={`${side}-n`} class={`who${won ? " winner" : ""}`}>
                  {side === "home" ? m.homeName : m.awayName}
                </span>,
                <span key={`${side}-g`} class="g">{m.gamesWon[side]}</span>,
                item.status === "in_progress"
                  ? <span key={`${side}-p`} class="p">{m.currentGame[side]}</span>
                  : <span key={`${side}-p`} />,
              ];
            })}
          </div>
          {item.status === "completed" && gamesDetail(m) && <div class="tm-detail">{gamesDetail(m)}</div>}
          <a class="tm-link" href={`/m/${encodeURIComponent(m.id)}`}>
            {item.status === "in_progress" ? "Follow this match" : "Match page"}
            <span class="sr">: match {item.order}, {m.homeName} v {m.awayName}</span>
          </a>
        </>
      )}
    </li>
  );
}

/** One team's line-up: each position with its player (linking to their page), and the doubles pair. */
function Lineup(props: { tie: Tie; side: "home" | "away"; slug: string }) {
  const { tie, side } = props;
  const team = tie[side];
  const lineup = tie.lineups?.[side];
  if (!team || !lineup) return null;
  const name = (id: string) => team.players.find((p) => p.id === id)?.displayName ?? id;
  const link = (id: string) => <a href={playerPath(props.slug, id)}>{name(id)}</a>;
  return (
    <table>
      <caption>{team.name}</caption>
      <tbody>
        {Object.entries(lineup.positions).sort(([a], [b]) => a.localeCompare(b)).map(([pos, id]) => (
          <tr key={pos}>
            <th scope="row">{pos}</th>
            <td>{link(id)}</td>
          </tr>
        ))}
        {lineup.pair && (
          <tr>
            <th scope="row">Pair</th>
            <td>{link(lineup.pair[0]!)} / {link(lineup.pair[1]!)}</td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

/** The whole tie page. */
export function TiePage(props: { nonce: string; tie: Tie; place: TiePlace }) {
  const { tie, place } = props;
  const home = tie.home?.name ?? "?", away = tie.away?.name ?? "?";
  const title = `${home} v ${away}`;
  const winner = (side: "home" | "away") => tie.winnerId !== null && tie.winnerId === tie[side]?.id;
  const meta = [tie.stageLabel, tie.format.name, tie.tableNo === null ? null : `Table ${tie.tableNo}`]
    .filter((t) => t !== null).join(" · ");
  return (
    <EventLivePage
      title={`${title} – ${place.category} – ${place.event.name}`}
      nonce={props.nonce}
      css={CSS}
      description={`The tie ${title} at ${place.event.name}: line-ups, every match and the score`}
      watch={tieWatchPath(tie.id)}
    >
      <p class="crumbs">
        <a href={eventPath(place.event.slug)}>{place.event.name}</a> ›{" "}
        <a href={categoryPath(place.event.slug, tie.subeventId)}>{place.category}</a>
      </p>
      <h1>{title}</h1>
      <p class="meta">{meta}</p>
      <div data-region="tie">
        <section class="tie-score" aria-label="Tie score" data-status={tie.status}>
          <span class={`team home${winner("home") ? " winner" : ""}`}>
            {home}
            {tie.home?.association && tie.home.association !== home && (
              <span class="assoc">{tie.home.association}</span>
            )}
          </span>
          <span class="result">{tie.score.home}–{tie.score.away}</span>
          <span class={`team away${winner("away") ? " winner" : ""}`}>
            {away}
            {tie.away?.association && tie.away.association !== away && (
              <span class="assoc">{tie.away.association}</span>
            )}
          </span>
        </section>
        <p class="tie-state">
          {tie.status === "in_progress" && <span class="badge live">Live</span>} {tieStateLine(tie)}
        </p>
        {tie.prediction && <TiePredictionBlock tie={tie} home={home} away={away} />}
        <h2>Matches</h2>
        <ol class="tie-matches">
          {tie.matches.map((item) => <TieMatchItem key={item.order} item={item} tie={tie} />)}
        </ol>
        <h2>Line-ups</h2>
        {tie.lineups
          ? (
            <div class="lineups">
              <Lineup tie={tie} side="home" slug={place.event.slug} />
              <Lineup tie={tie} side="away" slug={place.event.slug} />
            </div>
          )
          : <p class="empty">The line-ups are published before the tie begins.</p>}
      </div>
    </EventLivePage>
  );
}

/**
 * The tie's prediction (docs/teams.md): the sentence and bar of a match's, frozen when the line-ups were
 * published, and while the tie is played the chance now from the matches left.
 */
function TiePredictionBlock(props: { tie: Tie; home: string; away: string }) {
  const p = props.tie.prediction!;
  const live = props.tie.status === "in_progress" && !props.tie.decided;
  const leader = p.live >= 0.5 ? { name: props.home, p: p.live } : { name: props.away, p: 1 - p.live };
  return (
    <section class="prediction" aria-label="Prediction" data-confidence={p.confidenceLabel}>
      <p class="sentence">{predictionSentence(p, props.home, props.away)}</p>
      {p.confidenceLabel !== "insufficient" && (
        <meter min={0} max={1} value={p.pHome} aria-label={`${props.home} win probability`}>
          {percent(p.pHome)} (confidence: {p.confidenceLabel})
        </meter>
      )}
      {live && (
        <p class="live-chance">
          Now, {props.tie.score.home}–{props.tie.score.away}: {leader.name} {percent(leader.p)} to win the tie
        </p>
      )}
      <p class="muted">
        Made when the line-ups were published, from each match's prediction, and not changed since.
      </p>
    </section>
  );
}
