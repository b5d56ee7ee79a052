/**
 * `/t/{slug}/table/{n}/scoreboard`: the score of the match on a table, for a tablet or a TV beside it, facing the
 * players and the hall. Big digits readable at 10 m (the points are a quarter of the screen's height), the names,
 * games, who serves, ends changing, time-outs, game and match point; no controls. It follows the table's matches
 * through the day (the match in play there, else the one called there: domain/table_call.ts `matchOnTable`) by
 * watching the event's categories, as the table's overlay does (client/live_regions.ts).
 */
import type { Side } from "../domain/scoring.ts";
import type { MatchData } from "../views/match.ts";
import { COUNTDOWNS_SCRIPT, LIVE_REGIONS_SCRIPT } from "./client_script.ts";
import { countdownText } from "./client/countdown_rules.ts";
import { bestOfText, stageText } from "./format.ts";
import { useI18n } from "./i18n/mod.ts";
import { Document } from "./layout.tsx";
import { pointFlag, sideName, timedAttributes, timedTimeouts } from "./umpire_view.ts";

/** How often the scoreboard asks whether the score moved (as the overlays: 1 s). */
export const SCOREBOARD_POLL_MS = 1000;

const CSS = `
html,body{margin:0;height:100%;background:#05080f;color:#f4f6fb;overflow:hidden}
body{font:700 16px/1.1 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.board{height:100vh;display:grid;grid-template-rows:auto 1fr 1fr auto;gap:1.5vh;padding:2vh 3vw;box-sizing:border-box}
.head{display:flex;justify-content:space-between;gap:2vw;font-size:4vh;color:#b8c4d6;text-transform:uppercase;
  letter-spacing:.04em}
.side{display:grid;grid-template-columns:4vh minmax(0,1fr) auto 18vw;align-items:center;gap:2vw;
  border-radius:2vh;background:#111a2b;padding:0 2vw}
.side.won{background:#173b22}
.serve{width:4vh;height:4vh;border-radius:50%}
.serve.on{background:#f5a524}
.name{font-size:7vh;overflow-wrap:anywhere;min-width:0}
.badges{display:flex;flex-wrap:wrap;gap:1vw;margin-top:1vh;font-size:3.5vh}
.badge{padding:.3vh 1vw;border-radius:.8vh;background:#fff;color:#05080f}
.badge[hidden]{display:none}
.games{font-size:14vh;color:#b8c4d6;font-variant-numeric:tabular-nums;text-align:center}
.games small{display:block;font-size:3vh;letter-spacing:.06em}
.points{font-size:26vh;text-align:right;font-variant-numeric:tabular-nums;line-height:1}
.foot{min-height:7vh;display:flex;justify-content:center;align-items:center;gap:2vw;font-size:5vh;letter-spacing:.05em}
.flag{padding:.5vh 2vw;border-radius:1vh;background:#f5a524;color:#05080f}
.flag.match{background:#e0262c;color:#fff}
.free{height:100vh;display:flex;flex-direction:column;justify-content:center;align-items:center;gap:3vh}
.free h1{font-size:14vh;margin:0}.free p{font-size:5vh;margin:0;color:#b8c4d6}
`;

/** Whether the players change ends now: between games, or at 5 in the last possible game (Law 2.13.6-7). */
export function changingEnds(m: MatchData["match"]): boolean {
  if (m.status !== "in_progress") return false;
  const { home, away } = m.currentGame;
  if (home === 0 && away === 0 && m.gameScores.length > 0) return true;
  const at = m.umpire?.ends?.changedAt;
  return !!at && at.home === home && at.away === away;
}

/** One side's row: who serves, the name, the time-out while it runs, games and points. */
function SideRow(props: { data: MatchData; side: Side; now: number }) {
  const m = props.data.match;
  const { side } = props;
  const i18n = useI18n();
  const serving = m.status === "in_progress" && props.data.live.currentServer === side;
  const won = m.status === "completed" && m.winnerId === (side === "home" ? m.homeId : m.awayId);
  return (
    <section class={`side ${side}${won ? " won" : ""}`} aria-label={sideName(m, side)}>
      <span
        class={`serve${serving ? " on" : ""}`}
        {...(serving ? { role: "img", "aria-label": i18n.t("scoreboard.serves") } : {})}
      >
      </span>
      <div>
        <div class="name">{sideName(m, side)}</div>
        <div class="badges">
          {timedTimeouts(m).filter((t) => t.side === side).map((t) => (
            <span class="badge" {...timedAttributes({ until: t.endsAt }, props.now)}>
              {i18n.t("scoreboard.timeout")}{" "}
              <span data-countdown={t.endsAt}>{countdownText(t.endsAt, props.now)}</span>
            </span>
          ))}
        </div>
      </div>
      <div class="games">
        {m.gamesWon[side]}
        <small>{i18n.t("scoreboard.games")}</small>
      </div>
      <div class="points">{m.status === "completed" ? "" : m.currentGame[side]}</div>
    </section>
  );
}

/** The board of a match on the table. */
export function TableBoard(props: { data: MatchData; tableNo: number; now: number }) {
  const m = props.data.match;
  const flag = pointFlag(m);
  const i18n = useI18n();
  const { t } = i18n;
  const state = m.status === "in_progress"
    ? t("match.game", { count: m.gameScores.length + 1 })
    : m.status === "completed"
    ? t("overlay.final")
    : t("overlay.upNext");
  return (
    <div class="board">
      <div class="head">
        <span>
          {t("list.tableNo", { table: props.tableNo })} · {props.data.category} ·{" "}
          {stageText(m.stageLabel, i18n)}
        </span>
        <span>{bestOfText(m.bestOf, i18n)} · {state}</span>
      </div>
      <SideRow data={props.data} side="home" now={props.now} />
      <SideRow data={props.data} side="away" now={props.now} />
      <div class="foot" aria-live="polite">
        {flag && (
          <span class={`flag${flag.match ? " match" : ""}`}>
            {t(flag.match ? "overlay.matchPoint" : "overlay.gamePoint")}: {sideName(m, flag.side)}
          </span>
        )}
        {changingEnds(m) && <span class="flag">{t("scoreboard.changeEnds")}</span>}
      </div>
    </div>
  );
}

/** The page: the board of the table's match, or the table's number when nothing is on it. */
export function TableScoreboardPage(
  props: {
    nonce: string;
    tableNo: number;
    eventName: string;
    watch: string;
    data: MatchData | null;
    now: number;
  },
) {
  const { t } = useI18n();
  const table = t("list.tableNo", { table: props.tableNo });
  return (
    <Document
      title={`${table} · ${props.eventName}`}
      nonce={props.nonce}
      css={CSS}
      script={LIVE_REGIONS_SCRIPT + COUNTDOWNS_SCRIPT}
      bodyData={{ watch: props.watch, "poll-ms": String(SCOREBOARD_POLL_MS) }}
    >
      <main data-region="board">
        {props.data
          ? <TableBoard data={props.data} tableNo={props.tableNo} now={props.now} />
          : (
            <div class="free">
              <h1>{table}</h1>
              <p>{t("scoreboard.free", { event: props.eventName })}</p>
            </div>
          )}
      </main>
    </Document>
  );
}
TableScoreboardPage.translated = true as const;
