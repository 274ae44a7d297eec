import type { z } from "zod";
import { fieldNames, type Endpoint, type InputOf } from "../../contract/shared/endpoint.ts";
import { ApiError } from "../lib/errors.ts";
import { parse } from "../lib/validate.ts";
import type { CallFacts } from "./call.ts";

const names = new WeakMap<z.ZodType, Set<string> | null>();
const namesOf = (schema: z.ZodType) => {
  if (!names.has(schema)) names.set(schema, fieldNames(schema));
  return names.get(schema)!;
};

/** A body field the endpoint does not declare, if any: refused rather than ignored, so a typo is not a silent no-op. */
function undeclared(endpoint: Endpoint, body: Record<string, unknown>): string | undefined {
  const keys = Object.keys(body);
  if (!endpoint.body) return keys[0];
  const allowed = namesOf(endpoint.body);
  return allowed ? keys.find((k) => !allowed.has(k)) : undefined;
}

/**
 * A call's input by its endpoint's declaration. The body is read now and a field it does not declare refused; each
 * part is parsed when the handler first reads it, so a stranger is told to sign in before being told a field is
 * wrong, and a handler never sees input its declaration did not check. A query's unknown names are dropped, as HTTP
 * servers do (a link may carry a tracker's).
 */
export async function inputOf<E extends Endpoint>(endpoint: E, facts: CallFacts): Promise<InputOf<E>> {
  const body = endpoint.upload || endpoint.method === "GET" ? {} : await facts.body();
  const stray = undeclared(endpoint, body);
  if (stray !== undefined)
    throw new ApiError("validation", `接口不接受字段“${stray.slice(0, 40)}”`, {
      [stray.slice(0, 40)]: "接口不接受此字段",
    });
  const lazily = <S extends z.ZodType | undefined>(schema: S, raw: unknown) => {
    let value: unknown;
    let done = false;
    return () => {
      if (!done) {
        value = schema ? parse(schema, raw) : undefined;
        done = true;
      }
      return value;
    };
  };
  const params = lazily(endpoint.params, facts.params);
  const query = lazily(endpoint.query, facts.query);
  const parsedBody = lazily(endpoint.body, body);
  return {
    get params() {
      return params();
    },
    get query() {
      return query();
    },
    get body() {
      return parsedBody();
    },
  } as InputOf<E>;
}
