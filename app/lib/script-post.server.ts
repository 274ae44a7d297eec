import { data, type RouterContextProvider } from "react-router";
import { apiClient, type ApiClient } from "./api.server.ts";
import { BAD_FORM, readForm } from "./request.server.ts";

/**
 * A post the page's script sends with fetch or XMLHttpRequest and reads as JSON (an upload, an autosaved draft): the
 * member's API client and the form, or the JSON refusal to answer with (not signed in, a form that does not parse).
 */
export async function scriptPost(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<{ api: ApiClient; form: FormData } | { refusal: ReturnType<typeof data> }> {
  const api = apiClient(request, context);
  if (!api.token) return { refusal: data({ ok: false, error: "请先登录" }, { status: 401 }) };
  try {
    return { api, form: await readForm(request) };
  } catch {
    return { refusal: data({ ok: false, error: BAD_FORM }, { status: 400 }) };
  }
}
