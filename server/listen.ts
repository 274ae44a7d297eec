import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { Site } from "./site.ts";
import type { Logger } from "../contract/shared/log.ts";
import { collectWhenQuiet } from "./speed/heap.ts";
import { inFlight } from "../api/index.ts";
import { oneStartPerTurn } from "./speed/one-start-per-turn.ts";

/** Connect-style middleware in front of the site: Vite's, under `--dev`. */
export type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** How long an idle keep-alive connection stays open: longer than the 60 s a reverse proxy commonly keeps one. */
const keepAliveMs = 65_000;

/**
 * Serves a site over HTTP. `stop` is one stop with one deadline (`graceMs`, SHUTDOWN_GRACE_MS): readiness turns 503,
 * no new connection is taken, requests in flight finish within three quarters of it, and the rest is for writing
 * what is held (views) and closing Redis and the database. What is still being answered then is cut (and counted in
 * the log), and the site is closed all the same: a forced stop loses no held view. Answers "clean" or "forced".
 */
export function listen(
  site: Site,
  port: number,
  options: { middleware?: Middleware | null; graceMs?: number; log?: Logger } = {},
) {
  const listener = getRequestListener((request, env) => {
    const { incoming, outgoing } = env as { incoming: IncomingMessage; outgoing: ServerResponse };
    return site.fetch(request, { socketIp: incoming.socket.remoteAddress ?? "", outgoing });
  });
  const middleware = options.middleware;
  // Requests being answered, those whose browser has gone included: the database closes only after the last.
  const answering = inFlight();
  const collecting = collectWhenQuiet(answering);
  const handle = (req: IncomingMessage, res: ServerResponse, answered: () => void) => {
    try {
      Promise.resolve(middleware ? middleware(req, res, () => listener(req, res)) : listener(req, res)).then(
        answered,
        answered,
      );
    } catch (err) {
      answered();
      throw err;
    }
  };
  const start = oneStartPerTurn(handle);
  const server = createServer((req, res) => start(req, res, answering.begin()));
  // Node closes an idle keep-alive connection after 5 s; a client or proxy that does not read the Keep-Alive header
  // (nginx keeps upstream connections 60 s, Playwright's request context as long as it likes) can send on it as it
  // closes and get ECONNRESET. Waiting longer than such peers do leaves the closing to them.
  server.keepAliveTimeout = keepAliveMs;
  const listening = new Promise<void>((resolve) => server.listen(port, resolve));
  let stopping: Promise<"clean" | "forced"> | null = null;
  const stop = () =>
    (stopping ??= new Promise((resolve) => {
      const grace = options.graceMs ?? 8000;
      const deadline = Date.now() + grace;
      // The last quarter (at least half a second) is for writing what is held and closing.
      const answersBy = deadline - Math.max(500, grace / 4);
      // A keep-alive connection whose response ends after this (a drained stream) goes idle later: sweep again.
      const sweep = setInterval(() => server.closeIdleConnections(), 100);
      let closing: Promise<void> | null = null;
      const finish = (how: "clean" | "forced") =>
        (closing ??= (async () => {
          clearTimeout(timer);
          clearInterval(sweep);
          const left = Math.max(0, deadline - Date.now());
          let hung: ReturnType<typeof setTimeout> | undefined;
          const closed = await Promise.race([
            site.close(left).then(() => true),
            new Promise<boolean>((r) => (hung = setTimeout(() => r(false), left))),
          ]);
          clearTimeout(hung);
          if (!closed) options.log?.warn("stop: closing did not finish within SHUTDOWN_GRACE_MS", { graceMs: grace });
          resolve(closed ? how : "forced");
        })());
      const timer = setTimeout(
        () => {
          if (answering.count)
            options.log?.warn("stop: requests still being answered were cut", {
              count: answering.count,
              graceMs: grace,
            });
          server.closeAllConnections();
          void finish("forced");
        },
        Math.max(0, answersBy - Date.now()),
      );
      server.close(async () => {
        // A connection the client closed is gone at once, but its answer may still be at work (or waiting its
        // turn): closing the database under it failed it with "driver has already been destroyed".
        const idle = await answering.idle(Math.max(0, answersBy - Date.now()));
        void finish(idle ? "clean" : "forced");
      });
      collecting.stop();
      site.drain();
      server.closeIdleConnections();
    }));
  return { server, listening, stop };
}
