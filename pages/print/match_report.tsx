/**
 * The printable report of one match for the referee (`/t/{slug}/print/report/{matchId}`): the players, the
 * table and times, every game's score and the result, then every incident the umpire recorded in order (time-
 * outs, Regulation 3.4.4.2; cards with their penalty points, Regulation 3.5.2; the expedite system, Law 2.15),
 * each with its game and score; those the umpire took back with an undo struck, with who undid them and when;
 * and room for the umpire's and the referee's signatures.
 */
import type { MatchData } from "../../views/match.ts";
import type { CardColour } from "../../domain/cards.ts";
import type { MedicalBreakRecord, UndoneIncidentRecord } from "../../domain/incident_list.ts";
import { incidentText, medicalWho } from "../incident_words.ts";
import { PrintDocument, type SheetKind } from "./print_document.tsx";
import { gameScoresText } from "./game_scores.ts";
import { stageText } from "../format.ts";
import { type I18n, i18nFor, useI18n } from "../i18n/mod.ts";

const MATCH_REPORT: SheetKind = {
  name: "print.kindMatchReport",
  paper: "A4 portrait",
  css: `.report table{width:100%;margin:2mm 0 5mm}.report td,.report th{text-align:start;padding:1mm 2mm}
.report .signatures{display:flex;gap:20mm;margin-top:15mm}.report .signatures p{flex:1;border-top:1px solid #000;
padding-top:1mm}.report .undone s{color:#555}`,
};

/** One incident of the report: where in the match, and what. */
export interface ReportLine {
  gameNumber: number;
  score: string;
  what: string;
  /** "Undone by Table 1 phone, 2026-12-05 14:06 UTC": the umpire took it back; absent while in force. */
  undone?: string;
}

/**
 * The match's incidents in the order of the match: time-outs, cards, the expedite system (those undone among
 * them, marked), then its medical breaks (Regulation 3.4.2.3) with their times; each worded as the desk words it
 * (pages/incident_words.ts).
 * @example reportLines(m)[0] // { gameNumber: 2, score: "5-3", what: "Time-out: Ana Lopez" }
 */
export function reportLines(
  d: MatchData,
  medical: readonly MedicalBreakRecord[] = [],
  undone: readonly UndoneIncidentRecord[] = [],
  { t }: I18n = i18nFor("en"),
): ReportLine[] {
  const m = d.match;
  const name = (side: "home" | "away") => side === "home" ? m.homeName : m.awayName;
  const u = m.umpire;
  const cardWhat = (
    c: { card: CardColour; side: "home" | "away"; target?: string; penaltyPoints?: number },
  ) =>
    incidentText({
      kind: "card",
      card: c.card,
      side: c.side,
      player: name(c.side),
      coach: c.target === "coach",
      penaltyPoints: c.penaltyPoints ?? 0,
    }, t);
  const timeoutWhat = (side: "home" | "away") =>
    incidentText({ kind: "timeout", side, player: name(side) }, t);
  const expediteWhat = (byRequest: boolean) => incidentText({ kind: "expedite", byRequest }, t);
  const taken = undone.flatMap((x) => {
    const i = x.incident;
    const what = i.kind === "card"
      ? cardWhat(i)
      : i.kind === "timeout"
      ? timeoutWhat(i.side)
      : i.kind === "expedite"
      ? expediteWhat(i.byRequest)
      : null;
    if (what === null) return [];
    return [{
      gameNumber: x.gameNumber ?? 0,
      score: x.score ?? { home: 0, away: 0 },
      what,
      undone: t("print.reportUndone", { by: x.undoneBy, time: utcMinute(x.undoneAt) }),
      at: x.at,
    }];
  });
  const breaks = medical.map((b) => ({
    gameNumber: b.gameNumber ?? 0,
    score: "",
    what: t("print.reportMedical", {
      name: medicalWho(name(b.side), b.reason, t),
      from: utcMinute(b.startedAt),
      to: b.endedAt === null ? "—" : utcMinute(b.endedAt).slice(11),
    }),
  }));
  if (!u && taken.length === 0) return breaks;
  const lines: (ReportLine & { order: number; made: string })[] = [
    ...(u?.timeouts ?? []).map((x) => ({ ...x, what: timeoutWhat(x.side) })),
    ...(u?.cards ?? []).map((c) => ({ ...c, what: cardWhat(c) })),
    ...(u?.expedite ? [{ ...u.expedite, what: expediteWhat(u.expedite.byRequest) }] : []),
    ...taken,
  ].map((
    // `at`: when it was made, which orders the incidents of one score.
    l: {
      gameNumber: number;
      score: { home: number; away: number };
      what: string;
      undone?: string;
      at?: string | null;
    },
  ) => ({
    gameNumber: l.gameNumber,
    score: `${l.score.home}-${l.score.away}`,
    what: l.what,
    ...(l.undone ? { undone: l.undone } : {}),
    order: l.gameNumber * 1000 + l.score.home + l.score.away,
    made: l.at ?? "",
  }));
  return [
    ...lines.sort((a, b) => a.order - b.order || a.made.localeCompare(b.made)).map((
      { order: _order, made: _made, ...line },
    ) => line),
    ...breaks,
  ];
}

