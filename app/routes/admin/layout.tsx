import { Link, NavLink, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { Shell, ShellError } from "../layouts/default.tsx";
import { requireStaff } from "../../lib/site.server.ts";
import { adminSection, adminSections } from "./admin-sections.ts";

/** requirements §6: only owner or admin may open paths under /admin; anyone else gets 403. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { user: await requireStaff(request, context) };
}

const item = ({ isActive }: { isActive: boolean }) =>
  `block shrink-0 whitespace-nowrap rounded-lg px-3 py-2 text-sm ${isActive ? "bg-primary-soft text-primary" : "hover:bg-surface-2"}`;

/** Each tab names its section: several open /admin tabs are told apart. */
export const meta: Route.MetaFunction = ({ location }) => [
  { title: `${adminSection(location.pathname)} · 管理后台` },
  { name: "robots", content: "noindex" },
];

export default function AdminLayout() {
  return (
    <Shell footer={false}>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6 lg:grid-cols-[180px_1fr] lg:px-6">
        <nav
          aria-label="后台导航"
          className="-mx-4 flex gap-1 overflow-x-auto px-4 lg:mx-0 lg:block lg:space-y-1 lg:px-0"
        >
          {adminSections.map(([to, label]) => (
            <NavLink key={to} to={to} end={to === "/admin"} className={item}>
              {label}
            </NavLink>
          ))}
          <Link to="/" className="block shrink-0 rounded-lg px-3 py-2 text-sm text-muted hover:bg-surface-2">
            返回前台
          </Link>
        </nav>
        <div className="min-w-0">
          <Outlet />
        </div>
      </div>
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShellError error={error} />;
}
