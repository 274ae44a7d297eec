import { z } from "zod";

/**
 * One API endpoint, declared once (contract/<domain>/endpoints.ts, gathered in contract/endpoints.ts): its method, its
 * path under /api, a summary in Chinese, what it takes (the path's parameters, a query, a body: zod schemas) and the
 * type of what it answers. The API parses the input by the declaration before its handler reads it
 * (api/serve/input.ts) and refuses a body field it does not declare; the web's `call` accepts only the declared
 * fields (app/lib/api.server.ts); the OpenAPI document is written from the same declarations (api/lib/openapi.ts).
 *
 * A path's `:name` is a parameter; `:name{a|b}` limits it to those values as Hono reads it.
 */
export type Method = "GET" | "POST";

/** What every API answer is (requirements §7): it succeeds only with HTTP 200 and `success: true`. */
export type Envelope<T = unknown> = { success: boolean; errorCode: number; message: string; data: T };

/** What an endpoint takes, each an object schema (or absent: it takes none). */
export type Inputs = { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType; upload?: string };

export type Endpoint<
  M extends Method = Method,
  P extends string = string,
  Answer = unknown,
  I extends Inputs = Inputs,
> = {
  readonly method: M;
  readonly path: P;
  /** What it does, in a line of Chinese (the reference at /developers and the OpenAPI document). */
  readonly summary: string;
  /** A post that changes nothing stored (a search, a view counted in memory): sessions and shared lists stay. */
  readonly reads?: boolean;
  /** The answer is a stream or a file, not an envelope: the web opens it rather than calls it. */
  readonly raw?: boolean;
  /** The name of the one file posted as multipart, which the handler streams: the body is not read before. */
  readonly upload: I["upload"];
  readonly params: I["params"];
  readonly query: I["query"];
  readonly body: I["body"];
  /** Never set: it only carries the answer's type. */
  readonly answer?: Answer;
};

type Shape = Record<string, z.ZodType>;

/** A declaration's options: its summary and what it takes (`params` by name, as the path names them). */
export type Declaration = {
  summary: string;
  reads?: boolean;
  upload?: string;
  params?: Shape;
  query?: z.ZodType;
  body?: z.ZodType;
};

/** The inputs a declaration's options give, as the endpoint carries them. */
type Declared<O extends Declaration> = {
  params: O extends { params: infer S extends Shape } ? z.ZodObject<S> : undefined;
  query: O extends { query: infer Q extends z.ZodType } ? Q : undefined;
  body: O extends { body: infer B extends z.ZodType } ? B : undefined;
  upload: O extends { upload: infer U extends string } ? U : undefined;
};

function declare(method: Method, path: string, o: Declaration, raw?: true) {
  const { params, query, body, ...rest } = o;
  return {
    method,
    path,
    ...rest,
    ...(raw && { raw }),
    params: params && z.object(params),
    query,
    body,
  };
}

/** `get<Answer>()("/path", { summary, query })`: the answer type is given, the path and the inputs inferred. */
export const get =
  <Answer>() =>
  <const P extends string, const O extends Declaration>(path: P, options: O) =>
    declare("GET", path, options) as Endpoint<"GET", P, Answer, Declared<O>>;

export const post =
  <Answer>() =>
  <const P extends string, const O extends Declaration>(path: P, options: O) =>
    declare("POST", path, options) as Endpoint<"POST", P, Answer, Declared<O>>;

/** An answer that is not an envelope (an image, an event stream). */
export const raw = <const P extends string, const O extends Declaration>(path: P, options: O) =>
  declare("GET", path, options, true) as Endpoint<"GET", P, never, Declared<O>> & { raw: true };

/** A post answered as a stream (an AI answer as it is written). */
export const rawPost = <const P extends string, const O extends Declaration>(path: P, options: O) =>
  declare("POST", path, options, true) as Endpoint<"POST", P, never, Declared<O>> & { raw: true };

type Def = { type: string; shape?: Record<string, unknown>; in?: z.ZodType; out?: z.ZodType; innerType?: z.ZodType };
type Part = { def: Def; options?: z.ZodType[]; _zod: { def: Def & { left?: z.ZodType; right?: z.ZodType } } };

/** The names an object schema reads at its top level, through optional, default, pipes and unions; null for any. */
export function fieldNames(schema: z.ZodType): Set<string> | null {
  const part = schema as unknown as Part;
  const def = part._zod.def;
  switch (def.type) {
    case "object":
      return new Set(Object.keys(def.shape ?? {}));
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
      return fieldNames(def.innerType!);
    case "pipe":
      return fieldNames(def.in!) ?? fieldNames(def.out!);
    case "union": {
      const names = new Set<string>();
      for (const option of part.options ?? []) {
        const inner = fieldNames(option);
        if (!inner) return null;
        for (const n of inner) names.add(n);
      }
      return names;
    }
    case "intersection": {
      const [a, b] = [fieldNames(def.left!), fieldNames(def.right!)];
      return a && b ? new Set([...a, ...b]) : null;
    }
    default:
      return null;
  }
}

export type AnswerOf<E> = E extends Endpoint<Method, string, infer A> ? A : never;

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler is handed, parsed by the declaration: each part `undefined` when the endpoint takes none. */
export type InputOf<E extends Endpoint> = { params: Out<E["params"]>; query: Out<E["query"]>; body: Out<E["body"]> };

/** A value a form or a query string carries (a field a form repeats, as a list). */
export type FieldValue = string | number | null | undefined | readonly string[];

/** The fields a caller may send for a schema: its own names only, each as text or a number. */
export type FieldsOf<S> = S extends z.ZodType ? { [K in keyof z.input<S>]?: FieldValue } : never;

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
