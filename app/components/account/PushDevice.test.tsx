// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PushDevice } from "./PushDevice.tsx";

// 65 bytes of a P-256 key, as the site's settings give it (base64url).
const publicKey = Buffer.from(Uint8Array.from({ length: 65 }, (_, i) => (i * 7 + 4) & 255)).toString("base64url");
const keyBuffer = (key: string) => new Uint8Array(Buffer.from(key, "base64url")).buffer;

function browserWith(o: { existing?: string; permission?: NotificationPermission; answer?: NotificationPermission }) {
  const unsubscribe = vi.fn(async () => true);
  const sub = (key: string) => ({
    endpoint: "https://push.example.com/abc",
    options: { applicationServerKey: keyBuffer(key) },
    toJSON: () => ({
      endpoint: "https://push.example.com/abc",
      keys: { p256dh: "P".repeat(87), auth: "A".repeat(22) },
    }),
    unsubscribe,
  });
  const subscribe = vi.fn(async (opts: { applicationServerKey: Uint8Array }) =>
    sub(Buffer.from(opts.applicationServerKey).toString("base64url")),
  );
  const pushManager = { getSubscription: vi.fn(async () => (o.existing ? sub(o.existing) : null)), subscribe };
  vi.stubGlobal("PushManager", function PushManager() {});
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { ready: Promise.resolve({ pushManager }) },
  });
  const requestPermission = vi.fn(async () => o.answer ?? "granted");
  vi.stubGlobal("Notification", { permission: o.permission ?? "default", requestPermission });
  return { subscribe, unsubscribe, requestPermission };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "serviceWorker");
});

describe("PushDevice", () => {
  it("as served, says the page's script is needed, and offers no button", () => {
    const html = renderToString(<PushDevice publicKey={publicKey} onSave={() => {}} />);
    expect(html).toContain("需要浏览器运行本页的脚本");
    expect(html).not.toContain("<button");
  });

  it("asks for permission, subscribes with the site's key and hands the subscription on", async () => {
    const b = browserWith({});
    const onSave = vi.fn();
    render(<PushDevice publicKey={publicKey} onSave={onSave} />);
    fireEvent.click(await screen.findByRole("button", { name: "在这台设备上开启推送" }));
    await screen.findByText(/这台设备已开启推送/);
    expect(b.requestPermission).toHaveBeenCalled();
    const opts = b.subscribe.mock.calls[0][0];
    expect(opts).toMatchObject({ userVisibleOnly: true });
    expect(Buffer.from(opts.applicationServerKey).toString("base64url")).toBe(publicKey);
    expect(onSave).toHaveBeenCalledWith({
      intent: "subscribe",
      endpoint: "https://push.example.com/abc",
      p256dh: "P".repeat(87),
      auth: "A".repeat(22),
    });
  });

  it("a subscription made with another key of the site's is dropped; one with this key is given again", async () => {
    const stale = browserWith({ existing: Buffer.alloc(65, 9).toString("base64url") });
    const onSave = vi.fn();
    const { unmount } = render(<PushDevice publicKey={publicKey} onSave={onSave} />);
    await screen.findByRole("button", { name: "在这台设备上开启推送" });
    expect(stale.unsubscribe).toHaveBeenCalled();
    expect(onSave).not.toHaveBeenCalled();
    unmount();

    browserWith({ existing: publicKey });
    render(<PushDevice publicKey={publicKey} onSave={onSave} />);
    fireEvent.click(await screen.findByRole("button", { name: "关闭这台设备的推送" }));
    await screen.findByText("这台设备还没有开启推送。");
    expect(onSave.mock.calls.map((c) => c[0].intent)).toEqual(["refresh", "forget"]);
  });

  it("gives up on a push service that never answers, and says which browsers reach theirs", async () => {
    const b = browserWith({});
    b.subscribe.mockImplementation(() => new Promise(() => {}));
    const onSave = vi.fn();
    render(<PushDevice publicKey={publicKey} onSave={onSave} answerMs={30} />);
    fireEvent.click(await screen.findByRole("button", { name: "在这台设备上开启推送" }));
    expect((await screen.findByRole("alert")).textContent).toContain("连不上自己的推送服务");
    expect(screen.getByRole("button", { name: "在这台设备上开启推送" })).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("says so when notifications are blocked, refused, or not there at all", async () => {
    browserWith({ permission: "denied" });
    const { unmount } = render(<PushDevice publicKey={publicKey} onSave={() => {}} />);
    await screen.findByText(/已禁止本站发送通知/);
    unmount();

    const b = browserWith({ answer: "denied" });
    const second = render(<PushDevice publicKey={publicKey} onSave={() => {}} />);
    fireEvent.click(await screen.findByRole("button", { name: "在这台设备上开启推送" }));
    await screen.findByText(/已禁止本站发送通知/);
    expect(b.subscribe).not.toHaveBeenCalled();
    second.unmount();

    vi.unstubAllGlobals();
    render(<PushDevice publicKey={publicKey} onSave={() => {}} />);
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("这个浏览器不支持推送通知。"));
  });
});
