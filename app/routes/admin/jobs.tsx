import type { Route } from "./+types/jobs";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { requireStaff } from "../../lib/site.server.ts";
import { adminPost } from "./admin.server.ts";
import { getJobs } from "../../lib/upstream/admin.ts";
import { FormAlert } from "../../components/FormAlert.tsx";
import { JobsBoard } from "../../components/admin/JobsBoard.tsx";
import { admin } from "../../../contract/admin/endpoints.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  return { view: await orErrorPage(getJobs(apiClient(request, context))) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return adminPost(request, context, (form) => {
    const intent = form.get("intent");
    const id = String(form.get("id") ?? "");
    if (intent === "run") return { endpoint: admin.runJob, done: "已加入队列，稍后运行" };
    if (intent === "retry") return { endpoint: admin.retryJob, params: { id }, done: "已重新排队" };
    if (intent === "discard") return { endpoint: admin.discardJob, params: { id }, done: "已丢弃" };
    return null;
  });
}

/** 任务 (issue 55): the background work of every process, as the job queue holds it. */
export default function AdminJobs({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main className="space-y-4">
      <h1 className="text-xl font-semibold">任务</h1>
      <p className="text-sm text-muted">
        邮件、定时发布、清理和备份都在后台任务中运行：失败的任务会自动重试，多次失败后留在这里，等你重试或丢弃。
      </p>
      <FormAlert message={actionData?.message} />
      <JobsBoard view={loaderData.view} />
    </main>
  );
}
