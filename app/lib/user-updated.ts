import { useEffect } from "react";
import { useRevalidator } from "react-router";

/**
 * requirements §4: the current user is refreshed when an avatar-updated event occurs. A page that changed the avatar or
 * the nickname announces it; every other open tab of the site reloads its data, so its top bar shows the new face
 * at once.
 */
const CHANNEL = "avatar-updated";
// The tab that made the change already shows it (and its toast, which a reload would clear): it ignores its own news.
const thisTab = Math.random().toString(36).slice(2);

export function announceUserUpdated() {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(thisTab);
  channel.close();
}

export function useRefreshOnUserUpdated() {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (e: MessageEvent) => {
      if (e.data !== thisTab) void revalidate();
    };
    return () => channel.close();
  }, [revalidate]);
}
