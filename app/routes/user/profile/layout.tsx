import { Outlet } from "react-router";
import { TabNav } from "../../../components/TabNav.tsx";
import type { Route } from "./+types/layout";
import { requireUser } from "../../../lib/site.server.ts";

/** 编辑资料 (requirements §2 /user/profile, children: the profile and the account). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  return null;
}

export default function ProfileLayout() {
  const tabs: [string, string][] = [
    ["资料", "/user/profile"],
    ["账号与安全", "/user/profile/account"],
    ["邮件通知", "/user/profile/mail"],
    ["推送通知", "/user/profile/push"],
    ["访问令牌", "/user/profile/tokens"],
    ["Webhook", "/user/profile/webhooks"],
  ];
  return (
    <main className="mx-auto max-w-3xl px-4 py-6">
      <h1 className="mb-4 text-2xl font-semibold">编辑资料</h1>
      <div className="mb-5">
        <TabNav label="编辑资料" tabs={tabs} />
      </div>
      <Outlet />
    </main>
  );
}
