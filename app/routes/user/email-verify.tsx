import type { Route } from "./+types/email-verify";
import { apiClient } from "../../lib/api.server.ts";
import { verifyEmail } from "../../lib/upstream/signin.ts";
import { NoticePage } from "../../components/NoticePage.tsx";
import { attempt } from "../../lib/form-action.server.ts";

export const meta: Route.MetaFunction = () => [{ title: "验证邮箱" }, { name: "robots", content: "noindex" }];

/**
 * requirements §2 /user/email/verify: the link from the verification mail. Following it is the proof (a mail scanner
 * opening it first proves the same: the mail reached the box), so the GET verifies; it works once.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const verified = await attempt(verifyEmail(apiClient(request, context, null), token));
  return verified.ok
    ? { email: verified.value.email, message: null }
    : { email: null, message: verified.failure.message };
}

/** Following a link spends it: never run this loader again for the same page (a theme change would). */
export const shouldRevalidate = () => false;

export default function EmailVerify({ loaderData }: Route.ComponentProps) {
  const { email, message } = loaderData;
  return (
    <NoticePage
      heading={email ? "邮箱已验证" : "邮箱验证未完成"}
      ok={!!email}
      next={{ to: "/user/profile/account", label: email ? "查看账号" : "重新发送验证邮件" }}
    >
      {email ? `${email} 已成为你账号的邮箱，可用于登录和找回密码。` : message}
    </NoticePage>
  );
}
