import { type RouterContextProvider } from "react-router";
import { apiClient, type ApiClient } from "./api.server.ts";
import { uploadFile } from "./upstream/uploads.ts";
import { createWork, updateWork } from "./upstream/works.ts";
import { readForm } from "./request.server.ts";
import { attempt, done, refused, type Refusal } from "./form-action.server.ts";
import type { RightsValues } from "../components/publish/RightsFields.tsx";

const text = (form: FormData, key: string) => String(form.get(key) ?? "");
const files = (form: FormData, key: string) =>
  form.getAll(key).filter((f): f is File => f instanceof File && f.size > 0);

export type PublishValues = RightsValues & {
  type: number;
  nodeId: string;
  title: string;
  summary: string;
  content: string;
  url: string;
  tags: string;
  images: { url: string; alt: string }[];
  cover: string;
  coverX: string;
  coverY: string;
  audio: string;
  logo: string;
};

/** Moves the picture at `from` one place up (-1) or down (1), if there is a place there. */
export function moveImage<T>(list: T[], from: number, by: number) {
  const to = from + by;
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return;
  [list[from], list[to]] = [list[to], list[from]];
}

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
    coverX: text(form, "coverX"),
    coverY: text(form, "coverY"),
    audio: text(form, "audio"),
    logo: text(form, "logo"),
    origin: text(form, "origin"),
    sourceUrl: text(form, "sourceUrl"),
    sourceAuthor: text(form, "sourceAuthor"),
    license: text(form, "license"),
    aiLabel: text(form, "aiLabel"),
    noai: text(form, "noai"),
    offerOriginal: text(form, "offerOriginal"),
    watermark: text(form, "watermark"),
    watermarkOpacity: text(form, "watermarkOpacity"),
  };
  // A file the form carried (no script to upload it beforehand) is uploaded first; its refusal names its field.
  const uploadInto = async (field: "images" | "audio" | "logo", kind: "image" | "audio", file: File) => {
    const stored = await attempt(upload(api, kind, file));
    if (!stored.ok) stored.failure.fieldErrors[field] ??= stored.failure.message;
    return stored;
  };
  for (const file of files(form, "imageFiles")) {
    const stored = await uploadInto("images", "image", file);
    if (!stored.ok) return refused(stored.failure, { values });
    values.images.push({ url: stored.value, alt: "" });
  }
  for (const [field, kind] of [
    ["audio", "audio"],
    ["logo", "image"],
  ] as const) {
    const file = files(form, `${field}File`)[0];
    if (!file) continue;
    const stored = await uploadInto(field, kind, file);
    if (!stored.ok) return refused(stored.failure, { values });
    values[field] = stored.value;
  }
  if (removed.has(values.cover)) values.cover = "";
  // 上传, 上移 and 下移 without JavaScript: the form comes back with the files stored and the pictures in their new
  // order, nothing saved. A cover that was the first picture was not picked, so it stays "the first".
  const arrange = text(form, "arrange");
  const move = /^(\d{1,2}):(-1|1)$/.exec(arrange);
  if (move) {
    if (values.cover === values.images[0]?.url) values.cover = "";
    moveImage(values.images, Number(move[1]), Number(move[2]));
  }
  if (arrange) return { values, message: "", fieldErrors: {} } satisfies Refusal & { values: PublishValues };
  const body = { ...values, images: JSON.stringify(values.images) };
  const saved = await attempt(editId ? updateWork(api, editId, body) : createWork(api, body));
  if (!saved.ok) return refused(saved.failure, { values });
  return done(context, editId ? "已保存修改" : "发布成功", `/art/${saved.value.artId}`);
}
