/**
 * The whole site as one fetch handler: the upstream API at /api, stored media at /uploads, built assets, /sw.js, and
 * React Router for every other path. server/main.ts serves it; the tests and the bench build it over the built web.
 */
import type { ServerResponse } from "node:http";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { createRequestHandler, RouterContextProvider, type RouterContext, type ServerBuild } from "react-router";
import {
  authorizeOrigins,
  forgetEverywhere,
  nameRoute,
  openApi,
  reportError,
  requestFacts,
  type Env,
  type OpenedApi,
} from "../api/index.ts";
import type { Logger } from "../contract/shared/log.ts";
import type { SessionMemo } from "../contract/shared/transport.ts";
import { observe } from "./observe.ts";
import { allowedMethods, boundedBody, largeBodyGate, liveSession, sameOrigin } from "./guards.ts";
import { openPageStore, readsNoted } from "./speed/stored-pages/open.ts";
import { storedPages, type PageFacts } from "./speed/stored-pages/stored-pages.ts";
import { EVERYTHING } from "./speed/stored-pages/store.ts";
import { compress } from "./compress.ts";
import { mediaHeaders, pictureGuard, storedMedia } from "./media.ts";
import { behindProxy } from "./proxy.ts";
import { securityHeaders, type SiteEnv } from "./security.ts";
import { builtFiles } from "./built-files.ts";
import type { WebDeps } from "../app/lib/context.ts";
import { probes } from "./probes.ts";
import { releaseOf } from "./release.ts";

/** What the web's entry (app/entry.server.tsx) exports for the server beside the render: each exists once. */
type WebEntry = { webContext: RouterContext<WebDeps>; forgetSiteCacheHere: () => void };
const webEntryOf = (build: ServerBuild) => build.entry.module as unknown as WebEntry;

