/**
 * What a public route of /api/v1 is made of, and how one declaration becomes its handler: the path and query
 * parameters are read (a 404 or a 400 when malformed), the cache key is written from the path and the declared
 * query parameters' normalised values, and the view's answer is served under it (http/respond.ts). The
 * declarations themselves are in api/routes.ts; the OpenAPI document reads the same ones (api/openapi.ts).
 */
import type { Context, Handler } from "hono";
import type { AnswerEnv } from "../http/answer_cache.ts";
import type { ReadyDeps } from "../http/deps.ts";
import { knownParameters } from "./params.ts";
import { notFound } from "../http/problem.ts";
import { respond } from "../http/respond.ts";
import { viewDeps } from "../http/deps.ts";
import type { Payload, RawPayload } from "../views/payload.ts";
import type { View } from "../views/view.ts";
import type * as schemas from "../views/schemas.ts";
import type * as changeSchemas from "../views/change_schemas.ts";
import type * as playerSchemas from "../views/player_schemas.ts";
import type * as tieSchemas from "../views/tie_schemas.ts";

/** How a parameter is shown in the OpenAPI document (api/openapi.ts makes its schema from this). */
export interface ParamDoc {
  readonly description: string;
  readonly format?: "uuid";
  readonly example?: string;
  /** An integer parameter's range and default; a string otherwise. */
  readonly integer?: { readonly min: number; readonly max: number; readonly default: number };
}

/** A parameter of a path (`:id`): read from the path, a 404 when it cannot name anything. */
export interface PathParam {
  read(raw: string | undefined): string;
  /** The value the resource is known by now (a player's old id answers as their id now). */
  resolve?(deps: ReadyDeps, value: string): Promise<string>;
  readonly doc: ParamDoc;
}

/** A query parameter: read from the query (a 400 when malformed), and written in the cache key as `key` says. */
export interface QueryParam<V> {
  read(query: URLSearchParams): V;
  /** The value as the cache key writes it, normalised so that equal requests share one answer; null: absent. */
  key(value: V): string | null;
  resolve?(deps: ReadyDeps, value: V): Promise<V>;
  readonly doc: ParamDoc;
}

/** The names of the response schemas the document can give a 200 (views/*schemas.ts). */
type Named<M> = { [K in keyof M]: K extends `${string}ResponseSchema` ? K : never }[keyof M];
export type ResponseSchemaName =
  | Named<typeof schemas>
  | Named<typeof changeSchemas>
  | Named<typeof playerSchemas>
  | Named<typeof tieSchemas>;

/** A route's OpenAPI operation: its id, summary and description, its 200 and its own errors. */
export interface RouteDoc {
  readonly operationId: string;
  readonly summary: string;
  readonly description: string;
  /** The 200's description and schema (`object`: any JSON object). */
  readonly ok: readonly [description: string, schema: ResponseSchemaName | "object"];
  /** The route's own 400, 404 and 429, when it has them. */
  readonly errors?: { readonly 400?: string; readonly 404?: string; readonly 429?: string };
  /** The 200 is also a server-sent event stream when asked with `Accept: text/event-stream` (api/change_stream.ts). */
  readonly eventStream?: true;
}

/** A public route once declared: what the router, the query check and the OpenAPI document need of it. */
export interface PublicRoute {
  /** Relative to /api/v1, in Hono's syntax. */
  readonly path: string;
  readonly params: Readonly<Record<string, PathParam>>;
  readonly query: Readonly<Record<string, QueryParam<unknown>>>;
  readonly doc: RouteDoc;
  /** Its GET handler for the app's dependencies, made once at mount. */
  handler(deps: ReadyDeps): Handler<AnswerEnv>;
}

type QueryValues<Q> = { [K in keyof Q]: Q[K] extends QueryParam<infer V> ? V : never };
/** The values of a route's parameters, by name. */
export type Values<P, Q> = { [K in keyof P]: string } & QueryValues<Q>;

/** A route answered by a view: its parameters, what it asks the view, and the part of the answer it returns. */
export interface ViewRoute<
  P extends Record<string, PathParam>,
  Q extends Record<string, QueryParam<unknown>>,
  I,
  T,
