import type { MsgRecent } from "../../contract/inbox/views.ts";

/**
 * Follows someone's inbox with one stream per browser, not one per tab: a browser opens at most six connections to
 * a site over HTTP/1.1, and a stream per tab would use them up. The tab that holds the Web Lock opens the
 * EventSource and passes every state on to the other tabs over a BroadcastChannel; when it closes, another tab
 * takes the lock and opens its own (which starts with the current state). Without Web Locks each tab streams.
 */
export function followInbox(userId: number, onState: (state: MsgRecent) => void): () => void {
  const name = `yishe-inbox-${userId}`;
  const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(name);
  if (channel) channel.onmessage = (e: MessageEvent<MsgRecent>) => onState(e.data);
  const stop = new AbortController();

  const lead = () =>
    new Promise<void>((release) => {
      const source = new EventSource("/user/events");
      source.addEventListener("unread", (e) => {
        let state: MsgRecent;
        try {
          state = JSON.parse((e as MessageEvent<string>).data) as MsgRecent;
        } catch {
          return; // A malformed event changes nothing; the next one will tell.
        }
        onState(state);
        channel?.postMessage(state);
      });
      stop.signal.addEventListener("abort", () => {
        source.close();
        release();
      });
    });

  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  if (locks) locks.request(name, { signal: stop.signal }, lead).catch(() => {});
  else void lead();
  return () => {
    stop.abort();
    channel?.close();
  };
}
