/**
 * The producer's panel `/manage/stream`: every graphic of the event's stream with its switch, its OBS URLs and a
 * live preview, the slate and the sponsor's slot, and the plain HTTP calls a Stream Deck sends. The server sends
 * the frame in the desk's language (`desk.stream.*`, pages/i18n/desk/); the inline script
 * (client/stream_client.ts) fills it from the management API with the admin token, in the same words.
 */
import { MAX_SLATE_LENGTH, MAX_SPONSOR_TEXT_LENGTH, STREAM_GRAPHICS } from "../../domain/stream_state.ts";
import { SLATE_WORDS } from "../../domain/slate_words.ts";
import * as slateWords from "../../domain/slate_words.ts";
import { moduleScript } from "../client_script.ts";
import { Document } from "../layout.tsx";
import { LanguageSwitcher } from "../i18n/language_switcher.tsx";
import { useI18n } from "../i18n/mod.ts";
import * as deskWordsEn from "../i18n/desk/en.ts";
import * as dom from "./client/dom.ts";
import * as manageFetch from "./client/manage_fetch.ts";
import * as deskWords from "./client/manage/words.ts";
import * as playWords from "./client/manage/play_words.ts";
import * as problemWords from "./client/manage/problem_words.ts";
import * as playEn from "../i18n/desk_play/en.ts";
import * as stageName from "../../domain/stage_name.ts";
import * as readFile from "./client/stream/read_file.ts";
import * as streamView from "./client/stream/stream_view.ts";
import { streamClient } from "./client/stream_client.ts";
import * as tokenEntry from "./client/token_entry.ts";
import { DESK_LANGS_CSS, DeskWords } from "./manage_page.tsx";
import { PlayWords } from "./play_words.tsx";
import { MANAGE_CSS } from "./styles.ts";
import { TokenForm } from "./token_form.tsx";

/** The modules the panel's script imports, directly or through each other. */
export const STREAM_MODULES = [
  dom,
  manageFetch,
  tokenEntry,
  deskWordsEn,
  deskWords,
  stageName,
  playEn,
  playWords,
  problemWords,
  slateWords,
  streamView,
  readFile,
];

/** The script of the producer's panel. */
export const STREAM_SCRIPT = moduleScript(streamClient, STREAM_MODULES);

const CSS = MANAGE_CSS + DESK_LANGS_CSS + `
header.bar a{color:#fff}
main{max-width:90rem;margin:0 auto;padding:1rem}
.graphic .pick{display:flex;flex-direction:column;gap:.2rem;margin:.4rem 0}
.graphics{display:grid;grid-template-columns:repeat(auto-fill,minmax(22rem,1fr));gap:1rem;padding:0;margin:0;
  align-items:start}
.graphic{background:#fff;border:2px solid #c9d0db;border-radius:.75rem;padding:.75rem;display:grid;gap:.5rem;
  align-content:start}
.graphic.on{border-color:#c4141b}
.graphic .head{display:flex;align-items:center;gap:.5rem;flex-wrap:wrap}
.graphic h3{margin:0;font-size:1rem;margin-inline-end:auto}
.graphic .air{font-weight:700;font-size:.85rem;text-transform:uppercase;padding:.15rem .45rem;border-radius:.3rem;
  background:#e4e7ec;color:#333}
.graphic.on .air{background:#c4141b;color:#fff}
.urls{margin:0;padding:0;list-style:none;font-size:.8rem;overflow-wrap:anywhere}
.urls code,.calls code{direction:ltr;unicode-bidi:isolate}
.preview-box{position:relative;width:100%;aspect-ratio:16/9;overflow:hidden;border-radius:.4rem;
  background:repeating-conic-gradient(#d5d9e0 0 25%,#eef0f3 0 50%) 0 0/20px 20px}
.preview-box iframe{position:absolute;left:0;top:0;width:1920px;height:1080px;border:0;transform-origin:0 0}
section.tools{display:grid;grid-template-columns:repeat(auto-fit,minmax(22rem,1fr));gap:1rem;margin-top:1rem}
section.tools form,section.tools div.calls{background:#fff;border-radius:.75rem;padding:.75rem;display:grid;gap:.5rem}
section.tools h2{font-size:1.05rem;margin:0}
section.tools label{display:grid;gap:.2rem;font-weight:600}
.calls code{font-size:.8rem;overflow-wrap:anywhere}
.calls > code{display:block}
`;

