import { Form, Link } from "react-router";
import type { Route } from "./+types/nodes";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { requireStaff } from "../../lib/site.server.ts";
import { adminPost } from "./admin.server.ts";
import { getAdminNodes } from "../../lib/upstream/admin.ts";
import { FormAlert } from "../../components/FormAlert.tsx";
import { inputClass } from "../../components/Field.tsx";
import { adminLimits } from "../../../contract/admin/moderation.ts";
import type { AdminNodeView } from "../../../contract/admin/views.ts";
import { admin } from "../../../contract/admin/endpoints.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  return { nodes: await orErrorPage(getAdminNodes(apiClient(request, context))) };
}

/** Every form here names its node and what to do with it; creating has no node. */
export async function action({ request, context }: Route.ActionArgs) {
  return adminPost(request, context, (form) => {
    const intent = String(form.get("intent"));
    if (intent === "create") return { endpoint: admin.createNode, done: "节点已创建" };
    const id = Number(form.get("nodeId"));
    if (!Number.isInteger(id) || id < 1) return null;
    if (intent === "save") return { endpoint: admin.editNode, params: { id }, done: "节点已保存" };
    if (intent === "move") return { endpoint: admin.moveNode, params: { id }, done: "顺序已调整" };
    if (intent === "visibility")
      return { endpoint: admin.setNodeHidden, params: { id }, done: form.get("hidden") ? "节点已隐藏" : "节点已显示" };
    return null;
  });
}

const input = `${inputClass} mt-0 text-sm`;
const small = "rounded-lg border border-line px-3 py-1 text-sm hover:bg-surface-2 disabled:opacity-40";

const nodeFields = [
  { name: "name", label: "节点名称", placeholder: "节点名称", max: adminLimits.nodeName },
  { name: "description", label: "节点描述", placeholder: "描述", max: adminLimits.nodeDescription },
  { name: "logo", label: "图标地址", placeholder: "图标地址：/… 或 https://…", max: adminLimits.nodeLogo },
] as const;

/** Name, description and icon boxes, filled from the node or from what was typed before a refusal. */
function NodeFields({ node, typed }: { node?: AdminNodeView; typed?: Record<string, string> }) {
  const suffix = node ? `（${node.name}）` : "";
  return nodeFields.map((f) => (
    <input
      key={f.name}
      name={f.name}
      required={f.name === "name"}
      maxLength={f.max}
      defaultValue={typed?.[f.name] ?? node?.[f.name] ?? ""}
      aria-label={`${f.label}${suffix}`}
      placeholder={f.placeholder}
      className={input}
    />
  ));
}

/** A one-button form: moving and hiding are actions of their own, beside the node's edit form. */
function NodeButton(props: { node: AdminNodeView; intent: string; field: [string, string]; label: string }) {
  const { node, intent, field, label } = props;
  return (
    <Form method="post">
      <input type="hidden" name="nodeId" value={node.nodeId} />
      <input type="hidden" name={field[0]} value={field[1]} />
      <button name="intent" value={intent} className={small} aria-label={`${label}：${node.name}`}>
        {label}
      </button>
    </Form>
  );
}

/** 节点: create, edit, reorder and hide; a hidden node leaves the lists and the publish form, its works stay. */
export default function AdminNodes({ loaderData, actionData }: Route.ComponentProps) {
  const { nodes } = loaderData;
  const typed = actionData?.values;
  const typedFor = (id: number | "new") =>
    typed && (id === "new" ? typed.intent === "create" : Number(typed.nodeId) === id) ? typed : undefined;
  return (
    <main className="space-y-4">
      <h1 className="text-xl font-semibold">节点</h1>
      <FormAlert message={actionData?.message} />
      <Form
        method="post"
        aria-label="新建节点"
        className="grid gap-2 rounded-2xl border border-line bg-surface p-3 md:grid-cols-[1fr_2fr_2fr_auto]"
      >
        <NodeFields typed={typedFor("new")} />
        <button name="intent" value="create" className="rounded-lg bg-primary px-4 py-2 text-sm text-on-primary">
          新建节点
        </button>
      </Form>
      <ol className="space-y-3">
        {nodes.map((n, i) => (
          <li key={n.nodeId} className="rounded-2xl border border-line bg-surface p-3">
            <div className="mb-2 flex flex-wrap items-center gap-2 text-sm">
              {n.logo && <img src={n.logo} alt="" width={24} height={24} className="h-6 w-6 rounded object-cover" />}
              <Link to={`/arts/node/${n.nodeId}`} className="font-medium text-primary">
                {n.name}
              </Link>
              <span className="text-muted">
                #{n.nodeId} · {n.workCount} 件作品
              </span>
              {n.hidden && <span className="rounded bg-surface-2 px-1.5 text-xs text-danger">已隐藏</span>}
              <span className="ml-auto flex gap-2">
                {i > 0 && <NodeButton node={n} intent="move" field={["direction", "up"]} label="上移" />}
                {i < nodes.length - 1 && (
                  <NodeButton node={n} intent="move" field={["direction", "down"]} label="下移" />
                )}
                <NodeButton
                  node={n}
                  intent="visibility"
                  field={["hidden", n.hidden ? "" : "1"]}
                  label={n.hidden ? "显示" : "隐藏"}
                />
              </span>
            </div>
            <Form method="post" className="grid gap-2 md:grid-cols-[1fr_2fr_2fr_auto]">
              <input type="hidden" name="nodeId" value={n.nodeId} />
              <NodeFields node={n} typed={typedFor(n.nodeId)} />
              <button name="intent" value="save" className={small}>
                保存
              </button>
            </Form>
          </li>
        ))}
      </ol>
    </main>
  );
}
