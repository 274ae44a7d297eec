import { describe, expect, it } from "vitest";
import { toastAnimationMs, toastMs } from "./toast-time.ts";

describe("a toast's time on screen", () => {
  it("is 800 ms for a short one, longer by length, and never endless", () => {
    expect(toastMs("登录成功")).toBe(800);
    expect(toastMs("已收藏")).toBe(800);
    // The sign-up's welcome, some forty characters, gets over six seconds.
    const welcome = "注册成功，欢迎你，青柠画画。验证邮件已发送到 qing@example.com，请点击其中的链接";
    expect(toastMs(welcome)).toBeGreaterThan(6000);
    expect(toastMs("字".repeat(500))).toBe(8000);
    expect(toastAnimationMs("登录成功")).toBe(Math.round(800 / 0.7));
  });
});
