import { aiBadge, licenseOf } from "../../contract/works/rights.ts";
import { outboundHref } from "../../contract/shared/outbound.ts";
import type { RightsView, WorkCardView } from "../../contract/works/views.ts";

/** AI 辅助 / AI 生成, 转载 and the verified 原创, the explicit labels a card and a work page carry. */
export function RightsBadges({ work }: { work: Pick<WorkCardView, "ai" | "repost" | "original"> }) {
  return (
    <>
      {work.original && (
        <span
          className="rounded bg-primary-soft px-1.5 py-0.5 text-xs font-medium text-primary"
          title="原创认证：图片与站内其他成员更早发布的作品都不相同"
          data-testid="original-badge"
        >
          原创
        </span>
      )}
      {work.ai && (
        <span className="rounded border border-fg px-1.5 text-xs font-medium text-fg" data-testid="ai-badge">
          {aiBadge[work.ai]}
        </span>
      )}
      {work.repost && <span className="rounded bg-surface-2 px-1.5 py-0.5 text-xs">转载</span>}
    </>
  );
}

/** Under a work: where a repost came from, or the licence it is under; and whether AI may use it. */
export function WorkRights({ rights }: { rights: RightsView }) {
  const license = licenseOf(rights.license);
  return (
    <p className="mt-6 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted first:mt-0" data-testid="work-rights">
      {rights.source ? (
        <span>
          转载自{" "}
          <a
            href={outboundHref(rights.source.url)}
            rel="nofollow noopener"
            target="_blank"
            className="text-primary underline underline-offset-2"
          >
            {rights.source.author}
          </a>
        </span>
      ) : (
        <span>
          许可协议：
          <a href={license.url} rel="license" className="text-primary underline underline-offset-2">
            {license.label}
          </a>
        </span>
      )}
      {rights.noai && <span>作者不允许 AI 使用本作品</span>}
      {rights.watermark && <span>图片带有作者水印</span>}
    </p>
  );
}
