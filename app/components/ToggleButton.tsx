import { useFetcher } from "react-router";
import { useHydrated } from "../lib/hydrated.ts";

/** What each mark a reader can set on a work posts and shows; the intents are the work page action's. */
const marks = {
  like: { onIntent: "like", offIntent: "unlike", label: "点赞", onLabel: "已赞", icon: "♥" },
  favorite: { onIntent: "favorite", offIntent: "unfavorite", label: "收藏", onLabel: "已收藏", icon: "★" },
} as const;

/**
 * A like or favorite button: a form post that works without JavaScript; with it, the count changes at once
 * and falls back to the server's answer if the request fails (requirements §4: failure shows nothing).
 */
export function ToggleButton({
  action,
  mark,
  on,
  count,
}: {
  action: string;
  mark: keyof typeof marks;
  on: boolean;
  count: number;
}) {
  const { onIntent, offIntent, label, onLabel, icon } = marks[mark];
  const testId = `${mark}-button`;
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const pending = fetcher.formData?.get("intent");
  const shownOn = pending ? pending === onIntent : on;
  const shownCount = pending ? count + (pending === onIntent ? (on ? 0 : 1) : on ? -1 : 0) : count;
  return (
    <fetcher.Form method="post" action={action}>
      <input type="hidden" name="intent" value={shownOn ? offIntent : onIntent} />
      {hydrated && <input type="hidden" name="js" value="1" />}
      <button
        type="submit"
        aria-pressed={shownOn}
        data-testid={testId}
        className={`flex items-center gap-1.5 rounded-full border px-4 py-1.5 text-sm transition ${
          shownOn
            ? "border-primary bg-primary-soft text-primary"
            : "border-line hover:border-primary hover:text-primary"
        }`}
      >
        <span aria-hidden>{icon}</span>
        <span>{shownOn ? onLabel : label}</span>
        <span className="tabular-nums" data-testid={`${testId}-count`}>
          {shownCount}
        </span>
      </button>
    </fetcher.Form>
  );
}
