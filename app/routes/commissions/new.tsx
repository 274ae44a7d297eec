import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/new";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { readForm } from "../../lib/request.server.ts";
import { requireUser } from "../../lib/site.server.ts";
import { attempt, done, fieldsOf, refused } from "../../lib/form-action.server.ts";
import { createCommission } from "../../lib/upstream/commissions.ts";
import { getProfile } from "../../lib/upstream/people.ts";
import { userIdOf } from "../../lib/people.ts";
import { Field } from "../../components/Field.tsx";
import { FormAlert } from "../../components/FormAlert.tsx";
import { Avatar } from "../../components/Avatar.tsx";
import { formRules } from "../../../contract/shared/fields.ts";
import { commissionSchema } from "../../../contract/commissions/schemas.ts";
import { commissionLimits } from "../../../contract/shared/limits.ts";

/** /commissions/new?to=ID: 约稿 a creator who takes commissions: the brief, budget, day and references. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const to = userIdOf(new URL(request.url).searchParams.get("to") ?? undefined);
  const creator = await orErrorPage(getProfile(apiClient(request, context), to));
  if (creator.isSelf) throw redirect("/commissions");
  return { creator, fields: formRules(commissionSchema, ["title", "brief", "budget", "refs"]) };
}

export const meta: Route.MetaFunction = ({ loaderData: d }) => [
  { title: d ? `向${d.creator.nickname}约稿` : "约稿" },
  { name: "robots", content: "noindex" },
];

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const form = await readForm(request);
  const values = fieldsOf(form, commissionSchema);
  const made = await attempt(createCommission(apiClient(request, context), values));
  if (!made.ok) return refused(made.failure, { values });
  return done(context, "约稿已发出，对方回复后会通知你", `/commissions/${made.value.commissionId}`);
}

export default function NewCommission({ loaderData, actionData }: Route.ComponentProps) {
  const { creator, fields } = loaderData;
  const formState = { rules: fields, errors: actionData?.fieldErrors ?? {}, values: actionData?.values ?? {} };
  const open = creator.portfolio.commission?.open;
  return (
    <main className="mx-auto max-w-2xl space-y-5 px-4 py-6">
      <header className="flex items-center gap-3">
        <Avatar user={creator} size={45} />
        <div>
          <h1 className="text-xl font-bold">向{creator.nickname}约稿</h1>
          <p className="text-sm text-muted">
            {open
              ? creator.portfolio.commission?.note || "写清楚用途、尺寸、风格和预算，对方更容易回复。"
              : "对方暂不接稿。"}
          </p>
        </div>
      </header>
      <FormAlert message={actionData?.message} />
      <Form method="post" className="space-y-4 rounded-2xl border border-line bg-surface p-5">
        <input type="hidden" name="creatorId" value={creator.id} />
        <Field label="约稿标题" name="title" formState={formState} placeholder="例如：个人头像一张" />
        <Field
          label="需求说明"
          name="brief"
          multiline
          rows={6}
          formState={formState}
          hint="用途、尺寸与数量、风格、是否商用等"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="预算（元）"
            name="budget"
            formState={formState}
            placeholder="例如：300–500元"
            hint="只作说明，本站不经手付款"
          />
          <Field label="期望交稿日期" name="deadline" type="date" formState={formState} />
        </div>
        <Field
          label="参考"
          name="refs"
          multiline
          rows={3}
          formState={formState}
          hint={`每行一个网址或本站作品地址，最多${commissionLimits.refs}条`}
        />
        <div className="flex items-center gap-3">
          <button type="submit" className="rounded-lg bg-primary px-5 py-2 text-on-primary">
            发出约稿
          </button>
          <Link to={`/user/${creator.id}`} className="text-sm text-muted hover:text-fg">
            返回主页
          </Link>
        </div>
      </Form>
    </main>
  );
}
