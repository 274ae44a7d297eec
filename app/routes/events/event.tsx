import { data, Form, Link } from "react-router";
import type { Route } from "./+types/event";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { idParam } from "../../lib/params.ts";
import { readForm } from "../../lib/request.server.ts";
import { currentUser, requireUser } from "../../lib/site.server.ts";
import { attempt, done, toastAndGo } from "../../lib/form-action.server.ts";
import { enterEvent, getEvent, voteInEvent, withdrawEntry } from "../../lib/upstream/curation.ts";
import { listWorks } from "../../lib/upstream/works.ts";
import { useSite } from "../../lib/site.ts";
import { workTitle } from "../../lib/work.ts";
import { unpack } from "../../speed/packed.ts";
import { listingMeta } from "../../lib/meta.ts";
import { EventFacts, placeNames } from "../../components/events/EventFacts.tsx";
import { EventEntries } from "../../components/events/EventEntries.tsx";
import { isStaff } from "../../../contract/shared/roles.ts";

/** /events/:id: an event, its rules, entries and votes; members enter their works and vote here, without JavaScript. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idParam(params.id, "活动不存在");
  const api = apiClient(request, context);
  const event = await orErrorPage(getEvent(api, id));
  // What a member may enter: their newest works not in it yet.
  const me = event.state === "open" ? await currentUser(request, context) : null;
  const mine = me
    ? unpack((await listWorks(api, { order: "newest", userId: me.id, limit: 60 })).results)
        .filter((w) => !event.myEntries.includes(w.artId))
        .map((w) => ({ artId: w.artId, title: workTitle(w) }))
    : [];
  return { event, mine };
}

export const meta: Route.MetaFunction = ({ loaderData: d, matches }) =>
  d
    ? listingMeta(matches, {
        title: `${d.event.title} · 活动`,
        description: d.event.rules.slice(0, 120),
        path: `/events/${d.event.eventId}`,
      })
    : [{ title: "活动不存在" }];

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireUser(request, context);
  const id = idParam(params.id, "活动不存在");
  const here = `/events/${id}`;
  const form = await readForm(request);
  const workId = Number(form.get("workId"));
  const api = apiClient(request, context);
  const calls: Record<string, [() => Promise<unknown>, string]> = {
    enter: [() => enterEvent(api, id, workId), "已参加活动"],
    withdraw: [() => withdrawEntry(api, id, workId), "已撤回参赛作品"],
    vote: [() => voteInEvent(api, id, workId), "投票成功"],
  };
  const intent = String(form.get("intent") ?? "");
  if (!Object.hasOwn(calls, intent)) throw data("未知操作", { status: 400 });
  const [run, success] = calls[intent];
  const sent = await attempt(run());
  const back = `${here}#${intent === "enter" ? "enter" : `entry-${workId}`}`;
  return sent.ok ? done(context, success, back) : toastAndGo(context, sent.failure, back);
}

export default function EventPage({ loaderData }: Route.ComponentProps) {
  const { event, mine } = loaderData;
  const viewer = useSite()?.user ?? null;
  return (
    <main className="mx-auto max-w-7xl space-y-6 px-4 py-6 lg:px-6">
      <header className="overflow-hidden rounded-2xl border border-line bg-surface">
        {event.cover && <img src={event.cover} alt="" className="aspect-[4/1] w-full object-cover" />}
        <div className="space-y-3 p-5">
          <p className="text-xs text-primary">
            <Link to="/events" className="hover:underline">
              活动
            </Link>
          </p>
          <h1 className="text-2xl font-bold">{event.title}</h1>
          <EventFacts event={event} />
          <p className="whitespace-pre-wrap text-sm leading-relaxed" data-testid="event-rules">
            {event.rules}
          </p>
          {viewer && isStaff(viewer) && (
            <Link to={`/admin/events?edit=${event.eventId}`} className="text-sm text-primary hover:underline">
              在管理后台修改或公布结果
            </Link>
          )}
        </div>
      </header>
      {event.state === "open" && (
        <section id="enter" className="scroll-mt-24 rounded-2xl border border-line bg-surface p-5">
          <h2 className="mb-2 font-semibold">参加活动</h2>
          <p className="mb-3 text-sm text-muted">
            发布作品时加上标签「{event.tag.name}
            」即可参加；已发布的作品也可以在这里选出来参加。每位会员为一件作品投一票，可以改投。
          </p>
          {!viewer ? (
            <Link to={`/user/signin?ref=/events/${event.eventId}`} className="text-sm text-primary hover:underline">
              登录后参加或投票
            </Link>
          ) : mine.length ? (
            <Form method="post" className="flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="enter" />
              <label className="text-sm">
                选择作品
                <select name="workId" className="ml-2 rounded-lg border border-line bg-surface px-3 py-2" required>
                  {mine.map((w) => (
                    <option key={w.artId} value={w.artId}>
                      {w.title}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className="rounded-lg bg-primary px-4 py-2 text-sm text-on-primary">
                参加
              </button>
            </Form>
          ) : (
            <p className="text-sm text-muted">你还没有可以参加的作品。</p>
          )}
        </section>
      )}
      {event.winners.length > 0 && (
        <section aria-labelledby="winners">
          <h2 id="winners" className="mb-3 text-lg font-semibold">
            获奖作品
          </h2>
          <ol className="flex flex-wrap gap-3" data-testid="event-winners">
            {event.winners.map((w) => (
              <li key={w.work.artId} className="rounded-xl border border-primary bg-primary-soft px-4 py-2 text-sm">
                <span className="font-semibold text-primary">{placeNames[w.place]}</span>{" "}
                <Link to={`/art/${w.work.artId}`} className="hover:underline">
                  {workTitle(w.work)}
                </Link>{" "}
                · {w.work.user.nickname}
              </li>
            ))}
          </ol>
        </section>
      )}
      <EventEntries event={event} viewerId={viewer?.id ?? null} />
    </main>
  );
}
