/** A side's name with each of its players linking to their page in the event ("A / B" for a pair). */
import { type ComponentChildren, Fragment } from "preact";
import { PAIR_SEPARATOR } from "../../domain/person_name.ts";
import { playerPath } from "../page_paths.ts";

/** A player named on a page, linking to their page in the event. */
export type { PlayerLink } from "../../views/match.ts";
import type { PlayerLink } from "../../views/match.ts";

/**
 * The name of a side: its players' links, or the name as text when its players are not given. `mark` goes after
 * the link of the player `mark.playerId` (the match page's serve dot beside the serving player of a pair).
 */
export function PlayerNames(
  props: {
    name: string;
    players: readonly PlayerLink[];
    slug: string;
    mark?: { playerId: string; children: ComponentChildren };
  },
) {
  if (props.players.length === 0) return <>{props.name}</>;
  return (
    <>
      {props.players.map((p, i) => (
        <Fragment key={p.id}>
          {i > 0 && PAIR_SEPARATOR}
          <a href={playerPath(props.slug, p.id)}>{p.displayName}</a>
          {props.mark?.playerId === p.id && props.mark.children}
        </Fragment>
      ))}
    </>
  );
}
