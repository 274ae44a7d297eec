import { useEffect, useState } from "react";

/** What the page posts for this browser (the route's action): its subscription's fields, or its address alone. */
export type PushDeviceSave =
  | { intent: "subscribe" | "refresh"; endpoint: string; p256dh: string; auth: string }
  | { intent: "forget"; endpoint: string };

const unreachable =
  "浏览器没能开启推送：它连不上自己的推送服务。Chrome 的推送服务在中国大陆常常无法连接，可以换用 Edge、Firefox 或 Safari。";

type State = "noscript" | "checking" | "unsupported" | "denied" | "off" | "on" | "working";

const keyBytes = (key: string) =>
  Uint8Array.from(atob(key.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
const keyText = (key: ArrayBuffer | null | undefined) =>
  key
    ? btoa(String.fromCharCode(...new Uint8Array(key)))
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .replace(/=+$/, "")
    : "";

function fieldsOf(sub: PushSubscription, intent: "subscribe" | "refresh"): PushDeviceSave {
  const { endpoint = "", keys = {} } = sub.toJSON();
  return { intent, endpoint, p256dh: keys.p256dh ?? "", auth: keys.auth ?? "" };
}

/**
 * 这台设备: turns pushes on or off in this browser. It needs the page's script (the Push API is the browser's), so
 * the page as served says so, and the script replaces it. A subscription made with another key of the site's is
 * dropped; one that is on is given again at each visit, so the account signed in here is the one it serves.
 */
export function PushDevice({
  publicKey,
  onSave,
  answerMs = 15_000,
}: {
  publicKey: string;
  onSave: (fields: PushDeviceSave) => void;
  /** How long the browser's push service may take to answer a subscription. */
  answerMs?: number;
}) {
  const [state, setState] = useState<State>("noscript");
  const [problem, setProblem] = useState("");

  useEffect(() => {
    let gone = false;
    (async () => {
      if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window))
        return setState("unsupported");
      if (Notification.permission === "denied") return setState("denied");
      setState("checking");
      const reg = await navigator.serviceWorker.ready;
      let sub = await reg.pushManager.getSubscription();
      if (sub && keyText(sub.options.applicationServerKey) !== publicKey) {
        await sub.unsubscribe();
        sub = null;
      }
      if (gone) return;
      if (sub) onSave(fieldsOf(sub, "refresh"));
      setState(sub ? "on" : "off");
    })().catch(() => !gone && setState("off"));
    return () => {
      gone = true;
    };
    // Once, on arrival: the key does not change under an open page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function turnOn() {
    setState("working");
    setProblem("");
    try {
      if ((await Notification.requestPermission()) !== "granted") return setState("denied");
      const reg = await navigator.serviceWorker.ready;
      // The browser asks its own push service (Google's for Chrome, which often cannot be reached from mainland
      // China): a subscription that never answers is given up on rather than left spinning.
      const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), answerMs));
      const asked = reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
      const sub = await Promise.race([asked, late]);
      if (!sub) {
        setProblem(unreachable);
        return setState("off");
      }
      onSave(fieldsOf(sub, "subscribe"));
      setState("on");
    } catch {
      setProblem(unreachable);
      setState("off");
    }
  }

  async function turnOff() {
    setState("working");
    const sub = await (await navigator.serviceWorker.ready).pushManager.getSubscription();
    if (sub) {
      onSave({ intent: "forget", endpoint: sub.endpoint });
      await sub.unsubscribe();
    }
    setState("off");
  }

  const said: Record<State, string> = {
    noscript: "在这台设备上接收推送需要浏览器运行本页的脚本（JavaScript）。",
    checking: "正在查看这台设备……",
    unsupported: "这个浏览器不支持推送通知。",
    denied: "这个浏览器已禁止本站发送通知：请在浏览器的网站设置中允许后再开启。",
    off: "这台设备还没有开启推送。",
    on: "这台设备已开启推送：选中的通知会在你没打开艺社时送到这里。",
    working: "请稍候……",
  };
  return (
    <div className="space-y-2" data-testid="push-device">
      <p className="text-sm" role="status">
        {said[state]}
      </p>
      {problem && (
        <p className="text-sm text-danger" role="alert">
          {problem}
        </p>
      )}
      {(state === "off" || state === "on") && (
        <button
          type="button"
          onClick={state === "off" ? turnOn : turnOff}
          className="rounded-full border border-line px-4 py-1.5 text-sm hover:border-primary hover:text-primary"
        >
          {state === "off" ? "在这台设备上开启推送" : "关闭这台设备的推送"}
        </button>
      )}
    </div>
  );
}
