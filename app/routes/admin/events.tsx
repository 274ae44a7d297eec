import { Form, Link } from "react-router";
import type { Route } from "./+types/events";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { requireStaff } from "../../lib/site.server.ts";
import { adminPost } from "./admin.server.ts";
import { getEvent, listEvents } from "../../lib/upstream/curation.ts";
import { FormAlert } from "../../components/FormAlert.tsx";
import { inputClass } from "../../components/Field.tsx";
import { EventFacts, placeNames } from "../../components/events/EventFacts.tsx";
import { events as eventEndpoints } from "../../../contract/curation/endpoints.ts";
import type { EventView } from "../../../contract/curation/views.ts";
import { eventLimits } from "../../../contract/shared/limits.ts";
import { msToChinaMinute } from "../../../contract/shared/china-time.ts";
import { workTitle } from "../../lib/work.ts";

/** 活动: make one, change it until its results are out, and name the winners once it has ended. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  const api = apiClient(request, context);
  const edit = Number(new URL(request.url).searchParams.get("edit")) || 0;
  const [list, editing] = await Promise.all([
    orErrorPage(listEvents(api)),
    edit ? orErrorPage(getEvent(api, edit)) : null,
  ]);
  return { list, editing };
}

export async function action({ request, context }: Route.ActionArgs) {
  return adminPost(request, context, (form) => {
    const intent = String(form.get("intent"));
    if (intent === "create") return { endpoint: eventEndpoints.create, done: "活动已创建" };
    const id = Number(form.get("eventId"));
    if (!Number.isInteger(id) || id < 1) return null;
    if (intent === "save") return { endpoint: eventEndpoints.update, params: { id }, done: "活动已保存" };
    if (intent === "announce")
      return { endpoint: eventEndpoints.announce, params: { id }, done: "结果已公布，获奖作者会收到通知" };
    return null;
  });
}

const input = `${inputClass} text-sm`;

/** Title, rules, tag, cover and window; filled from the event or from what was typed before a refusal. */
function EventFields({ event, typed }: { event?: EventView; typed?: Record<string, string> }) {
  const value = (name: string, own: string) => typed?.[name] ?? own;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <label className="text-sm">
        活动名称
        <input
          name="title"
          required
          maxLength={eventLimits.title}
          defaultValue={value("title", event?.title ?? "")}
          className={input}
        />
      </label>
      <label className="text-sm">
        活动标签（参加的作品带上它）
        <input
          name="tag"
          required
          maxLength={20}
          defaultValue={value("tag", event?.tag.name ?? "")}
          className={input}
        />
      </label>
      <label className="text-sm">
        开始时间（北京时间）
        <input
          type="datetime-local"
          name="startsAt"
          required
          defaultValue={value("startsAt", event ? msToChinaMinute(event.startsAt) : "")}
          className={input}
        />
      </label>
      <label className="text-sm">
        结束时间（北京时间）
        <input
          type="datetime-local"
          name="endsAt"
          required
          defaultValue={value("endsAt", event ? msToChinaMinute(event.endsAt) : "")}
          className={input}
        />
      </label>
      <label className="text-sm sm:col-span-2">
        封面（站内上传的图片地址，可不填）
        <input
          name="cover"
          maxLength={300}
          placeholder="/uploads/…"
          defaultValue={value("cover", event?.cover ?? "")}
          className={input}
        />
      </label>
      <label className="text-sm sm:col-span-2">
        活动规则
        <textarea
          name="rules"
          required
          rows={5}
          maxLength={eventLimits.rules}
          defaultValue={value("rules", event?.rules ?? "")}
          className={input}
        />
      </label>
    </div>
  );
}

/** The places, each a select of the entries; filled with the entries that lead on counted votes. */
function AnnounceForm({ event }: { event: EventView }) {
  const names = ["first", "second", "third"] as const;
  return (
    <Form method="post" className="space-y-3 rounded-xl border border-line p-4" data-testid="announce-form">
      <h3 className="font-semibold">公布结果</h3>
      <input type="hidden" name="eventId" value={event.eventId} />
      <div className="grid gap-3 sm:grid-cols-3">
        {names.map((name, i) => (
          <label key={name} className="text-sm">
            {placeNames[i + 1]}
            <select name={name} required={i === 0} defaultValue={event.entries[i]?.work.artId ?? ""} className={input}>
              {i > 0 && <option value="">（空缺）</option>}
              {event.entries.map((e) => (
                <option key={e.work.artId} value={e.work.artId}>
                  {workTitle(e.work)} · {e.work.user.nickname}（{e.countedVotes} 票计入 / {e.votes} 票）
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      <button name="intent" value="announce" className="rounded-lg bg-primary px-4 py-2 text-sm text-on-primary">
        公布结果并通知获奖者
      </button>
    </Form>
  );
}

export default function AdminEvents({ loaderData, actionData }: Route.ComponentProps) {
  const { list, editing } = loaderData;
  const typed = actionData?.values;
  const typedFor = (intent: string) => (typed?.intent === intent ? typed : undefined);
  return (
    <main className="space-y-5">
      <h1 className="text-xl font-semibold">活动</h1>
      <FormAlert message={actionData?.message} />
      {editing ? (
        <section className="space-y-4 rounded-2xl border border-line bg-surface p-5" aria-label="修改活动">
          <h2 className="font-semibold">
            {editing.title}{" "}
            <Link to={`/events/${editing.eventId}`} className="text-sm font-normal text-primary hover:underline">
              查看活动页
            </Link>
          </h2>
          <EventFacts event={editing} />
          {editing.state === "announced" ? (
            <p className="text-sm text-muted">结果已公布，活动不能再修改。</p>
          ) : (
            <Form method="post" className="space-y-3">
              <input type="hidden" name="eventId" value={editing.eventId} />
              <EventFields event={editing} typed={typedFor("save")} />
              <button name="intent" value="save" className="rounded-lg border border-line px-4 py-2 text-sm">
                保存修改
              </button>
            </Form>
          )}
          {editing.state === "ended" &&
            (editing.entries.length ? (
              <AnnounceForm event={editing} />
            ) : (
              <p className="text-sm text-muted">没有参赛作品，无需公布结果。</p>
            ))}
        </section>
      ) : (
        <section className="space-y-3 rounded-2xl border border-line bg-surface p-5" aria-label="新建活动">
          <h2 className="font-semibold">新建活动</h2>
          <Form method="post" className="space-y-3">
            <EventFields typed={typedFor("create")} />
            <button name="intent" value="create" className="rounded-lg bg-primary px-4 py-2 text-sm text-on-primary">
              创建活动
            </button>
          </Form>
        </section>
      )}
      <section aria-label="全部活动">
        <h2 className="mb-2 font-semibold">全部活动</h2>
        {list.length ? (
          <ul className="divide-y divide-line rounded-2xl border border-line bg-surface" data-testid="admin-events">
            {list.map((e) => (
              <li key={e.eventId} className="space-y-1 px-4 py-3">
                <p className="flex items-center gap-3">
                  <span className="font-medium">{e.title}</span>
                  <Link to={`?edit=${e.eventId}`} className="ml-auto text-sm text-primary hover:underline">
                    {e.state === "ended" ? "公布结果" : "修改"}
                  </Link>
                </p>
                <EventFacts event={e} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">还没有活动</p>
        )}
      </section>
    </main>
  );
}
