import type { Route } from "./+types/mobile";
import { apiClient } from "../../lib/api.server.ts";
import { siteNodes } from "../../lib/site.server.ts";
import { NodeGrid } from "../../components/NodeGrid.tsx";

/** requirements §2 /mobile: the nodes as a phone lists them, and how to keep the site on the home screen. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { nodes: await siteNodes(apiClient(request, context)).catch(() => []) };
}

export const meta: Route.MetaFunction = () => [{ title: "手机版" }];

export default function Mobile({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-xl px-4 py-6">
      <h1 className="text-xl font-semibold">在手机上逛艺社</h1>
      <section aria-labelledby="mobile-nodes" className="mt-5">
        <h2 id="mobile-nodes" className="text-base font-semibold">
          全部节点
        </h2>
        <div className="mt-3" data-testid="mobile-node-list">
          <NodeGrid nodes={loaderData.nodes} />
        </div>
      </section>
      <section aria-labelledby="mobile-install" className="mt-8 space-y-3 text-sm leading-relaxed">
        <h2 id="mobile-install" className="text-base font-semibold">
          添加到主屏幕
        </h2>
        <p>把艺社放到手机桌面上，打开时全屏显示，和应用一样方便，也不占多少空间。</p>
        <ol className="list-decimal space-y-2 pl-5">
          <li>
            <strong>iPhone / iPad（Safari）</strong>：点底部的“分享”按钮，选择“添加到主屏幕”，再点“添加”。
          </li>
          <li>
            <strong>安卓（Chrome、Edge 等）</strong>：点右上角的菜单“⋮”，选择“添加到主屏幕”或“安装应用”。
          </li>
          <li>
            <strong>微信或 QQ 里打开时</strong>：先点右上角“…”，选择“在浏览器中打开”，再按上面的方法添加。
          </li>
        </ol>
        <p className="text-muted">添加后，艺社会记住你的登录状态；图片和页面资源缓存在手机上，再次打开更快。</p>
      </section>
    </main>
  );
}
