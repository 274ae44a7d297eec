import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertNode, startApi, type TestApi } from "../test/harness.ts";
import type { Session } from "../../contract/signin/views.ts";
import type { Page } from "../../contract/shared/page.ts";
import type { CommentView } from "../../contract/works/views.ts";
import * as api from "../../contract/endpoints.ts";

let t: TestApi;
let author: Session;
let fan: Session;
let other: Session;
let workId: number;
let commentId: number;
beforeEach(async () => {
  t = await startApi();
  author = await t.signup({ username: "painter" });
  fan = await t.signup({ username: "fan" });
  other = await t.signup({ username: "other" });
  const node = await insertNode(t, "插画");
  workId = (
    await t.send(api.works.create, { body: { type: 1, nodeId: node, content: "一张画" } }, { token: author.token })
  ).body.data.artId;
  commentId = (await t.send(api.comments.create, { body: { workId, content: "画得真好" } }, { token: author.token }))
    .body.data.commentId;
});
afterEach(async () => t.close());

const like = (on: boolean, token: string, id = commentId) =>
  t.send(api.comments.like, { body: { commentId: id, on: on ? "1" : "0" } }, { token });
const seen = async (token?: string) =>
  (await t.call<Page<CommentView>>("GET", `/api/comment/list?workId=${workId}`, { token })).body.data.results[0];

describe("liking a comment", () => {
  it("counts each member once, however often and however many at once, and says who liked it", async () => {
    await Promise.all(Array.from({ length: 10 }, () => like(true, fan.token)));
    await like(true, fan.token);
    expect((await like(true, other.token)).body.data).toEqual({ liked: true, likeCount: 2 });
    expect(await seen(fan.token)).toMatchObject({ likeCount: 2, liked: true });
    expect(await seen(author.token)).toMatchObject({ likeCount: 2, liked: false });
    expect(await seen()).toMatchObject({ likeCount: 2, liked: false });
    await Promise.all(Array.from({ length: 5 }, () => like(false, fan.token)));
    expect(await seen(fan.token)).toMatchObject({ likeCount: 1, liked: false });
    expect((await like(false, fan.token)).body.data.likeCount).toBe(1);
  });

  it("needs a member, and a comment that is there on a work they see", async () => {
    expect((await t.send(api.comments.like, { body: { commentId, on: "1" } })).status).toBe(401);
    expect((await like(true, fan.token, commentId + 99)).body.message).toBe("评论不存在或已删除");
    await t.send(api.comments.delete, { params: { id: commentId } }, { token: author.token });
    expect((await like(true, fan.token)).status).toBe(404);
    expect((await like(true, fan.token, Number.NaN)).status).toBe(400);
  });
});
