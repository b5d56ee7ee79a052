/**
 * The demo tournament, built in code and loaded through the importer when the store is empty. Its draws come
 * from the same domain code the operator uses (groups by makeGroups, knockout slots by placeKnockout), and its
 * results are played out by a seeded lot, so every start builds the same tournament (times are relative to the
 * start, so that it looks live). It has a draft event whose players have e-mail addresses: it must never appear
 * publicly.
 */
import { placeKnockout } from "../domain/draw.ts";
import { makeGroups, roundRobinOrder } from "../domain/groups.ts";
import { placeGroupQualifiers } from "../domain/group_qualifiers.ts";
import { createRng, type Rng } from "../domain/lot.ts";
import type { Transaction } from "kysely";
import { importEventInTransaction } from "../event_file/import.ts";
import { lockStartup } from "../db/migrate.ts";
import type { Database } from "../db/schema.ts";
import { writeTransaction } from "../db/write_transaction.ts";
import { freezePredictionAsOf } from "../db/predictions_store.ts";
import type {
  CategoryInput,
  EventFile,
  MatchInput,
  PlayerInput,
  SessionInput,
} from "../event_file/format.ts";
import type { Store } from "../db/store.ts";
import { hallDay } from "../lib/hall_day.ts";

export const DEMO_SLUG = "demo-open-2026";
export const DEMO_DRAFT_SLUG = "winter-club-2026";

const ASSOCIATIONS = ["TTC Ghent", "Antwerp TT", "Lille TT", "Aachen TTV", "Utrecht TTV", "Luxembourg TT"];
const MEN = [
  "Lukas Meyer",
  "Tomás Novák",
  "Arjun Rao",
  "Hugo Lefèvre",
  "Jan de Vries",
  "Kenji Watanabe",
  "Mateo García",
  "Olivier Dubois",
  "Pieter Claes",
  "Rafael Costa",
  "Stefan Horvat",
  "Yusuf Demir",
  "Emil Lindqvist",
  "Felix Braun",
  "Gabriel Martin",
  "Ivan Petrov",
  "Jonas Berg",
  "Karim Benali",
  "Leo Janssens",
  "Marco Rossi",
  "Niklas Weber",
  "Oscar Nilsson",
  "Paul Schmitt",
  "Quentin Moreau",
];
const WOMEN = [
  "Anna Kowalska",
  "Béatrice Laurent",
  "Chloé Martin",
  "Daria Ivanova",
  "Elif Yılmaz",
  "Femke Peeters",
  "Greta Hansen",
  "Hana Sato",
  "Inès Garcia",
  "Julia Schneider",
  "Katarina Novak",
  "Lena Vogel",
  "Maya Cohen",
  "Noor Jansen",
];
const DOUBLES_ONLY = ["Sam Willems", "Eva Maes"];
/** Each demo player's country, as the ITTF writes it (the overlays show its flag). */
const COUNTRY_OF: Readonly<Record<string, string>> = {
  "Lukas Meyer": "GER",
  "Tomás Novák": "CZE",
  "Arjun Rao": "IND",
  "Hugo Lefèvre": "FRA",
  "Jan de Vries": "NED",
  "Kenji Watanabe": "JPN",
  "Mateo García": "ESP",
  "Olivier Dubois": "BEL",
  "Pieter Claes": "BEL",
  "Rafael Costa": "POR",
  "Stefan Horvat": "CRO",
  "Yusuf Demir": "TUR",
  "Emil Lindqvist": "SWE",
  "Felix Braun": "AUT",
  "Gabriel Martin": "FRA",
  "Ivan Petrov": "BUL",
  "Jonas Berg": "NOR",
  "Karim Benali": "ALG",
  "Leo Janssens": "BEL",
  "Marco Rossi": "ITA",
  "Niklas Weber": "SUI",
  "Oscar Nilsson": "SWE",
  "Paul Schmitt": "LUX",
  "Quentin Moreau": "FRA",
  "Anna Kowalska": "POL",
  "Béatrice Laurent": "FRA",
  "Chloé Martin": "CAN",
  "Daria Ivanova": "UKR",
  "Elif Yılmaz": "TUR",
  "Femke Peeters": "BEL",
  "Greta Hansen": "DEN",
  "Hana Sato": "JPN",
  "Inès Garcia": "ESP",
  "Julia Schneider": "GER",
  "Katarina Novak": "SLO",
  "Lena Vogel": "AUT",
  "Maya Cohen": "ISR",
  "Noor Jansen": "NED",
  "Sam Willems": "BEL",
  "Eva Maes": "ENG",
};
/**
 * Rated matches behind each prior, cycling: long and short histories, and players new to rating. Seven in ten
 * are established (30+ matches: a deviation under 150 on the day), so that the demo's predictions show numbers
 * with their confidence, not mostly the word "insufficient" (a match is that when either side is new).
 */
