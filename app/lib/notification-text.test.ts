import { describe, expect, it } from "vitest";
import { sampleNotification } from "../test/fixtures.ts";
import { describeNotification, fromSomeone } from "./notification-text.ts";

const base = sampleNotification;

describe("what a notification says and opens", () => {
  it.each([
    ["like", "赞了你的作品《晨雾》", "/art/3"],
    ["favorite", "收藏了你的作品《晨雾》", "/art/3"],
    ["comment", "评论了你的作品《晨雾》", "/art/3#comments"],
    ["reply", "回复了你在《晨雾》下的评论", "/art/3#comments"],
    ["mention", "在《晨雾》的评论中提到了你", "/art/3#comments"],
    ["follow", "关注了你", "/user/7"],
    ["level", "恭喜升级到 Lv2 小试身手", "/user/scores"],
    ["recommend", "你的作品《晨雾》被编辑推荐", "/art/3"],
  ] as const)("%s: %s → %s", (kind, text, to) => {
    expect(describeNotification({ ...base, kind, detail: kind === "level" ? "Lv2 小试身手" : "" })).toEqual({
      text,
      to,
    });
  });

  it("names a post without a title, and does not name the admin who removed a work", () => {
    expect(describeNotification({ ...base, work: { artId: 3, title: "" } }).text).toBe("赞了你的作品《无标题》");
    const removed = { ...base, kind: "removed" as const };
    expect(describeNotification(removed)).toEqual({ text: "你的作品《晨雾》已被管理员删除", to: "/user/messages" });
    expect(fromSomeone(removed)).toBe(false);
    expect(fromSomeone(base)).toBe(true);
  });
});
