// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MsgRecent, NotificationView } from "../../contract/inbox/views.ts";
import { InboxProvider } from "../lib/inbox.tsx";
import { InboxMenu } from "./InboxMenu.tsx";
import { sampleNotification } from "../test/fixtures.ts";

/** Stands in for the browser's EventSource: the test says what the server sends. */
class FakeSource {
  static last: FakeSource | null = null;
  url: string;
  closed = false;
  listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  constructor(url: string) {
    this.url = url;
    FakeSource.last = this;
  }
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: string) {
    for (const fn of this.listeners.get(type) ?? []) fn(new MessageEvent(type, { data }));
  }
}

const like: NotificationView = {
  ...sampleNotification,
  actor: { ...sampleNotification.actor!, nickname: "阿波<img src=x onerror=alert(1)>" },
  work: { artId: 5, title: "晨雾" },
  createdAt: Date.now(),
};
const state = (count: number, messages: MsgRecent["messages"] = []): MsgRecent => ({
  count,
  notificationCount: count,
  messageCount: 0,
  messages,
});

function show(initial: MsgRecent | null) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <InboxProvider userId={initial ? 1 : null} initial={initial}>
          <InboxMenu />
        </InboxProvider>
      ),
    },
  ]);
  return render(<Stub initialEntries={["/"]} />);
}

beforeEach(() => {
  FakeSource.last = null;
  (globalThis as { EventSource?: unknown }).EventSource = FakeSource;
});
afterEach(cleanup);

describe("the message indicator", () => {
  it("follows the inbox stream: a like shows in the badge and the menu without a reload", async () => {
    show(state(0));
    expect(await screen.findByLabelText("消息")).toBeTruthy();
    expect(screen.queryByTestId("message-badge")).toBeNull();
    const source = FakeSource.last!;
    expect(source.url).toBe("/user/events");
    act(() => source.emit("unread", JSON.stringify(state(1, [{ type: "notification", notification: like }]))));
    expect(screen.getByTestId("message-badge").textContent).toBe("1");
    const line = screen.getByRole("link", { name: /赞了你的作品《晨雾》/ });
    expect(line.getAttribute("href")).toBe(`/user/messages/open/${like.notificationId}`);
    // A hostile nickname stays text.
    expect(line.textContent).toContain("阿波<img src=x onerror=alert(1)>");
    expect(line.querySelector("img[src=x]")).toBeNull();
    act(() => source.emit("unread", JSON.stringify(state(100))));
    expect(screen.getByTestId("message-badge").textContent).toBe("99+");
    act(() => source.emit("unread", "not json"));
    expect(screen.getByTestId("message-badge").textContent).toBe("99+");
  });

  it("opens no stream for a visitor", async () => {
    show(null);
    await screen.findByLabelText("消息");
    expect(FakeSource.last).toBeNull();
  });
});
