// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { PortfolioView, ProfileView } from "../../contract/people/views.ts";
import { PortfolioLine } from "./PortfolioLine.tsx";

afterEach(cleanup);

const profile = (portfolio: Partial<PortfolioView>, isSelf = false) =>
  ({
    id: 7,
    nickname: "画师",
    isSelf,
    portfolio: { city: "", occupation: "", commission: null, links: [], pinned: [], ...portfolio },
  }) as unknown as ProfileView;

const draw = (p: ProfileView) =>
  render(
    <MemoryRouter>
      <PortfolioLine profile={p} />
    </MemoryRouter>,
  );

describe("a profile's portfolio line", () => {
  it("names the city and occupation, 可接稿 with its note and 约稿, and links as icons through /redirect", () => {
    draw(
      profile({
        city: "杭州",
        occupation: "<b>插画师</b>",
        commission: { open: true, note: "排期两周" },
        links: [
          { key: "weibo", url: "https://weibo.com/u/1" },
          { key: "site", url: "https://me.example.com" },
        ],
      }),
    );
    const line = screen.getByTestId("portfolio");
    expect(line.textContent).toContain("杭州 · <b>插画师</b>");
    expect(line.querySelector("b")).toBeNull();
    expect(line.textContent).toContain("可接稿");
    expect(line.textContent).toContain("排期两周");
    expect(screen.getByRole("link", { name: "约稿" }).getAttribute("href")).toBe("/commissions/new?to=7");
    const links = within(screen.getByRole("list", { name: "其他平台" })).getAllByRole("link");
    expect(links.map((a) => [a.getAttribute("aria-label"), a.getAttribute("href")])).toEqual([
      ["微博", `/redirect?url=${encodeURIComponent("https://weibo.com/u/1")}`],
      ["个人网站", `/redirect?url=${encodeURIComponent("https://me.example.com")}`],
    ]);
  });

  it("offers no 约稿 to oneself nor while closed, and draws nothing when nothing is set", () => {
    draw(profile({ commission: { open: true, note: "" } }, true));
    expect(screen.queryByRole("link", { name: "约稿" })).toBeNull();
    cleanup();
    draw(profile({ commission: { open: false, note: "" } }));
    expect(screen.getByTestId("portfolio").textContent).toContain("暂不接稿");
    expect(screen.queryByRole("link", { name: "约稿" })).toBeNull();
    cleanup();
    draw(profile({}));
    expect(screen.queryByTestId("portfolio")).toBeNull();
  });
});
