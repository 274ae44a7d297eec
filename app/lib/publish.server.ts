import { data, redirect, type RouterContextProvider } from "react-router";
import { ApiFailure, apiClient, type ApiClient } from "./api.server.ts";
import { uploadFile } from "./upstream/uploads.ts";
import { createWork, updateWork } from "./upstream/works.ts";
import { flashCookie } from "./flash.server.ts";
import { setCookie, readForm } from "./request.server.ts";

const text = (form: FormData, key: string) => String(form.get(key) ?? "");
const files = (form: FormData, key: string) =>
  form.getAll(key).filter((f): f is File => f instanceof File && f.size > 0);

export type PublishValues = {
  type: number;
  nodeId: string;
  title: string;
  summary: string;
  content: string;
  url: string;
  tags: string;
  images: { url: string; alt: string }[];
  cover: string;
  audio: string;
  logo: string;
};

async function upload(api: ApiClient, field: "image" | "audio", file: File): Promise<string> {
  return (await uploadFile(api, field, file)).url;
}

/**
 * The publish form's post (create or edit). Files that came with the form (no JavaScript) are uploaded first;
 * on any error the form comes back with what was entered, including the files already stored.
 */
export async function publishAction(request: Request, context: Readonly<RouterContextProvider>, editId: number | null) {
  const form = await readForm(request);
  const api = apiClient(request, context);
  const removed = new Set(form.getAll("removeImage").map(String));
  const alts = form.getAll("imageAlt").map(String);
  const values: PublishValues = {
    type: Number(text(form, "type")),
    nodeId: text(form, "nodeId"),
    title: text(form, "title"),
    summary: text(form, "summary"),
    content: text(form, "content"),
    url: text(form, "url"),
    tags: text(form, "tags"),
    images: form
      .getAll("imageUrl")
      .map((u, i) => ({ url: String(u), alt: alts[i] ?? "" }))
      .filter((img) => !removed.has(img.url)),
    cover: text(form, "cover"),
    audio: text(form, "audio"),
    logo: text(form, "logo"),
  };
  const fieldErrors: Record<string, string> = {};
  const fail = (message: string, status = 400) => data({ message, fieldErrors, values }, { status });
  try {
    for (const file of files(form, "imageFiles"))
      values.images.push({ url: await upload(api, "image", file), alt: "" });
  } catch (err) {
    if (!(err instanceof ApiFailure)) throw err;
    fieldErrors.images = err.message;
    return fail(err.message);
  }
  for (const [field, kind] of [
    ["audio", "audio"],
    ["logo", "image"],
  ] as const) {
    const file = files(form, `${field}File`)[0];
    if (!file) continue;
    try {
      values[field] = await upload(api, kind, file);
    } catch (err) {
      if (!(err instanceof ApiFailure)) throw err;
      fieldErrors[field] = err.message;
      return fail(err.message);
    }
  }
  if (removed.has(values.cover)) values.cover = "";
  try {
    const body = { ...values, images: JSON.stringify(values.images) };
    const { artId } = editId ? await updateWork(api, editId, body) : await createWork(api, body);
    setCookie(context, flashCookie({ kind: "success", text: editId ? "已保存修改" : "发布成功" }));
    return redirect(`/art/${artId}`);
  } catch (err) {
    if (!(err instanceof ApiFailure)) throw err;
    Object.assign(fieldErrors, err.fieldErrors);
    return fail(err.message, err.status === 401 ? 401 : err.status === 403 ? 403 : 400);
  }
}
