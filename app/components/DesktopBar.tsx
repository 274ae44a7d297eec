import { NavLink } from "react-router";
import type { CurrentUserView } from "../../contract/signin/views.ts";
import type { NodeView, SiteConfig } from "../../contract/site/views.ts";
import { SigninLink } from "./SigninLink.tsx";
import type { Theme } from "../lib/theme.ts";
import { Dropdown, menuItem } from "./Dropdown.tsx";
import { Logo } from "./Logo.tsx";
import { SearchBox } from "./SearchBox.tsx";
import { ThemeMenu } from "./ThemeMenu.tsx";
import { UserMenu } from "./UserMenu.tsx";
import { InboxMenu } from "./InboxMenu.tsx";
import { SiteLink } from "./SiteLink.tsx";
import { SharedPiece } from "./SharedPiece.tsx";
import { DeepThinkIcon } from "./ai/AiIcons.tsx";

export type BarProps = { config: SiteConfig; nodes: NodeView[]; user: CurrentUserView | null; theme: Theme };

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-full px-3 py-1.5 text-sm transition ${isActive ? "bg-primary-soft font-medium text-primary" : "hover:bg-surface-2"}`;

export function NodeLogo({ node, size = 20 }: { node: NodeView; size?: number }) {
  return node.logo ? (
    <img
      src={node.logo}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      className="rounded-md object-cover"
      style={{ width: size, height: size }}
    />
  ) : (
    <span aria-hidden className="inline-block rounded-md bg-surface-2" style={{ width: size, height: size }} />
  );
}

/** requirements §2 desktop top bar (1024px and wider). */
export function DesktopBar({ config, nodes, user, theme }: BarProps) {
  return (
    <header
      className="sticky top-0 z-40 hidden border-b border-line bg-surface/90 backdrop-blur lg:block"
      data-testid="desktop-bar"
    >
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-6 px-6">
        <SiteLink to="/" aria-label={`${config.siteTitle}首页`}>
          <Logo title={config.siteTitle} />
        </SiteLink>
        <nav aria-label="主导航" className="flex items-center gap-1">
          <NavLink to="/different" className={navClass}>
            新视野
          </NavLink>
          <NavLink to="/follow" className={navClass}>
            关注
          </NavLink>
          <NavLink to="/" end className={navClass}>
            推荐
          </NavLink>
          <Dropdown
            label="发现"
            summary={<span className="rounded-full px-3 py-1.5 text-sm hover:bg-surface-2">发现 ▾</span>}
          >
            <SharedPiece
              as="div"
              className="grid w-80 grid-cols-2 gap-0.5"
              sameFor={`discover:${JSON.stringify(nodes)}`}
            >
              <SiteLink to="/charts" className={`${menuItem} col-span-2 font-medium`}>
                排行榜
              </SiteLink>
              {nodes.map((n) => (
                <SiteLink key={n.nodeId} to={`/arts/node/${n.nodeId}`} className={menuItem}>
                  <NodeLogo node={n} />
                  <span className="truncate">{n.name}</span>
                </SiteLink>
              ))}
            </SharedPiece>
          </Dropdown>
          {config.ai && (
            <NavLink to="/ai" className={(s) => `${navClass(s)} inline-flex items-center gap-1`}>
              <DeepThinkIcon />
              AI 助手
            </NavLink>
          )}
        </nav>
        <div className="ml-auto flex items-center gap-3">
          <SearchBox />
          <SiteLink
            to="/art/create"
            className="rounded-full bg-primary px-4 py-1.5 text-sm font-medium text-on-primary hover:opacity-90"
          >
            发布作品
          </SiteLink>
          <ThemeMenu theme={theme} />
          {user ? (
            <>
              <InboxMenu />
              <UserMenu user={user} />
            </>
          ) : (
            <SigninLink className="rounded-full border border-line px-4 py-1.5 text-sm hover:border-primary hover:text-primary" />
          )}
        </div>
      </div>
    </header>
  );
}
