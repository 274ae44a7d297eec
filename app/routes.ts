import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

/** One module serving several URLs, told apart by its route pattern; each URL gets a route id of its own. */
const shared = (file: string, ...paths: string[]) =>
  paths.map((path) => route(path, file, { id: `routes/${path.replace(/\/?:\w+\??/g, "")}` }));

// Read beside docs/requirements.md §2: each path here is one row of its table.
export default [
  layout("routes/layouts/default.tsx", [
    index("routes/home.tsx"),
    ...shared("routes/home.tsx", "index"),
    route("different", "routes/different.tsx"),
    route("follow", "routes/follow.tsx"),
    route("arts", "routes/lists/arts.tsx"),
    ...shared("routes/lists/fixed-node.tsx", "arts/node/feed", "arts/node/newest", "arts/node/recommend"),
    route("arts/node/:nodeId?", "routes/arts/node.tsx"),
    ...shared("routes/lists/by-kind.tsx", "arts/tag/:tagId?", "articles/:tagId?", "topics"),
    ...shared("routes/art/detail.tsx", "art/:id?", "project/:id?", "link/:id?"),
    route("art/:id/likers", "routes/art/likers.tsx"),
    ...shared("routes/lists/numbered.tsx", "projects/:page?", "links/:page?"),
    route("tags/:page?", "routes/lists/tags.tsx"),
    route("user/favorites", "routes/user/favorites.tsx"),
    // 我的口味: the address keeps its name; the module is named, like the API, by what it holds.
    route("user/temperament", "routes/user/taste.tsx"),
    route("user/messages", "routes/user/messages/layout.tsx", [
      index("routes/user/messages/notifications.tsx"),
      route("chats", "routes/user/messages/chats.tsx"),
      route("chat/:userId", "routes/user/messages/chat.tsx"),
    ]),
    route("user/scores", "routes/user/scores.tsx"),
    route("user/profile", "routes/user/profile/layout.tsx", [
      index("routes/user/profile/index.tsx"),
      route("account", "routes/user/profile/account.tsx"),
    ]),
    route("user/:userId", "routes/user/centre.tsx", [
      index("routes/user/works.tsx"),
      ...shared("routes/user/marked.tsx", "likes", "favorites"),
      ...shared("routes/user/people.tsx", "followers", "following"),
      route("drafts", "routes/user/drafts.tsx"),
    ]),
    route("search", "routes/search.tsx"),
    route("ai", "routes/ai/page.tsx"),
    route("report", "routes/report.tsx"),
    route("about", "routes/pages/about.tsx"),
    route("redirect", "routes/pages/redirect.tsx"),
    route("mobile", "routes/pages/mobile.tsx"),
    ...shared("routes/pages/protocol.tsx", "protocol", "agreement/agreement"),
    // Any other path shows the home page (requirements §2).
    route("*", "routes/home.tsx", { id: "routes/fallback" }),
  ]),
  layout("routes/layouts/no-footer.tsx", [
    route("user/signin", "routes/user/signin.tsx"),
    route("user/password/forgot", "routes/user/password-forgot.tsx"),
    route("user/password/reset", "routes/user/password-reset.tsx"),
    route("user/email/verify", "routes/user/email-verify.tsx"),
    ...shared("routes/user/oauth-callback.tsx", "user/github/callback", "user/osc/callback", "user/qq/callback"),
    ...shared("routes/art/publish.tsx", "art/create", "art/edit/:id"),
  ]),
  // Resource routes: files, redirects and a form target, no page of their own.
  route("upload", "routes/upload.ts"),
  route("art/draft", "routes/art/draft.ts"),
  route("art/:id/qr.svg", "routes/art/qr.ts"),
  route("art/:id/view", "routes/art/view.ts"),
  route("user/signout", "routes/user/signout.ts"),
  route("user/oauth/:provider", "routes/user/oauth-start.ts"),
  route("user/background", "routes/user/background.ts"),
  route("user/:userId/follow", "routes/user/follow.ts"),
  route("user/events", "routes/user/events.ts"),
  route("user/checkin", "routes/user/checkin.ts"),
  route("user/messages/open/:id", "routes/user/messages/open.ts"),
  route("theme", "routes/theme.ts"),
  route("search/suggest", "routes/search-suggest.ts"),
  route("ai/stream", "routes/ai/stream.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("sitemaps/:file", "routes/sitemaps.ts"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("users/:id", "routes/admin/user.tsx"),
    route("works", "routes/admin/works.tsx"),
    route("comments", "routes/admin/comments.tsx"),
    route("nodes", "routes/admin/nodes.tsx"),
    route("tags", "routes/admin/tags.tsx"),
    route("reports", "routes/admin/reports.tsx"),
    route("words", "routes/admin/words.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    route("access", "routes/admin/access.tsx"),
    route("pages", "routes/admin/pages.tsx"),
    route("audit", "routes/admin/audit.tsx"),
    route("ai", "routes/admin/ai.tsx"),
    route("*", "routes/admin/missing.tsx"),
  ]),
] satisfies RouteConfig;
