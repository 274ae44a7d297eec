import { Link } from "react-router";
import type { Route } from "./+types/list";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { listEvents } from "../../lib/upstream/curation.ts";
import { visitorCacheable } from "../../lib/visitor-cache.ts";
import { listingMeta } from "../../lib/meta.ts";
import { EventFacts } from "../../components/events/EventFacts.tsx";
import type { EventSummary } from "../../../contract/curation/views.ts";
import { FeedHeader } from "../../components/FeedHeader.tsx";
import { useSite } from "../../lib/site.ts";

export const headers = visitorCacheable;

const description = "站内的主题创作活动：带上活动标签发布作品即可参加，大家投票，管理员公布获奖作品。";

export const meta: Route.MetaFunction = ({ matches }) =>
  listingMeta(matches, { title: "活动", description, path: "/events" });

/** /events: 活动 (issue 59), those taking entries first, then those to come, then those over. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const all = await orErrorPage(listEvents(apiClient(request, context)));
  const rank = { open: 0, upcoming: 1, ended: 2, announced: 3 } as const;
  return { events: [...all].sort((a, b) => rank[a.state] - rank[b.state]) };
}

function EventCard({ event }: { event: EventSummary }) {
  return (
    <li className="overflow-hidden rounded-2xl border border-line bg-surface" data-testid="event-card">
      {event.cover && (
        <Link to={`/events/${event.eventId}`} tabIndex={-1} aria-hidden>
          <img src={event.cover} alt="" className="aspect-[3/1] w-full object-cover" loading="lazy" />
        </Link>
      )}
      <div className="space-y-2 p-4">
        <h3 className="text-lg font-semibold">
          <Link to={`/events/${event.eventId}`} className="hover:text-primary">
            {event.title}
          </Link>
        </h3>
        <EventFacts event={event} />
      </div>
    </li>
  );
}

export default function Events({ loaderData }: Route.ComponentProps) {
  const { events } = loaderData;
  const site = useSite();
  return (
    <main className="mx-auto max-w-7xl space-y-5 px-4 py-5 lg:px-6">
      <FeedHeader nodes={site?.nodes ?? []} title="活动" />
      <header>
        <h2 className="text-xl font-semibold">活动</h2>
        <p className="mt-1 text-sm text-muted">{description}</p>
      </header>
      {events.length ? (
        <ul className="grid gap-4 md:grid-cols-2">
          {events.map((e) => (
            <EventCard key={e.eventId} event={e} />
          ))}
        </ul>
      ) : (
        <p className="py-24 text-center text-muted">还没有活动</p>
      )}
    </main>
  );
}
