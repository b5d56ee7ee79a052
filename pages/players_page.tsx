/**
 * /t/{slug}/players: every player of an event by surname (as printed lists are), each linking to their page (pages/player_page.tsx), with
 * a row of initials to jump to on a phone. Static: the list changes only when the desk changes the entries.
 */
import { useI18n } from "./i18n/mod.ts";
import type { EventPlayerRecord } from "../views/event_players.ts";
import { NAME_COLLATOR } from "../domain/person_name.ts";
import { surnameKey } from "../domain/person_name.ts";
import { SiteLayout } from "./layout.tsx";
import { eventPath, playerPath } from "./page_paths.ts";
import type { Event } from "./view_types.ts";

const CSS = `
.crumbs{margin:.25rem 0;font-size:.95rem}
nav.initials{display:flex;flex-wrap:wrap;gap:.25rem;margin:.75rem 0}
nav.initials a{display:inline-block;min-width:2rem;padding:.35rem .5rem;text-align:center;border:1px solid #ccd;
  border-radius:.3rem;text-decoration:none;font-weight:600}
ul.players{list-style:none;padding:0;margin:.25rem 0 1rem}
ul.players li{padding:.45rem 0;border-bottom:1px solid #ddd;overflow-wrap:anywhere}
ul.players a{font-weight:600}
ul.players .meta{display:block;font-size:.9rem}
`;

const LETTERS = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"];

/**
 * The letter a name is filed under, by the order the list is sorted in (NAME_COLLATOR): "Émile" under E,
 * "Øystein" under O, "Łukasz" under L; "#" for a name that does not start with a Latin letter.
 */
export function initialOf(name: string): string {
  if (!/^\p{Script=Latin}/u.test(name)) return "#";
  return LETTERS.findLast((letter) => NAME_COLLATOR.compare(name, letter) >= 0) ?? "#";
}

/**
 * The players in the order of a printed list: by surname (domain/person_name.ts `surnameKey`), then by the name
 * as shown, then by id.
 * @example bySurname([{ displayName: "Zoe Adams" }, { displayName: "Ana Lopez" }]) // Adams, then Lopez
 */
export function bySurname<T extends { id: string; displayName: string }>(players: readonly T[]): T[] {
  return players.map((p) => ({ p, key: surnameKey(p.displayName) }))
    .sort((a, b) =>
      NAME_COLLATOR.compare(a.key, b.key) || NAME_COLLATOR.compare(a.p.displayName, b.p.displayName) ||
      (a.p.id < b.p.id ? -1 : a.p.id > b.p.id ? 1 : 0)
    )
    .map(({ p }) => p);
}

/** The players' index of an event, by surname, under the initial of each surname. */
export function PlayersPage(props: { nonce: string; event: Event; players: EventPlayerRecord[] }) {
  const { event } = props;
  const { t, n, list } = useI18n();
  const byInitial = new Map<string, EventPlayerRecord[]>();
  for (const p of bySurname(props.players)) {
    const key = initialOf(surnameKey(p.displayName));
    byInitial.set(key, [...(byInitial.get(key) ?? []), p]);
  }
  return (
    <SiteLayout
      title={`${t("players.title")} – ${event.name}`}
      nonce={props.nonce}
      css={CSS}
      description={t("players.description", { event: event.name })}
    >
      <p class="crumbs">
        <a href={eventPath(event.slug)}>{event.name}</a> › {t("players.title")}
      </p>
      <h1>{t("players.title")}</h1>
      {props.players.length === 0 ? <p class="empty">{t("players.empty")}</p> : (
        <>
          <p class="meta">{n("players.count", props.players.length)}</p>
          <nav class="initials" aria-label={t("players.byInitial")}>
            {[...byInitial.keys()].map((letter) => <a key={letter} href={`#initial-${letter}`}>{letter}</a>)}
          </nav>
          {[...byInitial].map(([letter, players]) => (
            <section key={letter} aria-labelledby={`initial-${letter}`}>
              <h2 id={`initial-${letter}`}>{letter}</h2>
              <ul class="players">
                {players.map((p) => (
                  <li key={p.id}>
                    <a href={playerPath(event.slug, p.id)}>{p.displayName}</a>
                    <span class="meta">
                      {[
                        p.association,
                        list(p.entries.map((e) => e.categoryName)),
                      ].filter(Boolean).join(" · ")}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </SiteLayout>
  );
}
PlayersPage.translated = true as const;
