import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { Site } from "../server.ts";
import { collectWhenQuiet } from "./heap.ts";
import { inFlight } from "./in-flight.ts";
import { oneStartPerTurn } from "./one-start-per-turn.ts";

/** Connect-style middleware in front of the site: Vite's, under `--dev`. */
export type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** How long an idle keep-alive connection stays open: longer than the 60 s a reverse proxy commonly keeps one. */
const keepAliveMs = 65_000;

/**
 * Serves a site over HTTP. `stop` stops accepting connections, lets requests in flight finish, then closes the
 * database; after `graceMs` it cuts what is left.
 */
export function listen(site: Site, port: number, options: { middleware?: Middleware | null; graceMs?: number } = {}) {
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
      // A keep-alive connection whose response ends after this (a drained stream) goes idle later: sweep again.
      const sweep = setInterval(() => server.closeIdleConnections(), 100);
      const timer = setTimeout(() => {
        clearInterval(sweep);
        server.closeAllConnections();
        resolve("forced");
      }, options.graceMs ?? 5000);
      server.close(async () => {
        // A connection the client closed is gone at once, but its answer may still be at work (or waiting its
        // turn): closing the database under it failed it with "driver has already been destroyed".
        await answering.idle(options.graceMs ?? 5000);
        clearTimeout(timer);
        clearInterval(sweep);
        await site.close();
        resolve("clean");
      });
      collecting.stop();
      site.drain();
      server.closeIdleConnections();
    }));
  return { server, listening, stop };
}