const HISTORY = [420, 260, 150, 90, 60, 45, 35, 12, 3, 0];

interface Player {
  key: string;
  name: string;
  association: string;
  rating: number;
}

function pick(rng: Rng, n: number): number {
  return Math.floor(rng() * n);
}

function makePlayers(rng: Rng, prefix: string, names: readonly string[], top: number): Player[] {
  return names.map((name, i) => ({
    key: `${prefix}${i + 1}`,
    name,
    association: ASSOCIATIONS[(i * 7 + prefix.length) % ASSOCIATIONS.length]!,
    rating: Math.round(top - i * 28 + (rng() - 0.5) * 60),
  }));
}

/** A game won by `homeWins`, with a plausible score (sometimes a deuce). */
function gameScore(rng: Rng, homeWins: boolean): string {
  const deuce = rng() < 0.15;
  const loser = deuce ? 10 + pick(rng, 3) : 3 + pick(rng, 7);
  const winner = deuce ? loser + 2 : 11;
  return homeWins ? `${winner}-${loser}` : `${loser}-${winner}`;
}

/** The chance that home wins a game, from the two ratings (a game is closer than a match). */
function gameChance(home: number, away: number): number {
  return 1 / (1 + Math.pow(10, -(home - away) / 800));
}

/** Plays out games until one side has `need` or `stopAfter` games were played. */
function playGames(rng: Rng, p: number, bestOf: number, stopAfter = bestOf) {
  const need = (bestOf + 1) / 2;
  const games: string[] = [];
  let h = 0, a = 0;
  while (h < need && a < need && games.length < stopAfter) {
    const homeWins = rng() < p;
    games.push(gameScore(rng, homeWins));
    if (homeWins) h++;
    else a++;
  }
  return { games, homeWon: h === need, decided: h === need || a === need };
}

type Clock = { minutes: (m: number) => string };

class MatchMaker {
  private finished = 0;
  private upcoming = 0;
  private table = 0;
  constructor(private rng: Rng, private clock: Clock, private ratingOf: (entry: string) => number) {}

  /**
   * Minutes before now at which the next finished match started: the day's results 12 minutes apart from 9
   * hours ago, in the order they are made, all over before now (the 40 of the demo end an hour ago), so that a
   * result scored today is the latest one on the event page and the TV.
   */
  private nextStart(): number {
    const start = 540 - 12 * this.finished++;
    if (start < 40) throw new Error("Cannot place the demo's results in the past: too many finished matches");
    return start;
  }

  completed(base: Omit<MatchInput, "status">, bestOf: number): { match: MatchInput; winner: string } {
    const home = base.home!, away = base.away!;
    const r = playGames(this.rng, gameChance(this.ratingOf(home), this.ratingOf(away)), bestOf);
    const start = this.nextStart();
    const winner = r.homeWon ? home : away;
    return {
      match: {
        ...base,
        status: "completed",
        games: r.games,
        winner,
        firstServer: this.rng() < 0.5 ? "home" : "away",
        startedAt: this.clock.minutes(-start),
        completedAt: this.clock.minutes(-start + 20),
        table: 1 + (this.finished % 8),
      },
      winner,
    };
  }

  walkover(base: Omit<MatchInput, "status">, winner: string): MatchInput {
    const start = this.nextStart();
    return {
      ...base,
      status: "completed",
      resultReason: "walkover",
      winner,
      completedAt: this.clock.minutes(-start),
    };
  }

