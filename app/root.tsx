import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import { useEffect } from "react";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";
import { ErrorView } from "./components/ErrorView.tsx";
import { ProgressBar } from "./components/ProgressBar.tsx";
import { Toast } from "./components/Toasts.tsx";
import { apiClient } from "./lib/api.server.ts";
import { readTheme } from "./lib/cookies.server.ts";
import { readFlash } from "./lib/flash.server.ts";
import { useNonce } from "./lib/nonce.ts";
import { useRefreshOnUserUpdated } from "./lib/user-updated.ts";
import { useSiteLinks } from "./lib/site-links.ts";
import { requestMiddleware, setCookie } from "./lib/request.server.ts";
import { currentUser, siteConfig, siteNodes } from "./lib/site.server.ts";
import { getMsgRecent } from "./lib/upstream/inbox.ts";
import { InboxProvider } from "./lib/inbox.tsx";
import { webContext } from "./lib/context.ts";
import { useSite } from "./lib/site.ts";
import { pack, unpack } from "./speed/packed.ts";
import { useChunkReload } from "./lib/chunk-reload.ts";
import { browserReports, REPORTS_META } from "./lib/error-reports.ts";
import { ReportedRoute } from "./lib/reported-route.ts";
import { ScriptsAfterPaint } from "./speed/scripts-after-paint.tsx";

export const middleware: Route.MiddlewareFunction[] = [requestMiddleware];

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: appCss },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/180.png" },
];

/** What every page knows: the site's settings and nodes, the signed-in member and their inbox, the theme, a toast. */
async function siteData({ request, context }: Route.LoaderArgs) {
  const api = apiClient(request, context);
  const [config, nodes, user, inbox] = await Promise.all([
    siteConfig(api),
    siteNodes(api),
    currentUser(request, context),
    // Asked beside the user, not after: a dead token only makes it fail, and the user's answer says why.
    api.token ? getMsgRecent(api).catch(() => null) : null,
  ]);
  const { flash, clear } = readFlash(request);
  if (clear) setCookie(context, clear);
  return {
    config,
    nodes,
    user,
    unread: user ? inbox : null,
    checkin: user?.checkin ?? null,
    theme: readTheme(request),
    flash,
    siteUrl: context.get(webContext).siteUrl,
    reports: browserReports(context.get(webContext)),
  };
}

export type SiteData = Awaited<ReturnType<typeof siteData>>;

// Packed: every page carries it, some 136 values to turbo-stream otherwise (app/speed/packed.ts).
export const loader = async (args: Route.LoaderArgs) => pack(await siteData(args));

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: "艺社" }];
  const { config } = unpack(loaderData);
  return [
    { title: config.siteTitle },
    { name: "description", content: config.siteDescription },
    { name: "keywords", content: config.siteKeywords },
  ];
};

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useSite();
  const nonce = useNonce();
  return (
    <html lang="zh-CN" data-theme={root?.theme ?? "system"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#c0391e" />
        {root?.reports && <meta name={REPORTS_META} content={JSON.stringify(root.reports)} />}
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        <ScriptsAfterPaint nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const site = unpack(loaderData);
  useRefreshOnUserUpdated();
  useSiteLinks();
  useChunkReload();
  useEffect(() => {
    if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});
  }, []);
  return (
    <InboxProvider userId={site.user?.id ?? null} initial={site.unread}>
      {site.reports && <ReportedRoute />}
      <ProgressBar />
      <Toast flash={site.flash} />
      <Outlet />
    </InboxProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorView error={error} />;
}
