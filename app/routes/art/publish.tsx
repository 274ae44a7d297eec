import { useCallback, useEffect, useRef, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/publish";
import type { WorkDetailView } from "../../../contract/works/views.ts";
import { ImageList } from "../../components/publish/ImageList.tsx";
import { MarkdownEditor } from "../../components/publish/MarkdownEditor.tsx";
import { SingleFile } from "../../components/publish/SingleFile.tsx";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { getEditableWork } from "../../lib/upstream/works.ts";
import { publishAction, valuesOfDraft, type PublishValues } from "./publish.server.ts";
import { getDraft } from "../../lib/upstream/drafts.ts";
import { useAutosave } from "../../components/publish/autosave.ts";
import { DraftStatus } from "../../components/publish/DraftStatus.tsx";
import { TagsField } from "../../components/publish/TagsField.tsx";
import { ScheduleField } from "../../components/publish/ScheduleField.tsx";
import { requireUser } from "../../lib/site.server.ts";
import {
  audioAccept,
  contentLabel,
  contentLimit,
  mediaLimits,
  megabytes,
  workLimits,
} from "../../../contract/shared/limits.ts";
import { formRules } from "../../../contract/shared/fields.ts";
import { workSchema } from "../../../contract/works/schemas.ts";
import { WorkType, kinds } from "../../../contract/shared/kinds.ts";
import { Field, inputClass } from "../../components/Field.tsx";
import { useSite } from "../../lib/site.ts";
import { FormAlert } from "../../components/FormAlert.tsx";
import { RightsFields } from "../../components/publish/RightsFields.tsx";
import { AiLabel, DEFAULT_LICENSE, DEFAULT_WATERMARK_OPACITY } from "../../../contract/works/rights.ts";
import type { CurrentUserView } from "../../../contract/signin/views.ts";
import { useLeaveGuard } from "./leave-guard.ts";

export const meta: Route.MetaFunction = ({ params }) => [
  { title: params.id ? "编辑作品" : "发布作品" },
  { name: "robots", content: "noindex" },
];

// The fields' limits, from the schema the API checks them with (zod stays on the server).
const publishFields = () => formRules(workSchema, ["title", "url", "summary", "sourceUrl", "sourceAuthor"]);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(request, context);
  const api = apiClient(request, context);
  const query = new URL(request.url).searchParams;
  // A draft goes on where it was left: only its author can open it, and only in the form it was of.
  const draftParam = query.get("draft") ?? "";
  const draft = /^\d{1,15}$/.test(draftParam) ? await orErrorPage(getDraft(api, Number(draftParam))) : null;
  if (draft && draft.workId !== (params.id ? Number(params.id) : null))
    throw data("草稿不存在或已删除", { status: 404 });
  const fromDraft = draft && { draftId: draft.draftId, values: valuesOfDraft(draft) };
  if (!params.id) {
    const type = draft?.type ?? kinds.find((k) => k.key === query.get("type"))?.type ?? 1;
    return { work: null, type, fields: publishFields(), draft: fromDraft };
  }
  if (!/^\d{1,15}$/.test(params.id)) throw data("作品不存在或已删除", { status: 404 });
  // The API checks that this user may edit it (author or staff); opening the form is not a view.
  const work = await orErrorPage(getEditableWork(api, params.id));
  return { work, type: work.type as number, fields: publishFields(), draft: fromDraft };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return publishAction(request, context, params.id ? Number(params.id) : null);
}

/** A crop position as typed back into the form: a whole percent, or the centre. */
const percent = (s: string) => (/^\d{1,3}$/.test(s) && Number(s) <= 100 ? Number(s) : 50);

