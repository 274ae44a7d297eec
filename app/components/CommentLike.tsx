import { useFetcher } from "react-router";
import type { CommentView } from "../../contract/works/views.ts";
import { useHydrated } from "../lib/hydrated.ts";

/**
 * The heart under a comment and how many liked it: a plain post without JavaScript (back to the comment), and with it
 * a fetcher that shows the new state at once.
 */
export function CommentLike({ c, action }: { c: CommentView; action: string }) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const sending = fetcher.formData?.get("intent");
  const liked = sending ? sending === "likeComment" : c.liked;
  const count = c.likeCount + (liked === c.liked ? 0 : liked ? 1 : -1);
  return (
    <fetcher.Form method="post" action={action}>
      <input type="hidden" name="intent" value={liked ? "unlikeComment" : "likeComment"} />
      <input type="hidden" name="commentId" value={c.commentId} />
      {hydrated && <input type="hidden" name="js" value="1" />}
      <button
        type="submit"
        aria-pressed={liked}
        aria-label={`${liked ? "取消点赞" : "点赞"}${c.user.nickname}的评论，${count} 个赞`}
        className={`hover:text-primary ${liked ? "text-primary" : ""}`}
      >
        ♥ {count > 0 ? count : "赞"}
      </button>
    </fetcher.Form>
  );
}
