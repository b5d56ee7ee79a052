/** The rules of the file's `players` and `accounts` that its schema cannot say. */
import { type Add, givenOnce } from "./check_context.ts";
import { dateProblem, looksLikeDate } from "./parse.ts";
import { arr, eachObject, type Obj, obj, str } from "./read_json.ts";

/**
 * Checks the players (ids and federation ids once each, a real birth date) and the accounts (an e-mail once,
 * whatever its case); returns each player's association by id, for the entries and the draw's lot.
 */
export function checkPlayers(root: Obj, add: Add): Map<string, string | undefined> {
  const players = new Map<string, string | undefined>();
  const firstPlayer = new Map<string, number>();
  const federationIds = new Map<string, number>();
  eachObject(root.players, (player, i) => {
    const path = `players[${i}]`;
    const id = str(player.id);
    if (id !== undefined) {
      givenOnce(
        firstPlayer,
        id,
        i,
        (first) =>
          add(`${path}.id`, `Duplicate player id "${id}": also players[${first}]`, {
            code: "duplicate-player-id",
            params: { id, first: `players[${first}]` },
          }),
      );
      players.set(id, str(player.association));
    }
    const federationId = str(player.federationId);
    if (federationId !== undefined) {
      givenOnce(federationIds, federationId, i, (first) => {
        add(`${path}.federationId`, `Duplicate federation id "${federationId}": also players[${first}]`, {
          code: "duplicate-federation-id",
          params: { id: federationId, first: `players[${first}]` },
        });
      });
    }
    const birthDate = str(player.birthDate);
    const birthProblem = birthDate !== undefined && looksLikeDate(birthDate) ? dateProblem(birthDate) : null;
    if (birthProblem !== null) {
      add(`${path}.birthDate`, birthProblem.message, birthProblem.words);
    }
  });

  const emails = new Map<string, number>();
  arr(root.accounts).forEach((raw, i) => {
    const email = str(obj(raw)?.email);
    if (email === undefined) return;
    givenOnce(emails, email.trim().toLowerCase(), i, (first) => {
      add(`accounts[${i}].email`, `Duplicate account e-mail "${email}": also accounts[${first}]`, {
        code: "duplicate-email",
        params: { email, first: `accounts[${first}]` },
      });
    });
  });
  return players;
}
