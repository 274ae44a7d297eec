import { data, redirect, type RouterContextProvider } from "react-router";
import { apiClient } from "../../lib/api.server.ts";
import { attempt, formBody, refused } from "../../lib/form-action.server.ts";
import type { Endpoint } from "../../../contract/shared/endpoint.ts";
import type { BulkResult } from "../../../contract/admin/views.ts";
import { pagePath } from "../../lib/ref.ts";
import { flashCookie } from "../../lib/flash.server.ts";
import { readForm, setCookie } from "../../lib/request.server.ts";
import { forgetSiteCache, requireStaff } from "../../lib/site.server.ts";

/** Which admin endpoint a form goes to (contract/admin/endpoints.ts), and the toast once it is done. */
export type AdminTarget = { endpoint: Endpoint<"POST">; params?: Record<string, string | number>; done: string };

/**
 * An admin form's post: the form goes to the API path its `intent` names, and the page comes back with a toast
 * (a plain redirect, so it works without JavaScript); a refusal comes back as the form's message, nothing changed.
 */
export async function adminPost(
  request: Request,
  context: Readonly<RouterContextProvider>,
  route: (form: FormData) => AdminTarget | null,
) {
  await requireStaff(request, context);
  return sendAdminForm(request, context, await readForm(request), route);
}

/** adminPost for an action that has read its form already (and checked the staff role before reading it). */
export async function sendAdminForm(
  request: Request,
  context: Readonly<RouterContextProvider>,
  form: FormData,
  route: (form: FormData) => AdminTarget | null,
) {
  const target = route(form);
  // What was typed comes back with a refusal, so a long word list is not lost to one blank line.
  const values = Object.fromEntries([...form].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  // A selection survives a refusal too (a page without JavaScript is drawn afresh).
  const selected = form.getAll("ids").map(String);
  if (!target)
    return data({ message: "未知操作", fieldErrors: {} as Record<string, string>, values, selected }, { status: 400 });
  const sent = await attempt(
    apiClient(request, context).call(target.endpoint, {
      params: target.params ?? {},
      body: formBody(target.endpoint, form) as never,
    }),
  );
  if (!sent.ok) return refused(sent.failure, { values, selected });
  // Only a bulk action's answer says more than that it was done.
  const result = sent.value as Partial<BulkResult> | null;
  const skipped = result && Array.isArray(result.skipped) ? result.skipped : [];
  const text = skipped.length
    ? `${target.done} ${result?.done} 项；${skipped.length} 项未处理：${skipped.map((s) => `#${s.id} ${s.message}`).join("；")}`
    : target.done;
  // Nodes, settings and ways in are cached per process; this one shows the change at once.
  forgetSiteCache(context);
  setCookie(context, flashCookie({ kind: skipped.length ? "error" : "success", text: text.slice(0, 200) }));
  // The page the form is on, not the data request a client-side post goes to.
  return redirect(pagePath(request.url));
}
