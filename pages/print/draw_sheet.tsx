/**
 * /t/{slug}/print/draw?category={id}: a category's knockout bracket made for print, landscape. A draw of up to 32
 * fits one A4 page, one of 64 one A3 page (the default paper for draws above 32; `?size=a4|a3` chooses). A
 * larger draw is printed in sections of 32 (A4) or 64 (A3) slots, each on its own page up to the section's last
 * match, then a page with the rounds after: every section's last column says on which page its winner goes on,
 * and each side of the closing page says from which page it comes.
 */
import type { EntryRecord } from "../../views/print_data.ts";
import type { Draw, DrawMatch, DrawSide } from "../view_types.ts";
import type { Paper } from "./print_css.ts";
import { type LayoutLink, PrintDocument, type SheetKind } from "./print_document.tsx";
import { QrCode } from "../qr.tsx";
import { drawSideText, stageText } from "../format.ts";
import { useI18n } from "../i18n/mod.ts";

/** The paper of a draw: `?size=` when given, else A4 up to 32 slots and A3 above. */
export function drawPaper(size: string | undefined, slots: number): "a4" | "a3" {
  if (size === "a4" || size === "a3") return size;
  return slots <= 32 ? "a4" : "a3";
}

const SHEET: Record<"a4" | "a3", { paper: Paper; slots: number; font: string }> = {
  a4: { paper: "A4 landscape", slots: 32, font: "7pt" },
  a3: { paper: "A3 landscape", slots: 64, font: "6.8pt" },
};

const DRAW_CSS = (font: string) => `
.draw header{display:flex;justify-content:space-between;align-items:center;height:14mm;border-bottom:.4mm solid #000}
.draw header h1{font-size:13pt;margin:0;flex:1}
.draw header svg.qr{width:13mm;height:13mm;margin:0 4mm}
.bracket .club{font-size:inherit}
.bracket{display:flex;height:calc(100% - 16mm);margin-top:2mm;font-size:${font};line-height:1.15}
.bracket .round{flex:1 1 0;display:flex;flex-direction:column;min-width:0}
.bracket .round.first{flex-grow:1.6}
.bracket .round h2{font-size:7.5pt;height:4mm;margin:0;text-align:center}
.bracket .round ol{list-style:none;margin:0;padding:0;flex:1;display:flex;flex-direction:column}
.bracket .m{flex:1 1 0;display:flex;flex-direction:column;justify-content:center;padding-inline-end:1.5mm;min-height:0}
.bracket .s{border-bottom:.25mm solid #000;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;padding:0 .5mm}
.bracket .s+.s{border-inline-end:.25mm solid #000}
.bracket .s:first-child{border-inline-end:.25mm solid #000}
.bracket .s.won{font-weight:700}
.bracket .score{font-size:6pt;color:#333;white-space:nowrap;overflow:hidden}
.bracket .mark{font-size:6.5pt;font-style:italic}
.bracket .cont{flex:0 0 18mm;display:flex;flex-direction:column;justify-content:center;font-size:7pt;font-style:italic}
`;

/** A side of a bracket position: the entry's name and club, or the label of a bye, a qualifier or an open side. */
function Side(props: { side: DrawSide; won: boolean; entries: Map<string, EntryRecord>; from?: string }) {
  const i18n = useI18n();
  const e = props.side.entry ? props.entries.get(props.side.entry.id) : undefined;
  const club = e?.association ?? props.side.entry?.association;
  return (
    <div class={props.won ? "s won" : "s"}>
      {props.from && <span class="mark">{`${props.from} `}</span>}
      {props.side.entry?.name ?? drawSideText(props.side, i18n)}
      {club && <span class="club">{` · ${club}`}</span>}
    </div>
  );
}

/** One bracket position: its two sides and, once decided, the games. */
function Position(props: { m: DrawMatch; entries: Map<string, EntryRecord>; from?: [string, string] }) {
  const { t } = useI18n();
  const { m } = props;
  const winner = m.match?.winnerId ?? null;
  const score = m.match && winner !== null
    ? m.match.resultReasonCode === "walkover"
      ? t("print.woMark")
      : m.match.gameScores.map((g) => `${g.home}-${g.away}`).join(" ")
    : "";
  return (
    <li class="m">
      <Side
        side={m.home}
        won={winner !== null && winner === m.home.entry?.id}
        entries={props.entries}
        from={props.from?.[0]}
      />
      <Side
        side={m.away}
        won={winner !== null && winner === m.away.entry?.id}
        entries={props.entries}
        from={props.from?.[1]}
      />
      <div class="score">{score && <span dir="ltr">{score}</span>}</div>
    </li>
  );
}

