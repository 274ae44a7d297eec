import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

// Read beside docs/spec.md §2: each path here is one row of its table.
export default [
  layout("routes/layouts/default.tsx", [
    index("routes/home.tsx"),
    route("different", "routes/different.tsx"),
    route("follow", "routes/follow.tsx"),
    route("index", "routes/home.tsx", { id: "routes/index" }),
    route("arts", "routes/lists/arts.tsx"),
    route("arts/node/feed", "routes/lists/fixed-node.tsx", { id: "routes/arts/node/feed" }),
    route("arts/node/newest", "routes/lists/fixed-node.tsx", { id: "routes/arts/node/newest" }),
    route("arts/node/recommend", "routes/lists/fixed-node.tsx", { id: "routes/arts/node/recommend" }),
    route("arts/node/:nodeId?", "routes/arts/node.tsx"),
    route("arts/tag/:tagId?", "routes/lists/by-kind.tsx", { id: "routes/arts/tag" }),
    route("articles/:tagId?", "routes/lists/by-kind.tsx", { id: "routes/articles" }),
    route("topics", "routes/lists/by-kind.tsx", { id: "routes/topics" }),
    route("art/:id?", "routes/art/detail.tsx"),
    route("project/:id?", "routes/art/detail.tsx", { id: "routes/project" }),
    route("projects/:page?", "routes/lists/numbered.tsx", { id: "routes/projects" }),
    route("link/:id?", "routes/art/detail.tsx", { id: "routes/link" }),
    route("links/:page?", "routes/lists/numbered.tsx", { id: "routes/links" }),
    route("tags/:page?", "routes/lists/tags.tsx"),
    route("user/favorites", "routes/user/favorites.tsx"),
    route("search", "routes/search.tsx"),
    route("about", "routes/pages/about.tsx"),
    route("protocol", "routes/pages/protocol.tsx"),
    route("agreement/agreement", "routes/pages/protocol.tsx", { id: "routes/pages/agreement" }),
    // Any other path shows the home page (spec §2).
    route("*", "routes/home.tsx", { id: "routes/fallback" }),
  ]),
  layout("routes/layouts/no-footer.tsx", [
    route("user/signin", "routes/user/signin.tsx"),
    route("art/create", "routes/art/publish.tsx", { id: "routes/art/create" }),
    route("art/edit/:id", "routes/art/publish.tsx", { id: "routes/art/edit" }),
  ]),
  route("upload", "routes/upload.ts"),
  route("art/:id/qr.svg", "routes/art/qr.ts"),
  route("art/:id/view", "routes/art/view.ts"),
  route("user/signout", "routes/user/signout.ts"),
  route("theme", "routes/theme.ts"),
  route("admin", "routes/admin/layout.tsx", [index("routes/admin/index.tsx"), route("*", "routes/admin/missing.tsx")]),
] satisfies RouteConfig;
