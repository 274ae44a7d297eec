import { Form, Link } from "react-router";
import type { Route } from "./+types/series";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { userIdOf } from "../../lib/people.ts";
import { readForm } from "../../lib/request.server.ts";
import { requireUser } from "../../lib/site.server.ts";
import { attempt, done, refused } from "../../lib/form-action.server.ts";
import { createSeries, listSeriesOf } from "../../lib/upstream/series.ts";
import { useSite } from "../../lib/site.ts";
import { Field } from "../../components/Field.tsx";
import { FormAlert } from "../../components/FormAlert.tsx";
import { formRules } from "../../../contract/shared/fields.ts";
import { seriesSchema } from "../../../contract/series/schemas.ts";

/** 合集: a person's series; on their own centre, the form that starts a new one. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const userId = userIdOf(params.userId);
  const series = await orErrorPage(listSeriesOf(apiClient(request, context), userId));
  return { userId, series, fields: formRules(seriesSchema, ["title", "description"]) };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const form = await readForm(request);
  const values = { title: String(form.get("title") ?? ""), description: String(form.get("description") ?? "") };
  const made = await attempt(createSeries(apiClient(request, context), values));
  if (!made.ok) return refused(made.failure, { values });
  return done(context, "合集已创建，在作品页上可以把作品加入合集", `/series/${made.value.seriesId}`);
}

export default function SeriesTab({ loaderData, actionData }: Route.ComponentProps) {
  const { userId, series, fields } = loaderData;
  const mine = useSite()?.user?.id === userId;
  const formState = { rules: fields, errors: actionData?.fieldErrors ?? {}, values: actionData?.values ?? {} };
  return (
    <section className="space-y-5">
      <h2 className="sr-only">合集</h2>
      {series.length ? (
        <ul className="work-grid" data-testid="series-list">
          {series.map((s) => (
            <li key={s.seriesId} className="work-card">
              <Link to={`/series/${s.seriesId}`} className="cover" tabIndex={-1} aria-hidden>
                {s.cover ? (
                  <img src={s.cover.variants?.["640"] ?? s.cover.url} alt="" loading="lazy" />
                ) : (
                  <span className="flex aspect-[4/3] items-center justify-center text-3xl text-muted">合</span>
                )}
              </Link>
              <div className="body">
                <h3 className="titled">
                  <Link to={`/series/${s.seriesId}`}>{s.title}</Link>
                </h3>
                {s.description && <p className="summary">{s.description}</p>}
                <footer>{s.workCount} 件作品</footer>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="py-16 text-center text-muted">还没有合集</p>
      )}
      {mine && (
        <Form method="post" className="max-w-xl space-y-3 rounded-2xl border border-line bg-surface p-5">
          <h2 className="font-medium">新建合集</h2>
          <FormAlert
            message={actionData?.fieldErrors && Object.keys(actionData.fieldErrors).length ? null : actionData?.message}
          />
          <Field formState={formState} name="title" label="合集名称" />
          <Field formState={formState} name="description" label="合集简介" />
          <button type="submit" className="rounded-full bg-primary px-5 py-1.5 text-sm text-on-primary">
            创建
          </button>
        </Form>
      )}
    </section>
  );
}
