import { CommentLike } from "./CommentLike.tsx";
import { useCommentAssist } from "./CommentAssist.tsx";
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import type { CommentView } from "../../contract/works/views.ts";
import type { Page } from "../../contract/shared/page.ts";
import { RichText } from "./RichText.tsx";
import { reportPath, signinPath } from "../lib/ref.ts";
import { Avatar } from "./Avatar.tsx";
import { ConfirmPost } from "./ConfirmPost.tsx";
import { RelativeTime } from "./RelativeTime.tsx";
import { useHydrated } from "../lib/hydrated.ts";
import { commentLimits } from "../../contract/shared/limits.ts";
import { SiteLink } from "./SiteLink.tsx";

function CommentText({ c }: { c: CommentView }) {
  return <RichText content={c.content} mentions={c.mentions} className="[&_a]:text-primary" />;
}

function CommentItem({
  c,
  action,
  here,
  viewerId,
  onReply,
  reply = false,
}: {
  c: CommentView;
  action: string;
  /** The page's path: 回复 without JavaScript opens it again with the form answering this comment. */
  here: string;
  viewerId: number | null;
  onReply: (c: CommentView) => void;
  reply?: boolean;
}) {
  return (
    <li id={`comment-${c.commentId}`} className={`flex gap-3 ${reply ? "mt-3" : "py-4"}`} data-testid="comment">
      <SiteLink to={`/user/${c.user.id}`} className="shrink-0">
        <Avatar user={c.user} size={reply ? 30 : 40} alone />
      </SiteLink>
      <div className="min-w-0 flex-1">
        <div className="mb-1 flex flex-wrap items-center gap-x-2 text-xs text-muted">
          <SiteLink to={`/user/${c.user.id}`} className="font-medium text-fg">
            {c.user.nickname}
          </SiteLink>
          {c.replyTo && (
            <span>
              回复{" "}
              <SiteLink to={`/user/${c.replyTo.id}`} className="text-primary underline underline-offset-2">
                @{c.replyTo.nickname}
              </SiteLink>
            </span>
          )}
          <RelativeTime ms={c.createdAt} />
        </div>
        <CommentText c={c} />
        <div className="mt-1 flex gap-4 text-xs text-muted">
          {viewerId !== null ? (
            <CommentLike c={c} action={action} />
          ) : (
            c.likeCount > 0 && <span aria-label={`${c.likeCount} 个赞`}>♥ {c.likeCount}</span>
          )}
          {/* A plain anchor, not <Link>: a page draws one per comment, and with JavaScript the click never navigates. */}
          <a
            href={`${here}?replyTo=${c.commentId}#comment-form`}
            onClick={(e) => {
              e.preventDefault();
              onReply(c);
            }}
            className="hover:text-primary"
          >
            回复
          </a>
          {c.canDelete && (
            <ConfirmPost
              action={action}
              intent="deleteComment"
              confirm="确定删除这条评论吗？"
              fields={{ commentId: c.commentId }}
            >
              删除
            </ConfirmPost>
          )}
          {c.user.id !== viewerId && (
            <SiteLink
              to={reportPath("comment", c.commentId, `${action}#comment-${c.commentId}`)}
              className="hover:text-primary"
            >
              举报<span className="sr-only">{c.user.nickname}的评论</span>
            </SiteLink>
          )}
        </div>
        {c.replies.length > 0 && (
          <ul className="mt-1 rounded-lg bg-surface-2 px-3 pb-3">
            {c.replies.map((r) => (
              <CommentItem
                key={r.commentId}
                c={r}
                action={action}
                here={here}
                viewerId={viewerId}
                onReply={onReply}
                reply
              />
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

/**
 * Comments under a work: newest first, replies beneath their thread, a form that posts without JavaScript
 * (reply by following the 回复 link) and, with it, without leaving the page.
 */
export function Comments({
  artId,
  page,
  viewerId,
  replyTo,
}: {
  artId: number;
  page: Page<CommentView>;
  /** The signed-in reader, or null for a visitor. */
  viewerId: number | null;
  replyTo: CommentView | null;
}) {
  const signedIn = viewerId !== null;
  const action = `/art/${artId}`;
  const location = useLocation();
  const fetcher = useFetcher<{ ok?: boolean; error?: string }>();
  const [target, setTarget] = useState<CommentView | null>(replyTo);
  // Without JavaScript the action redirects back to the page; with it, it answers the fetcher.
  const hydrated = useHydrated();
  const text = useRef<HTMLTextAreaElement>(null);
  useEffect(() => setTarget(replyTo), [replyTo]);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok && text.current) {
      text.current.value = "";
      setTarget(null);
    }
  }, [fetcher.state, fetcher.data]);
  const reply = (c: CommentView) => {
    setTarget(c);
    text.current?.focus();
  };
  const error = fetcher.data?.error;
  const assist = useCommentAssist(text);
  return (
    <section id="comments" aria-labelledby="comments-title" className="mt-8 border-t border-line pt-6">
      <h2 id="comments-title" className="mb-3 text-lg font-semibold">
        评论
      </h2>
      {signedIn ? (
        <fetcher.Form method="post" action={action} id="comment-form" className="mb-4 space-y-2">
          <input type="hidden" name="intent" value="comment" />
          {hydrated && <input type="hidden" name="js" value="1" />}
          {target && (
            <div className="flex items-center gap-2 text-sm text-muted">
              回复 <span className="text-primary">@{target.user.nickname}</span>
              <input type="hidden" name="replyTo" value={target.commentId} />
              <button type="button" onClick={() => setTarget(null)} className="text-xs hover:text-fg">
                取消
              </button>
            </div>
          )}
          <textarea
            ref={text}
            name="content"
            required
            maxLength={commentLimits.content}
            rows={3}
            placeholder="说点什么吧，@ 可以提到别人"
            aria-label="评论内容"
            aria-invalid={error ? true : undefined}
            className="w-full rounded-xl border border-line bg-surface p-3 text-sm focus:border-primary"
            {...assist.textarea}
          />
          {assist.suggestions}
          {error && (
            <p role="alert" className="text-xs text-danger">
              {error}
            </p>
          )}
          <div className="flex items-center justify-between gap-2">
            <span>{hydrated && assist.emoji}</span>
            <button
              type="submit"
              disabled={fetcher.state !== "idle"}
              className="rounded-full bg-primary px-5 py-1.5 text-sm text-on-primary disabled:opacity-60"
            >
              {fetcher.state !== "idle" ? "发送中…" : "发表评论"}
            </button>
          </div>
        </fetcher.Form>
      ) : (
        <p className="mb-4 rounded-xl bg-surface-2 p-4 text-center text-sm">
          <SiteLink
            to={signinPath(location.pathname + "#comments")}
            className="text-primary underline underline-offset-2"
          >
            登录
          </SiteLink>{" "}
          后参与评论
        </p>
      )}
      {page.results.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted">还没有评论，来说第一句吧。</p>
      ) : (
        <ul className="divide-y divide-line">
          {page.results.map((c) => (
            <CommentItem
              key={c.commentId}
              c={c}
              action={action}
              here={location.pathname}
              viewerId={viewerId}
              onReply={reply}
            />
          ))}
        </ul>
      )}
      {page.hasMore && (
        <p className="mt-3 text-center">
          <Link to={`?comments=${encodeURIComponent(page.cursor)}#comments`} className="text-sm text-primary">
            更早的评论
          </Link>
        </p>
      )}
    </section>
  );
}
