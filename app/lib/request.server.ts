import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";

/** Set-Cookie lines that loaders and actions want on this response (sign-in, a dead token, a read flash). */
const cookieJar = createContext<string[]>();
/** Answers computed once per request and shared by every loader of it (the root's and the page's run together). */
const memo = createContext<Map<string, Promise<unknown>>>();

export function setCookie(context: Readonly<RouterContextProvider>, cookie: string) {
  context.get(cookieJar).push(cookie);
}

export function once<T>(context: Readonly<RouterContextProvider>, key: string, compute: () => Promise<T>): Promise<T> {
  const cache = context.get(memo);
  if (!cache.has(key)) cache.set(key, compute());
  return cache.get(key) as Promise<T>;
}

/** Root middleware: gives each request its own cookie jar and memo, and writes the jar out on the way back. */
export const requestMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const jar: string[] = [];
  context.set(cookieJar, jar);
  context.set(memo, new Map());
  const response = await next();
  if (!jar.length) return response;
  const out = new Response(response.body, response);
  for (const cookie of jar) out.headers.append("Set-Cookie", cookie);
  return out;
};
