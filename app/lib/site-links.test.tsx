// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub, Outlet } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { SiteLink } from "../components/SiteLink.tsx";
import { clientNavigationTarget, useSiteLinks } from "./site-links.ts";

afterEach(cleanup);

const origin = "https://yishe.test";
function anchor(html: string) {
  const box = document.createElement("div");
  box.innerHTML = html;
  return box.querySelector("span") ?? box.querySelector("a")!;
}
const click = (target: Element, extra: Partial<MouseEvent> = {}) =>
  ({
    defaultPrevented: false,
    button: 0,
    metaKey: false,
    altKey: false,
    ctrlKey: false,
    shiftKey: false,
    target,
    ...extra,
  }) as MouseEvent;

describe("clientNavigationTarget", () => {
  it("routes a plain left click on a site link, from anything inside it", () => {
    expect(clientNavigationTarget(click(anchor('<a href="/art/7?x=1#c" data-discover="true">作品</a>')), origin)).toBe(
      "/art/7?x=1#c",
    );
    expect(
      clientNavigationTarget(click(anchor('<a href="/user/3" data-discover="true"><span>头像</span></a>')), origin),
    ).toBe("/user/3");
  });

  it("leaves the browser to it otherwise", () => {
    const site = anchor('<a href="/art/7" data-discover="true">作品</a>');
    for (const extra of [
      { metaKey: true },
      { ctrlKey: true },
      { shiftKey: true },
      { altKey: true },
      { button: 1 },
      { defaultPrevented: true },
    ])
      expect(clientNavigationTarget(click(site, extra), origin)).toBeNull();
    for (const html of [
      '<a href="/art/7">没有标记</a>',
      '<a href="https://elsewhere.example/x" data-discover="true">别处</a>',
      '<a href="/art/7" data-discover="true" target="_blank">新窗口</a>',
      '<a href="/uploads/a.png" data-discover="true" download>下载</a>',
      '<a href="/user/signout" data-discover="true" data-reload>整页</a>',
    ])
      expect([html, clientNavigationTarget(click(anchor(html)), origin)]).toEqual([html, null]);
    expect(clientNavigationTarget(click(document.createElement("div")), origin)).toBeNull();
  });
});

describe("useSiteLinks", () => {
  it("turns a click on a SiteLink into a client-side navigation", async () => {
    function Shell() {
      useSiteLinks();
      return <Outlet />;
    }
    const Stub = createRoutesStub([
      {
        Component: Shell,
        children: [
          { path: "/", Component: () => <SiteLink to="/art/7">去看作品</SiteLink> },
          { path: "/art/:id", Component: () => <h1>作品页</h1> },
        ],
      },
    ]);
    render(<Stub initialEntries={["/"]} />);
    const link = await screen.findByRole("link", { name: "去看作品" });
    expect(link.getAttribute("href")).toBe("/art/7");
    fireEvent.click(link);
    expect(await screen.findByRole("heading", { name: "作品页" })).toBeTruthy();
  });
});
