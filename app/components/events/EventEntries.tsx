import { Form } from "react-router";
import type { EventView } from "../../../contract/curation/views.ts";
import { rowPlaces } from "../justified.ts";
import { WorkCard } from "../WorkCard.tsx";
import { placeNames } from "./EventFacts.tsx";

/**
 * An event's entries in the grid's whole-picture rows, each with its votes and, while it is open, the member's vote
 * (a plain form post); the member's own entries offer 撤回 instead. Votes shown are everyone's; the order is by the
 * votes that count (members with standing).
 */
export function EventEntries({ event, viewerId }: { event: EventView; viewerId: number | null }) {
  const places = rowPlaces(event.entries.map((e) => e.work));
  const open = event.state === "open";
  return (
    <section aria-labelledby="entries">
      <h2 id="entries" className="mb-3 text-lg font-semibold">
        参赛作品
      </h2>
      {event.entries.length ? (
        <ul className="work-grid" data-testid="event-entries">
          {event.entries.map((e, i) => {
            const own = viewerId === e.work.user.id;
            const voted = event.myVote === e.work.artId;
            return (
              <li
                key={e.work.artId}
                id={`entry-${e.work.artId}`}
                style={places[i]}
                className="flex scroll-mt-24 flex-col gap-1.5 [&>article]:flex-1"
              >
                <WorkCard work={e.work} eager={i < 4} />
                <div className="flex items-center gap-2 px-1 text-sm" data-testid="entry-votes">
                  {e.place > 0 && <span className="font-semibold text-primary">{placeNames[e.place]}</span>}
                  <span className="text-muted" title="每位会员一票；注册不久的账号的票会显示，但不计入排名">
                    {e.votes} 票
                  </span>
                  {open && viewerId && (
                    <Form method="post" className="ml-auto">
                      <input type="hidden" name="workId" value={e.work.artId} />
                      {own ? (
                        <button name="intent" value="withdraw" className="text-xs text-muted hover:text-danger">
                          撤回
                        </button>
                      ) : (
                        <button
                          name="intent"
                          value="vote"
                          aria-pressed={voted}
                          disabled={voted}
                          className={`rounded-full border px-3 py-0.5 text-xs ${voted ? "border-line text-muted" : "border-primary text-primary hover:bg-primary hover:text-on-primary"}`}
                        >
                          {voted ? "已投票" : event.myVote ? "改投这件" : "投票"}
                        </button>
                      )}
                    </Form>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="py-16 text-center text-muted">还没有参赛作品</p>
      )}
    </section>
  );
}
