import type { MsgRecent } from "../../../contract/inbox/views.ts";
import { inboxStreams } from "../../lib/metrics.ts";
import type { Deps } from "../deps.ts";
import { msgRecent } from "./notifications.ts";
import { describeError } from "../../../contract/shared/log.ts";

type Listener = (recent: MsgRecent) => void;

/**
 * The open pages of this process, by user. When the bus says someone's inbox changed, their unread state is read
 * once and sent to each of their pages; changes that arrive while it is being read are folded into one more read.
 */
export type Hub = {
  listen(userId: number, listener: Listener): () => void;
  /** Pages open now, of one person or (no id) of everyone. */
  count(userId?: number): number;
  /** Ends every stream (the process is stopping). */
  closeAll(): void;
  onClose(fn: () => void): () => void;
};

// One hub per bus: every Deps built over the same bus (the API's and a test's) shares its pages.
const hubs = new WeakMap<Deps["bus"], Hub>();

export function hubOf(deps: Deps): Hub {
  let hub = hubs.get(deps.bus);
  if (!hub) {
    hub = createHub(deps);
    hubs.set(deps.bus, hub);
  }
  return hub;
}

function createHub(deps: Deps): Hub {
  const pages = new Map<number, Set<Listener>>();
  const closers = new Set<() => void>();
  const reading = new Map<number, "reading" | "again">();

  async function tell(userId: number) {
    if (reading.has(userId)) {
      reading.set(userId, "again");
      return;
    }
    try {
      do {
        reading.set(userId, "reading");
        const recent = await msgRecent(deps, userId);
        for (const listener of pages.get(userId) ?? []) listener(recent);
      } while (reading.get(userId) === "again" && pages.has(userId));
    } catch (err) {
      deps.log.warn("inbox update failed", { userId, error: describeError(err) });
    } finally {
      reading.delete(userId);
    }
  }

  deps.bus.subscribe((userId) => {
    if (pages.has(userId)) void tell(userId);
  });

  return {
    listen(userId, listener) {
      let set = pages.get(userId);
      if (!set) pages.set(userId, (set = new Set()));
      if (!set.has(listener)) inboxStreams.inc();
      set.add(listener);
      return () => {
        if (set.delete(listener)) inboxStreams.dec();
        if (!set.size) pages.delete(userId);
      };
    },
    count: (userId) =>
      userId === undefined ? [...pages.values()].reduce((n, s) => n + s.size, 0) : (pages.get(userId)?.size ?? 0),
    closeAll() {
      for (const close of closers) close();
      closers.clear();
    },
    onClose(fn) {
      closers.add(fn);
      return () => closers.delete(fn);
    },
  };
}