  retired(base: Omit<MatchInput, "status">, bestOf: number, afterGames: number, retiring: "home" | "away") {
    const r = playGames(this.rng, 0.5, bestOf, afterGames);
    while (r.games.length < afterGames) r.games.push(gameScore(this.rng, r.games.length % 2 === 0));
    const start = this.nextStart();
    const winner = retiring === "home" ? base.away! : base.home!;
    return {
      match: {
        ...base,
        status: "completed" as const,
        resultReason: "retired" as const,
        retirementAfterGame: afterGames,
        games: r.games,
        winner,
        firstServer: "home" as const,
        startedAt: this.clock.minutes(-start),
        completedAt: this.clock.minutes(-start + 15),
      },
      winner,
    };
  }

  running(base: Omit<MatchInput, "status">, bestOf: number, gamesDone: number, current: string): MatchInput {
    const home = base.home!, away = base.away!;
    let r = playGames(this.rng, gameChance(this.ratingOf(home), this.ratingOf(away)), bestOf, gamesDone);
    // A running match is undecided: alternate the games if the lot decided it early.
    if (r.decided) r = { ...r, games: r.games.map((_, i) => gameScore(this.rng, i % 2 === 0)) };
    this.table++;
    return {
      ...base,
      status: "in_progress",
      games: r.games,
      current,
      firstServer: "home",
      table: this.table,
      startedAt: this.clock.minutes(-6 - 9 * gamesDone),
    };
  }

  scheduled(base: Omit<MatchInput, "status">): MatchInput {
    this.upcoming++;
    return {
      ...base,
      status: "scheduled",
      table: 5 + (this.upcoming % 4),
      scheduledAt: this.clock.minutes(10 * this.upcoming),
    };
  }
}

