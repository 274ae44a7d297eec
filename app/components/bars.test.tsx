// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createRoutesStub, Link } from "react-router";
import { sampleConfig, sampleNodes } from "../test/fixtures.ts";
import { afterEach, describe, expect, it } from "vitest";
import type { CurrentUserView } from "../../contract/signin/views.ts";
import { DesktopBar } from "./DesktopBar.tsx";
import { MobileBar } from "./MobileBar.tsx";

afterEach(cleanup);

const config = sampleConfig({ siteNavs: [{ title: "博客", url: "https://blog.example.com" }] });
const nodes = sampleNodes(["插画", "摄影", "设计", "音乐"]);
const user: CurrentUserView = {
  id: 7,
  username: "qingmu",
  nickname: "青木",
  avatar: "",
  smallAvatar: "",
  description: "",
  backgroundImage: "",
  smallBackgroundImage: "",
  roles: [],
  score: 0,
  workCount: 0,
  followCount: 0,
  fansCount: 0,
  createdAt: 0,
  email: null,
  emailVerified: false,
  phone: null,
  hasPassword: true,
  muted: null,
  rightsDefaults: { license: "all-rights", noai: true },
  hideAi: false,
};

function renderAt(element: React.ReactNode, path = "/art/5?x=1") {
  const Stub = createRoutesStub([
    {
      path: "/art/:id",
      Component: () => (
        <>
          {element}
          <Link to="/different">去别处</Link>
        </>
      ),
    },
    { path: "/different", Component: () => <>{element}</> },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

describe("DesktopBar", () => {
  it("offers the menu, every node under 发现, search, publishing, and sign-in with the way back", () => {
    renderAt(<DesktopBar config={config} nodes={nodes} user={null} theme="system" />);
    const nav = screen.getByRole("navigation", { name: "主导航" });
    expect(within(nav).getByRole("link", { name: "新视野" }).getAttribute("href")).toBe("/different");
    expect(within(nav).getByRole("link", { name: "关注" }).getAttribute("href")).toBe("/follow");
    expect(within(nav).getByRole("link", { name: "推荐" }).getAttribute("href")).toBe("/");
    for (const n of nodes)
      expect(within(nav).getByRole("link", { name: n.name }).getAttribute("href")).toBe(`/arts/node/${n.nodeId}`);
    // The charts lead the 发现 menu.
    expect(within(nav).getByRole("link", { name: "排行榜" }).getAttribute("href")).toBe("/charts");
    expect(screen.getByRole("combobox", { name: "搜索作品" }).getAttribute("maxlength")).toBe("30");
    expect(screen.getByRole("link", { name: "发布作品" }).getAttribute("href")).toBe("/art/create");
    expect(screen.getByRole("link", { name: "登录 / 注册" }).getAttribute("href")).toBe(
      "/user/signin?ref=%2Fart%2F5%3Fx%3D1",
    );
    expect(screen.queryByLabelText("用户菜单")).toBeNull();
  });

  it("shows the signed-in user's menu: personal centre, taste, profile, sign out", () => {
    renderAt(<DesktopBar config={config} nodes={nodes} user={user} theme="dark" />);
    expect(screen.queryByRole("link", { name: "登录 / 注册" })).toBeNull();
    expect(screen.getByRole("link", { name: "个人中心" }).getAttribute("href")).toBe("/user/7");
    expect(screen.getByRole("link", { name: "我的口味" }).getAttribute("href")).toBe("/user/temperament");
    expect(screen.getByRole("link", { name: "编辑资料" }).getAttribute("href")).toBe("/user/profile");
    expect(screen.getByRole("button", { name: "退出登录" }).closest("form")?.getAttribute("action")).toBe(
      "/user/signout",
    );
    expect(screen.queryByRole("link", { name: "管理后台" })).toBeNull();
    expect(screen.getByRole("button", { name: "深色" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("adds the admin link for the owner", () => {
    renderAt(<DesktopBar config={config} nodes={nodes} user={{ ...user, roles: ["owner"] }} theme="light" />);
    expect(screen.getByRole("link", { name: "管理后台" }).getAttribute("href")).toBe("/admin");
  });
});

describe("MobileBar", () => {
  const radios = () => ({
    sidebar: document.getElementById("mp-sidebar") as HTMLInputElement,
    nodes: document.getElementById("mp-nodes") as HTMLInputElement,
  });

  it("opens the sidebar and node panel one at a time, and a second tap closes", () => {
    renderAt(<MobileBar config={config} nodes={nodes} user={null} theme="system" />);
    const menu = screen.getByRole("button", { name: "打开菜单" });
    const works = screen.getByRole("button", { name: "作品 ▾" });
    fireEvent.click(works);
    expect(radios().nodes.checked).toBe(true);
    fireEvent.click(menu);
    expect(radios().sidebar.checked).toBe(true);
    expect(radios().nodes.checked).toBe(false);
    fireEvent.click(menu);
    expect(radios().sidebar.checked).toBe(false);
  });

  it("opens and closes its panels from the keyboard: the buttons take focus, Enter and Space press them", () => {
    renderAt(<MobileBar config={config} nodes={nodes} user={null} theme="system" />);
    const menu = screen.getByRole("button", { name: "打开菜单" });
    const works = screen.getByRole("button", { name: "作品 ▾" });
    expect(menu.tabIndex).toBe(0);
    expect(works.tabIndex).toBe(0);
    fireEvent.keyDown(menu, { key: "Enter" });
    expect(radios().sidebar.checked).toBe(true);
    expect(menu.getAttribute("aria-expanded")).toBe("true");
    fireEvent.keyDown(works, { key: " " });
    expect(radios().nodes.checked).toBe(true);
    fireEvent.keyDown(works, { key: "Tab" });
    expect(radios().nodes.checked).toBe(true);
    fireEvent.keyDown(works, { key: "Enter" });
    expect(radios().nodes.checked).toBe(false);
    // Escape closes whichever is open, and the focus goes back to its button.
    fireEvent.keyDown(menu, { key: "Enter" });
    expect(radios().sidebar.checked).toBe(true);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(radios().sidebar.checked).toBe(false);
    expect(document.activeElement).toBe(menu);
  });

  it("closes on the overlay and on every route change", async () => {
    renderAt(<MobileBar config={config} nodes={nodes} user={null} theme="system" />);
    fireEvent.click(screen.getByRole("button", { name: "打开菜单" }));
    fireEvent.click(screen.getByTestId("mobile-overlay"));
    expect(radios().sidebar.checked).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "作品 ▾" }));
    expect(radios().nodes.checked).toBe(true);
    await act(async () => fireEvent.click(screen.getByRole("link", { name: "去别处" })));
    expect(radios().nodes.checked).toBe(false);
  });

  it("lists nodes three per row with new horizons and recommended, and the sidebar's links", () => {
    renderAt(<MobileBar config={config} nodes={nodes} user={user} theme="system" />);
    const panel = screen.getByTestId("mobile-nodes");
    expect(within(panel).getByRole("list").className).toContain("grid-cols-3");
    expect(within(panel).getAllByRole("listitem")).toHaveLength(4);
    expect(within(panel).getByRole("link", { name: "新视野" }).getAttribute("href")).toBe("/different");
    expect(within(panel).getByRole("link", { name: "推荐" }).getAttribute("href")).toBe("/");
    const side = screen.getByTestId("mobile-sidebar");
    expect(side.className).toContain("w-[220px]");
    expect(within(side).getByRole("link", { name: "博客" }).getAttribute("href")).toBe("https://blog.example.com");
    for (const name of ["消息", "用户协议", "关于", "个人中心", "我的口味", "编辑资料"])
      expect(within(side).getByRole("link", { name })).toBeTruthy();
    expect(within(side).getByText("青木")).toBeTruthy();
    expect(within(side).getByRole("button", { name: "退出登录" })).toBeTruthy();
  });

  it("offers the sign-in button to a visitor", () => {
    renderAt(<MobileBar config={config} nodes={nodes} user={null} theme="system" />);
    expect(
      within(screen.getByTestId("mobile-sidebar")).getByRole("link", { name: "登录 / 注册" }).getAttribute("href"),
    ).toBe("/user/signin?ref=%2Fart%2F5%3Fx%3D1");
  });
});
