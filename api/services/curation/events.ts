import type { z } from "zod";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import {
  entriesBy,
  eventEntries,
  findVote,
  findEvent,
  insertEvent,
  listEvents,
  setPlaces,
  updateEvent,
  type EventRow,
} from "../../db/queries/events.ts";
import { ensureTags } from "../../db/queries/publish.ts";
import { ApiError, fieldError } from "../../lib/errors.ts";
import { eventLimits } from "../../../contract/shared/limits.ts";
import type { announceSchema, eventSchema } from "../../../contract/curation/schemas.ts";
import type { EventEntryView, EventSummary, EventView } from "../../../contract/curation/views.ts";
import type { CurrentUserView } from "../../../contract/signin/views.ts";
import type { Deps } from "../deps.ts";
import { audit } from "../admin/audit.ts";
import { notify } from "../inbox/inbox.ts";
import { transact } from "../transaction.ts";
import { missingEvent, stateOf } from "./event-state.ts";
import { cardsFor } from "../works/works.ts";

/**
 * 活动 (issue 59): an admin sets a title, rules, a tag, a cover and a window; between its start and end members enter
 * their works (by the tag or the button, entries.ts) and each member has one vote; once it ends an admin names up to
 * three places, the winners are told and their works carry the place.
 */
const summaryOf = (e: EventRow, now: number): EventSummary => ({
  eventId: e.id,
  title: e.title,
  tag: { tagId: e.tag_id, name: e.tag_name },
  cover: e.cover,
  startsAt: Number(e.starts_at),
  endsAt: Number(e.ends_at),
  entryCount: e.entry_count,
  state: stateOf(e, now),
});

/** The viewer's vote and entries in an event. */
export async function myPart(db: Kysely<DB>, eventId: number, userId: number) {
  const [vote, mine] = await Promise.all([findVote(db, eventId, userId), entriesBy(db, eventId, userId)]);
  return { myVote: vote?.work_id ?? null, myEntries: mine };
}

export async function listAllEvents(deps: Deps): Promise<EventSummary[]> {
  const now = deps.now();
  return (await listEvents(deps.db, 100)).map((e) => summaryOf(e, now));
}

export async function getEvent(deps: Deps, id: number, viewer?: CurrentUserView | null): Promise<EventView> {
  const e = await findEvent(deps.db, id);
  if (!e) throw missingEvent();
  const rows = await eventEntries(deps.db, id, eventLimits.entries);
  const cards = await cardsFor(deps, rows, viewer?.id);
  const entries: EventEntryView[] = rows.map((r, i) => ({
    work: cards[i],
    votes: r.votes,
    countedVotes: r.counted_votes,
    place: Number(e.announced_at) > 0 ? r.place : 0,
  }));
  const mine = viewer ? await myPart(deps.db, id, viewer.id) : { myVote: null, myEntries: [] };
  return {
    ...summaryOf(e, deps.now()),
    rules: e.rules,
    entries,
    winners: entries.filter((x) => x.place > 0),
    ...mine,
  };
}

type EventInput = z.infer<typeof eventSchema>;

/** A cover is one of the site's own uploaded pictures, or none. */
function checkCover(cover: string) {
  if (cover && !/^\/uploads\/[\w./-]+$/.test(cover.replace(/\.\./g, "!")))
    throw fieldError("validation", "cover", "封面请使用站内上传的图片地址（以 /uploads/ 开头）");
}

/** What an admin writes of an event, as its row holds it (the tag made when new). */
async function eventColumns(db: Kysely<DB>, input: EventInput, now: number) {
  const [tagId] = await ensureTags(db, [input.tag], now);
  return {
    title: input.title,
    rules: input.rules,
    tag_id: tagId,
    cover: input.cover,
    starts_at: input.startsAt,
    ends_at: input.endsAt,
  };
}

export async function createEvent(deps: Deps, staff: CurrentUserView, input: EventInput) {
  checkCover(input.cover);
  return transact(deps, async (tx) => {
    const eventId = await insertEvent(tx.trx, {
      ...(await eventColumns(tx.trx, input, tx.now)),
      created_by: staff.id,
      created_at: tx.now,
    });
    await audit(tx.trx, tx.now, {
      actorId: staff.id,
      action: "event.create",
      targetKind: "event",
      targetId: eventId,
      after: input.title,
    });
    return { eventId };
  });
}

export async function editEvent(deps: Deps, staff: CurrentUserView, id: number, input: EventInput) {
  checkCover(input.cover);
  const e = await findEvent(deps.db, id);
  if (!e) throw missingEvent();
  if (Number(e.announced_at) > 0) throw new ApiError("validation", "结果已公布的活动不能再修改");
  return transact(deps, async (tx) => {
    await updateEvent(tx.trx, id, { ...(await eventColumns(tx.trx, input, tx.now)), updated_at: tx.now });
    await audit(tx.trx, tx.now, {
      actorId: staff.id,
      action: "event.update",
      targetKind: "event",
      targetId: id,
      before: e.title,
      after: input.title,
    });
    return { eventId: id };
  });
}

const placeNames = ["第一名", "第二名", "第三名"];

/** Names the places once the event has ended; each winner is told, and it is in the audit log. Once only. */
export async function announceEvent(
  deps: Deps,
  staff: CurrentUserView,
  id: number,
  input: z.infer<typeof announceSchema>,
) {
  const e = await findEvent(deps.db, id);
  if (!e) throw missingEvent();
  const state = stateOf(e, deps.now());
  if (state === "announced") throw new ApiError("validation", "这个活动的结果已经公布");
  if (state !== "ended") throw new ApiError("validation", "活动结束后才能公布结果");
  const places = [input.first, input.second, input.third].filter((w): w is number => !!w);
  const entrants = new Map((await eventEntries(deps.db, id, eventLimits.entries)).map((r) => [r.id, r]));
  const unknown = places.find((w) => !entrants.has(w));
  if (unknown) throw new ApiError("validation", `作品 ${unknown} 不是这个活动的参赛作品`);
  return transact(deps, async (tx) => {
    await setPlaces(tx.trx, id, places);
    await updateEvent(tx.trx, id, { announced_at: tx.now, updated_at: tx.now });
    for (const [i, workId] of places.entries())
      await notify(tx, {
        userId: entrants.get(workId)!.user_id,
        actorId: 0,
        kind: "award",
        workId,
        detail: `活动《${e.title}》中获得${placeNames[i]}`,
        dedupe: `award:${id}:${workId}`,
      });
    await audit(tx.trx, tx.now, {
      actorId: staff.id,
      action: "event.announce",
      targetKind: "event",
      targetId: id,
      after: places,
    });
    return { winners: places.length };
  });
}
