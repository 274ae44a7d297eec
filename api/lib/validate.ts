import type { HonoRequest } from "hono";
import { z } from "zod";
import { ApiError, type FieldErrors } from "./errors.ts";

/** Nothing the API takes nests deeper than this; a deeper body is refused before it is parsed. */
export const MAX_JSON_DEPTH = 16;

/** How deeply a JSON text nests its arrays and objects (brackets inside strings do not count). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92)
        i++; // backslash: skip the escaped character
      else if (ch === 34) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 91 || ch === 123) deepest = Math.max(deepest, ++depth);
    else if (ch === 93 || ch === 125) depth--;
  }
  return deepest;
}

/** Reads a form-encoded, multipart or JSON body into a plain object. */
export async function readBody(req: HonoRequest): Promise<Record<string, unknown>> {
  const type = req.header("content-type") ?? "";
  try {
    if (type.includes("application/json")) {
      const text = await req.text();
      if (jsonDepth(text) > MAX_JSON_DEPTH) throw new ApiError("badRequest", "请求内容嵌套过深");
      const body = JSON.parse(text);
      return body && typeof body === "object" && !Array.isArray(body) ? body : {};
    }
    if (type.includes("multipart/form-data") || type.includes("application/x-www-form-urlencoded")) {
      return (await req.parseBody({ all: true })) as Record<string, unknown>;
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError("badRequest");
  }
  return {};
}

/** The field holding a NUL character, if any: PostgreSQL refuses it in text, and no one types it. */
function fieldWithNul(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  if (depth > MAX_JSON_DEPTH || !value || typeof value !== "object" || value instanceof Blob) return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = fieldWithNul(inner, path || key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** Validates input against a schema; the first problem of each field becomes its Chinese message. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const nul = fieldWithNul(input, "");
  if (nul !== null)
    throw new ApiError("validation", "内容包含无效的空字符（NUL）", { [nul || "_"]: "内容包含无效的空字符（NUL）" });
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues.flatMap((i) => nearestOption(i, input))) {
    const key = issue.path.length ? String(issue.path[0]) : "_";
    if (!fieldErrors[key]) fieldErrors[key] = issue.message;
  }
  const first = Object.values(fieldErrors)[0] ?? "提交的内容有误";
  throw new ApiError("validation", first, fieldErrors);
}

type Issue = z.core.$ZodIssue;

/**
 * A union's failure told as the option the input came closest to (the one that misses the fewest fields it was
 * given none of: 手机号登录 when a phone came, 用户名登录 when a username did), not as "Invalid input".
 */
function nearestOption(issue: Issue, input: unknown): Issue[] {
  if (issue.code !== "invalid_union" || issue.path.length || !issue.errors.length) return [issue];
  const given = input && typeof input === "object" ? (input as Record<string, unknown>) : {};
  const missing = (issues: Issue[]) => issues.filter((i) => given[String(i.path[0])] === undefined).length;
  const [best] = [...issue.errors].sort((a, b) => missing(a) - missing(b) || a.length - b.length);
  return best!;
}

export { id, optionalId, optionalText, secret, text } from "../../contract/shared/fields.ts";
