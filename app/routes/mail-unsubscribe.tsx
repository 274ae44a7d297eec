import { Form, Link } from "react-router";
import type { Route } from "./+types/mail-unsubscribe";
import { apiClient } from "../lib/api.server.ts";
import { unsubscribeFromDigest } from "../lib/upstream/site.ts";
import { SubmitButton } from "../components/SubmitButton.tsx";
import { attempt } from "../lib/form-action.server.ts";

export const meta: Route.MetaFunction = () => [{ title: "退订通知邮件" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return { u: url.searchParams.get("u") ?? "", k: url.searchParams.get("k") ?? "" };
}

/** The button's post: the link's own key turns the digest off, signed in or not. */
export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const query = { u: url.searchParams.get("u") ?? "", k: url.searchParams.get("k") ?? "" };
  const sent = await attempt(unsubscribeFromDigest(apiClient(request, context), query));
  return { off: sent.ok && sent.value.off, message: sent.ok ? "" : sent.failure.message };
}

/** 退订: opened from the digest's link; a button, so a mail scanner that follows links turns nothing off. */
export default function MailUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { u, k } = loaderData;
  return (
    <main className="mx-auto max-w-md px-4 py-12 text-center">
      <h1 className="mb-4 text-2xl font-semibold">退订通知邮件</h1>
      {actionData ? (
        <p role="status" className="mb-6">
          {actionData.off
            ? "已退订：你不会再收到通知摘要邮件。"
            : actionData.message || "这个退订链接已失效，或者你已经退订过了。"}
        </p>
      ) : (
        <Form method="post" action={`?u=${encodeURIComponent(u)}&k=${encodeURIComponent(k)}`} className="mb-6">
          <p className="mb-4 text-sm text-muted">退订后将不再收到每日通知摘要；站内通知不受影响。</p>
          <SubmitButton label="确认退订" />
        </Form>
      )}
      <p className="text-sm">
        想改为接收部分通知？在
        <Link to="/user/profile/mail" className="text-primary underline underline-offset-2">
          邮件通知设置
        </Link>
        中选择。
      </p>
    </main>
  );
}
