import cluster from "node:cluster";

/**
 * News for every process of the site ("the settings changed", "something was written"), so that each forgets what
 * it keeps. `heard` runs in every process, the teller included, over whatever carries news between them:
 *
 * - Redis, when server.ts connects one (`carryNewsOver`): every process of every server;
 * - else, under WORKERS, the cluster's primary (server/cluster.ts relays every "yishe:…" message to every worker);
 * - else nothing: one process, and the teller has already forgotten its own.
 *
 * One hub per process, kept on globalThis: the web build bundles its own copy of this file, and its caches must
 * hear what the API's writes tell.
 */
type Carrier = { tell(name: string): void };
type Hub = { listeners: Map<string, Set<() => void>>; carrier: Carrier | null; listening: boolean };
const key = Symbol.for("yishe.news");
const hub: Hub = ((globalThis as Record<symbol, Hub>)[key] ??= {
  listeners: new Map(),
  carrier: null,
  listening: false,
});

/** Runs what listens for `name` in this process. */
export function heardNews(name: string) {
  for (const heard of hub.listeners.get(name) ?? []) heard();
}

/** Listens for `name`; returns the way to tell it to every process, and `stop` to listen no more. */
export function news(name: `yishe:${string}`, heard: () => void): (() => void) & { stop(): void } {
  let set = hub.listeners.get(name);
  if (!set) hub.listeners.set(name, (set = new Set()));
  set.add(heard);
  if (cluster.isWorker && !hub.listening) {
    hub.listening = true;
    process.on("message", (m: { type?: unknown } | null) => {
      // Under Redis the news comes that way; the primary's relay would say it twice.
      if (!hub.carrier && typeof m?.type === "string" && m.type.startsWith("yishe:")) heardNews(m.type);
    });
  }
  const tell = () => {
    if (hub.carrier) hub.carrier.tell(name);
    else if (cluster.isWorker) process.send?.({ type: name });
  };
  return Object.assign(tell, { stop: () => void set.delete(heard) });
}

/**
 * From now on news goes over `carrier` (server.ts: Redis), which must call heardNews in every process; the returned
 * function gives that up (when the site closes).
 */
export function carryNewsOver(carrier: Carrier): () => void {
  hub.carrier = carrier;
  return () => {
    if (hub.carrier === carrier) hub.carrier = null;
  };
}
