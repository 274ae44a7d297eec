import { NavLink } from "react-router";

/** Tabs that are links (the personal centre, 编辑资料): the current one underlined. */
export function TabNav({ label, tabs }: { label: string; tabs: [title: string, to: string][] }) {
  return (
    <nav aria-label={label} className="flex gap-1 overflow-x-auto border-b border-line">
      {tabs.map(([title, to]) => (
        <NavLink
          key={to}
          to={to}
          end
          className={({ isActive }) =>
            `-mb-px shrink-0 border-b-2 px-4 py-2 text-sm ${isActive ? "border-primary font-semibold text-primary" : "border-transparent text-muted hover:text-fg"}`
          }
        >
          {title}
        </NavLink>
      ))}
    </nav>
  );
}
