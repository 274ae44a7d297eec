import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MsgRecent } from "../../contract/inbox/views.ts";
import { followInbox } from "./inbox-stream.ts";

/** Stands in for the browser's EventSource; each tab that leads opens one. */
class FakeSource {
  static opened: FakeSource[] = [];
  closed = false;
  listeners: ((e: MessageEvent) => void)[] = [];
  url: string;
  constructor(url: string) {
    this.url = url;
    FakeSource.opened.push(this);
  }
  addEventListener(_type: string, fn: (e: MessageEvent) => void) {
    this.listeners.push(fn);
  }
  close() {
    this.closed = true;
  }
  emit(state: MsgRecent) {
    for (const fn of this.listeners) fn(new MessageEvent("unread", { data: JSON.stringify(state) }));
  }
}
const state = (count: number): MsgRecent => ({ count, notificationCount: count, messageCount: 0, messages: [] });
const settle = () => new Promise((r) => setTimeout(r, 30));

beforeEach(() => {
  FakeSource.opened = [];
  vi.stubGlobal("EventSource", FakeSource);
});
afterEach(() => vi.unstubAllGlobals());

// Node has Web Locks and BroadcastChannel, as browsers do: two followers here are two tabs of one browser.
describe("one inbox stream per browser", () => {
  it("lets one tab hold the stream and pass each state on to the others; another takes over when it closes", async () => {
    const seen: [number[], number[]] = [[], []];
    const stopFirst = followInbox(7, (s) => seen[0].push(s.count));
    await settle();
    const stopSecond = followInbox(7, (s) => seen[1].push(s.count));
    await settle();
    expect(FakeSource.opened).toHaveLength(1);
    FakeSource.opened[0].emit(state(3));
    await settle();
    expect(seen).toEqual([[3], [3]]);

    stopFirst();
    await settle();
    expect(FakeSource.opened[0].closed).toBe(true);
    expect(FakeSource.opened).toHaveLength(2);
    FakeSource.opened[1].emit(state(4));
    await settle();
    expect(seen).toEqual([[3], [3, 4]]);
    stopSecond();
    await settle();
    expect(FakeSource.opened[1].closed).toBe(true);
  });

  it("keeps two people's tabs apart", async () => {
    const stops = [followInbox(1, () => {}), followInbox(2, () => {})];
    await settle();
    expect(FakeSource.opened).toHaveLength(2);
    for (const stop of stops) stop();
  });
});
