import {
  addTagFollow,
  countTagFollows,
  removeTagFollow,
  tagFollowFacts,
  tagsFollowedBy,
} from "../../db/queries/curation.ts";
import { findTag } from "../../db/queries/tags.ts";
import { holdMember } from "../../db/queries/users.ts";
import { ApiError } from "../../lib/errors.ts";
import { curationLimits } from "../../../contract/shared/limits.ts";
import type { FollowedTagView, TagFollowState } from "../../../contract/curation/views.ts";
import type { CurrentUserView } from "../../../contract/signin/views.ts";
import type { Deps } from "../deps.ts";
import { transact } from "../transaction.ts";

/** Following a tag (issue 59): its works join the member's /follow feed; the tags are listed on their centre. */
async function existingTag(deps: Deps, tagId: number) {
  const tag = await findTag(deps.db, tagId);
  if (!tag) throw new ApiError("notFound", "标签不存在");
  return tag;
}

export async function followTag(deps: Deps, user: CurrentUserView, tagId: number): Promise<TagFollowState> {
  await existingTag(deps, tagId);
  await transact(deps, async ({ trx, now }) => {
    await holdMember(trx, user.id);
    if ((await countTagFollows(trx, user.id)) >= curationLimits.tagsFollowed)
      throw new ApiError("validation", `最多关注${curationLimits.tagsFollowed}个标签，请先取消一些`);
    await addTagFollow(trx, user.id, tagId, now);
  });
  return tagFollowFacts(deps.db, tagId, user.id);
}

export async function unfollowTag(deps: Deps, user: CurrentUserView, tagId: number): Promise<TagFollowState> {
  await existingTag(deps, tagId);
  await removeTagFollow(deps.db, user.id, tagId);
  return tagFollowFacts(deps.db, tagId, user.id);
}

export async function tagFollowState(deps: Deps, tagId: number, viewerId?: number): Promise<TagFollowState> {
  await existingTag(deps, tagId);
  return tagFollowFacts(deps.db, tagId, viewerId);
}

export async function followedTags(deps: Deps, userId: number): Promise<FollowedTagView[]> {
  return (await tagsFollowedBy(deps.db, userId, curationLimits.tagsFollowed)).map((t) => ({
    tagId: t.id,
    name: t.name,
    workCount: t.work_count,
    followedAt: Number(t.created_at),
  }));
}
