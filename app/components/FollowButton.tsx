import { useFetcher, useLocation } from "react-router";
import { useHydrated } from "../lib/hydrated.ts";

/**
 * 关注 / 已关注 (requirements §4): a form post that works without JavaScript (back to this page with a toast); with it, a
 * fetcher that shows the new state at once and falls back to the server's answer if the post fails. A visitor's
 * post leads to the sign-in page, which brings them back here.
 */
export function FollowButton({
  userId,
  followed,
  small = false,
  tagId,
}: {
  userId?: number;
  followed: boolean;
  small?: boolean;
  /** A tag's button (issue 59) rather than a member's. */
  tagId?: number;
}) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const location = useLocation();
  const pending = fetcher.formData?.get("intent");
  const shown = pending ? pending === "follow" : followed;
  // Without JavaScript the post comes back to this button, not the top of the page.
  const anchor = tagId ? `follow-tag-${tagId}` : `follow-${userId}`;
  const action = tagId ? `/tags/follow/${tagId}` : `/user/${userId}/follow`;
  return (
    <fetcher.Form method="post" action={action} id={anchor} className="scroll-mt-24">
      <input type="hidden" name="intent" value={shown ? "unfollow" : "follow"} />
      <input type="hidden" name="ref" value={`${location.pathname}${location.search}#${anchor}`} />
      {hydrated && <input type="hidden" name="js" value="1" />}
      <button
        type="submit"
        aria-pressed={shown}
        data-testid={tagId ? "tag-follow-button" : "follow-button"}
        className={`rounded-full border font-medium transition ${small ? "px-3 py-1 text-xs" : "px-5 py-1.5 text-sm"} ${
          shown
            ? "border-line bg-surface-2 text-muted hover:border-danger hover:text-danger"
            : "border-primary bg-primary text-on-primary hover:opacity-90"
        }`}
      >
        {shown ? "已关注" : "关注"}
      </button>
    </fetcher.Form>
  );
}