/** A page of the bracket: rounds `from`..`to` (numbers) over the positions of the slots `first`..`first+slots`. */
interface DrawPart {
  fromRound: number;
  toRound: number;
  firstSlot: number;
  slots: number;
}

/** The pages of a draw of `size` slots printed `perPage` slots a page. */
export function drawParts(size: number, perPage: number): DrawPart[] {
  const rounds = Math.log2(size);
  if (size <= perPage) return [{ fromRound: 1, toRound: rounds, firstSlot: 0, slots: size }];
  const sectionRounds = Math.log2(perPage);
  const sections = Array.from({ length: size / perPage }, (_, i) => ({
    fromRound: 1,
    toRound: sectionRounds,
    firstSlot: i * perPage,
    slots: perPage,
  }));
  return [...sections, { fromRound: sectionRounds + 1, toRound: rounds, firstSlot: 0, slots: size }];
}

/** One page of the draw. */
function DrawPage(
  props: {
    draw: Draw;
    part: DrawPart;
    pageNo: number;
    pages: number;
    title: string;
    entries: Map<string, EntryRecord>;
    followUrl: string;
  },
) {
  const i18n = useI18n();
  const { t } = i18n;
  const { draw, part } = props;
  const closing = part.fromRound > 1;
  const rounds = draw.rounds.filter((r) => r.roundNo >= part.fromRound && r.roundNo <= part.toRound);
  return (
    <section class="page fixed draw" data-page={String(props.pageNo)}>
      <header>
        <h1>{props.title}</h1>
        <QrCode text={props.followUrl} label={t("print.qrCategory", { url: props.followUrl })} />
        <span>
          {t("print.pageOf", { page: props.pageNo, pages: props.pages })}
          {props.pages > 1 &&
            ` · ${
              closing
                ? t("print.lastRounds")
                : t("print.slots", { first: part.firstSlot + 1, last: part.firstSlot + part.slots })
            }`}
        </span>
      </header>
      <div class="bracket">
        {rounds.map((round, i) => {
          const per = part.slots / 2 ** round.roundNo;
          const first = part.firstSlot / 2 ** round.roundNo;
          const positions = round.matches.filter((m) => m.bracketPos >= first && m.bracketPos < first + per);
          return (
            <div key={round.roundNo} class={i === 0 ? "round first" : "round"}>
              <h2>{stageText(round.label, i18n)}</h2>
              <ol>
                {positions.map((m) => (
                  <Position
                    key={m.bracketPos}
                    m={m}
                    entries={props.entries}
                    from={closing && i === 0
                      ? [
                        t("print.fromPage", { page: 2 * m.bracketPos + 1 }),
                        t("print.fromPage", { page: 2 * m.bracketPos + 2 }),
                      ]
                      : undefined}
                  />
                ))}
              </ol>
            </div>
          );
        })}
        {props.pages > 1 && !closing && (
          <div class="cont">{t("print.continuesOn", { page: props.pages })}</div>
        )}
      </div>
    </section>
  );
}

/** The page of a category's draw. */
export function DrawSheetPage(props: {
  nonce: string;
  eventName: string;
  categoryName: string;
  draw: Draw;
  size: "a4" | "a3";
  entries: Map<string, EntryRecord>;
  followUrl: string;
  layouts: LayoutLink[];
}) {
  const sheet = SHEET[props.size];
  const kind: SheetKind = { name: "print.kindDraw", paper: sheet.paper, css: DRAW_CSS(sheet.font) };
  const parts = drawParts(props.draw.size, sheet.slots);
  const title = `${props.categoryName} · ${props.eventName}`;
  return (
    <PrintDocument nonce={props.nonce} kind={kind} about={props.categoryName} layouts={props.layouts}>
      <main id="sheets">
        {parts.map((part, i) => (
          <DrawPage
            key={i}
            draw={props.draw}
            part={part}
            pageNo={i + 1}
            pages={parts.length}
            title={title}
            entries={props.entries}
            followUrl={props.followUrl}
          />
        ))}
      </main>
    </PrintDocument>
  );
}
DrawSheetPage.translated = true as const;
