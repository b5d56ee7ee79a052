/**
 * The public URLs of an event, crawled on two servers and compared by their `data` (the relay tests): the event,
 * its matches and players, each category's draw, standings, matches and ties, each match, each player with their
 * matches in the event, and the rankings. The event's `relay` (when the hall was last heard from) is the public
 * server's own and left out, as is `meta.generatedAt`; the change feed's cursors are each store's own.
 */
type Json = Record<string, unknown>;
type Get = (path: string) => Promise<{ status: number; body: unknown }>;

/** A GET of the public API of the server at `origin`. */
export function httpGet(origin: string): Get {
  return async (path) => {
    const res = await fetch(origin + path);
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
}

function dataOf(body: unknown): unknown {
  const data = (body as Json | null)?.data;
  if (data && typeof data === "object" && !Array.isArray(data) && "relay" in data) {
    const { relay: _relay, ...rest } = data as Json;
    return rest;
  }
  return data;
}

/** Every public API path of the event `slug`, read on `get` (the venue's: the reference). */
export async function eventPaths(get: Get, slug: string): Promise<string[]> {
  const paths = [
    `/api/v1/events/${slug}`,
    `/api/v1/events/${slug}/players?limit=500`,
    `/api/v1/rankings?limit=500`,
  ];
  const event = (await get(`/api/v1/events/${slug}`)).body as { data?: { subevents?: { id: string }[] } };
  const categories = event.data?.subevents?.map((s) => s.id) ?? [];
  for (const id of categories) {
    for (const leaf of ["draw", "standings", "matches", "ties"]) {
      paths.push(`/api/v1/subevents/${id}/${leaf}`);
    }
  }
  for (let offset = 0;; offset += 200) {
    const page = (await get(`/api/v1/events/${slug}/matches?limit=200&offset=${offset}`)).body as {
      data?: { id: string }[] | { matches?: { id: string }[] };
    };
    const list = Array.isArray(page.data) ? page.data : page.data?.matches ?? [];
    paths.push(`/api/v1/events/${slug}/matches?limit=200&offset=${offset}`);
    for (const m of list) paths.push(`/api/v1/matches/${m.id}`);
    if (list.length < 200) break;
  }
  const players = (await get(`/api/v1/events/${slug}/players?limit=500`)).body as {
    data?: { id: string }[] | { players?: { id: string }[] };
  };
  const list = Array.isArray(players.data) ? players.data : players.data?.players ?? [];
  for (const p of list) {
    paths.push(`/api/v1/players/${p.id}`, `/api/v1/players/${p.id}/matches?event=${slug}&limit=100`);
  }
  return paths;
}

/** The paths whose status or `data` differ between the two servers (empty when they agree). */
export async function differences(reference: Get, other: Get, paths: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const path of paths) {
    const [a, b] = await Promise.all([reference(path), other(path)]);
    if (a.status !== b.status) out.push(`${path}: ${a.status} here, ${b.status} there`);
    else if (JSON.stringify(dataOf(a.body)) !== JSON.stringify(dataOf(b.body))) {
      out.push(`${path}: data differ`);
    }
  }
  return out;
}
