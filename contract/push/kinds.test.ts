import { describe, expect, it } from "vitest";
import { notificationKinds } from "../scores/growth.ts";
import { pushKindOf } from "./kinds.ts";

describe("push kinds", () => {
  it("push comments, replies, mentions and commission steps; nothing else a notification tells", () => {
    const pushed = Object.fromEntries(notificationKinds.map((k) => [k, pushKindOf(k)]).filter(([, p]) => p));
    expect(pushed).toEqual({ comment: "reply", reply: "reply", mention: "reply", commission: "commission" });
  });
});