/** Builds the demo's published event; `now` anchors its times. */
export function buildDemoEvent(now: Date): EventFile {
  const rng = createRng(DEMO_SLUG);
  const clock: Clock = { minutes: (m) => new Date(now.getTime() + m * 60_000).toISOString() };
  const men = makePlayers(rng, "m", MEN, 2150);
  const women = makePlayers(rng, "w", WOMEN, 2050);
  const extra = makePlayers(rng, "x", DOUBLES_ONLY, 1650);
  const everyone = [...men, ...women, ...extra];
  const players: PlayerInput[] = everyone.map((p, i) => {
    const history = HISTORY[i % HISTORY.length]!;
    return {
      id: p.key,
      displayName: p.name,
      association: p.association,
      ...(COUNTRY_OF[p.name] ? { country: COUNTRY_OF[p.name] } : {}),
      federationId: `DEMO-${p.key.toUpperCase()}`,
      ...(history > 0 ? { prior: { rating: p.rating, matchCount: history } } : {}),
    };
  });
  const ratingOf = new Map<string, number>();
  const maker = new MatchMaker(rng, clock, (entry) => ratingOf.get(entry) ?? 1500);

  // Men's singles: groups of 4 by snake seeding on rating, two of each group to a knockout (drawn, still a draft).
  const msEntries = men.map((p) => ({ id: `ms-${p.key}`, players: [p.key] }));
  men.forEach((p) => ratingOf.set(`ms-${p.key}`, p.rating));
  const groups = makeGroups(
    men.map((p) => ({ id: `ms-${p.key}`, rating: p.rating, association: p.association })),
    { groupSize: 4, lotSeed: `${DEMO_SLUG}/MS/groups` },
  );
  const msMatches: MatchInput[] = [];
  groups.forEach((g, gi) => {
    const order = roundRobinOrder(g.members.length, 2).flat();
    // Groups A-D are finished, E is half-way, F has just begun.
    const done = gi < 4 ? order.length : gi === 4 ? 4 : 2;
    order.forEach(([h, a], k) => {
      const base = {
        id: `MS-${g.name}${k + 1}`,
        stage: "group" as const,
        group: g.name,
        round: Math.floor(k / 2) + 1,
        position: k,
        home: g.members[h]!,
        away: g.members[a]!,
      };
      if (gi === 1 && k === 2) msMatches.push(maker.walkover(base, base.home));
      else if (gi === 2 && k === 1) msMatches.push(maker.retired(base, 5, 2, "away").match);
      else if (k < done) msMatches.push(maker.completed(base, 5).match);
      else if (k === done && gi >= 4) {
        msMatches.push(maker.running(base, 5, gi === 4 ? 2 : 1, gi === 4 ? "8-6" : "3-2"));
      } else msMatches.push(maker.scheduled(base));
    });
  });
  // Its knockout's matches, sides unknown until the groups end (their last results place the qualifiers), so
  // that the simulation plays the knockout of the main category before the day starts again.
  const msKnockoutSeed = `${DEMO_SLUG}/MS/knockout`;
  msMatches.push(
    ...emptyKnockoutMatches("MS", placeGroupQualifiers(groups.length, 2, { lotSeed: msKnockoutSeed })),
  );
  const mensSingles: CategoryInput = {
    id: "MS",
    name: "Men's Singles",
    kind: "singles",
    format: "groups_knockout",
    bestOf: 5,
    groupSize: 4,
    qualifiersPerGroup: 2,
    entries: msEntries,
    groups: groups.map((g) => ({ name: g.name, entries: g.members })),
    draw: { state: "draft", lotSeed: msKnockoutSeed },
    matches: msMatches,
  };

  // Women's singles: a knockout of 14 with 4 seeds, so two byes; the draw is published and locked.
  const wsEntries = women.map((p, i) => ({
    id: `ws-${p.key}`,
    players: [p.key],
    ...(i < 4 ? { seed: i + 1 } : {}),
  }));
  women.forEach((p) => ratingOf.set(`ws-${p.key}`, p.rating));
  const wsSlots = placeKnockout(
    women.map((p, i) => ({
      id: `ws-${p.key}`,
      association: p.association,
      ...(i < 4 ? { seed: i + 1 } : {}),
    })),
    { lotSeed: `${DEMO_SLUG}/WS` },
  );
  const womensSingles = knockoutCategory(
    { id: "WS", name: "Women's Singles", kind: "singles", entries: wsEntries, lotSeed: `${DEMO_SLUG}/WS` },
    wsSlots,
    maker,
    // Round of 16: all played (one walkover); quarter-finals: two done, one running, one to come.
    [[0, 1, 2, 3, 4, 5, 6, 7], [0, 1], [], []],
    { walkover: [1, 2], running: [2, 2] },
  );

  // Mixed doubles: eight pairs, a knockout of 8 with two seeds.
  const pairs = Array.from({ length: 8 }, (_, i) => {
    const man = i < 7 ? men[i * 3]! : extra[0]!;
    const woman = i < 7 ? women[i * 2]! : extra[1]!;
    return {
      id: `xd-${i + 1}`,
      players: [man.key, woman.key],
      rating: (man.rating + woman.rating) / 2,
      man,
      woman,
    };
  }).sort((a, b) => b.rating - a.rating);
  pairs.forEach((p) => ratingOf.set(p.id, p.rating));
  const xdSlots = placeKnockout(
    pairs.map((p, i) => ({
      id: p.id,
      ...(i < 2 ? { seed: i + 1 } : {}),
      ...(p.man.association === p.woman.association ? { association: p.man.association } : {}),
    })),
    { lotSeed: `${DEMO_SLUG}/XD` },
  );
  const mixedDoubles = knockoutCategory(
    {
      id: "XD",
      name: "Mixed Doubles",
      kind: "doubles",
      entries: pairs.map((p, i) => ({ id: p.id, players: p.players, ...(i < 2 ? { seed: i + 1 } : {}) })),
      lotSeed: `${DEMO_SLUG}/XD`,
    },
    xdSlots,
    maker,
    [[0, 1], [], []],
    { running: [1, 3] },
  );

  const categories = [mensSingles, womensSingles, { ...mixedDoubles, sessions: ["day-2"] }];
  const sessions = demoSessions(now);
  const [first, last] = timeSpan(categories, sessions);
  return {
    format: "tt-event/1",
    event: {
      slug: DEMO_SLUG,
      name: "Demo Open 2026",
      venue: "Sporthal De Kouter, Ghent",
      // The days of the hall (its time zone is the server's) from the first result to the last session's end:
      // around midnight there, a match or a session already falls on another day than now's.
      startDate: hallDay(first),
      endDate: hallDay(last),
      status: "published",
      description:
        "A demonstration tournament: men's singles in groups of four feeding a knockout, a women's singles knockout " +
        "with byes, and mixed doubles. Scores move on their own while the demo simulation runs.",
      posterUrl: null,
    },
    players,
    categories,
    sessions,
  };
}

