import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/redirect";
import { apiClient } from "../../lib/api.server.ts";
import { siteConfig } from "../../lib/site.server.ts";
import { webContext } from "../../lib/context.ts";
import { useSite } from "../../lib/site.ts";
import { isTrustedHost, leavingTo } from "../../../contract/shared/outbound.ts";

/**
 * 离站提示 (requirements §2 /redirect): where a link in members' writing leads, named as text before anyone leaves. This site
 * and the admin's trusted domains are passed through at once; only http(s) addresses are followed at all.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const target = leavingTo(new URL(request.url).searchParams.get("url"));
  const headers = { "X-Robots-Tag": "noindex, nofollow" };
  if (!target) return data({ url: null }, { status: 400, headers });
  const config = await siteConfig(apiClient(request, context)).catch(() => null);
  const siteHost = new URL(context.get(webContext).siteUrl).host;
  if (isTrustedHost(target.host, config?.trustedDomains ?? "", siteHost)) throw redirect(target.href, { headers });
  return data({ url: target.href, host: target.host }, { headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = () => [
  { title: "即将离开本站" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function Leaving({ loaderData }: Route.ComponentProps) {
  const { url } = loaderData;
  const host = loaderData.url ? loaderData.host : "";
  const title = useSite()?.config.siteTitle ?? "本站";
  return (
    <main className="mx-auto max-w-xl px-4 py-12">
      <div className="rounded-lg border border-line bg-surface p-6 shadow-sm">
        {url ? (
          <>
            <h1 className="text-lg font-semibold">{`即将离开${title}，前往外部网站`}</h1>
            <p className="mt-3 text-sm text-muted">
              你要访问的地址不属于本站，请确认它是你想去的地方，并注意账号和财产安全。
            </p>
            <p className="mt-3 text-sm">
              目标网站：
              <strong className="break-all font-mono text-base" data-testid="leaving-host">
                {host}
              </strong>
            </p>
            <p className="mt-2 break-all rounded bg-surface-2 px-3 py-2 font-mono text-sm" data-testid="leaving-to">
              {url}
            </p>
            <div className="mt-6 flex gap-3">
              <a
                href={url}
                rel="nofollow noopener noreferrer"
                className="rounded bg-primary px-4 py-2 text-sm font-medium text-on-primary"
              >
                继续访问
              </a>
              <Link to="/" className="rounded border border-line px-4 py-2 text-sm">
                返回首页
              </Link>
            </div>
          </>
        ) : (
          <>
            <h1 className="text-lg font-semibold">链接无效</h1>
            <p className="mt-3 text-sm text-muted">这个链接不是有效的网址，无法打开。</p>
            <Link to="/" className="mt-6 inline-block text-sm text-primary">
              返回首页
            </Link>
          </>
        )}
      </div>
    </main>
  );
}
