// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SmsCodeField } from "./SmsCodeField.tsx";
import { OAuthButtons } from "./OAuthButtons.tsx";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("SmsCodeField", () => {
  it("offers 获取验证码 before any send, as a submit named sendCode", () => {
    render(<SmsCodeField />);
    const button = screen.getByRole("button", { name: "获取验证码" });
    expect(button).toHaveProperty("type", "submit");
    expect(button.getAttribute("name")).toBe("sendCode");
    expect(screen.getByLabelText("短信验证码").getAttribute("autocomplete")).toBe("one-time-code");
  });

  it("with JavaScript, counts the wait down after a send and then offers 重新获取", () => {
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
    render(<SmsCodeField sent={{ at: Date.now(), resendAfter: 60 }} />);
    expect(screen.getByRole("button", { name: "60秒后重新获取" })).toHaveProperty("disabled", true);
    act(() => void vi.advanceTimersByTime(15_000));
    expect(screen.getByRole("button", { name: "45秒后重新获取" })).toHaveProperty("disabled", true);
    act(() => void vi.advanceTimersByTime(45_000));
    expect(screen.getByRole("button", { name: "重新获取" })).toHaveProperty("disabled", false);
  });

  it("without JavaScript (the server's HTML), never disables the button: the server tells the wait", () => {
    const html = renderToString(<SmsCodeField sent={{ at: Date.now(), resendAfter: 60 }} />);
    expect(html).toContain("重新获取");
    expect(html).not.toMatch(/<button[^>]*\sdisabled=""/);
  });

  it("shows the API's message for the code", () => {
    render(<SmsCodeField error="验证码错误，还可以再试4次" />);
    expect(screen.getByRole("alert").textContent).toBe("验证码错误，还可以再试4次");
    expect(screen.getByLabelText("短信验证码").getAttribute("aria-invalid")).toBe("true");
  });
});

describe("OAuthButtons", () => {
  it("links each provider the site has set up, carrying the way back", () => {
    render(<OAuthButtons providers={["github", "qq"]} refPath="/art/3?x=1" />);
    expect(screen.getAllByRole("link")).toHaveLength(2);
    expect(screen.getByRole("link", { name: "GitHub" }).getAttribute("href")).toBe(
      "/user/oauth/github?ref=%2Fart%2F3%3Fx%3D1",
    );
    expect(screen.getByRole("link", { name: "QQ" }).getAttribute("href")).toBe("/user/oauth/qq?ref=%2Fart%2F3%3Fx%3D1");
  });

  it("names WeChat and Weibo in Chinese, their marks hidden from screen readers", () => {
    render(<OAuthButtons providers={["wechat", "weibo"]} refPath="/" />);
    expect(screen.getAllByRole("link").map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["微微信", "/user/oauth/wechat?ref=%2F"],
      ["博微博", "/user/oauth/weibo?ref=%2F"],
    ]);
    expect(screen.getByRole("link", { name: "微信" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "微博" })).toBeTruthy();
  });

  it("shows nothing when the site has none", () => {
    const { container } = render(<OAuthButtons providers={[]} refPath="/" />);
    expect(container.innerHTML).toBe("");
  });
});
