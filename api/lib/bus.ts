import type { Redis } from "ioredis";
import type { Logger } from "../../contract/shared/log.ts";
import { describeError } from "../../contract/shared/log.ts";

/**
 * Tells every process that someone's inbox changed (a notification or a message arrived, something was read).
 * It carries only the user's id: each process that holds an open page of that user asks the database itself.
 * In one process the bus is a list of listeners; with REDIS_URL it is a Redis channel every process subscribes to.
 */
export type Bus = {
  publish(userId: number): void;
  subscribe(listener: (userId: number) => void): () => void;
  /** Settles when the bus hears what is published (Redis: once subscribed). */
  ready: Promise<unknown>;
  close(): Promise<void>;
};

export function memoryBus(): Bus {
  const listeners = new Set<(userId: number) => void>();
  return {
    publish: (userId) => {
      for (const l of listeners) l(userId);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ready: Promise.resolve(),
    close: async () => listeners.clear(),
  };
}

export const INBOX_CHANNEL = "yishe:inbox";

/**
 * The bus over Redis pub/sub: `client` publishes, a duplicate connection subscribes (a subscribed connection can
 * do nothing else). While Redis is away, publishing is dropped (pages catch up when their stream reconnects) and
 * ioredis subscribes again when it is back.
 */
export function redisBus(client: Redis, log: Logger, channel = INBOX_CHANNEL): Bus {
  const local = memoryBus();
  const subscriber = client.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
  const trouble = warnOnChange(log, "redis bus unavailable", { channel });
  subscriber.on("error", trouble.failed);
  subscriber.on("ready", trouble.recovered);
  subscriber.on("message", (ch: string, message: string) => {
    const userId = Number(message);
    if (ch === channel && Number.isInteger(userId) && userId > 0) local.publish(userId);
  });
  const ready = subscriber
    .subscribe(channel)
    .catch((err) => log.warn("redis bus subscribe failed", { error: describeError(err) }));
  const lost = warnOnChange(log, "redis bus publish failed", { channel });
  return {
    publish: (userId) => {
      client.publish(channel, String(userId)).then(lost.recovered, lost.failed);
    },
    subscribe: local.subscribe,
    ready,
    // Never waits on Redis: with Redis away the subscription never comes (issue 54: a stop hung on it).
    close: async () => {
      await local.close();
      subscriber.disconnect();
    },
  };
}

/**
 * Forgetting in every process over Redis (api/lib/forgetting.ts): each names what changed, and `heard` runs in each process
 * that listens, the teller included. While Redis is away the news is lost; what it would have cleared is bounded
 * by each cache's own time limit.
 */
export function redisForgetting(client: Redis, log: Logger, heard: (name: string) => void, channel = "yishe:news") {
  const subscriber = client.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
  const trouble = warnOnChange(log, "redis news unavailable", { channel });
  subscriber.on("error", trouble.failed);
  subscriber.on("ready", trouble.recovered);
  let closed = false;
  subscriber.on("message", (ch: string, name: string) => {
    if (ch === channel && !closed) heard(name);
  });
  const ready = subscriber
    .subscribe(channel)
    .catch((err) => log.warn("redis news subscribe failed", { channel, error: describeError(err) }));
  const lost = warnOnChange(log, "redis news lost", { channel });
  return {
    tell: (name: string) => {
      client.publish(channel, name).then(lost.recovered, lost.failed);
    },
    ready,
    close: () => {
      closed = true;
      subscriber.disconnect();
    },
  };
}

/**
 * A connection's trouble logged when it begins and when it ends, not at every retry or failed send (issue 54: a
 * Redis away repeated its warning ~90 times in 34 s).
 */
export function warnOnChange(
  log: Logger,
  message: string,
  fields: Record<string, unknown> = {},
  recoveredMessage = `${message}: recovered`,
) {
  let away = false;
  return {
    failed: (err: unknown) => {
      if (away) return;
      away = true;
      log.warn(message, { ...fields, error: describeError(err) });
    },
    recovered: () => {
      if (!away) return;
      away = false;
      log.info(recoveredMessage, fields);
    },
  };
}

const INBOX = "yishe:inbox";
type InboxMessage = { type: typeof INBOX; userId: number };
const isInbox = (m: unknown): m is InboxMessage =>
  typeof m === "object" &&
  m !== null &&
  (m as InboxMessage).type === INBOX &&
  Number.isInteger((m as InboxMessage).userId);

/** The inbox bus of a worker: what it publishes goes through the primary to every worker, itself included. */
export function workerBus(): Bus {
  const local = memoryBus();
  const onMessage = (m: unknown) => {
    if (isInbox(m)) local.publish(m.userId);
  };
  process.on("message", onMessage);
  return {
    publish: (userId) => process.send?.({ type: INBOX, userId } satisfies InboxMessage),
    subscribe: local.subscribe,
    ready: Promise.resolve(),
    close: async () => {
      process.off("message", onMessage);
      await local.close();
    },
  };
}
