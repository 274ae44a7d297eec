// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { CommissionSteps } from "./CommissionSteps.tsx";
import { CommissionThread } from "./CommissionThread.tsx";
import { stepsFor } from "../../../contract/commissions/states.ts";
import type { CommissionView } from "../../../contract/commissions/views.ts";

afterEach(cleanup);

const person = (id: number, nickname: string) => ({ id, nickname, username: nickname, smallAvatar: "" });
const commission = (extra: Partial<CommissionView>): CommissionView => ({
  commissionId: 9,
  title: "头像",
  state: "pending",
  client: person(1, "约稿人"),
  creator: person(2, "画师"),
  budget: "",
  deadline: 0,
  updatedAt: 0,
  brief: "一张头像",
  refs: [],
  createdAt: 0,
  viewer: "creator",
  steps: stepsFor("creator", "pending"),
  files: [],
  messages: [],
  ...extra,
});

function show(ui: React.ReactNode) {
  const Stub = createRoutesStub([{ path: "/commissions/9", Component: () => ui }]);
  render(<Stub initialEntries={["/commissions/9"]} />);
}
const buttons = () => screen.queryAllByRole("button").map((b) => b.textContent);

describe("a commission's steps", () => {
  it("offers the creator 接受 first, 婉拒 and 取消 apart", async () => {
    show(<CommissionSteps commission={commission({})} />);
    await screen.findByText("下一步");
    expect(buttons()).toEqual(["接受约稿", "婉拒", "取消约稿"]);
  });

  it("asks for the pictures in a multipart form when delivering", async () => {
    show(
      <CommissionSteps commission={commission({ state: "in_progress", steps: stepsFor("creator", "in_progress") })} />,
    );
    const deliver = (await screen.findByRole("button", { name: "交付" })).closest("form")!;
    expect(deliver.getAttribute("enctype")).toBe("multipart/form-data");
    expect(deliver.querySelector<HTMLInputElement>('input[type="file"][name="images"]')?.required).toBe(true);
  });

  it("offers nothing once closed, and the client only theirs", async () => {
    show(<CommissionSteps commission={commission({ state: "completed", steps: [] })} />);
    expect(screen.queryByText("下一步")).toBeNull();
    cleanup();
    show(
      <CommissionSteps
        commission={commission({ viewer: "client", state: "delivered", steps: stepsFor("client", "delivered") })}
      />,
    );
    await screen.findByText("下一步");
    expect(buttons()).toEqual(["需要修改", "确认完成"]);
  });

  it("draws the thread's words as text, and the steps as the site's lines", async () => {
    const messages = [
      { messageId: 1, userId: 0, content: "创作者接受约稿", createdAt: 0 },
      { messageId: 2, userId: 1, content: "<img src=x onerror=alert(1)>", createdAt: 0 },
    ];
    show(<CommissionThread commission={commission({ messages })} />);
    expect(await screen.findByText("<img src=x onerror=alert(1)>")).toBeTruthy();
    expect(document.querySelector("[data-testid=commission-thread] img")).toBeNull();
    expect(screen.getByText(/创作者接受约稿/)).toBeTruthy();
  });
});
