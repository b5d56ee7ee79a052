/**
 * The CSS every printed sheet shares: the paper set through `@page`, whole sheets that never split, table rows
 * that never split across pages, and the screen's toolbar hidden on paper. Lengths are in millimetres, and a
 * fixed sheet keeps within US Letter's printable area too (190 × 259 mm inside 10 mm margins), so that a sheet
 * made for A4 prints whole on Letter.
 */

/** The papers and orientations the sheets print on. */
export type Paper = "A4 portrait" | "A4 landscape" | "A3 landscape";

/** The printable box of each paper inside its 10 mm margins, kept within Letter's for A4. */
export const PRINTABLE_MM: Record<Paper, { w: number; h: number }> = {
  "A4 portrait": { w: 190, h: 259 },
  "A4 landscape": { w: 259, h: 190 },
  "A3 landscape": { w: 400, h: 277 },
};

/** The shared CSS for a paper; `extra` is the sheet's own. */
export function printCss(paper: Paper, extra: string): string {
  const { w, h } = PRINTABLE_MM[paper];
  return `
@page{size:${paper};margin:10mm}
*,*::before,*::after{box-sizing:border-box}
html,body{margin:0;background:#fff;color:#000;font:9.5pt/1.3 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.toolbar{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;padding:.6rem 1rem;background:#e8eef8;
  font-size:14px;border-bottom:1px solid #9ab;position:relative;z-index:1}
.toolbar a{color:#0b4fb3}
.page{width:${w}mm;break-after:page;break-inside:avoid;overflow:hidden}
.page:last-child{break-after:auto}
.page.fixed{height:${h}mm}
.flow{width:${w}mm}
h1,h2,h3{margin:0 0 2mm;line-height:1.15}
h1{font-size:15pt}h2{font-size:12pt}h3{font-size:10.5pt}
table{border-collapse:collapse;width:100%}
tr,li{break-inside:avoid}
thead{display:table-header-group}
th,td{border:.25mm solid #000;padding:.8mm 1.5mm;text-align:start;vertical-align:middle}
th{background:#eee;font-weight:600}
.num{text-align:center;font-variant-numeric:tabular-nums}
.muted{color:#444}
.club{color:#333;font-size:8.5pt}
svg.qr{display:block}
.heading{display:flex;justify-content:space-between;align-items:center;gap:4mm;margin-bottom:2mm}
.heading svg.qr{width:18mm;height:18mm;flex:none}
@media screen{body{background:#d8dde3}.page,.flow{background:#fff;margin:6mm auto;padding:0;
  outline:10mm solid #fff;box-shadow:0 0 0 10.3mm #aab}}
@media print{.toolbar{display:none}}
${extra}`;
}
