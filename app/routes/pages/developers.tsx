import type { Route } from "./+types/developers";
import { site } from "../../../contract/site/endpoints.ts";
import type { ApiDocument, ApiOperation } from "../../../contract/site/openapi.ts";
import { tokenScopes } from "../../../contract/account/tokens.ts";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { SiteLink } from "../../components/SiteLink.tsx";
import { Operation } from "../../components/developers/Operation.tsx";

/** The reference is the API's own description (GET /api/openapi.json), drawn here for people. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const res = await orErrorPage(apiClient(request, context).open(site.openapi, request.signal));
  const doc = (await res.json()) as ApiDocument;
  const groups = doc.tags.map((tag) => ({
    name: tag.name,
    operations: Object.entries(doc.paths).flatMap(([path, item]) =>
      (["get", "post"] as const)
        .map((method) => ({ method, path, op: item[method] }))
        .filter(
          (o): o is { method: "get" | "post"; path: string; op: ApiOperation } => !!o.op?.tags.includes(tag.name),
        ),
    ),
  }));
  return { server: doc.servers[0]?.url ?? "/api", version: doc.info.version, groups, errors: doc["x-error-codes"] };
}

export const meta: Route.MetaFunction = () => [
  { title: "开发者接口" },
  { name: "description", content: "用访问令牌调用艺社的接口：作品、评论、关注、私信与订阅源，附 OpenAPI 3.1 描述。" },
];

export default function Developers({ loaderData }: Route.ComponentProps) {
  const { server, version, groups, errors } = loaderData;
  return (
    <main className="mx-auto max-w-4xl space-y-8 px-4 py-10">
      <header className="space-y-3">
        <h1 className="text-2xl font-bold">开发者接口</h1>
        <p>
          机器人、应用或镜像站都可以通过接口读取作品、发表评论、关注创作者和收发私信。接口地址是{" "}
          <code className="font-mono">{server}</code>，版本 {version}；完整的机器可读描述见{" "}
          <a className="text-primary underline" href="/api/openapi.json">
            /api/openapi.json
          </a>
          （OpenAPI 3.1，可用 openapi-typescript 等工具生成客户端）。
        </p>
      </header>
      <section aria-labelledby="start" className="space-y-3">
        <h2 id="start" className="text-lg font-bold">
          开始
        </h2>
        <ol className="list-decimal space-y-2 pl-6">
          <li>
            在 <SiteLink to="/user/profile/tokens">账号设置 → 访问令牌</SiteLink> 创建一个令牌，只勾选需要的权限：
            {tokenScopes.map((s) => `${s.label}（${s.key}）`).join("、")}。令牌只显示一次，请妥善保存。
          </li>
          <li>
            每个请求带上 <code className="font-mono">Authorization: Bearer yst_…</code>
            。管理后台和账号设置的接口不接受令牌；令牌撤销后立即失效。
          </li>
          <li>
            请求体可以是 JSON 或表单；接口只接受声明过的字段，多余的字段会被拒绝。每个回答都是同样的信封{" "}
            <code className="font-mono">{"{ success, errorCode, message, data }"}</code>，只有 HTTP 200 且 success 为
            true 才算成功，失败时 message 是中文原因，字段错误在 data.fieldErrors。
          </li>
          <li>只想跟踪新作品？每个节点、标签、创作者、排行榜和搜索都有 RSS 与 Atom 订阅源，页面上的“订阅”即是。</li>
        </ol>
      </section>
      {groups.map((g, i) => (
        // By place, not name: a name may hold a space, which aria-labelledby would read as two ids.
        <section key={g.name} aria-labelledby={`group-${i}`} className="space-y-2">
          <h2 id={`group-${i}`} className="text-lg font-bold">
            {g.name}
          </h2>
          {g.operations.map((o) => (
            <Operation key={o.op.operationId} method={o.method} path={o.path} op={o.op} server={server} />
          ))}
        </section>
      ))}
      <section aria-labelledby="errors" className="space-y-2">
        <h2 id="errors" className="text-lg font-bold">
          错误码
        </h2>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-muted">
              <tr>
                <th scope="col" className="py-1 pr-3 font-normal">
                  errorCode
                </th>
                <th scope="col" className="py-1 pr-3 font-normal">
                  HTTP
                </th>
                <th scope="col" className="py-1 pr-3 font-normal">
                  名称
                </th>
                <th scope="col" className="py-1 font-normal">
                  默认说明
                </th>
              </tr>
            </thead>
            <tbody>
              {errors.map((e) => (
                <tr key={e.code} className="border-t border-line">
                  <td className="py-1 pr-3 font-mono">{e.code}</td>
                  <td className="py-1 pr-3 font-mono">{e.status}</td>
                  <td className="py-1 pr-3 font-mono">{e.name}</td>
                  <td className="py-1">{e.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </main>
  );
}
