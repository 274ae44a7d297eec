import { data, Form, Link } from "react-router";
import type { Route } from "./+types/report";
import { apiClient, orErrorPage } from "../lib/api.server.ts";
import { safeRef } from "../lib/ref.ts";
import { readForm } from "../lib/request.server.ts";
import { currentUser, requireUser } from "../lib/site.server.ts";
import { captchaIfOn } from "../lib/signin.server.ts";
import { CaptchaField } from "../components/signin/CaptchaField.tsx";
import { getWork } from "../lib/upstream/works.ts";
import { getProfile } from "../lib/upstream/people.ts";
import { fileReport } from "../lib/upstream/site.ts";
import { workTitle } from "../lib/work.ts";
import { FormAlert } from "../components/FormAlert.tsx";
import { Field } from "../components/Field.tsx";
import { SubmitButton } from "../components/SubmitButton.tsx";
import { adminLimits, reportReasons, reportTargetLabel, reportTargets } from "../../contract/admin/moderation.ts";
import { attempt, done, refused } from "../lib/form-action.server.ts";

export const meta: Route.MetaFunction = () => [{ title: "举报" }, { name: "robots", content: "noindex" }];

/** What is reported, from the address: `?target=work&id=12`, or `?target=page&url=/x` from the error page. */
function reported(url: URL) {
  const q = url.searchParams;
  const target = reportTargets.find((t) => t === q.get("target"));
  const id = Number(q.get("id"));
  if (!target || (target !== "page" && !(Number.isSafeInteger(id) && id > 0))) return null;
  const page = target === "page";
  // Where to go afterwards: back to the thing; a page that failed is not worth going back to.
  return {
    target,
    id: page ? 0 : id,
    url: page ? safeRef(q.get("url")) : "",
    from: page ? "/" : safeRef(q.get("from")),
    // 版权申诉 (claimPath): 侵犯版权 chosen, and the original when a notification knows it.
    reason: q.get("reason") === "copyright" ? "copyright" : "",
    original: (q.get("original") ?? "").slice(0, 300),
  };
}

/** A line naming the thing, so the reporter sees what they are about to report. */
async function describe(
  request: Request,
  context: Route.LoaderArgs["context"],
  r: NonNullable<ReturnType<typeof reported>>,
) {
  const api = apiClient(request, context);
  if (r.target === "work") return workTitle(await orErrorPage(getWork(api, r.id)));
  if (r.target === "user") return (await orErrorPage(getProfile(api, r.id))).nickname;
  if (r.target === "comment") return `评论 #${r.id}`;
  return r.url;
}

/**
 * Who may report it: a member anything, a visitor a broken page (from the error page), with the captcha when the
 * site asks for one. Answers what is reported and the captcha a visitor needs.
 */
async function reporter(request: Request, context: Route.LoaderArgs["context"]) {
  const r = reported(new URL(request.url));
  if (!r) throw data("举报对象无效", { status: 404 });
  const user = r.target === "page" ? await currentUser(request, context) : await requireUser(request, context);
  return { r, visitor: !user };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { r, visitor } = await reporter(request, context);
  const api = apiClient(request, context);
  const [what, captcha] = await Promise.all([describe(request, context, r), visitor ? captchaIfOn(api) : null]);
  return { ...r, what, captcha, visitor };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { r, visitor } = await reporter(request, context);
  const api = apiClient(request, context);
  const form = await readForm(request);
  const values = {
    reason: String(form.get("reason") ?? ""),
    detail: String(form.get("detail") ?? ""),
    original: String(form.get("original") ?? ""),
  };
  // 换一张: a new captcha, what was chosen kept.
  if (form.get("refreshCaptcha"))
    return data({ message: "", fieldErrors: {} as Record<string, string>, values, captcha: await captchaIfOn(api) });
  const filed = await attempt(
    fileReport(api, {
      target: r.target,
      targetId: r.target === "page" ? "" : r.id,
      url: r.url,
      ...values,
      ...(visitor && {
        captchaId: String(form.get("captchaId") ?? ""),
        captchaCode: String(form.get("captchaCode") ?? ""),
      }),
    }),
  );
  if (!filed.ok) return refused(filed.failure, { values, captcha: visitor ? await captchaIfOn(api) : null });
  return done(context, visitor ? "感谢反馈，我们会尽快处理" : "举报已提交，处理结果会通过消息通知你", r.from);
}

/** 举报: a reason (and, for 其他, what is wrong); an admin sees it in /admin/reports and the reporter hears back. */
export default function Report({ loaderData, actionData }: Route.ComponentProps) {
  const { target, what, from } = loaderData;
  const errors: Record<string, string> = actionData?.fieldErrors ?? {};
  const captcha = actionData?.captcha ?? loaderData.captcha;
  const chosen = actionData?.values?.reason ?? loaderData.reason;
  return (
    <main className="mx-auto max-w-xl px-4 py-8">
      <h1 className="text-xl font-semibold">
        {loaderData.reason === "copyright" ? "版权申诉" : `举报${reportTargetLabel[target]}`}
      </h1>
      <p className="mt-1 break-words text-sm text-muted" data-testid="report-what">
        {what}
      </p>
      <Form
        method="post"
        className="report-form mt-5 space-y-4 rounded-2xl border border-line bg-surface p-5"
        noValidate
      >
        <FormAlert message={Object.keys(errors).length ? null : actionData?.message} />
        <fieldset aria-describedby={errors.reason ? "reason-error" : undefined}>
          <legend className="text-sm font-medium">举报原因</legend>
          <div className="mt-2 grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
            {reportReasons.map((r) => (
              <label key={r.key} className="flex items-center gap-1.5">
                <input type="radio" name="reason" value={r.key} defaultChecked={chosen === r.key} required />
                {r.label}
              </label>
            ))}
          </div>
          {errors.reason && (
            <p id="reason-error" role="alert" className="mt-1 text-xs text-danger">
              {errors.reason}
            </p>
          )}
        </fieldset>
        <Field
          name="detail"
          label="补充说明"
          multiline
          rows={3}
          maxLength={adminLimits.reason}
          defaultValue={actionData?.values?.detail ?? ""}
          error={errors.detail}
          hint="选择“其他”时必填；版权申诉请写明你是原作者的依据，如创作过程、原始文件；管理员处理时会看到"
        />
        {target === "work" && (
          <div className="claim-only">
            <Field
              name="original"
              label="原作地址"
              maxLength={300}
              defaultValue={actionData?.values?.original ?? loaderData.original}
              error={errors.original}
              hint="版权申诉时必填：本站作品（如 /art/12）或其他网站上原作的链接"
            />
          </div>
        )}
        {captcha && <CaptchaField captcha={captcha} error={errors.captchaCode} />}
        <div className="flex items-center gap-4">
          <SubmitButton label="提交举报" busyLabel="提交中…" />
          <Link to={from} className="text-sm text-muted">
            取消
          </Link>
        </div>
      </Form>
    </main>
  );
}
