import { endpoints } from "../lib/endpoint.ts";
import { curation, events } from "../../contract/curation/endpoints.ts";
import { requireStaff, requireUser } from "../lib/auth.ts";
import { pagePicks } from "../services/curation/picks.ts";
import { followedTags, followTag, tagFollowState, unfollowTag } from "../services/curation/tag-follows.ts";
import { announceEvent, createEvent, editEvent, getEvent, listAllEvents } from "../services/curation/events.ts";
import { enterEvent, voteInEvent, withdrawEntry } from "../services/curation/entries.ts";

/** 编辑精选 and followed tags: anyone reads them; a member follows a tag for themselves. */
export const curationRoutes = endpoints()
  .answer(curation.picks, async (c) => pagePicks(c.deps, c.input.query, c.user?.id))
  .answer(curation.followTag, async (c) => followTag(c.deps, requireUser(c), c.input.body.tagId))
  .answer(curation.unfollowTag, async (c) => unfollowTag(c.deps, requireUser(c), c.input.body.tagId))
  .answer(curation.tagFollowState, async (c) => tagFollowState(c.deps, c.input.query.tagId, c.user?.id))
  .answer(curation.followedTags, async (c) => followedTags(c.deps, c.input.params.userId)).all;

/** 活动: anyone reads them; members enter their works and vote; staff make them and announce the winners. */
export const eventRoutes = endpoints()
  .answer(events.list, async (c) => listAllEvents(c.deps))
  .answer(events.one, async (c) => getEvent(c.deps, c.input.params.id, c.user))
  .answer(events.enter, async (c) => enterEvent(c.deps, requireUser(c), c.input.params.id, c.input.body.workId))
  .answer(events.withdraw, async (c) => withdrawEntry(c.deps, requireUser(c), c.input.params.id, c.input.body.workId))
  .answer(events.vote, async (c) => voteInEvent(c.deps, requireUser(c), c.input.params.id, c.input.body.workId))
  .answer(events.create, async (c) => createEvent(c.deps, requireStaff(c), c.input.body))
  .answer(events.update, async (c) => editEvent(c.deps, requireStaff(c), c.input.params.id, c.input.body))
  .answer(events.announce, async (c) => announceEvent(c.deps, requireStaff(c), c.input.params.id, c.input.body)).all;
