/**
 * The producer's panel `/manage/stream`: every graphic of the event's stream with its switch, its OBS URLs and a
 * live preview, the slate and the sponsor's slot, and the plain HTTP calls a Stream Deck sends. The server sends
 * the frame; the inline script (client/stream_client.ts) fills it from the management API with the admin token.
 */
import { MAX_SLATE_LENGTH, MAX_SPONSOR_TEXT_LENGTH, SLATE_WORDS } from "../../domain/stream_state.ts";
import { moduleScript } from "../client_script.ts";
import { Document } from "../layout.tsx";
import * as dom from "./client/dom.ts";
import * as manageFetch from "./client/manage_fetch.ts";
import * as readFile from "./client/stream/read_file.ts";
import * as streamView from "./client/stream/stream_view.ts";
import { streamClient } from "./client/stream_client.ts";
import * as tokenEntry from "./client/token_entry.ts";
import { MANAGE_CSS } from "./styles.ts";
import { TokenForm } from "./token_form.tsx";

/** The modules the panel's script imports, directly or through each other. */
export const STREAM_MODULES = [dom, manageFetch, tokenEntry, streamView, readFile];

/** The script of the producer's panel. */
export const STREAM_SCRIPT = moduleScript(streamClient, STREAM_MODULES);

const CSS = MANAGE_CSS + `
header.bar a{color:#fff}
main{max-width:90rem;margin:0 auto;padding:1rem}
.graphic .pick{display:flex;flex-direction:column;gap:.2rem;margin:.4rem 0}
.graphics{display:grid;grid-template-columns:repeat(auto-fill,minmax(22rem,1fr));gap:1rem;padding:0;margin:0;
  align-items:start}
.graphic{background:#fff;border:2px solid #c9d0db;border-radius:.75rem;padding:.75rem;display:grid;gap:.5rem;
  align-content:start}
.graphic.on{border-color:#c4141b}
.graphic .head{display:flex;align-items:center;gap:.5rem;flex-wrap:wrap}
.graphic h3{margin:0;font-size:1rem;margin-right:auto}
.graphic .air{font-weight:700;font-size:.85rem;text-transform:uppercase;padding:.15rem .45rem;border-radius:.3rem;
  background:#e4e7ec;color:#333}
.graphic.on .air{background:#c4141b;color:#fff}
.urls{margin:0;padding:0;list-style:none;font-size:.8rem;overflow-wrap:anywhere}
.preview-box{position:relative;width:100%;aspect-ratio:16/9;overflow:hidden;border-radius:.4rem;
  background:repeating-conic-gradient(#d5d9e0 0 25%,#eef0f3 0 50%) 0 0/20px 20px}
.preview-box iframe{position:absolute;left:0;top:0;width:1920px;height:1080px;border:0;transform-origin:0 0}
section.tools{display:grid;grid-template-columns:repeat(auto-fit,minmax(22rem,1fr));gap:1rem;margin-top:1rem}
section.tools form,section.tools div.calls{background:#fff;border-radius:.75rem;padding:.75rem;display:grid;gap:.5rem}
section.tools h2{font-size:1.05rem;margin:0}
section.tools label{display:grid;gap:.2rem;font-weight:600}
.calls code{display:block;font-size:.8rem;overflow-wrap:anywhere}
`;

/** `/manage/stream`. */
export function StreamPage(props: { nonce: string }) {
  return (
    <Document title="Stream" nonce={props.nonce} css={CSS} script={STREAM_SCRIPT}>
      <header class="bar">
        <h1>Stream</h1>
        <label>
          Event <select id="event-select" aria-label="Event"></select>
        </label>
        <a href="/manage">Operator</a>
        <button type="button" id="forget-token">Change token</button>
      </header>
      <p id="status" class="status" role="status" aria-live="polite">Loading…</p>
      <TokenForm purpose="Enter the admin token printed when the server first started (or made with deno task token)." />
      <main id="content">
        <h2>On air</h2>
        <div id="graphics" class="graphics"></div>
        <section class="tools">
          <form id="slate-form">
            <h2>Slate</h2>
            <p id="slate-now" class="muted"></p>
            <label>
              Slate
              <select id="slate-kind">
                {Object.entries(SLATE_WORDS).map(([kind, words]) => (
                  <option value={kind}>{words === "" ? "Your own words" : words}</option>
                ))}
              </select>
            </label>
            <label>
              Words (instead of the slate's own)
              <input id="slate-text" maxLength={MAX_SLATE_LENGTH} autocomplete="off" />
            </label>
            <div>
              <button type="submit" class="primary">Put slate on air</button>{" "}
              <button type="button" id="slate-off">Take slate off air</button>
            </div>
          </form>
          <form id="sponsor-form">
            <h2>Sponsor</h2>
            <p id="sponsor-now" class="muted"></p>
            <label>
              Image file (PNG, JPEG, GIF, WebP or SVG)
              <input
                id="sponsor-file"
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp,image/svg+xml"
              />
            </label>
            <label>
              or an image of this site
              <input id="sponsor-path" placeholder="/sponsor.png" autocomplete="off" />
            </label>
            <label>
              Line of text
              <input id="sponsor-text" maxLength={MAX_SPONSOR_TEXT_LENGTH} autocomplete="off" />
            </label>
            <div>
              <button type="submit" class="primary">Save sponsor</button>{" "}
              <button type="button" id="sponsor-clear">Clear sponsor</button>
            </div>
          </form>
          <div class="calls">
            <h2>From a Stream Deck</h2>
            <p class="muted">
              Plain HTTP calls with the header{" "}
              <code>Authorization: Bearer &lt;admin token&gt;</code>, no body:
            </p>
            <code>
              POST /api/manage/events/<span class="slug"></span>/stream/&#123;graphic&#125;/on
            </code>
            <code>
              POST /api/manage/events/<span class="slug"></span>/stream/&#123;graphic&#125;/off
            </code>
            <code>
              POST /api/manage/events/<span class="slug"></span>/stream/slate/&#123;kind&#125;
            </code>
            <p class="muted">
              Graphics: bar, lowerThird, tie, board, slate, sponsor. Slates: starting-soon, break, technical.
            </p>
          </div>
        </section>
      </main>
    </Document>
  );
}
