import { fullDate, relativeTime } from "../lib/time.ts";

export function RelativeTime({ ms, className = "" }: { ms: number; className?: string }) {
  return (
    <time dateTime={new Date(ms).toISOString()} title={fullDate(ms)} className={className} suppressHydrationWarning>
      {relativeTime(ms)}
    </time>
  );
}
