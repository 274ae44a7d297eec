import { isDeepStrictEqual } from "node:util";
import type { Answered, Envelope } from "../contract/endpoint.ts";
import { ErrorCode } from "../contract/errors.ts";
import type { ApiTransport } from "../app/lib/context.ts";
import { inSpan } from "../api/lib/telemetry.ts";

type ApiApp = {
  fetch(
    request: Request,
    env: { clientIp: string; answer?: { envelope?: Envelope } } & object,
  ): Response | Promise<Response>;
};

/**
 * The one seam between the pages and the API (docs/architecture.md): a request in, the envelope out.
 *
 * In this process the API hands the envelope over as the value it made (a slot beside the request,
 * api/lib/envelope.ts), so no JSON is written or read: a page asks the API three to six times, and the JSON both
 * ways cost a page 2–4 % of its CPU. `extra` is what goes beside each request (the page's session memo); `track`
 * wraps each call (the site counts calls at work so it closes the database after the last). With `checked` (the
 * tests and the dev server) each value is a frozen copy of what its JSON would give.
 */
export function inProcess(
  api: ApiApp,
  extra: object = {},
  options: { checked?: boolean; track?: <T>(work: Promise<T>) => Promise<T> } = {},
): ApiTransport {
  const track = options.track ?? ((work) => work);
  return {
    // Under tracing, each call is a span of the page's trace (renamed to its endpoint's pattern by the API).
    call: (request, clientIp): Promise<Answered> =>
      inSpan(
        `api ${request.method}`,
        () => ({ "url.path": new URL(request.url).pathname }),
        async (span) => {
          const slot: { envelope?: Envelope } = {};
          const res = await track(Promise.resolve(api.fetch(request, { ...extra, clientIp, answer: slot })));
          span?.setAttribute("http.response.status_code", res.status);
          // An answer made another way (a body limit, a proxy's error page) is read from its body.
          const envelope = slot.envelope ?? (await envelopeIn(res));
          return { status: res.status, envelope: options.checked ? frozenCopy(envelope, request.url) : envelope };
        },
      ),
    fetch: (request, clientIp) => track(Promise.resolve(api.fetch(request, { ...extra, clientIp }))),
  };
}

/** The API elsewhere (API_ORIGIN), or anything that answers Fetch's way: the envelope is read from the body. */
export function overHttp(fetch: (request: Request, clientIp: string) => Promise<Response>): ApiTransport {
  return {
    call: async (request, clientIp) => {
      const res = await fetch(request, clientIp);
      return { status: res.status, envelope: await envelopeIn(res) };
    },
    fetch,
  };
}

/** The envelope in an answer's body; a body that is none (a proxy's error page) reads as the API being away. */
async function envelopeIn(res: Response): Promise<Envelope> {
  try {
    return (await res.json()) as Envelope;
  } catch {
    return { success: false, errorCode: ErrorCode.internal, message: "服务暂时不可用，请稍后再试", data: null };
  }
}

/**
 * A checked value must be what its JSON would give: a loader that changed an answer would change it for every page
 * sharing it (the API's cached lists and settings), and a value JSON would not carry (a date, `undefined`, NaN)
 * would reach a page only here.
 */
function frozenCopy<T>(value: T, url: string): T {
  const copy = JSON.parse(JSON.stringify(value)) as T;
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