/**
 * A time as the report prints it, to the minute in UTC (the server knows no venue time zone); "—" for none.
 * @example utcMinute("2026-12-05T14:05:31.000Z") // "2026-12-05 14:05 UTC"
 */
export function utcMinute(iso: string | null): string {
  return iso === null ? "—" : `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** The report's page. */
export function MatchReportPage(
  props: {
    nonce: string;
    data: MatchData;
    medical?: readonly MedicalBreakRecord[];
    undone?: readonly UndoneIncidentRecord[];
  },
) {
  const i18n = useI18n();
  const { t } = i18n;
  const { match: m, event, category } = props.data;
  const winner = m.winnerId === null
    ? t("print.notDecided")
    : m.winnerId === m.homeId
    ? m.homeName
    : m.awayName;
  const lines = reportLines(props.data, props.medical, props.undone, i18n);
  const versus = t("list.versus", { home: m.homeName, away: m.awayName });
  return (
    <PrintDocument nonce={props.nonce} kind={MATCH_REPORT} about={versus}>
      <section class="flow report">
        <h1>{t("print.reportTitle")}</h1>
        <p>
          {event.name} · {category} · {stageText(m.stageLabel, i18n)}
          {m.tableNo === null ? "" : ` · ${t("list.tableNo", { table: m.tableNo })}`}
        </p>
        <h2>{versus}</h2>
        <table>
          <tbody>
            <tr>
              <th>{t("print.started")}</th>
              <td>{utcMinute(m.startedAt)}</td>
            </tr>
            <tr>
              <th>{t("print.finished")}</th>
              <td>{utcMinute(m.completedAt)}</td>
            </tr>
            <tr>
              <th>{t("print.games")}</th>
              <td>
                <span dir="ltr">{gameScoresText(m, i18n) || "—"}</span>
              </td>
            </tr>
            <tr>
              <th>{t("print.winner")}</th>
              <td>
                {winner}
                {m.winnerId === null ? "" : ` ${m.gamesWon.home}-${m.gamesWon.away}`}
              </td>
            </tr>
          </tbody>
        </table>
        <h2>{t("print.incidents")}</h2>
        {lines.length === 0 ? <p>{t("print.noneRecorded")}</p> : (
          <table class="incidents">
            <thead>
              <tr>
                <th>{t("print.gameCol")}</th>
                <th>{t("print.score")}</th>
                <th>{t("print.what")}</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((l, i) => (
                <tr key={i} class={l.undone ? "undone" : undefined}>
                  <td>{l.gameNumber}</td>
                  <td>{l.score}</td>
                  <td>
                    {l.undone
                      ? (
                        <>
                          <s>{l.what}</s> · {l.undone}
                        </>
                      )
                      : l.what}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <div class="signatures">
          <p>{t("print.umpire")}</p>
          <p>{t("print.referee")}</p>
        </div>
      </section>
    </PrintDocument>
  );
}
MatchReportPage.translated = true as const;
