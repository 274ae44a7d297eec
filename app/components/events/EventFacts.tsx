import { Link } from "react-router";
import type { EventState, EventSummary } from "../../../contract/curation/views.ts";
import { msToChinaMinute } from "../../../contract/shared/china-time.ts";

export const stateNames: Record<EventState, string> = {
  upcoming: "即将开始",
  open: "进行中",
  ended: "已结束，评选中",
  announced: "已公布结果",
};

export const placeNames = ["", "第一名", "第二名", "第三名"];

/** A moment as the site reads it everywhere: China time, to the minute. */
export const chinaTime = (ms: number) => msToChinaMinute(ms).replace("T", " ");

/** An event's state, as a small coloured label. */
export function EventState({ state }: { state: EventState }) {
  const tone = state === "open" ? "bg-primary text-on-primary" : "bg-surface-2 text-muted";
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${tone}`} data-testid="event-state">
      {stateNames[state]}
    </span>
  );
}

/** Its tag, its window and its entries: what both the list and the page say under the title. */
export function EventFacts({ event }: { event: EventSummary }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
      <EventState state={event.state} />
      <Link to={`/arts/tag/${event.tag.tagId}`} className="text-primary hover:underline">
        # {event.tag.name}
      </Link>
      <span>
        {chinaTime(event.startsAt)} 至 {chinaTime(event.endsAt)}（北京时间）
      </span>
      <span>{event.entryCount} 件参赛作品</span>
    </p>
  );
}
