import cluster from "node:cluster";

/**
 * Forgetting caches in every process of the site: when one process changes what others keep ("the settings
 * changed", "something was written"), each forgets its copy. `forget` runs in every process, the teller included,
 * over whatever carries the word between them:
 *
 * - Redis, when server.ts connects one (`carryForgettingOver`): every process of every server;
 * - else, under WORKERS, the cluster's primary (server/cluster.ts relays every "yishe:…" message to every worker);
 * - else nothing: one process, and the teller has already forgotten its own.
 *
 * The web's caches are wired here by server.ts, through the build (app/entry.server.tsx), so this module is loaded
 * once per process.
 */
type Carrier = { tell(name: string): void };
type Hub = { listeners: Map<string, Set<() => void>>; carrier: Carrier | null; listening: boolean };
const hub: Hub = { listeners: new Map(), carrier: null, listening: false };

/** Forgets, in this process, what is kept under `name`. */
export function forgetHere(name: string) {
  for (const forget of hub.listeners.get(name) ?? []) forget();
}

/** Forgets with `forget` whenever `name` is told; returns the way to tell every process, and `stop` to listen no more. */
export function forgetEverywhere(name: `yishe:${string}`, forget: () => void): (() => void) & { stop(): void } {
  let set = hub.listeners.get(name);
  if (!set) hub.listeners.set(name, (set = new Set()));
  set.add(forget);
  if (cluster.isWorker && !hub.listening) {
    hub.listening = true;
    process.on("message", (m: { type?: unknown } | null) => {
      // Under Redis the word comes that way; the primary's relay would say it twice.
      if (!hub.carrier && typeof m?.type === "string" && m.type.startsWith("yishe:")) forgetHere(m.type);
    });
  }
  const tell = () => {
    if (hub.carrier) hub.carrier.tell(name);
    else if (cluster.isWorker) process.send?.({ type: name });
  };
  return Object.assign(tell, { stop: () => void set.delete(forget) });
}

/**
 * From now on the word goes over `carrier` (server.ts: Redis), which must call forgetHere in every process; the returned
 * function gives that up (when the site closes).
 */
export function carryForgettingOver(carrier: Carrier): () => void {
  hub.carrier = carrier;
  return () => {
    if (hub.carrier === carrier) hub.carrier = null;
  };
}
