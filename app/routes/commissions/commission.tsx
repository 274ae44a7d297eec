import { data, Link, redirect } from "react-router";
import { flashCookie } from "../../lib/flash.server.ts";
import type { Route } from "./+types/commission";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { idParam } from "../../lib/params.ts";
import { readForm, setCookie } from "../../lib/request.server.ts";
import { requireUser } from "../../lib/site.server.ts";
import { attempt, done, toastAndGo } from "../../lib/form-action.server.ts";
import { getCommission, sayInCommission, takeCommissionStep } from "../../lib/upstream/commissions.ts";
import { uploadFile } from "../../lib/upstream/uploads.ts";
import { commissionSteps, type CommissionStep } from "../../../contract/commissions/states.ts";
import { commissionLimits } from "../../../contract/shared/limits.ts";
import { CommissionHead } from "../../components/commissions/CommissionHead.tsx";
import { CommissionThread } from "../../components/commissions/CommissionThread.tsx";
import { CommissionSteps } from "../../components/commissions/CommissionSteps.tsx";

/** /commissions/:id: one commission, for its two parties: the brief, the delivery, the steps and the thread. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(request, context);
  const id = idParam(params.id, "约稿不存在");
  return { commission: await orErrorPage(getCommission(apiClient(request, context), id)) };
}

export const meta: Route.MetaFunction = ({ loaderData: d }) => [
  { title: d ? `约稿：${d.commission.title}` : "约稿" },
  { name: "robots", content: "noindex" },
];

/**
 * A step (its note; 交付 with its pictures, uploaded here first, so it works without JavaScript) or a word in the
 * thread. Each answers with the page again and a toast.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  await requireUser(request, context);
  const id = idParam(params.id, "约稿不存在");
  const here = `/commissions/${id}`;
  const api = apiClient(request, context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  if (intent === "say") {
    const said = await attempt(sayInCommission(api, id, String(form.get("content") ?? "")));
    return said.ok ? done(context, "已发送", `${here}#thread`) : toastAndGo(context, said.failure, `${here}#thread`);
  }
  if (!Object.hasOwn(commissionSteps, intent)) throw data("未知操作", { status: 400 });
  const step = intent as CommissionStep;
  const files: string[] = [];
  if (step === "deliver") {
    const chosen = form.getAll("images").filter((f): f is File => f instanceof File && f.size > 0);
    if (chosen.length > commissionLimits.files) {
      setCookie(context, flashCookie({ kind: "error", text: `交付的图片最多${commissionLimits.files}张` }));
      return redirect(here);
    }
    for (const file of chosen) {
      const stored = await attempt(uploadFile(api, "image", file));
      if (!stored.ok) return toastAndGo(context, stored.failure, here);
      files.push(stored.value.url);
    }
  }
  const taken = await attempt(takeCommissionStep(api, id, { step, note: String(form.get("note") ?? ""), files }));
  if (!taken.ok) return toastAndGo(context, taken.failure, here);
  return done(context, `已${commissionSteps[step].label}`, here);
}

export default function CommissionPage({ loaderData }: Route.ComponentProps) {
  const { commission } = loaderData;
  return (
    <main className="mx-auto max-w-4xl space-y-5 px-4 py-6">
      <p className="text-sm">
        <Link to={commission.viewer === "client" ? "/commissions?role=sent" : "/commissions"} className="text-primary">
          ← 我的约稿
        </Link>
      </p>
      <CommissionHead commission={commission} />
      {commission.files.length > 0 && (
        <section aria-labelledby="delivery" className="rounded-2xl border border-line bg-surface p-5">
          <h2 id="delivery" className="mb-3 font-semibold">
            交付的作品 <span className="text-xs font-normal text-muted">只有你们两位能看到</span>
          </h2>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="delivery">
            {commission.files.map((f) => (
              <li key={f.n}>
                <a
                  href={`/commissions/${commission.commissionId}/files/${f.n}?size=full`}
                  target="_blank"
                  rel="noopener"
                >
                  <img
                    src={`/commissions/${commission.commissionId}/files/${f.n}`}
                    alt={`交付的第 ${f.n + 1} 张图`}
                    width={f.width || undefined}
                    height={f.height || undefined}
                    className="h-auto w-full rounded-lg border border-line"
                    loading="lazy"
                  />
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <CommissionSteps commission={commission} />
      <CommissionThread commission={commission} />
    </main>
  );
}
