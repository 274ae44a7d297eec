import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";

/** Set-Cookie lines that loaders and actions want on this response (sign-in, a dead token, a read flash). */
const cookieJar = createContext<string[]>([]);

export function setCookie(context: Readonly<RouterContextProvider>, cookie: string) {
  context.get(cookieJar).push(cookie);
}

/** Root middleware: gives each request its own jar and writes it out on the way back. */
export const cookieMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const jar: string[] = [];
  context.set(cookieJar, jar);
  const response = await next();
  if (!jar.length) return response;
  const out = new Response(response.body, response);
  for (const cookie of jar) out.headers.append("Set-Cookie", cookie);
  return out;
};
