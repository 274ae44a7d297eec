import { Form, Link } from "react-router";
import type { Route } from "./+types/user";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { requireStaff } from "../../lib/site.server.ts";
import { adminPost } from "./admin.server.ts";
import { getPerson } from "../../lib/upstream/admin.ts";
import { FormAlert } from "../../components/FormAlert.tsx";
import { inputClass } from "../../components/Field.tsx";
import { Panel } from "../../components/Panel.tsx";
import { ReasonInput } from "../../components/admin/BulkBar.tsx";
import { periodLabel, restrictionDays, stateLabel } from "../../../contract/admin/moderation.ts";
import { chinaMinute, FOREVER } from "../../../contract/admin/moderation.ts";
import { admin } from "../../../contract/admin/endpoints.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context);
  const person = await orErrorPage(getPerson(apiClient(request, context), params.id));
  return { person, isOwner: staff.roles.includes("owner"), self: staff.id === person.id };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return adminPost(request, context, (form) => {
    const intent = String(form.get("intent"));
    const id = params.id ?? "";
    if (intent === "roles") return { endpoint: admin.setRoles, params: { id }, done: "角色已更新" };
    if (intent === "restrict")
      return { endpoint: admin.restrict, params: { id }, done: form.get("kind") === "ban" ? "已封禁" : "已禁言" };
    if (intent === "lift") return { endpoint: admin.lift, params: { id }, done: "已解除" };
    return null;
  });
}

const until = (ms: number) => (ms >= FOREVER ? "永久" : `至 ${chinaMinute(ms)}`);

export default function AdminUser({ loaderData, actionData }: Route.ComponentProps) {
  const { person: u, isOwner, self } = loaderData;
  const protectedOne = u.roles.includes("owner") || self;
  // What was chosen before a refusal (a page without JavaScript is drawn afresh).
  const typed = actionData?.values;
  return (
    <main className="space-y-4">
      <Link to="/admin/users" className="text-sm text-muted">
        ← 用户
      </Link>
      <h1 className="text-xl font-semibold">
        {u.nickname} <span className="text-base font-normal text-muted">@{u.username}</span>
      </h1>
      {/* A missing reason shows under its box; the alert is for the rest. */}
      <FormAlert message={actionData?.fieldErrors?.reason ? null : actionData?.message} />
      <dl className="grid grid-cols-[6em_1fr] gap-y-1 text-sm">
        <dt className="text-muted">邮箱</dt>
        <dd>{u.email ?? "未绑定"}</dd>
        <dt className="text-muted">手机</dt>
        <dd>{u.phone ?? "未绑定"}</dd>
        <dt className="text-muted">注册于</dt>
        <dd>{chinaMinute(u.createdAt)}</dd>
        <dt className="text-muted">状态</dt>
        <dd>
          {u.banned
            ? `已封禁（${until(u.banned.until)}）：${u.banned.reason}`
            : u.muted
              ? `禁言中（${until(u.muted.until)}）：${u.muted.reason}`
              : "正常"}
        </dd>
        <dt className="text-muted">主页</dt>
        <dd>
          <Link to={`/user/${u.id}`} className="text-primary underline underline-offset-2">
            /user/{u.id}
          </Link>
        </dd>
      </dl>
      {isOwner && !protectedOne && (
        <Panel id="roles-title" title="角色">
          <Form method="post" className="flex items-center gap-3 text-sm">
            <input type="hidden" name="intent" value="roles" />
            <label className="flex items-center gap-2">
              <input type="checkbox" name="admin" defaultChecked={u.roles.includes("admin")} />
              管理员
            </label>
            <button className="rounded-lg border border-line px-3 py-1">保存角色</button>
          </Form>
        </Panel>
      )}
      {!protectedOne && (
        <Panel id="restrict-title" title="禁言与封禁">
          <Form method="post" className="grid gap-2 text-sm sm:grid-cols-[auto_auto_1fr_auto]">
            <input type="hidden" name="intent" value="restrict" />
            <select
              name="kind"
              aria-label="处理方式"
              defaultValue={typed?.kind ?? "mute"}
              className={`${inputClass} mt-0`}
            >
              <option value="mute">禁言（可浏览，不能发布）</option>
              <option value="ban">封禁（退出所有登录，不能登录）</option>
            </select>
            <select name="days" aria-label="期限" defaultValue={typed?.days ?? "7"} className={`${inputClass} mt-0`}>
              {restrictionDays.map((d) => (
                <option key={d} value={d}>
                  {periodLabel(d)}
                </option>
              ))}
            </select>
            <ReasonInput
              placeholder="原因（对方会看到）"
              defaultValue={typed?.reason}
              className={`${inputClass} mt-0`}
            />
            <button className="rounded-lg bg-danger px-3 py-2 text-on-danger">执行</button>
          </Form>
          {actionData?.fieldErrors?.reason && (
            <p className="mt-1 text-xs text-danger">{actionData.fieldErrors.reason}</p>
          )}
          <div className="mt-3 flex gap-2">
            {(["mute", "ban"] as const)
              .filter((k) => (k === "mute" ? u.muted : u.banned))
              .map((k) => (
                <Form key={k} method="post">
                  <input type="hidden" name="intent" value="lift" />
                  <input type="hidden" name="kind" value={k} />
                  <button className="rounded-lg border border-line px-3 py-1 text-sm">
                    {k === "mute" ? "解除禁言" : "解除封禁"}
                  </button>
                </Form>
              ))}
          </div>
        </Panel>
      )}
      <Panel id="signins-title" title="登录记录">
        <table className="w-full text-left text-sm">
          <tbody>
            {u.signins.map((s, i) => (
              <tr key={i}>
                <td>{chinaMinute(s.at)}</td>
                <td>{s.way}</td>
                <td>{s.ip}</td>
                <td>{s.client}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Panel>
      <Panel id="works-title" title="作品">
        <ul className="space-y-1 text-sm">
          {u.works.map((w) => (
            <li key={w.artId}>
              <Link to={`/art/${w.artId}`} className="text-primary underline underline-offset-2">
                {w.title}
              </Link>{" "}
              <span className="text-muted">{stateLabel[w.status]}</span>
            </li>
          ))}
        </ul>
      </Panel>
      <Panel id="comments-title" title="评论">
        <ul className="space-y-1 text-sm">
          {u.comments.map((c) => (
            <li key={c.commentId} className="truncate">
              {c.content}{" "}
              <span className="text-muted">
                · {c.work.title} · {stateLabel[c.status]}
              </span>
            </li>
          ))}
        </ul>
      </Panel>
      <Panel id="ledger-title" title="积分记录">
        <ul className="space-y-1 text-sm">
          {u.ledger.map((e, i) => (
            <li key={i}>
              {chinaMinute(e.createdAt)} {e.reason} {e.delta > 0 ? `+${e.delta}` : e.delta} → {e.balance}
            </li>
          ))}
        </ul>
      </Panel>
    </main>
  );
}
