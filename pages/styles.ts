/** CSS shared by the spectator pages (event, match, home, rankings, not found): mobile first, high contrast. */

/**
 * The spectator pages' base stylesheet. Names and titles wrap with `overflow-wrap:anywhere` (not `break-word`):
 * it also lowers the min-content width that tables and flex items are sized by, so a 100-character name without
 * a space wraps instead of making a phone scroll sideways. Number cells keep `normal`.
 */
export const BASE_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111;background:#fff}
a{color:#0b4fb3}
a:focus-visible,[tabindex]:focus-visible{outline:3px solid #0b4fb3;outline-offset:2px}
.skip{position:absolute;inset-inline-start:-999px;top:0;background:#fff;padding:.5rem}
.skip:focus{inset-inline-start:.5rem}
header.site{background:#0d1b2a;color:#fff}
header.site nav{display:flex;gap:1.25rem;align-items:center;max-width:64rem;margin:0 auto;padding:.75rem 1rem}
header.site a{color:#fff;text-decoration:none;font-weight:600}
header.site a:hover{text-decoration:underline}
header.site a:focus-visible{outline-color:#fff}
header.site .brand{margin-inline-end:auto}
main{max-width:64rem;margin:0 auto;padding:1rem}
.stale-note{display:none}
body[data-stale-long="1"] .stale-note{display:block;position:fixed;left:0;right:0;bottom:0;margin:0;padding:.5rem 1rem;
  background:#fff6dd;color:#6b4b00;font-weight:600;text-align:center;box-shadow:0 -2px 8px #0003}
footer.site{max-width:64rem;margin:2rem auto 0;padding:1rem;border-top:1px solid #ccc;color:#444;font-size:.9rem}
h1{font-size:1.6rem;line-height:1.2;margin:.5rem 0}
h2{font-size:1.3rem;margin:1.75rem 0 .5rem}
h3{font-size:1.1rem;margin:1.25rem 0 .5rem}
.muted{color:#555}
h1,h2,h3,p,caption,summary,th[scope=row]{overflow-wrap:anywhere}
.meta{color:#444;margin:.25rem 0}
.badge{display:inline-block;padding:0 .4rem;border-radius:.25rem;font-size:.8rem;font-weight:700;vertical-align:middle}
.badge.live{background:#b00020;color:#fff}
.badge.final{background:#333;color:#fff}
.scroll{overflow-x:auto;-webkit-overflow-scrolling:touch}
table{border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums}
caption{text-align:left;font-weight:600;padding:.25rem 0}
.sr{position:absolute;width:1px;height:1px;padding:0;margin:0;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
th,td{padding:.4rem .35rem;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}
thead th{background:#f2f4f7;font-weight:600}
tbody th{font-weight:600}
td.num,th.num{text-align:right}
.winner{font-weight:700}
.games{font-weight:700;white-space:nowrap}
.detail{color:#444;font-size:.85rem;white-space:nowrap}
ul.plain{list-style:none;padding:0;margin:0}
ul.cards>li{border:1px solid #ccc;border-radius:.5rem;padding:.75rem 1rem;margin:.5rem 0}
ul.cards h2,ul.cards h3{margin:0 0 .25rem}
nav.toc ul{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;padding:0}
nav.toc a{display:inline-block;padding:.3rem .6rem;border:1px solid #0b4fb3;border-radius:1rem;text-decoration:none}
.empty{color:#555;font-style:italic}
@media (max-width:30rem){.opt{display:none}}
@media (max-width:15rem){main{padding:1rem .5rem}th,td{padding:.4rem .2rem}thead th{font-size:.85rem}}
@media (min-width:48rem){h1{font-size:2rem}th,td{padding:.4rem .6rem}}
`;
