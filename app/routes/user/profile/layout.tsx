import { NavLink, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { requireUser } from "../../../lib/site.server.ts";

/** 编辑资料 (spec §2 /user/profile, children: the profile and the account). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  return null;
}

export default function ProfileLayout() {
  const tabs: [string, string][] = [
    ["资料", "/user/profile"],
    ["账号与安全", "/user/profile/account"],
  ];
  return (
    <main className="mx-auto max-w-3xl px-4 py-6">
      <h1 className="mb-4 text-2xl font-semibold">编辑资料</h1>
      <nav aria-label="编辑资料" className="mb-5 flex gap-1 border-b border-line">
        {tabs.map(([label, to]) => (
          <NavLink
            key={to}
            to={to}
            end
            className={({ isActive }) =>
              `-mb-px border-b-2 px-4 py-2 text-sm ${isActive ? "border-primary font-semibold text-primary" : "border-transparent text-muted hover:text-fg"}`
            }
          >
            {label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </main>
  );
}
