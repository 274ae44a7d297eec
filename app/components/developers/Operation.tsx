import type { ApiOperation, FieldSchema } from "../../../contract/site/openapi.ts";
import { tokenScopes } from "../../../contract/account/tokens.ts";
import { curlOf, describeField } from "./example.ts";

type Field = { name: string; schema: FieldSchema; required: boolean; where: string };

const whereName = { path: "路径", query: "查询", body: "请求体" } as const;

function fieldsOf(op: ApiOperation): Field[] {
  const fields: Field[] = (op.parameters ?? []).map((p) => ({
    name: p.name,
    schema: p.schema,
    required: p.required,
    where: whereName[p.in],
  }));
  const content = op.requestBody?.content ?? {};
  const body = (content["multipart/form-data"] ?? content["application/json"])?.schema;
  for (const [name, schema] of Object.entries(body?.properties ?? {}))
    fields.push({ name, schema, required: (body?.required ?? []).includes(name), where: whereName.body });
  return fields;
}

/** Who may call it, in a word. */
function accessOf(op: ApiOperation) {
  const scope = op["x-token-scope"];
  if (scope === null) return "仅网页会话";
  if (scope === "any") return "任意令牌";
  return `令牌权限：${tokenScopes.find((s) => s.key === scope)?.label ?? scope}`;
}

/** One endpoint of the reference: collapsed to its method, path and summary; open, its fields and a curl. */
export function Operation({
  method,
  path,
  op,
  server,
}: {
  method: "get" | "post";
  path: string;
  op: ApiOperation;
  server: string;
}) {
  const fields = fieldsOf(op);
  return (
    <details id={op.operationId} className="group rounded-lg border border-line bg-surface">
      <summary className="flex cursor-pointer flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-3">
        <span className={`w-12 shrink-0 font-mono text-xs font-bold ${method === "get" ? "text-fg" : "text-primary"}`}>
          {method.toUpperCase()}
        </span>
        <code className="break-all font-mono text-sm">{path}</code>
        <span className="text-sm text-muted">{op.summary}</span>
      </summary>
      <div className="space-y-3 border-t border-line px-4 py-3 text-sm">
        <p className="text-muted">
          <span className="mr-2 rounded bg-surface-2 px-1.5 py-0.5 text-xs">{accessOf(op)}</span>
          {op.description}
        </p>
        {fields.length ? (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{op.summary}的参数</caption>
              <thead className="text-xs text-muted">
                <tr>
                  <th scope="col" className="py-1 pr-3 font-normal">
                    字段
                  </th>
                  <th scope="col" className="py-1 pr-3 font-normal">
                    位置
                  </th>
                  <th scope="col" className="py-1 pr-3 font-normal">
                    必填
                  </th>
                  <th scope="col" className="py-1 font-normal">
                    说明
                  </th>
                </tr>
              </thead>
              <tbody>
                {fields.map((f) => (
                  <tr key={`${f.where}-${f.name}`} className="border-t border-line">
                    <td className="py-1 pr-3 font-mono">{f.name}</td>
                    <td className="py-1 pr-3">{f.where}</td>
                    <td className="py-1 pr-3">{f.required ? "是" : "否"}</td>
                    <td className="py-1">{describeField(f.schema)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="text-muted">不需要参数。</p>
        )}
        {/* A figure may be named; a pre (a generic element) may not. */}
        <figure aria-label={`${op.summary}的 curl 示例`}>
          <pre className="overflow-x-auto rounded-md bg-surface-2 p-3 font-mono text-xs">
            {curlOf(method, path, op, server)}
          </pre>
        </figure>
      </div>
    </details>
  );
}
