import { isDeepStrictEqual } from "node:util";
import { envelopeText, envelopeValue } from "../api/lib/envelope.ts";

/**
 * An API answer made in this process for a page's loader: its `json()` is the envelope the API made when the call
 * said it takes values (server.ts), or parses the text the answer was made of (api/lib/envelope.ts), instead of
 * reading the body, which under @hono/node-server encodes that text, streams it and decodes it again. A page asks
 * the API three to six times. Any other answer is left as it is.
 */
export function inProcessAnswer(res: Response, checkedAs?: string): Response {
  const value = envelopeValue(res);
  if (value !== undefined) {
    Object.defineProperty(res, "json", {
      value: async () => (checkedAs === undefined ? value : frozenCopy(value, checkedAs)),
    });
    return res;
  }
  const text = envelopeText(res);
  if (text !== undefined) Object.defineProperty(res, "json", { value: async () => JSON.parse(text) });
  return res;
}

/**
 * Under the tests and the dev server (`checkedAs`, the call's address) a loader gets a frozen copy, and the value
 * must be what its JSON would give: a loader that changed an answer would change it for every page sharing it (the
 * API's cached lists and settings), and a value JSON would not carry (a date, `undefined`, NaN) would reach a page
 * only here.
 */
function frozenCopy(value: unknown, url: string): unknown {
  const copy: unknown = JSON.parse(JSON.stringify(value));
  if (!isDeepStrictEqual(copy, value))
    throw new Error(`An API answer made in this process is not what its JSON gives (${url}): ${JSON.stringify(value)}`);
  return deepFreeze(copy);
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
