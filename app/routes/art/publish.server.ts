import { type RouterContextProvider } from "react-router";
import { apiClient, type ApiClient } from "../../lib/api.server.ts";
import { uploadFile } from "../../lib/upstream/uploads.ts";
import { createWork, updateWork } from "../../lib/upstream/works.ts";
import { saveDraft } from "../../lib/upstream/drafts.ts";
import { kinds } from "../../../contract/shared/kinds.ts";
import type { DraftView } from "../../../contract/drafts/views.ts";
import { readForm } from "../../lib/request.server.ts";
import type { BodyOf } from "../../lib/api.server.ts";
import { works } from "../../../contract/works/endpoints.ts";
import { attempt, done, fieldsOf, refused, type Refusal } from "../../lib/form-action.server.ts";
import type { RightsValues } from "../../components/publish/RightsFields.tsx";

const text = (form: FormData, key: string) => String(form.get(key) ?? "");
const files = (form: FormData, key: string) =>
  form.getAll(key).filter((f): f is File => f instanceof File && f.size > 0);

/** The work's fields as the publish form holds them: the declaration's, as typed, with its pictures as a list. */
export type PublishValues = RightsValues &
  Record<Exclude<keyof BodyOf<typeof works.create>, "type" | "images" | "draftId">, string> & {
    type: number;
    images: { url: string; alt: string; thumb?: string }[];
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
/** What the publish form holds as typed (its pictures without the ones ticked 移除). */
export function formValues(form: FormData): PublishValues {
  const removed = new Set(form.getAll("removeImage").map(String));
  const alts = form.getAll("imageAlt").map(String);
  const thumbs = form.getAll("imageThumb").map(String);
  const { type, images: _images, draftId: _draftId, ...fields } = fieldsOf(form, works.create.body);
  const values: PublishValues = {
    ...fields,
    type: Number(type),
    images: form
      .getAll("imageUrl")
      .map((u, i) => ({ url: String(u), alt: alts[i] ?? "", ...thumbOf(thumbs[i]) }))
      .filter((img) => !removed.has(img.url)),
  };
  if (removed.has(values.cover)) values.cover = "";
  return values;
}

/** What the API keeps of a form as a draft (contract/drafts/schemas.ts): its fields, the pictures as JSON. */
export const draftBody = (values: PublishValues, draftId: string, workId: number | null) => ({
  ...values,
  images: JSON.stringify(values.images),
  draftId,
  workId: workId ?? "",
});

/** A preview address the form may show: one of the site's stored files, nothing else. */
const thumbOf = (v: unknown) => (typeof v === "string" && /^\/uploads\/[\w./-]+$/.test(v) ? { thumb: v } : {});

/** A saved draft as the form's values (its pictures' JSON read leniently: a draft is only what was typed). */
export function valuesOfDraft(draft: DraftView): PublishValues {
  const { images, type, ...rest } = draft.values;
  let list: { url: string; alt: string; thumb?: string }[] = [];
  try {
    const parsed: unknown = JSON.parse(images || "[]");
    if (Array.isArray(parsed))
      list = parsed
        .filter((i): i is { url: string; alt?: unknown; thumb?: unknown } => !!i && typeof i.url === "string")
        .map((i) => ({ url: i.url, alt: typeof i.alt === "string" ? i.alt : "", ...thumbOf(i.thumb) }));
  } catch {
    // an unreadable list is no pictures
  }
  return { ...rest, type: Number(type) || draft.type, images: list };
}

/**
 * The form saved as a draft while typing (with JavaScript, from /art/draft): the API keeps it as it is and answers
 * where it is, for the next save to go on in it.
 */
export function saveDraftOf(api: ApiClient, form: FormData) {
  const workId = Number(text(form, "workId")) || null;
  return saveDraft(api, draftBody(formValues(form), text(form, "draftId"), workId));
}

export async function publishAction(request: Request, context: Readonly<RouterContextProvider>, editId: number | null) {
  const form = await readForm(request);
  const api = apiClient(request, context);
  const values = formValues(form);
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
  // 存草稿 without JavaScript: the form is kept as it is, files included, and comes back as that draft.
  if (text(form, "intent") === "draft") {
    const saved = await attempt(saveDraft(api, draftBody(values, text(form, "draftId"), editId)));
    if (!saved.ok) return refused(saved.failure, { values });
    const type = kinds.find((k) => k.type === values.type)?.key ?? "post";
    const back = editId ? `/art/edit/${editId}?` : `/art/create?type=${type}&`;
    return done(context, "草稿已保存", `${back}draft=${saved.value.draftId}`);
  }
  // 上传, 上移 and 下移 without JavaScript: the form comes back with the files stored and the pictures in their new
  // order, nothing saved. A cover that was the first picture was not picked, so it stays "the first".
  const arrange = text(form, "arrange");
  const move = /^(\d{1,2}):(-1|1)$/.exec(arrange);
  if (move) {
    if (values.cover === values.images[0]?.url) values.cover = "";
    moveImage(values.images, Number(move[1]), Number(move[2]));
  }
  if (arrange) return { values, message: "", fieldErrors: {} } satisfies Refusal & { values: PublishValues };
  const body = { ...values, images: JSON.stringify(values.images), draftId: text(form, "draftId") };
  const saved = await attempt(editId ? updateWork(api, editId, body) : createWork(api, body));
  if (!saved.ok) return refused(saved.failure, { values });
  // A word the admins review holds the work until they let it through: the author is told, not congratulated.
  const said = saved.value.held
    ? "已提交：作品含有需要审核的内容，管理员通过后才会公开"
    : editId
      ? "已保存修改"
      : values.publishAt
        ? `已定时：${values.publishAt.replace("T", " ")} 发布`
        : "发布成功";
  return done(context, said, `/art/${saved.value.artId}`);
}