/** The earliest and the latest time of the matches (begun, finished or planned) and of the sessions. */
function timeSpan(categories: CategoryInput[], sessions: SessionInput[]): [Date, Date] {
  const times = [
    ...categories.flatMap((c) => c.matches ?? []).flatMap((m) => [m.startedAt, m.completedAt, m.scheduledAt]),
    ...sessions.flatMap((s) => [s.start, s.end]),
  ].flatMap((t) => t ? [Date.parse(t)] : []);
  return [new Date(Math.min(...times)), new Date(Math.max(...times))];
}

/**
 * The demo's sessions, so that its order of play is ready to plan on /manage: today from three hours before
 * `now` (its hour) for twelve hours on tables 1 to 8, and tomorrow morning on tables 1 to 4, where the mixed
 * doubles play the rest of their knockout.
 */
function demoSessions(now: Date): SessionInput[] {
  const hour = Math.floor(now.getTime() / 3_600_000) * 3_600_000;
  const at = (hours: number) => new Date(hour + hours * 3_600_000).toISOString();
  return [
    { id: "day-1", name: "Day 1", start: at(-3), end: at(9), tables: [1, 2, 3, 4, 5, 6, 7, 8] },
    { id: "day-2", name: "Day 2 morning", start: at(21), end: at(26), tables: [1, 2, 3, 4] },
  ];
}

interface KnockoutSpec {
  id: string;
  name: string;
  kind: "singles" | "doubles";
  entries: CategoryInput["entries"];
  lotSeed: string;
}

/**
 * A locked knockout category from its slots: `done[r]` lists the positions of round r+1 that are finished;
 * `running` = [round, position] of the match in play, `walkover` = [round, position] of a walkover.
 */
function knockoutCategory(
  spec: KnockoutSpec,
  slots: (string | null)[],
  maker: MatchMaker,
  done: number[][],
  special: { running?: [number, number]; walkover?: [number, number] },
): CategoryInput {
  const rounds = Math.log2(slots.length);
  const matches: MatchInput[] = [];
  let current: (string | null | undefined)[] = slots.map((s) => s);
  for (let round = 1; round <= rounds; round++) {
    const next: (string | null | undefined)[] = [];
    for (let pos = 0; pos < current.length / 2; pos++) {
      const home = current[2 * pos];
      const away = current[2 * pos + 1];
      const base = { id: `${spec.id}-R${round}-${pos}`, stage: "knockout" as const, round, position: pos };
      if (round === 1 && (home === null || away === null)) {
        next.push(home ?? away); // a bye advances at once
        continue;
      }
      if (home === undefined || away === undefined || home === null || away === null) {
        matches.push({ ...base, status: "scheduled", home: home ?? null, away: away ?? null });
        next.push(undefined);
        continue;
      }
      const sides = { ...base, home, away };
      if (special.walkover && special.walkover[0] === round && special.walkover[1] === pos) {
        matches.push(maker.walkover(sides, away));
        next.push(away);
      } else if (done[round - 1]?.includes(pos)) {
        const { match, winner } = maker.completed(sides, 5);
        matches.push(match);
        next.push(winner);
      } else if (special.running && special.running[0] === round && special.running[1] === pos) {
        matches.push(maker.running(sides, 5, 2, "6-7"));
        next.push(undefined);
      } else {
        matches.push(maker.scheduled(sides));
        next.push(undefined);
      }
    }
    current = next;
  }
  return {
    id: spec.id,
    name: spec.name,
    kind: spec.kind,
    format: "knockout",
    bestOf: 5,
    entries: spec.entries,
    draw: { state: "locked", lotSeed: spec.lotSeed, size: slots.length, slots: slots.map((s) => s ?? "bye") },
    matches,
  };
}

/**
 * The knockout matches of a draw whose slots are not filled yet (`slots`: null for a bye), sides unknown: every
 * first-round match but those facing a bye (the qualifier then goes straight to round 2), and every later round.
 */
