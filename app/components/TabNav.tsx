import type { ReactNode } from "react";
import { NavLink, useLocation } from "react-router";

/**
 * Tabs that are links (the personal centre, 编辑资料, 消息): the current one underlined. A tab may name a path
 * prefix under which it stays current (私信 inside one conversation).
 */
export function TabNav({ label, tabs }: { label: string; tabs: [title: ReactNode, to: string, within?: string][] }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label={label} className="flex gap-1 overflow-x-auto border-b border-line">
      {tabs.map(([title, to, within]) => (
        <NavLink
          key={to}
          to={to}
          end
          className={({ isActive }) =>
            `-mb-px flex shrink-0 items-center gap-1.5 border-b-2 px-4 py-2 text-sm ${isActive || (within && pathname.startsWith(within)) ? "border-primary font-semibold text-primary" : "border-transparent text-muted hover:text-fg"}`
          }
        >
          {title}
        </NavLink>
      ))}
    </nav>
  );
}
