import { envelopeText } from "../api/lib/envelope.ts";

/**
 * An API answer made in this process for a page's loader: its `json()` parses the text the answer was made of
 * (api/lib/envelope.ts) instead of reading the body, which under @hono/node-server encodes that text, streams it
 * and decodes it again. A page asks the API three to six times. Any other answer is left as it is.
 */
export function inProcessAnswer(res: Response): Response {
  const text = envelopeText(res);
  if (text !== undefined) Object.defineProperty(res, "json", { value: async () => JSON.parse(text) });
  return res;
}
