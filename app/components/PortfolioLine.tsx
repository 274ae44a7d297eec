import type { ProfileView } from "../../contract/people/views.ts";
import { linkSites } from "../../contract/people/portfolio.ts";
import { outboundHref } from "../../contract/shared/outbound.ts";
import { SiteLink } from "./SiteLink.tsx";

/** What each platform's icon shows: its first character, as the platforms' own marks are not ours to draw. */
const glyph: Record<string, string> = {
  weibo: "微",
  bilibili: "B",
  xiaohongshu: "红",
  zcool: "酷",
  douyin: "抖",
  site: "⌂",
};

/**
 * A profile as a portfolio, under the name: city and occupation, 接稿状态 with its note and (for others, when open)
 * 约稿, which opens the commission form (issue 59); links elsewhere as icons, through /redirect.
 */
export function PortfolioLine({ profile }: { profile: ProfileView }) {
  const { city, occupation, commission, links } = profile.portfolio;
  const facts = [city, occupation].filter(Boolean);
  if (!facts.length && !commission && !links.length) return null;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm" data-testid="portfolio">
      {facts.length > 0 && <span className="text-muted">{facts.join(" · ")}</span>}
      {commission && (
        <span className="flex items-center gap-2">
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-medium ${commission.open ? "bg-primary-soft text-primary" : "bg-surface-2 text-muted"}`}
          >
            {commission.open ? "可接稿" : "暂不接稿"}
          </span>
          {commission.note && <span className="text-muted">{commission.note}</span>}
          {commission.open && !profile.isSelf && (
            <SiteLink
              to={`/commissions/new?to=${profile.id}`}
              className="rounded-full bg-primary px-3 py-0.5 text-xs text-on-primary"
            >
              约稿
            </SiteLink>
          )}
        </span>
      )}
      {links.length > 0 && (
        <ul className="flex items-center gap-1.5" aria-label="其他平台">
          {links.map((l) => {
            const label = linkSites.find((s) => s.key === l.key)?.label ?? l.key;
            return (
              <li key={l.key}>
                <a
                  href={outboundHref(l.url)}
                  target="_blank"
                  rel="nofollow ugc noopener noreferrer me"
                  aria-label={label}
                  title={label}
                  className="flex h-7 w-7 items-center justify-center rounded-full border border-line text-xs text-muted hover:border-primary hover:text-primary"
                >
                  <span aria-hidden>{glyph[l.key]}</span>
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
