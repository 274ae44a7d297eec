import { isbot } from "isbot";
import { createContext, data, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { webContext } from "./context.ts";

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

/**
 * Root middleware: names the request's route (its pattern, for the log line and metrics), gives each request its own
 * cookie jar and memo, and writes the jar out on the way back.
 */
export const requestMiddleware: MiddlewareFunction<Response> = async ({ context, pattern }, next) => {
  // React Router's patterns are relative to the root (`art/:id`): written as addresses are.
  context.get(webContext).nameRoute(`/${pattern.replace(/^\/+/, "")}`);
  const jar: string[] = [];
  context.set(cookieJar, jar);
  context.set(memo, new Map());
  const response = await next();
  if (!jar.length) return response;
  const out = new Response(response.body, response);
  for (const cookie of jar) out.headers.append("Set-Cookie", cookie);
  return out;
};

/** A search engine's or a link preview's fetch, by its User-Agent: it reads pages, but is nobody's visit. */
export const isCrawler = (request: Request) => isbot(request.headers.get("user-agent"));

export const BAD_FORM = "提交的表单格式不正确，请刷新页面后重试";

/**
 * The posted form. A body that is not a form (JSON, a broken multipart boundary, a truncated upload) is the
 * client's mistake: a 400 with a Chinese message, not a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(type))
    throw data(BAD_FORM, { status: 400 });
  try {
    return await request.formData();
  } catch {
    throw data(BAD_FORM, { status: 400 });
  }
}