export type Site = {
  /** Handles one request; `socketIp` is the address of the connection it came on, `outgoing` Node's response. */
  fetch: (
    request: Request,
    connection?: { socketIp?: string; outgoing?: ServerResponse },
  ) => Response | Promise<Response>;
  /** Ends long-lived responses (inbox streams) so a stopping server can finish; readiness answers 503 from now. */
  drain: () => void;
  /** Writes what is held and closes; API calls still at work are waited for up to `budgetMs`. */
  close: (budgetMs?: number) => Promise<void>;
  database: OpenedApi["database"];
};
/** Builds the whole site as one fetch handler; server/main.ts and the tests both use it. */
export async function createSite(
  env: Env,
  log: Logger,
  /** The build itself in production (React Router then builds its route table once), a loader in development. */
  build: ServerBuild | (() => Promise<ServerBuild>),
  mode = "production",
  /** The checkout: its build/client is served, its git commit names the release. */
  root = process.cwd(),
): Promise<Site> {
  const clientDir = path.join(root, "build", "client");
  const dev = mode === "development";
  // Visitors' pages, rendered once per change: a build's own, and none while its code changes under the dev server.
  const store = typeof build === "function" || env.apiOrigin ? null : await openPageStore(env, log);
  // A write that changes the whole site (settings, navigation, a name): the web's own copy of the settings is
  // forgotten here and in every other process before the pages drawn from it are dropped.
  let forgetSite = () => {};
  const api = await openApi(env, log, {
    checked: env.checkAnswers || dev,
    pages:
      store &&
      ((topics) => {
        if (topics.includes(EVERYTHING)) forgetSite();
        return store.drop(topics);
      }),
  });
  const stored =
    store &&
    storedPages({
      store,
      build: (build as ServerBuild).assets.version,
      log,
      countView: api.countView,
      quietMs: env.redisUrl || env.workers > 1 ? 2_000 : 0,
    });
  const handler = createRequestHandler(build, mode);
  const site = new Hono<SiteEnv>();
  let stopping = false;
  // Ahead of everything else: no log line, no page machinery (server/probes.ts).
  const probe = probes({ checks: api.checks, apiOrigin: env.apiOrigin ?? null, stopping: () => stopping }, log);
  const release = releaseOf(root, env.errorReports?.release);
  // The browser reports to the same place (its key is public by design), naming the same build.
  const browserReports = env.errorReports && { dsn: env.errorReports.dsn, release };
  // What the admin overview shows of this process (api/lib/heartbeat.ts).
  api.beat(probe.runChecks, release);
  site.get("/livez", probe.livez);
  site.get("/readyz", probe.readyz);
  site.use(observe(log, env.trustProxy > 0));
  site.use(compress());
  const publicUrl = env.storage.kind === "s3" ? env.storage.publicUrl : null;
  site.use(
    securityHeaders({
      dev,
      formTargets: authorizeOrigins(env.oauth),
      mediaOrigin: publicUrl && new URL(publicUrl).origin,
      reportsOrigin: env.errorReports && new URL(env.errorReports.dsn).origin,
    }),
  );
  // One share of large bodies for the process, the web's forms and the API's file routes alike.
  const largeBodies = largeBodyGate(liveSession(api.fetch));
  // The API's file routes are held to what the web's forms are: members only, a share of the large bodies, and to
  // disk as they arrive (an app posting straight to /api took memory for every body it held open).
  site.use("/api/*", largeBodies, boundedBody);
  site.all("/api/*", (c) => api.fetch(c.req.raw, c.env.ip));
  if (env.apiOrigin) site.all("/uploads/*", (c) => api.fetch(c.req.raw, c.env.ip));
  else if (api.storage && api.pictureRights) {
    site.use("/uploads/*", pictureGuard(api.pictureRights));
    if (api.storage.get) site.on(["GET", "HEAD"], "/uploads/*", storedMedia(api.storage, publicUrl));
    else site.use("/uploads/*", mediaHeaders, serveStatic({ root: env.dataDir }));
  }
  builtFiles(site, clientDir);
  if (!env.apiOrigin) site.all("/uploads/*", (c) => c.text("Not Found", 404));
  // Everything else is a page or a web form post: checked before React Router reads it.
  site.use("*", allowedMethods, sameOrigin, largeBodies, boundedBody);
  // The production build is one object; the dev server's changes as files do, and is asked each time.
  const built = typeof build === "function" ? null : webEntryOf(build);
  const webEntry = async () => built ?? webEntryOf(await (build as () => Promise<ServerBuild>)());
  const siteChanged = forgetEverywhere("yishe:site", () => {
    if (built) built.forgetSiteCacheHere();
    else void webEntry().then((entry) => entry.forgetSiteCacheHere());
  });
  forgetSite = () => {
    built?.forgetSiteCacheHere();
    siteChanged();
  };
  const perSite = { siteUrl: env.siteUrl, log, siteChanged, nameRoute, reportError, browserReports };
  const render = async (request: Request, nonce: string, clientIp: string, facts?: PageFacts) => {
    const { webContext } = built ?? (await webEntry());
    const requestId = requestFacts()?.id ?? "";
    // The sessions this page resolves are shared by its loaders' calls, and by no other page.
    const sessions: SessionMemo = new Map();
    const transport = facts ? readsNoted(api.transport, facts) : api.transport;
    const web: WebDeps = { ...perSite, api: transport, sessions, clientIp, nonce, requestId, pageClock: facts };
    return handler(request, new RouterContextProvider(new Map([[webContext, web]])));
  };
  site.all("*", (c) => {
    const nonce = c.get("nonce");
    const ip = c.env.ip;
    if (!stored) return render(c.req.raw, nonce, ip);
    return stored(c.req.raw, (facts) => render(c.req.raw, nonce, ip, facts), nonce, ip);
  });

  return {
    fetch: (request, connection = {}) => {
      const { request: seen, ip } = behindProxy(request, connection.socketIp ?? "", env.trustProxy);
      return site.fetch(seen, { ip, outgoing: connection.outgoing });
    },
    drain: () => {
      // Not ready from the first moment of a stop: a load balancer sends no more, while requests in flight finish.
      stopping = true;
      // Open inbox streams would hold the server open: end them, and the browsers reconnect to another process.
      api.drain();
    },
    close: async (budgetMs) => {
      siteChanged.stop();
      // Half the time left for calls still at work; the rest writes the held views and closes (api/open.ts).
      await api.close(budgetMs);
      await store?.close();
    },
    database: api.database,
  };
}
