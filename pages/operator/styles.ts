/** CSS of the operator's pages: phone first for the umpire, dense for the operator; no external assets. */
import { consoleViewsCss } from "./console_views.ts";

const COMMON = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111;background:#f4f5f7}
[hidden]{display:none!important}
a{color:#0b4fb3}
button,.button{font:inherit;border:1px solid #8a94a6;border-radius:.5rem;background:#fff;color:#111;padding:.5rem .8rem;
  cursor:pointer;text-decoration:none;display:inline-block;min-height:2.75rem}
button.primary{background:#0b4fb3;border-color:#0b4fb3;color:#fff}
button:disabled{opacity:.45;cursor:not-allowed}
button:focus-visible,.button:focus-visible,a:focus-visible,input:focus-visible,select:focus-visible{outline:3px solid #f5a524;outline-offset:2px}
input,select{font:inherit;padding:.45rem;border:1px solid #8a94a6;border-radius:.4rem;min-height:2.5rem;max-width:100%}
header.bar{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;background:#0d1b2a;color:#fff;padding:.6rem 1rem}
header.bar h1{font-size:1.15rem;margin:0;margin-right:auto}
header.bar button{min-height:2.25rem;padding:.25rem .6rem}
.status{margin:0;padding:.4rem 1rem;font-weight:600;background:#e7f5ea;color:#0f5f24}
.status[data-kind=busy]{background:#fff6dd;color:#6b4b00}
.status[data-kind=offline],.status[data-kind=error]{background:#fde7e9;color:#8a0016}
.relay-state{padding:.1rem .4rem;border-radius:3px}
.relay-state[data-kind=ok]{background:#e3f6e8;color:#0b5a22}
.relay-state[data-kind=busy]{background:#fff6dd;color:#6b4b00}
.relay-state[data-kind=error]{background:#fde7e9;color:#8a0016}
.muted{color:#555}
form.token{max-width:28rem;margin:2rem auto;padding:1rem;background:#fff;border-radius:.75rem;display:grid;gap:.6rem}
form.token input{width:100%}
.error{color:#8a0016;font-weight:600}
`;

/**
 * The umpire's pages (/score and /score/{id}): two huge tap targets in the order the players stand, the server
 * marked, Undo above them out of a thumb's way, the tools below, a confirm dialog. Warnings and the sheet of
 * choices lie over the page, so that nothing moves the tap buttons. The focus ring is dark on their light
 * background (the orange one, 1.9:1 there, stays on the dark bar and dialog, and no longer looks like the orange
 * of the serving side). In landscape the tap buttons fill the height beside a column of the rest.
 */
export const SCORE_CSS = COMMON + `
main{max-width:40rem;margin:0 auto;padding:.5rem .75rem}
.status{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.table-group h2{font-size:1.1rem;margin:1rem 0 .4rem}
a.match-link{display:block;background:#fff;border:1px solid #c4cad4;border-radius:.75rem;padding:.9rem 1rem;margin:.5rem 0;
  color:#111;text-decoration:none}
a.match-link.in_progress{border-left:.4rem solid #b00020}
a.match-link .names{display:block;font-weight:700;font-size:1.15rem}
a.match-link .where{display:block;color:#444;font-size:.9rem}
a.match-link .waiting{display:block;font-weight:700;color:#6b4b00}
a.match-link .clash{display:block;margin-top:.3rem;background:#fff6dd;color:#5c3d00;border-radius:.3rem;padding:.2rem .4rem;
  font-size:.9rem}
.match-head{display:flex;justify-content:space-between;gap:.5rem;font-size:.9rem;color:#333;margin-bottom:.3rem}
.hold{position:fixed;left:0;right:0;bottom:0;z-index:8;background:#fff6dd;padding:.8rem 1rem 1.2rem;
  box-shadow:0 -4px 16px #0005}
.hold p{margin:0 0 .4rem;font-weight:600}
#start-panel{background:#fff;border-radius:.75rem;padding:1rem;text-align:center}
#start-panel h2{margin:.6rem 0 0;font-size:1.2rem}
#start-panel .choices{display:grid;grid-template-columns:1fr 1fr;gap:.75rem;margin-top:.75rem}
#start-panel .choices button{min-height:5rem;font-size:1.1rem;font-weight:700}
.ends-choice{margin:0}
.ends-choice button{font-weight:700}
.warning{background:#fff6dd;color:#5c3d00;padding:.4rem .6rem;border-radius:.4rem;text-align:left}
.game-line{display:flex;flex-wrap:wrap;justify-content:space-between;gap:0 1rem;font-weight:600;font-variant-numeric:tabular-nums}
#game-clock[data-due=true]{color:#8a0016}
.undo-row{display:flex;justify-content:flex-end;margin:.3rem 0 1.5rem}
button#undo{min-height:3rem;max-width:100%;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.banner{min-height:2.6rem;display:flex;flex-wrap:wrap;align-items:center;justify-content:center;gap:.2rem .6rem;
  margin:0 0 .4rem;padding:.15rem .5rem;border-radius:.5rem;font-weight:800;text-transform:uppercase;letter-spacing:.02em;
  text-align:center;overflow-wrap:anywhere}
#banner-text{min-width:0}
.warm-up,.toss{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;justify-content:center;font-weight:700;
  font-variant-numeric:tabular-nums}
.warm-up button,.toss button{min-height:2.75rem}
a#all-matches{display:inline-flex;align-items:center;min-height:2.75rem;padding:0 1rem;border:1px solid currentColor;
  border-radius:.4rem;font-weight:600}
.banner[data-kind=match-point]{background:#b00020;color:#fff}
.banner[data-kind=game-point]{background:#0b4fb3;color:#fff}
.banner[data-kind=timeout],.banner[data-kind=due],.banner[data-kind=interval]{background:#fff6dd;color:#5c3d00}
.banner[data-kind=ends]{background:#0d1b2a;color:#fff}
.banner[data-kind=expedite]{background:#e7f5ea;color:#0f5f24;text-transform:none}
.banner button{min-height:2.2rem;padding:.1rem .6rem}
.taps{display:flex;gap:.6rem}
.taps>button.tap{flex:1 1 0}
.taps[data-left=away] #tap-away{order:-1}
button.tap{min-height:min(50vh,22rem);display:flex;flex-direction:column;align-items:center;justify-content:center;
  background:#fff;border:3px solid #0b4fb3;border-radius:1rem;padding:.5rem;touch-action:manipulation;user-select:none;min-width:0;
  -webkit-tap-highlight-color:transparent}
button.tap .tap-label{display:flex;flex-direction:column;align-items:center;gap:.3rem;min-width:0;max-width:100%}
button.tap:active{background:#dce8fb}
button.tap .name{font-weight:700;font-size:1.05rem;overflow-wrap:anywhere;max-width:100%}
button.tap .points{font-size:clamp(2.5rem,22vw,8rem);font-weight:800;line-height:1;font-variant-numeric:tabular-nums}
button.tap .games{font-size:1.1rem}
button.tap .serve:empty{display:none}
button.tap .serve{background:#e9ecf2;color:#111;border-radius:1rem;padding:.1rem .7rem;font-weight:700;overflow-wrap:anywhere}
button.tap[data-serving=true]{border-color:#f5a524;box-shadow:0 0 0 3px #f5a524 inset}
button.tap[data-serving=true] .serve{background:#f5a524}
button.tap .chips{display:flex;flex-wrap:wrap;justify-content:center;gap:.25rem}
button.tap .chip{font-weight:700;font-size:.85rem;border-radius:.25rem;padding:0 .35rem;background:#e9ecf2;color:#111}
button.tap .chip.card-yellow{background:#ffd84d}
button.tap .chip.card-yellow_red{background:linear-gradient(90deg,#ffd84d 50%,#f4a3a8 50%)}
button.tap .chip.card-red{background:#c1121f;color:#fff}
.returns{margin-top:.6rem}
.returns button{width:100%;min-height:4rem;font-size:1.15rem;font-weight:700;background:#e7f5ea;border-color:#0f5f24}
.tools{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:.8rem}
.tools>button{flex:1 1 auto;min-height:2.75rem}
.row{display:flex;gap:.6rem;margin-top:.6rem}
.row>*{flex:1}
#game-list{list-style:none;padding:0;margin:.75rem 0;display:flex;flex-wrap:wrap;gap:.4rem}
#game-list li{background:#fff;border-radius:.4rem;padding:.2rem .6rem;font-variant-numeric:tabular-nums}
#dialog{position:fixed;inset:auto 0 0 0;background:#0d1b2a;color:#fff;padding:1rem 1rem 1.5rem;box-shadow:0 -4px 16px #0006;
  display:grid;gap:.75rem;z-index:5}
#dialog p{margin:0;font-size:1.2rem;font-weight:700}
#dialog .row button{min-height:3.5rem;font-size:1.1rem}
#order-choices button[aria-pressed=true]{background:#f5a524;border-color:#f5a524}
.notice{position:fixed;top:0;left:0;right:0;z-index:20;margin:0;padding:.6rem 1rem;background:#fde7e9;color:#8a0016;
  font-weight:700;box-shadow:0 4px 12px #0004;display:flex;gap:.8rem;align-items:center}
.notice span{flex:1}
#sheet{position:fixed;inset:auto 0 0 0;z-index:10;background:#fff;padding:1rem 1rem 1.5rem;border-radius:1rem 1rem 0 0;
  box-shadow:0 -6px 24px #0007;display:grid;gap:.6rem;max-height:85vh;overflow:auto}
#sheet h2{margin:0;font-size:1.2rem}
#sheet p{margin:0}
#sheet-choices{display:grid;gap:.5rem}
#sheet-choices button{min-height:3.25rem;font-weight:700}
#sheet-choices .card-yellow{background:#ffd84d}
#sheet-choices .card-yellow_red{background:linear-gradient(90deg,#ffd84d 50%,#e0343f 50%)}
#sheet-choices .card-red{background:#c1121f;color:#fff}
#sheet-choices .danger{background:#8a0016;border-color:#8a0016;color:#fff}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
button:focus-visible,a:focus-visible,input:focus-visible{outline-color:#0d1b2a}
header.bar button:focus-visible,#dialog button:focus-visible{outline-color:#f5a524}
@media (max-width:15rem){main{padding:.75rem .4rem}.taps{gap:.4rem}button.tap{padding:.5rem .2rem}
  button.tap .games{font-size:1rem}button.tap .serve{padding:.1rem .4rem}}
@media (orientation:portrait) and (max-height:45rem){.undo-row{margin:.2rem 0 .5rem}
  button.tap{min-height:min(42vh,22rem)}}
@media (orientation:landscape) and (max-height:32rem){
  header.bar{position:absolute;top:0;right:0;background:none;padding:.15rem .5rem;z-index:3}
  header.bar h1,#whoami{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
  header.bar button{min-height:1.9rem}
  .status{padding:.35rem 9rem .35rem 1rem}
  main{max-width:none;padding:.2rem .6rem}
  .match-head{margin-bottom:.1rem;font-size:.8rem;white-space:nowrap}
  #match-title{overflow:hidden;text-overflow:ellipsis}
  #score-panel{display:grid;grid-template-columns:minmax(0,1fr) 14rem;grid-template-rows:auto auto auto auto auto 1fr;
    gap:.3rem .6rem;align-items:start}
  .game-line,.banner{grid-column:1 / span 2}
  .banner{min-height:2rem;margin:0}
  .leave{position:fixed;right:.6rem;bottom:.3rem;margin:0;z-index:2}
  a#all-matches{background:#fff}
  .taps{grid-column:1;grid-row:3 / span 4}
  .undo-row{grid-column:2;grid-row:3;margin:0}
  .undo-row button{width:100%}
  .returns{grid-column:2;grid-row:4;margin:0}
  .returns button{min-height:3rem}
  .tools{grid-column:2;grid-row:5;margin:0;gap:.3rem}
  .tools>button{min-height:2.4rem;padding:.2rem .3rem;font-size:.85rem}
  #game-list{grid-column:2;grid-row:6;margin:0;font-size:.8rem}
  button.tap{min-height:calc(100vh - 8rem)}
  button.tap .points{font-size:clamp(2.5rem,18vh,6rem)}
}
`;

/** The operator's page (/manage): the event at a glance, actions inline, QR codes in a grid. */
export const MANAGE_CSS = COMMON + `
main{max-width:80rem;margin:0 auto;padding:.75rem 1rem 3rem}
h2{font-size:1.2rem;margin:1.5rem 0 .5rem}
.event-bar{display:flex;flex-wrap:wrap;gap:.75rem;align-items:center}
.event-bar h2{margin:0}
#event-status{font-weight:700;border-radius:.3rem;padding:.1rem .5rem;background:#ddd}
#event-status[data-status=published]{background:#0f5f24;color:#fff}
#announcement{margin-top:1rem;background:#fff;border-radius:.6rem;padding:.5rem .8rem;border-left:.35rem solid #0b4fb3}
#announcement h2{margin:.2rem 0 .3rem}
#announcement p{margin:0 0 .4rem;overflow-wrap:anywhere}
#announcement label{flex:1 1 28rem;display:flex;flex-wrap:wrap;align-items:center;gap:.3rem;min-width:0}
#announcement-text{flex:1 1 12rem;min-width:0}
ul.cards,ul.rows{list-style:none;padding:0;margin:0}
ul.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr));gap:.6rem}
.table-card{background:#fff;border-radius:.6rem;padding:.6rem .8rem;border-left:.35rem solid #8a94a6}
.table-card.busy{border-left-color:#b00020}
.table-card h3{margin:0;font-size:1rem}
.table-card p{margin:.2rem 0}
.table-card .suggest{font-weight:600}
#hall-form{margin-bottom:.5rem;width:max-content}
.plan-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(20rem,1fr));gap:.6rem}
.plan-table{background:#fff;border-radius:.6rem;padding:.5rem .8rem}
.plan-table h3{margin:0 0 .3rem;font-size:1rem}
.plan-table ol{margin:0;padding-left:1.4rem;font-size:.9rem}
.plan-table li{margin:.15rem 0}
.plan-table ol.tie-matches{list-style:none;padding-left:.7rem;margin:.15rem 0 .3rem;border-left:3px solid #aab;font-size:.85rem;color:#334}
table.sessions{border-collapse:collapse;margin:.3rem 0}
table.sessions th{text-align:left;font-weight:600;padding:.2rem .4rem .2rem 0}
table.sessions td{padding:.15rem .4rem .15rem 0}
.category-sessions{display:flex;flex-wrap:wrap;gap:.5rem;margin-bottom:.6rem}
.category-sessions fieldset{background:#fff;border:1px solid #ccd;border-radius:.5rem;padding:.3rem .7rem}
.category-sessions label{display:inline-flex;align-items:center;gap:.35rem;margin-right:.9rem;white-space:nowrap}
.category-sessions input{min-height:0;width:1.2rem;height:1.2rem;margin:0}
ul.rows>li{background:#fff;border-radius:.6rem;padding:.6rem .8rem;margin:.4rem 0}
.match-head{display:flex;flex-wrap:wrap;gap:.25rem 1rem;align-items:baseline}
.match-head .table{font-weight:700;min-width:5rem}
.match-head .names,.names{font-weight:700}
.where{color:#444;font-size:.9rem}
.match-head .confirmed{color:#1b5e20;font-size:.9rem}
.match-head .unconfirmed{color:#8a4b00;font-size:.9rem;font-weight:700}
.score{font-variant-numeric:tabular-nums}
.actions{display:flex;flex-wrap:wrap;gap:.4rem;margin-top:.5rem;align-items:center}
.actions button,.actions .button{min-height:2.25rem;padding:.25rem .6rem;font-size:.9rem}
form.inline{display:flex;flex-wrap:wrap;gap:.3rem;align-items:center;border:1px dashed #c4cad4;border-radius:.4rem;padding:.2rem .4rem}
form.inline input[type=number]{width:4.5rem}
li.category{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center}
#link-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(13rem,1fr));gap:.75rem}
figure.link{margin:0;background:#fff;border-radius:.6rem;padding:.6rem;overflow-wrap:anywhere;font-size:.85rem}
svg.qr{width:100%;max-width:11rem;display:block;margin:0 auto .4rem}
#new-secret svg.qr{max-width:14rem;margin:0}
code.secret{font-size:1rem;background:#fff;padding:.2rem .4rem;border-radius:.3rem;overflow-wrap:anywhere}
li.revoked{opacity:.55}
#audit{font-size:.85rem;color:#333}
.warning{background:#fff6dd;padding:.4rem .6rem;border-radius:.4rem}
#clashes{margin-top:1rem;border-left:.35rem solid #c77700}
#clashes h2{margin:.2rem 0 .3rem}
#clashes ul{margin:0;padding-left:1.2rem}
ul.rows>li.clash{box-shadow:inset .35rem 0 0 #c77700}
li.match>p.warning{margin:.4rem 0 0}
.draw-console{background:#fff;border:1px solid #ccd;border-radius:.6rem;padding:.5rem 1rem;margin:.75rem 0}
.draw-console h3{margin:.3rem 0}
.draw-console h4{margin:.75rem 0 .25rem}
.draw-groups{display:grid;grid-template-columns:repeat(auto-fill,minmax(18rem,1fr));gap:.5rem 1rem}
.draw-groups ol,.draw-pairs{margin:.25rem 0;padding-left:1.5rem}
form.lot{display:flex;flex-wrap:wrap;gap:.4rem;align-items:center}
.views{display:flex;flex-wrap:wrap;gap:.3rem;padding:.4rem 1rem;background:#dfe3ea;position:sticky;top:0;z-index:4}
.views button{min-height:2.25rem;padding:.2rem .8rem}
.views button[aria-pressed=true]{background:#0d1b2a;border-color:#0d1b2a;color:#fff}
main[data-view] h2{margin-top:.8rem}
.lanes{display:grid;grid-template-columns:repeat(auto-fill,minmax(19rem,1fr));gap:.6rem;margin-top:.6rem}
.lane{background:#e9ecf2;border-radius:.6rem;padding:.4rem .5rem}
.lane h3{margin:.1rem .2rem .3rem;font-size:1rem}
.lane .match-head .table{display:none}
.lane ol{padding:0}
.lane ul.rows>li,.lane ol.rows>li{margin:.3rem 0}
ol.rows{list-style:none;padding:0;margin:0}
ol.rows>li{background:#fff;border-radius:.6rem;padding:.4rem .6rem;margin:.3rem 0}
li.match{display:flex;flex-wrap:wrap;align-items:center;gap:.2rem .8rem}
ul.rows>li.match{padding:.35rem .8rem}
li.match>.match-head{flex:1 1 30rem}
li.match>p.warning{flex:1 1 100%}
details.match-menu>summary{cursor:pointer;display:inline-block;padding:.2rem .6rem;border:1px solid #8a94a6;
  border-radius:.4rem;background:#f4f5f7;font-size:.9rem}
details.match-menu[open]>summary{background:#0d1b2a;color:#fff}
details.match-menu .actions{margin-top:.3rem}
.row-actions{display:flex;flex-wrap:wrap;gap:.4rem;align-items:flex-start}
.row-actions>button{min-height:2rem;padding:.15rem .6rem;font-size:.9rem}
li.match:has(details[open])>.row-actions{flex:1 1 100%}
details.match-menu[open]{flex:1 1 100%}
form.find{margin-bottom:.4rem;border-style:solid}
.pager{display:flex;gap:.6rem;align-items:center}
.pager button{min-height:2.25rem;padding:.2rem .6rem}
#by-category label{display:block;margin:.6rem 0 .3rem}
ul.check-in>li{padding:.2rem .8rem;margin:.2rem 0}
ul.check-in label,#check-in-find label{display:inline-flex;align-items:center;gap:.4rem}
ul.check-in input[type=checkbox],#check-in-find input[type=checkbox]{width:1.2rem;height:1.2rem;margin:0}
` + consoleViewsCss() + "\n";
