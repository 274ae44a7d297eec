import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { useLocation } from "react-router";
import { SigninLink } from "./SigninLink.tsx";
import type { BarProps } from "./DesktopBar.tsx";
import { Avatar } from "./Avatar.tsx";
import { menuItem } from "./Dropdown.tsx";
import { Logo } from "./Logo.tsx";
import { SearchBox } from "./SearchBox.tsx";
import { ThemeMenu } from "./ThemeMenu.tsx";
import { UserLinks } from "./UserMenu.tsx";
import { MessageBadge } from "./MessageBadge.tsx";
import { CheckinButton } from "./CheckinButton.tsx";
import { useInbox } from "../lib/inbox.tsx";
import { useSite } from "../lib/site.ts";
import { SiteLink } from "./SiteLink.tsx";
import { DeepThinkIcon } from "./ai/AiIcons.tsx";
import { NodeGrid } from "./NodeGrid.tsx";
import { SharedPiece } from "./SharedPiece.tsx";

type Panel = "none" | "sidebar" | "nodes";
const panels: Panel[] = ["sidebar", "nodes"];

/**
 * requirements §2 mobile top bar (under 1024px): menu button and 220px sidebar, site link, works panel with nodes three
 * per row, compact search, plus button. Which panel is open lives in three radio inputs, so the labels work
 * without JavaScript; with it the same radios are driven by state, toggle on a second tap, and close on every
 * route change. Opening the sidebar closes the node panel (one radio group).
 */
export function MobileBar({ config, nodes, user, theme }: BarProps) {
  const [panel, setPanel] = useState<Panel>("none");
  const inbox = useInbox();
  const site = useSite();
  const location = useLocation();
  // A panel opened before the page hydrated stays open: adopt what the radios say once, on the first render…
  useLayoutEffect(() => {
    const open = panels.find((p) => (document.getElementById(`mp-${p}`) as HTMLInputElement | null)?.checked);
    if (open) setPanel(open);
  }, []);
  // …and close on every route change after it.
  const shownAt = useRef(location.key);
  useEffect(() => {
    if (shownAt.current === location.key) return;
    shownAt.current = location.key;
    setPanel("none");
  }, [location.key]);
  const toggle = (p: Panel) => (e: { preventDefault(): void }) => {
    e.preventDefault();
    setPanel((cur) => (cur === p ? "none" : p));
  };
  // Escape closes an open panel and gives focus back to the button that opened it.
  const bar = useRef<HTMLElement>(null);
  useEffect(() => {
    if (panel === "none") return;
    const close = (e: globalThis.KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setPanel("none");
      bar.current?.querySelector<HTMLElement>(`[data-panel="${panel}"]`)?.focus();
    };
    document.addEventListener("keydown", close);
    return () => document.removeEventListener("keydown", close);
  }, [panel]);
  // A label cannot take focus: the button inside it does, and Enter or Space opens its panel as a click would.
  const pressed = (p: Panel) => (e: KeyboardEvent) => {
    if (e.key === "Enter" || e.key === " ") toggle(p)(e);
  };
  // Read-only to React: the labels' handlers own the state, and React puts back any change the browser makes.
  const radio = (p: Panel) => (
    <input
      type="radio"
      name="mobile-panel"
      id={`mp-${p}`}
      className="sr-only"
      tabIndex={-1}
      aria-hidden
      checked={panel === p}
      readOnly
    />
  );
  return (
    <div className="mobile-shell lg:hidden" data-testid="mobile-bar">
      {radio("none")}
      {radio("sidebar")}
      {radio("nodes")}
      <header
        ref={bar}
        className="sticky top-0 z-[45] flex h-12 items-center gap-2 border-b border-line bg-surface px-3"
      >
        <label
          htmlFor="mp-sidebar"
          onClick={toggle("sidebar")}
          className="relative cursor-pointer p-1.5 text-xl leading-none"
        >
          <span
            role="button"
            tabIndex={0}
            aria-label={inbox?.count ? "打开菜单，有未读消息" : "打开菜单"}
            aria-expanded={panel === "sidebar"}
            data-panel="sidebar"
            onKeyDown={pressed("sidebar")}
          >
            ☰
          </span>
          {inbox?.count ? (
            <span
              className="absolute right-0.5 top-1 h-2 w-2 rounded-full bg-danger"
              data-testid="mobile-unread-dot"
              aria-hidden
            />
          ) : null}
        </label>
        <SiteLink to="/" aria-label={`${config.siteTitle}首页`} className="shrink-0">
          <Logo title={config.siteTitle} />
        </SiteLink>
        <label
          htmlFor="mp-nodes"
          onClick={toggle("nodes")}
          className="shrink-0 cursor-pointer rounded-full px-2 py-1 text-sm hover:bg-surface-2"
        >
          <span
            role="button"
            tabIndex={0}
            aria-expanded={panel === "nodes"}
            data-panel="nodes"
            onKeyDown={pressed("nodes")}
          >
            作品 ▾
          </span>
        </label>
        <div className="min-w-0 flex-1">
          <SearchBox compact />
        </div>
        <SiteLink
          to="/art/create"
          aria-label="发布作品"
          className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-primary text-xl leading-none text-on-primary"
        >
          +
        </SiteLink>
      </header>

      {/* For the pointer: a keyboard closes with Escape or the button again, and a screen reader never meets it. */}
      <label
        htmlFor="mp-none"
        onClick={toggle("none")}
        aria-hidden
        className="mobile-overlay fixed inset-0 z-40 bg-black/40"
        data-testid="mobile-overlay"
      />

      <SharedPiece
        as="nav"
        aria-label="作品分区"
        className="mobile-nodes fixed inset-x-0 top-12 z-50 border-b border-line bg-surface p-3 shadow-lg"
        data-testid="mobile-nodes"
        sameFor={`node-grid:${JSON.stringify(nodes)}`}
      >
        <NodeGrid nodes={nodes} />
      </SharedPiece>

      <nav
        aria-label="侧边栏"
        className="mobile-sidebar fixed inset-y-0 left-0 z-50 flex w-[220px] flex-col overflow-y-auto border-r border-line bg-surface p-3"
        data-testid="mobile-sidebar"
      >
        <div className="mb-3 border-b border-line pb-3">
          {user ? (
            <div className="flex items-center gap-2 px-2">
              <Avatar user={user} size={40} />
              <span className="truncate font-medium">{user.nickname}</span>
            </div>
          ) : (
            <SigninLink className="block rounded-full bg-primary py-2 text-center text-sm font-medium text-on-primary" />
          )}
        </div>
        {config.siteNavs.map((nav) => (
          <a key={nav.url + nav.title} href={nav.url} className={menuItem}>
            {nav.title}
          </a>
        ))}
        {config.ai && (
          <SiteLink to="/ai" className={menuItem}>
            <DeepThinkIcon />
            AI 助手
          </SiteLink>
        )}
        <SiteLink to="/user/messages" className={menuItem}>
          消息
          <MessageBadge count={inbox?.count ?? 0} className="ml-auto" />
        </SiteLink>
        <SiteLink to="/agreement/agreement" className={menuItem}>
          用户协议
        </SiteLink>
        <SiteLink to="/about" className={menuItem}>
          关于
        </SiteLink>
        {user && (
          <div className="mt-3 border-t border-line pt-3">
            <CheckinButton state={site?.checkin ?? null} className="mb-1" />
            <UserLinks user={user} />
          </div>
        )}
        <div className="mt-auto pt-4">
          <ThemeMenu theme={theme} compact />
        </div>
      </nav>
    </div>
  );
}