function emptyKnockoutMatches(prefix: string, slots: readonly unknown[]): MatchInput[] {
  const matches: MatchInput[] = [];
  for (let round = 1, count = slots.length / 2; count >= 1; round++, count /= 2) {
    for (let pos = 0; pos < count; pos++) {
      if (round === 1 && (slots[2 * pos] === null || slots[2 * pos + 1] === null)) continue;
      const id = `${prefix}-R${round}-${pos}`;
      matches.push({
        id,
        stage: "knockout",
        round,
        position: pos,
        status: "scheduled",
        home: null,
        away: null,
      });
    }
  }
  return matches;
}

/** The draft event: players with e-mail addresses and birth dates, never to be served. */
export function buildDraftEvent(now: Date): EventFile {
  const names = ["Pat Private", "Robin Secret", "Alex Hidden", "Sam Unlisted", "Kim Draft", "Lou Quiet"];
  const start = new Date(now.getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
  return {
    format: "tt-event/1",
    event: {
      slug: DEMO_DRAFT_SLUG,
      name: "Winter Club Championship 2026 (draft)",
      venue: "Club hall",
      startDate: start,
      endDate: start,
      status: "draft",
      description: "Entries still open; not published.",
      posterUrl: null,
    },
    players: names.map((n, i) => ({
      id: `d${i + 1}`,
      displayName: n,
      association: "Private Club",
      email: `${n.toLowerCase().replace(" ", ".")}@example.org`,
      birthDate: `199${i}-0${i + 1}-1${i}`,
    })),
    accounts: [{ email: "organiser@example.org", displayName: "Club organiser" }],
    categories: [{
      id: "OS",
      name: "Open Singles",
      kind: "singles",
      format: "knockout",
      bestOf: 5,
      entries: names.map((_, i) => ({ id: `os${i + 1}`, players: [`d${i + 1}`] })),
      draw: { state: "draft", lotSeed: `${DEMO_DRAFT_SLUG}/OS` },
      matches: [],
    }],
  };
}

/** Loads the demo when the store holds no event; returns whether it did. */
export async function loadDemoIfEmpty(store: Store, now: Date): Promise<boolean> {
  // One transaction under the start-up lock: instances starting together on one empty database take turns, and
  // the second finds the demo there (or none at all, if the first failed).
  return await writeTransaction(store.db, async (trx) => {
    await lockStartup(trx);
    const any = await trx.selectFrom("events").select("id").limit(1).executeTakeFirst();
    if (any) return false;
    await importEventInTransaction(trx, buildDemoEvent(now), now);
    await importEventInTransaction(trx, buildDraftEvent(now), now);
    await freezeRunningPredictions(trx, now);
    return true;
  });
}

/**
 * Puts the demo event back to the start of its day (the simulation calls it once every match is over): the same
 * file as at first start, with times from `now`, imported over the event. Its ids are the file's, so every page,
 * overlay and QR code of the demo keeps working.
 */
export async function restartDemo(store: Store, now: Date): Promise<void> {
  await writeTransaction(store.db, async (trx) => {
    await importEventInTransaction(trx, buildDemoEvent(now), now);
    await freezeRunningPredictions(trx, now);
  });
}

/**
 * The demo's matches in play are imported already started, so nothing froze their predictions (the importer
 * freezes those of matches still to play). At a venue each would have been frozen before its start, from the
 * ratings of then, which no result of the match has moved yet: the demo freezes them now from those ratings,
 * dated a minute before the start, so that its live matches and overlays show a prediction as a real event's do.
 */
async function freezeRunningPredictions(trx: Transaction<Database>, now: Date): Promise<void> {
  const running = await trx.selectFrom("matches").innerJoin("events", "events.id", "matches.event_id")
    .selectAll("matches").where("events.slug", "=", DEMO_SLUG).where("matches.status", "=", "in_progress")
    .execute();
  for (const m of running) {
    const startedAt = m.started_at ? new Date(m.started_at) : now;
    const before = new Date(startedAt.getTime() - 60_000).toISOString();
    await freezePredictionAsOf(trx, m, before);
  }
}
