// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { DeliveryLog, deliveryOutcome, WebhookList } from "./WebhookList.tsx";
import type { WebhookDeliveryView } from "../../../contract/webhooks/views.ts";

afterEach(cleanup);

const delivery = (over: Partial<WebhookDeliveryView>): WebhookDeliveryView => ({
  id: 1,
  event: "follower.new",
  state: "sent",
  attempts: 1,
  status: 200,
  error: "",
  createdAt: Date.now() - 60_000,
  doneAt: Date.now(),
  ...over,
});

const inRouter = (element: React.ReactNode) => {
  const Stub = createRoutesStub([{ path: "/", Component: () => element }]);
  return render(<Stub />);
};

describe("WebhookList", () => {
  it("names each address's events and its last delivery, with 测试 and 删除 as form posts", () => {
    inRouter(
      <WebhookList
        hooks={[
          {
            id: 3,
            url: "https://bot.example.com/in",
            events: ["comment.received", "follower.new"],
            createdAt: Date.now(),
            last: delivery({ state: "retrying", status: 503, attempts: 2, error: "对方回应 HTTP 503" }),
          },
        ]}
      />,
    );
    const row = screen.getByRole("listitem");
    expect(row.textContent).toContain("我的作品收到评论、有人关注了我");
    expect(row.textContent).toContain("最近一次：等待重试 · HTTP 503 · 第 2 次 · 对方回应 HTTP 503");
    const remove = screen.getByRole("button", { name: "删除 https://bot.example.com/in" });
    expect(remove.closest("form")!.querySelector<HTMLInputElement>('[name="webhookId"]')!.value).toBe("3");
    expect(screen.getByRole("button", { name: "测试 https://bot.example.com/in" })).toBeTruthy();
  });

  it("says so when there is none", () => {
    inRouter(<WebhookList hooks={[]} />);
    expect(screen.getByText("还没有 Webhook。")).toBeTruthy();
  });
});

describe("DeliveryLog", () => {
  it("lists each delivery's event and outcome, a failure marked", () => {
    inRouter(
      <DeliveryLog
        deliveries={[
          delivery({ id: 2, event: "ping" }),
          delivery({ id: 1, state: "failed", status: 0, attempts: 1, error: "不能发送到内网地址（10.0.0.1）" }),
        ]}
      />,
    );
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows[0]!.textContent).toContain("测试已送达 · HTTP 200");
    expect(rows[1]!.textContent).toContain("失败 · 不能发送到内网地址（10.0.0.1）");
    expect(rows[1]!.lastElementChild!.className).toContain("text-danger");
  });

  it("tells a delivered one without its retries' error", () => {
    expect(deliveryOutcome(delivery({ attempts: 3, error: "old" }))).toBe("已送达 · HTTP 200 · 第 3 次");
  });
});