/** A sentence with one placeholder filled by code. */
function WithCode(props: { text: string; name: string; code: string }) {
  const [before = "", after = ""] = props.text.split(`{${props.name}}`);
  return (
    <>
      {before}
      <code>{props.code}</code>
      {after}
    </>
  );
}

/** `/manage/stream`. */
export function StreamPage(props: { nonce: string }) {
  const { t } = useI18n();
  return (
    <Document title={t("desk.stream.title")} nonce={props.nonce} css={CSS} script={STREAM_SCRIPT}>
      <DeskWords />
      <PlayWords prefixes={["play.problem.", "play.refused."]} />
      <header class="bar">
        <h1>{t("desk.stream.title")}</h1>
        <label>
          {t("desk.event")} <select id="event-select" aria-label={t("desk.event")}></select>
        </label>
        <a href="/manage">{t("desk.title")}</a>
        <button type="button" id="forget-token">{t("desk.changeToken")}</button>
        <LanguageSwitcher />
      </header>
      <p id="status" class="status" role="status" aria-live="polite">{t("desk.loading")}</p>
      <TokenForm purpose={t("desk.tokenPurpose")} />
      <main id="content">
        <h2>{t("desk.stream.onAir")}</h2>
        <div id="graphics" class="graphics"></div>
        <section class="tools">
          <form id="slate-form">
            <h2>{t("desk.stream.slate")}</h2>
            <p id="slate-now" class="muted"></p>
            <label>
              {t("desk.stream.slate")}
              <select id="slate-kind">
                {(Object.keys(SLATE_WORDS) as (keyof typeof SLATE_WORDS)[]).map((kind) => (
                  <option value={kind}>{t(streamView.SLATE_KEYS[kind] ?? "desk.stream.slateOwn")}</option>
                ))}
              </select>
            </label>
            <label>
              {t("desk.stream.slateText")}
              <input id="slate-text" maxLength={MAX_SLATE_LENGTH} autocomplete="off" />
            </label>
            <div>
              <button type="submit" class="primary">{t("desk.stream.slatePut")}</button>{" "}
              <button type="button" id="slate-off">{t("desk.stream.slateOff")}</button>
            </div>
          </form>
          <form id="sponsor-form">
            <h2>{t("desk.stream.sponsor")}</h2>
            <p id="sponsor-now" class="muted"></p>
            <label>
              {t("desk.stream.sponsorFile")}
              <input
                id="sponsor-file"
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp,image/svg+xml"
              />
            </label>
            <label>
              {t("desk.stream.sponsorPath")}
              <input id="sponsor-path" placeholder="/sponsor.png" autocomplete="off" dir="ltr" />
            </label>
            <label>
              {t("desk.stream.sponsorText")}
              <input id="sponsor-text" maxLength={MAX_SPONSOR_TEXT_LENGTH} autocomplete="off" />
            </label>
            <div>
              <button type="submit" class="primary">{t("desk.stream.sponsorSave")}</button>{" "}
              <button type="button" id="sponsor-clear">{t("desk.stream.sponsorClear")}</button>
            </div>
          </form>
          <div class="calls">
            <h2>{t("desk.stream.deck")}</h2>
            <p class="muted">
              <WithCode
                text={t("desk.stream.deckCalls")}
                name="header"
                code="Authorization: Bearer <admin token>"
              />
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
              <WithCode text={t("desk.stream.deckGraphics")} name="names" code={STREAM_GRAPHICS.join(", ")} />
              <br />
              <WithCode
                text={t("desk.stream.deckSlates")}
                name="names"
                code={Object.keys(SLATE_WORDS).filter((k) => k !== "custom").join(", ")}
              />
            </p>
          </div>
        </section>
      </main>
    </Document>
  );
}
StreamPage.translated = true as const;
