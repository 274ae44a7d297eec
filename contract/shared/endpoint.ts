/**
 * One API endpoint, declared once (contract/<domain>/endpoints.ts, gathered in contract/endpoints.ts): its method, its path under /api, and the type of what it
 * answers. The API registers its handler by the declaration (api/lib/endpoint.ts checks the handler's return type
 * against it) and the web calls it by the same declaration (app/lib/api.server.ts `call` returns that type), so no
 * path or answer type is written twice.
 *
 * A path's `:name` is a parameter; `:name{a|b}` limits it to those values as Hono reads it.
 */
export type Method = "GET" | "POST";

/** What every API answer is (requirements §7): it succeeds only with HTTP 200 and `success: true`. */
export type Envelope<T = unknown> = { success: boolean; errorCode: number; message: string; data: T };

export type Endpoint<M extends Method = Method, P extends string = string, Answer = unknown> = {
  readonly method: M;
  readonly path: P;
  /** A post that changes nothing stored (a search, a view counted in memory): sessions and shared lists stay. */
  readonly reads?: boolean;
  /** The answer is a stream or a file, not an envelope: the web opens it rather than calls it. */
  readonly raw?: boolean;
  /** Never set: it only carries the answer's type. */
  readonly answer?: Answer;
};

type Options = { reads?: boolean };

/** `get<Answer>()("/path")`: the answer type is given, the path is inferred. */
export const get =
  <Answer>() =>
  <const P extends string>(path: P): Endpoint<"GET", P, Answer> => ({ method: "GET", path });

export const post =
  <Answer>() =>
  <const P extends string>(path: P, options: Options = {}): Endpoint<"POST", P, Answer> => ({
    method: "POST",
    path,
    ...options,
  });

/** An answer that is not an envelope (an image, an event stream). */
export const raw = <const P extends string>(path: P): Endpoint<"GET", P, never> & { raw: true } => ({
  method: "GET",
  path,
  raw: true,
});

/** A post answered as a stream (an AI answer as it is written). */
export const rawPost = <const P extends string>(
  path: P,
  options: Options = {},
): Endpoint<"POST", P, never> & { raw: true } => ({ method: "POST", path, raw: true, ...options });

export type AnswerOf<E> = E extends Endpoint<Method, string, infer A> ? A : never;

type ParamName<S extends string> = S extends `${infer Name}{${string}` ? Name : S;
type ParamNames<P extends string> = P extends `${string}:${infer Rest}`
  ? Rest extends `${infer Param}/${infer After}`
    ? ParamName<Param> | ParamNames<`/${After}`>
    : ParamName<Rest>
  : never;

/** The values a path's parameters take, by name; `never` when it has none (any names for a path not known). */
export type ParamsOf<P extends string> = string extends P
  ? Record<string, string | number>
  : [ParamNames<P>] extends [never]
    ? never
    : { [K in ParamNames<P>]: string | number };

const PARAM = /:(\w+)(\{[^}]*\})?/g;

/** The path with its parameters filled in (each encoded); a missing one is a programming error. */
export function pathOf(endpoint: Endpoint, params: Record<string, string | number> = {}): string {
  return endpoint.path.replace(PARAM, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === "") throw new Error(`${endpoint.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** Whether a request's path (under /api) is this endpoint's. */
export function pathPattern(endpoint: Endpoint): RegExp {
  const source = endpoint.path
    .split(PARAM)
    .map((part, i) => (i % 3 === 0 ? part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") : i % 3 === 1 ? "[^/]+" : ""))
    .join("");
  return new RegExp(`^${source}$`);
}

/** Whether the parameters keep to the path's limits (`:name{a|b}` takes only those values), as Hono's router does. */
export function paramsFit(endpoint: Endpoint, params: Record<string, string | number> = {}): boolean {
  for (const [, name, limit] of endpoint.path.matchAll(PARAM)) {
    const value = String(params[name!] ?? "");
    if (!value || value.includes("/")) return false;
    if (limit && !new RegExp(`^(?:${limit.slice(1, -1)})$`).test(value)) return false;
  }
  return true;
}