function initialValues(work: WorkDetailView | null, type: number, me: CurrentUserView | null): PublishValues {
  const rights = work?.rights;
  return {
    type,
    nodeId: work?.node ? String(work.node.nodeId) : "",
    title: work?.title ?? "",
    summary: work?.summary && (work.type === WorkType.project || work.type === WorkType.link) ? work.summary : "",
    content: work?.content ?? "",
    url: work?.url ?? "",
    tags: work?.tags.map((t) => t.name).join(" ") ?? "",
    images:
      work?.images.map((i) => ({ url: i.url, alt: i.alt, thumb: i.variants?.["640"] ?? i.variants?.["320"] })) ?? [],
    cover: work?.cover?.url ?? "",
    publishAt: "",
    coverX: String(work?.focus?.[0] ?? 50),
    coverY: String(work?.focus?.[1] ?? 50),
    audio: work?.audio ?? "",
    logo: work?.logo ?? "",
    origin: rights?.source ? "repost" : "original",
    sourceUrl: rights?.source?.url ?? "",
    sourceAuthor: rights?.source?.author ?? "",
    license: rights?.license ?? me?.rightsDefaults.license ?? DEFAULT_LICENSE,
    aiLabel: String(rights?.ai ?? AiLabel.none),
    noai: (rights?.noai ?? me?.rightsDefaults.noai ?? true) ? "1" : "0",
    offerOriginal: (rights?.offerOriginal ?? true) ? "1" : "0",
    watermark: rights?.watermark?.corner ?? "none",
    watermarkOpacity: String(rights?.watermark?.opacity ?? DEFAULT_WATERMARK_OPACITY),
  };
}

