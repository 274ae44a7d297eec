import { badgeText } from "../../contract/scores/growth.ts";

/** The unread count on the message indicator (requirements §2, §9): nothing at 0, 99+ above 99. */
export function MessageBadge({ count, className = "" }: { count: number; className?: string }) {
  const text = badgeText(count);
  if (!text) return null;
  return (
    <span
      data-testid="message-badge"
      aria-label={`${count}条未读`}
      className={`inline-flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-danger px-1 text-[11px] font-semibold leading-none text-on-danger ${className}`}
    >
      {text}
    </span>
  );
}
