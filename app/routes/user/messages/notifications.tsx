import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/notifications";
import type { NotificationView } from "../../../../contract/inbox/views.ts";
import { Avatar } from "../../../components/Avatar.tsx";
import { RelativeTime } from "../../../components/RelativeTime.tsx";
import { apiClient, orErrorPage } from "../../../lib/api.server.ts";
import { useRevalidateOnInbox } from "../../../lib/inbox.tsx";
import { describeNotification, fromSomeone } from "../../../../contract/inbox/notice-text.ts";
import { readForm } from "../../../lib/request.server.ts";
import { pagePath } from "../../../lib/ref.ts";
import { requireUser } from "../../../lib/site.server.ts";
import { listNotifications, readAllNotifications, readNotification } from "../../../lib/upstream/inbox.ts";
import { NextPage } from "../../../components/NextPage.tsx";
import { attempt, done, toastAndGo } from "../../../lib/form-action.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const url = new URL(request.url);
  const unread = url.searchParams.get("unread") === "1";
  const cursor = url.searchParams.get("cursor") || undefined;
  const page = await orErrorPage(listNotifications(apiClient(request, context), cursor, unread));
  return { page, unread };
}

/** 标为已读 (one) and 全部已读, as form posts; back to the same list. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const api = apiClient(request, context);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent !== "read" && intent !== "readAll") return data({ error: "未知操作" }, { status: 400 });
  // Back to the list as it was (its filter and page), never to the .data address a script's post came to.
  const url = new URL(pagePath(request.url), "http://x");
  url.searchParams.delete("index");
  const back = url.pathname + url.search;
  if (intent === "read") {
    const read = await attempt(readNotification(api, Number(form.get("id"))));
    return read.ok ? redirect(back) : toastAndGo(context, read.failure, back);
  }
  const all = await attempt(readAllNotifications(api));
  if (!all.ok) return toastAndGo(context, all.failure, back);
  return done(context, all.value.marked ? `已将 ${all.value.marked} 条通知标为已读` : "没有未读通知", back);
}

function NotificationItem({ n }: { n: NotificationView }) {
  const { text } = describeNotification(n);
  const person = n.actor && fromSomeone(n) ? n.actor : null;
  return (
    <li
      className={`flex gap-3 rounded-2xl border p-3 ${n.read ? "border-line bg-surface" : "border-primary/30 bg-primary-soft/40"}`}
      data-testid="notification"
      data-read={n.read ? "1" : "0"}
    >
      {person ? (
        <Link to={`/user/${person.id}`} className="shrink-0">
          <Avatar user={person} size={40} alone />
        </Link>
      ) : (
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
          ★
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="text-sm">
          {!n.read && (
            <>
              <span className="mr-1.5 inline-block h-2 w-2 rounded-full bg-danger" aria-hidden />
              <span className="sr-only">未读：</span>
            </>
          )}
          {person && (
            <Link to={`/user/${person.id}`} className="font-medium hover:text-primary">
              {person.nickname}{" "}
            </Link>
          )}
          {/* Opening marks it read on the way (a link, so it works without JavaScript). */}
          <a href={`/user/messages/open/${n.notificationId}`} className="hover:text-primary">
            {text}
          </a>
        </p>
        {n.comment && (
          <p className="mt-1 line-clamp-2 rounded-lg bg-surface-2 px-2 py-1 text-sm text-muted">{n.comment}</p>
        )}
        <div className="mt-1 flex items-center gap-3 text-xs text-muted">
          <RelativeTime ms={n.createdAt} />
          {!n.read && (
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="read" />
              <input type="hidden" name="id" value={n.notificationId} />
              <button type="submit" className="hover:text-primary">
                标为已读
              </button>
            </Form>
          )}
        </div>
      </div>
    </li>
  );
}

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { page, unread } = loaderData;
  // A notification that arrives while the list is open joins it.
  useRevalidateOnInbox((inbox) => inbox.notificationCount);
  const filter = (on: boolean, label: string) => (
    <Link
      to={on ? "?unread=1" : "."}
      className={`rounded-full px-3 py-1 ${unread === on ? "bg-primary-soft font-medium text-primary" : "hover:bg-surface-2"}`}
      aria-current={unread === on ? "page" : undefined}
    >
      {label}
    </Link>
  );
  return (
    <section>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2 text-sm">
        <nav aria-label="筛选通知" className="flex gap-1">
          {filter(false, "全部")}
          {filter(true, "未读")}
        </nav>
        <Form method="post">
          <input type="hidden" name="intent" value="readAll" />
          <button
            type="submit"
            className="rounded-full border border-line px-3 py-1 hover:border-primary hover:text-primary"
          >
            全部标为已读
          </button>
        </Form>
      </div>
      {page.results.length ? (
        <ul className="space-y-2">
          {page.results.map((n) => (
            <NotificationItem key={n.notificationId} n={n} />
          ))}
        </ul>
      ) : (
        <p className="py-16 text-center text-muted">
          {unread ? "没有未读通知" : "还没有通知：发布作品、参与讨论，别人的回应会出现在这里"}
        </p>
      )}
      {page.hasMore && <NextPage cursor={page.cursor} query={unread ? "unread=1" : ""} />}
    </section>
  );
}
