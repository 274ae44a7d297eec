// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, expect, it } from "vitest";
import { sampleConfig, sampleNodes } from "../../test/fixtures.ts";
import { DesktopBar } from "../DesktopBar.tsx";
import { Footer } from "../Footer.tsx";
import { MobileBar } from "../MobileBar.tsx";

afterEach(cleanup);

const nodes = sampleNodes(["插画"]);
const NOTICE = "本站生成内容基于已备案的国产AI大模型，重要信息请注意核实。";

function draw(ai: boolean) {
  const config = sampleConfig({ ai });
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <>
          <DesktopBar config={config} nodes={nodes} user={null} theme="system" />
          <MobileBar config={config} nodes={nodes} user={null} theme="system" />
          <Footer config={config} />
        </>
      ),
    },
  ]);
  return render(<Stub initialEntries={["/"]} />);
}

it("shows the AI's links with their icon, and the footer's notice, while the AI answers", () => {
  draw(true);
  const top = within(screen.getByRole("navigation", { name: "主导航" })).getByRole("link", { name: "AI 助手" });
  expect(top.getAttribute("href")).toBe("/ai");
  expect(top.querySelector('[data-icon="deep-think"]')).not.toBeNull();
  const side = within(screen.getByRole("navigation", { name: "侧边栏" })).getByRole("link", { name: "AI 助手" });
  expect(side.getAttribute("href")).toBe("/ai");
  expect(screen.getByText(NOTICE)).toBeTruthy();
});

it("shows neither without an AI: the footer makes no claim the site cannot keep", () => {
  draw(false);
  expect(screen.queryByRole("link", { name: "AI 助手" })).toBeNull();
  expect(screen.queryByText(NOTICE)).toBeNull();
});
