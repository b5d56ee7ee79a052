/**
 * The printable report of one match for the referee (`/t/{slug}/print/report/{matchId}`): the players, the
 * table and times, every game's score and the result, then every incident the umpire recorded in order (time-
 * outs, Regulation 3.4.4.2; cards with their penalty points, Regulation 3.5.2; the expedite system, Law 2.15),
 * each with its game and score; those the umpire took back with an undo struck, with who undid them and when;
 * and room for the umpire's and the referee's signatures.
 */
import type { MatchData } from "../../views/match.ts";
import type { MedicalBreakRecord, UndoneIncidentRecord } from "../../domain/incident_list.ts";
import { PrintDocument, type SheetKind } from "./print_document.tsx";
import { gameScoresText } from "./game_scores.ts";

const MATCH_REPORT: SheetKind = {
  name: "print.kindMatchReport",
  paper: "A4 portrait",
  css: `.report table{width:100%;margin:2mm 0 5mm}.report td,.report th{text-align:left;padding:1mm 2mm}
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

const CARD_WORDS = { yellow: "yellow card", yellow_red: "yellow and red card", red: "red card" } as const;

/**
 * The match's incidents in the order of the match: time-outs, cards, the expedite system (those undone among
 * them, marked), then its medical breaks (Regulation 3.4.2.3) with their times.
 * @example reportLines(m)[0] // { gameNumber: 2, score: "5-3", what: "Time-out: Ana Lopez" }
 */
export function reportLines(
  d: MatchData,
  medical: readonly MedicalBreakRecord[] = [],
  undone: readonly UndoneIncidentRecord[] = [],
): ReportLine[] {
  const m = d.match;
  const name = (side: "home" | "away") => side === "home" ? m.homeName : m.awayName;
  const u = m.umpire;
  const taken = undone.flatMap((x) => {
    const i = x.incident;
    const what = i.kind === "card"
      ? `${CARD_WORDS[i.card]}: ${name(i.side)}${i.target === "coach" ? "'s coach" : ""}`
      : i.kind === "timeout"
      ? `Time-out: ${name(i.side)}`
      : i.kind === "expedite"
      ? "Expedite system introduced"
      : null;
    if (what === null) return [];
    return [{
      gameNumber: x.gameNumber ?? 0,
      score: x.score ?? { home: 0, away: 0 },
      what,
      undone: `Undone by ${x.undoneBy}, ${utcMinute(x.undoneAt)}`,
      at: x.at,
    }];
  });
  const breaks = medical.map((b) => ({
    gameNumber: b.gameNumber ?? 0,
    score: "",
    what: `Medical break: ${name(b.side)}${b.reason ? ` (${b.reason})` : ""}, ${utcMinute(b.startedAt)} to ${
      b.endedAt === null ? "—" : utcMinute(b.endedAt).slice(11)
    }`,
  }));
  if (!u && taken.length === 0) return breaks;
  const lines: (ReportLine & { order: number; made: string })[] = [
    ...(u?.timeouts ?? []).map((t) => ({ ...t, what: `Time-out: ${name(t.side)}` })),
    ...(u?.cards ?? []).map((c) => ({
      ...c,
      what: `${CARD_WORDS[c.card]}: ${name(c.side)}${c.target === "coach" ? "'s coach" : ""}${
        c.penaltyPoints > 0 ? ` (${c.penaltyPoints} penalty point${c.penaltyPoints > 1 ? "s" : ""})` : ""
      }`,
    })),
    ...(u?.expedite
      ? [{
        ...u.expedite,
        what: `Expedite system introduced${u.expedite.byRequest ? " at both sides' request" : ""}`,
      }]
      : []),
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
    what: l.what.charAt(0).toUpperCase() + l.what.slice(1),
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
  const { match: m, event, category } = props.data;
  const winner = m.winnerId === null ? "not decided" : m.winnerId === m.homeId ? m.homeName : m.awayName;
  const lines = reportLines(props.data, props.medical, props.undone);
  return (
    <PrintDocument nonce={props.nonce} kind={MATCH_REPORT} about={`${m.homeName} v ${m.awayName}`}>
      <section class="report">
        <h1>Match report</h1>
        <p>
          {event.name} · {category} · {m.stageLabel}
          {m.tableNo === null ? "" : ` · Table ${m.tableNo}`}
        </p>
        <h2>{m.homeName} v {m.awayName}</h2>
        <table>
          <tbody>
            <tr>
              <th>Started</th>
              <td>{utcMinute(m.startedAt)}</td>
            </tr>
            <tr>
              <th>Finished</th>
              <td>{utcMinute(m.completedAt)}</td>
            </tr>
            <tr>
              <th>Games</th>
              <td>{gameScoresText(m) || "—"}</td>
            </tr>
            <tr>
              <th>Winner</th>
              <td>
                {winner}
                {m.winnerId === null ? "" : ` ${m.gamesWon.home}-${m.gamesWon.away}`}
              </td>
            </tr>
          </tbody>
        </table>
        <h2>Incidents</h2>
        {lines.length === 0 ? <p>None recorded.</p> : (
          <table class="incidents">
            <thead>
              <tr>
                <th>Game</th>
                <th>Score</th>
                <th>What</th>
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
          <p>Umpire</p>
          <p>Referee</p>
        </div>
      </section>
    </PrintDocument>
  );
}
