import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/series";
import { apiClient, orErrorPage } from "../lib/api.server.ts";
import { idParam } from "../lib/params.ts";
import { readForm } from "../lib/request.server.ts";
import { requireUser } from "../lib/site.server.ts";
import { attempt, done, refused, toastAndGo } from "../lib/form-action.server.ts";
import { getSeries, moveInSeries, removeSeries, takeFromSeries, updateSeries } from "../lib/upstream/series.ts";
import { useSite } from "../lib/site.ts";
import { workTitle } from "../lib/work.ts";
import { WorkGrid } from "../components/WorkCard.tsx";
import { Avatar } from "../components/Avatar.tsx";
import { ConfirmPost } from "../components/ConfirmPost.tsx";
import { Field } from "../components/Field.tsx";
import { FormAlert } from "../components/FormAlert.tsx";
import { formRules } from "../../contract/shared/fields.ts";
import { seriesSchema } from "../../contract/series/schemas.ts";

/** /series/:id: a series (合集), its works in its author's order; its author orders, renames and deletes it here. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idParam(params.id, "合集不存在或已删除");
  const series = await orErrorPage(getSeries(apiClient(request, context), id));
  return { series, fields: formRules(seriesSchema, ["title", "description"]) };
}

export const meta: Route.MetaFunction = ({ loaderData: d }) =>
  d
    ? [
        { title: `${d.series.title} · ${d.series.user.nickname}的合集` },
        { name: "description", content: d.series.description || `${d.series.user.nickname}的合集` },
      ]
    : [{ title: "合集不存在" }];

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireUser(request, context);
  const id = idParam(params.id, "合集不存在或已删除");
  const here = `/series/${id}`;
  const api = apiClient(request, context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const workId = Number(form.get("workId"));
  if (intent === "update") {
    const values = { title: String(form.get("title") ?? ""), description: String(form.get("description") ?? "") };
    const saved = await attempt(updateSeries(api, id, values));
    if (!saved.ok) return refused(saved.failure, { values });
    return done(context, "合集已保存", here);
  }
  const calls: Record<string, () => Promise<unknown>> = {
    move: () => moveInSeries(api, id, workId, Number(form.get("by"))),
    take: () => takeFromSeries(api, id, workId),
    delete: () => removeSeries(api, id),
  };
  if (!calls[intent]) throw data("未知操作", { status: 400 });
  const sent = await attempt(calls[intent]());
  if (!sent.ok) return toastAndGo(context, sent.failure, here);
  if (intent === "delete")
    return done(context, "合集已删除", `/user/${(await requireUser(request, context)).id}/series`);
  return intent === "take" ? done(context, "已移出合集", here) : redirect(here);
}

export default function SeriesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { series, fields } = loaderData;
  const mine = useSite()?.user?.id === series.user.id;
  const values = actionData?.values ?? { title: series.title, description: series.description };
  const small = "rounded-full border border-line px-2.5 py-0.5 text-xs hover:border-primary hover:text-primary";
  return (
    <main className="mx-auto max-w-6xl space-y-5 px-4 py-6 lg:px-6">
      <header className="rounded-2xl border border-line bg-surface p-5">
        <p className="mb-1 text-xs text-primary">合集</p>
        <h1 className="text-2xl font-bold">{series.title}</h1>
        {series.description && <p className="mt-2 whitespace-pre-wrap text-muted">{series.description}</p>}
        <p className="mt-3 flex items-center gap-3 text-sm text-muted">
          <Link to={`/user/${series.user.id}`} className="flex items-center gap-2 text-fg hover:text-primary">
            <Avatar user={series.user} size={24} />
            {series.user.nickname}
          </Link>
          <span>{series.workCount} 件作品</span>
        </p>
      </header>
      <h2 className="sr-only">合集里的作品</h2>
      {series.works.length ? (
        <WorkGrid works={series.works} testId="series-works" />
      ) : (
        <p className="py-16 text-center text-muted">合集里还没有作品。在作品页上可以把作品加入合集。</p>
      )}
      {mine && (
        <section aria-label="管理合集" className="space-y-4 rounded-2xl border border-line bg-surface p-5">
          <h2 className="font-medium">管理合集</h2>
          {series.works.length > 0 && (
            <ol className="divide-y divide-line text-sm" data-testid="series-order">
              {series.works.map((w, i) => (
                <li key={w.artId} className="flex flex-wrap items-center gap-2 py-2">
                  <span className="w-6 text-muted tabular-nums">{i + 1}</span>
                  <span className="min-w-0 flex-1 truncate">{workTitle(w)}</span>
                  {[
                    ["上移", "move", -1, i === 0],
                    ["下移", "move", 1, i === series.works.length - 1],
                    ["移出", "take", 0, false],
                  ].map(([label, intent, by, off]) => (
                    <Form key={String(label)} method="post">
                      <input type="hidden" name="intent" value={String(intent)} />
                      <input type="hidden" name="workId" value={w.artId} />
                      <input type="hidden" name="by" value={String(by)} />
                      <button
                        type="submit"
                        disabled={!!off}
                        aria-label={`${label}：${workTitle(w)}`}
                        className={`${small} disabled:opacity-30`}
                      >
                        {label}
                      </button>
                    </Form>
                  ))}
                </li>
              ))}
            </ol>
          )}
          <Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="update" />
            <FormAlert message={actionData?.message} />
            <Field
              formState={{ rules: fields, errors: actionData?.fieldErrors ?? {}, values }}
              name="title"
              label="合集名称"
            />
            <Field
              formState={{ rules: fields, errors: actionData?.fieldErrors ?? {}, values }}
              name="description"
              label="合集简介"
            />
            <button type="submit" className="rounded-full bg-primary px-5 py-1.5 text-sm text-on-primary">
              保存
            </button>
          </Form>
          <div className="text-sm text-muted">
            <ConfirmPost action="" intent="delete" confirm={`删除合集“${series.title}”？合集里的作品不会被删除。`}>
              删除合集
            </ConfirmPost>
          </div>
        </section>
      )}
    </main>
  );
}
