import { describe, expect, it } from "vitest";
import { sampleNotification } from "../test/fixtures.ts";
import { describeNotification, fromSomeone } from "../../contract/inbox/notice-text.ts";

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
    ["recommend", "你的作品《晨雾》被选入编辑精选", "/art/3"],
  ] as const)("%s: %s → %s", (kind, text, to) => {
    expect(describeNotification({ ...base, kind, detail: kind === "level" ? "Lv2 小试身手" : "" })).toEqual({
      text,
      to,
    });
  });

  it("tells of a picture like an earlier one: its author to name a source, the original's author to claim it", () => {
    const copy = { ...base, kind: "copy" as const, actor: null, detail: "/art/1" };
    expect(describeNotification(copy)).toEqual({
      text: "你的作品《晨雾》中有图片与站内更早发布的作品相似；如是转载，请注明出处",
      to: "/art/edit/3",
    });
    expect(fromSomeone(copy)).toBe(false);
    const copied = { ...base, kind: "copied" as const, detail: "/art/1" };
    expect(describeNotification(copied)).toEqual({
      text: "的作品《晨雾》中有图片与你的作品相似；如是你的原作，可以提出版权申诉",
      to: "/report?target=work&id=3&from=%2Fart%2F3&reason=copyright&original=%2Fart%2F1",
    });
    expect(fromSomeone(copied)).toBe(true);
    const claim = { ...base, kind: "claim" as const, actor: null, detail: "的版权申诉经核实已驳回" };
    expect(describeNotification(claim)).toEqual({ text: "你的作品《晨雾》的版权申诉经核实已驳回", to: "/art/3" });
    expect(fromSomeone(claim)).toBe(false);
  });

  it("words 编辑精选 with its reason, and a place won in an event, both from the site", () => {
    const pick = { ...base, kind: "recommend" as const, detail: "光影层次细腻" };
    expect(describeNotification(pick)).toEqual({ text: "你的作品《晨雾》被选入编辑精选：光影层次细腻", to: "/art/3" });
    const award = { ...base, kind: "award" as const, actor: null, detail: "活动《秋日写生》中获得第一名" };
    expect(describeNotification(award)).toEqual({
      text: "你的作品《晨雾》在活动《秋日写生》中获得第一名",
      to: "/art/3",
    });
    expect(fromSomeone(award)).toBe(false);
    expect(fromSomeone(pick)).toBe(false);
  });

  it("names a post without a title, and does not name the admin who removed a work", () => {
    expect(describeNotification({ ...base, work: { artId: 3, title: "" } }).text).toBe("赞了你的作品《无标题》");
    const removed = { ...base, kind: "removed" as const };
    expect(describeNotification(removed)).toEqual({ text: "你的作品《晨雾》已被管理员删除", to: "/user/messages" });
    expect(fromSomeone(removed)).toBe(false);
    expect(fromSomeone(base)).toBe(true);
  });
});

describe("约稿 and 打赏", () => {
  it("words each step of a commission with its title, and opens the commission", () => {
    const at = (detail: string) => describeNotification({ ...base, kind: "commission", work: null, detail });
    expect(at("12:ask:头像<b>约稿</b>")).toEqual({ text: "向你约稿《头像<b>约稿</b>》", to: "/commissions/12" });
    expect(at("12:deliver:头像")).toEqual({ text: "交付了你的约稿《头像》", to: "/commissions/12" });
    expect(at("12:message:a:b")).toEqual({ text: "在约稿中给你留言《a:b》", to: "/commissions/12" });
    expect(at("nonsense")).toEqual({ text: "有约稿的新动态", to: "/commissions" });
    expect(fromSomeone({ ...base, kind: "commission" })).toBe(true);
  });

  it("says how many points a tip gave", () => {
    expect(describeNotification({ ...base, kind: "tip", detail: "20" })).toEqual({
      text: "打赏了你的作品《晨雾》 20 积分",
      to: "/art/3",
    });
  });
});