> {
  readonly path: string;
  /** The path's parameters, in the order they appear in it. */
  readonly params?: P;
  /** The query parameters it takes, in the order they are checked and written in the cache key. */
  readonly query?: Q;
  /** The view; a function when the view keeps state of its own, made once per app. */
  readonly view: View<I, T> | (() => View<I, T>);
  /** What the view is asked with. */
  readonly input: (p: Values<P, Q>) => I;
  /** The answer made of what the view loaded. */
  readonly answer: (loaded: T, p: Values<P, Q>) => Payload | RawPayload;
  /** The 404's detail when the view finds nothing. */
  readonly missing: (p: Values<P, Q>) => string;
  readonly doc: RouteDoc;
}

/**
 * The cache key's writer: the path with its values, then each query value present, in the declared order.
 * @example keyWriter("/rankings", Object.entries(paging("Rows")))({ limit: 5, offset: 0 }) // "/rankings?limit=5&offset=0"
 */
export function keyWriter(
  path: string,
  query: [string, QueryParam<unknown>][],
): (values: Record<string, unknown>) => string {
  const parts = path.split(/:(\w+)/);
  return (values: Record<string, unknown>): string => {
    let key = parts[0]!;
    for (let i = 1; i < parts.length; i += 2) key += `${values[parts[i]!]}${parts[i + 1]}`;
    let sep = "?";
    for (const [name, param] of query) {
      const written = param.key(values[name]);
      if (written === null) continue;
      key += `${sep}${name}=${written}`;
      sep = "&";
    }
    return key;
  };
}

/** A public route answered by a view, from its declaration. */
export function viewRoute<
  P extends Record<string, PathParam>,
  Q extends Record<string, QueryParam<unknown>>,
  I,
  T,
>(route: ViewRoute<P, Q, I, T>): PublicRoute {
  const params = (route.params ?? {}) as Record<string, PathParam>;
  const query = (route.query ?? {}) as Record<string, QueryParam<unknown>>;
  const pathEntries = Object.entries(params);
  const queryEntries = Object.entries(query);
  const resolved = [...pathEntries, ...queryEntries].filter(([, p]) => p.resolve !== undefined) as [
    string,
    { resolve(deps: ReadyDeps, value: unknown): Promise<unknown> },
  ][];
  const keyOf = keyWriter(route.path, queryEntries);
  return {
    path: route.path,
    params,
    query,
    doc: route.doc,
    handler(deps) {
      const view = typeof route.view === "function" ? route.view() : route.view;
      return async (c: Context<AnswerEnv>) => {
        const values: Record<string, unknown> = {};
        for (const [name, param] of pathEntries) values[name] = param.read(c.req.param(name));
        if (queryEntries.length > 0) {
          const search = new URL(c.req.url).searchParams;
          for (const [name, param] of queryEntries) values[name] = param.read(search);
        }
        for (const [name, param] of resolved) {
          if (values[name] !== null) values[name] = await param.resolve(deps, values[name]);
        }
        const p = values as Values<P, Q>;
        const input = route.input(p);
        const vd = viewDeps(deps);
        return respond(c, deps, keyOf(values), async () => {
          const loaded = await view.load(vd, input);
          if (loaded === null) throw notFound(route.missing(p));
          return route.answer(loaded, p);
        }, () => view.version(vd, input));
      };
    },
  };
}

/** The query parameters a route takes, by name. */
export function queryNames(route: PublicRoute): string[] {
  return Object.keys(route.query);
}

/**
 * Mounts each route's GET (and HEAD) on `app`, behind the check that names a query parameter it does not take
 * (a 400: a typo such as `?page=2` is not answered as if it were not there).
 */
export function mountRoutes(
  app: { get(path: string, h: Handler<AnswerEnv>): unknown },
  routes: readonly PublicRoute[],
  deps: ReadyDeps,
): void {
  for (const route of routes) {
    const known = queryNames(route);
    const handler = route.handler(deps);
    app.get(route.path, (c, next) => {
      knownParameters(c.req.url, known);
      return handler(c, next);
    });
  }
}