export default function Publish({ loaderData, actionData }: Route.ComponentProps) {
  const { work, fields } = loaderData;
  const site = useSite();
  const v = actionData?.values ?? loaderData.draft?.values ?? initialValues(work, loaderData.type, site?.user ?? null);
  const type = work ? work.type : loaderData.type;
  const e: Record<string, string> = actionData?.fieldErrors ?? {};
  const form = { rules: fields, errors: e, values: v };
  const busy = useNavigation().state === "submitting";
  const general = actionData?.message && !Object.keys(e).length ? actionData.message : null;
  // A post sent while a file is still uploading would silently leave that file out.
  const [uploading, setUploading] = useState(false);
  // Each change is saved as a draft a few seconds later; leaving before that asks first.
  const formRef = useRef<HTMLFormElement>(null);
  const [version, setVersion] = useState(0);
  const changed = useCallback(() => setVersion((n) => n + 1), []);
  const autosave = useAutosave(formRef, version, loaderData.draft?.draftId ?? null);
  const guard = useLeaveGuard(autosave.unsaved);
  const { resume } = autosave;
  useEffect(() => {
    // The post came back (refused): the form stays, and so does saving as one types.
    if (actionData) {
      guard.back();
      resume();
    }
  }, [actionData, guard, resume]);
  return (
    <main className="mx-auto max-w-3xl px-4 py-6">
      <h1 className="mb-4 text-2xl font-semibold">{work ? "编辑作品" : "发布作品"}</h1>
      {!work && (
        <nav aria-label="作品类型" className="mb-5 grid grid-cols-5 gap-2">
          {kinds.map((k) => (
            <Link
              key={k.key}
              to={`/art/create?type=${k.key}`}
              replace
              aria-current={k.type === type ? "page" : undefined}
              className={`rounded-xl border p-2 text-center text-sm ${k.type === type ? "border-primary bg-primary-soft text-primary" : "border-line bg-surface"}`}
            >
              <span className="block font-medium">{k.label}</span>
              <span className="hidden text-xs text-muted sm:block">{k.hint}</span>
            </Link>
          ))}
        </nav>
      )}
      <Form
        method="post"
        encType="multipart/form-data"
        className="space-y-5 rounded-2xl border border-line bg-surface p-5"
        noValidate
        ref={formRef}
        onChange={changed}
        onSubmit={(event) => {
          const el = event.currentTarget;
          const pending = !!el.querySelector("[data-uploading]");
          setUploading(pending);
          if (pending) return event.preventDefault();
          const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
          // A draft save on its way is waited for, so the post names its draft and publishing removes it.
          if (autosave.savePending()) {
            event.preventDefault();
            void autosave.sendingNow().then((id) => {
              const field = el.elements.namedItem("draftId") as HTMLInputElement | null;
              if (id && field) field.value = String(id);
              el.requestSubmit(submitter);
            });
            return;
          }
          void autosave.sendingNow();
          guard.sending();
        }}
      >
        <input type="hidden" name="type" value={type} />
        <input type="hidden" name="draftId" value={autosave.draftId ?? ""} />
        {work && <input type="hidden" name="workId" value={work.artId} />}
        <FormAlert message={general} />
        <FormAlert message={uploading && "文件还在上传，请等上传完成后再提交"} />
        <div>
          <label htmlFor="f-nodeId" className="text-sm font-medium">
            节点
          </label>
          <select
            id="f-nodeId"
            name="nodeId"
            defaultValue={v.nodeId}
            aria-invalid={e.nodeId ? true : undefined}
            className={inputClass}
          >
            <option value="">请选择节点</option>
            {site?.nodes.map((n) => (
              <option key={n.nodeId} value={n.nodeId}>
                {n.name}
              </option>
            ))}
          </select>
          {e.nodeId && (
            <p role="alert" className="mt-1 text-xs text-danger">
              {e.nodeId}
            </p>
          )}
        </div>
        {type !== WorkType.post && (
          <Field formState={form} name="title" label={type === WorkType.project ? "项目名称" : "标题"} />
        )}
        {(type === WorkType.project || type === WorkType.link) && (
          <Field
            formState={form}
            name="url"
            label={type === WorkType.project ? "项目主页或仓库地址" : "链接地址"}
            type="url"
            placeholder="https://"
          />
        )}
        {(type === WorkType.project || type === WorkType.link) && (
          <Field formState={form} name="summary" label="简介" hint="一两句话说明它是什么" />
        )}
        {type === WorkType.project && (
          <SingleFile
            name="logo"
            kind="image"
            label="项目图标"
            accept="image/*"
            initial={v.logo}
            error={e.logo}
            hint="方形图片效果最好"
          />
        )}
        {type === WorkType.music && (
          <SingleFile
            name="audio"
            kind="audio"
            label="音频文件"
            accept={audioAccept}
            initial={v.audio}
            initialDuration={work?.duration}
            error={e.audio}
            hint={`MP3、M4A、OGG、FLAC 或 WAV，不超过${megabytes(mediaLimits.audioBytes)}`}
          />
        )}
        {type !== WorkType.link && (
          <MarkdownEditor
            name="content"
            label={type === WorkType.post ? "内容" : contentLabel[type as keyof typeof contentLabel]}
            defaultValue={v.content}
            maxLength={contentLimit[type as keyof typeof contentLimit]}
            rows={type === WorkType.post ? 5 : 12}
            markdown={type === WorkType.article || type === WorkType.project}
            blocks
            error={e.content}
            placeholder={type === WorkType.post ? "分享你的创作、想法或问题…" : undefined}
          />
        )}
        <ImageList
          initial={v.images}
          cover={v.cover}
          focus={[percent(v.coverX), percent(v.coverY)]}
          max={workLimits.images}
          error={e.images}
          onChange={changed}
        />
        <TagsField form={form} />
        <RightsFields form={form} aiFloor={work?.rights.aiFloor ?? AiLabel.none} />
        {!work && <ScheduleField value={v.publishAt} error={e.publishAt} />}
        <div className="flex flex-wrap items-center justify-end gap-3">
          <DraftStatus state={autosave.state} savedAt={autosave.savedAt} unsaved={autosave.unsaved} />
          {work && (
            <Link to={`/art/${work.artId}`} className="text-sm text-muted">
              取消
            </Link>
          )}
          <button
            type="submit"
            disabled={busy}
            className="rounded-full bg-primary px-8 py-2 font-medium text-on-primary disabled:opacity-60"
          >
            {busy ? "提交中…" : work ? "保存" : "发布"}
          </button>
        </div>
      </Form>
    </main>
  );
}
