import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Kysely } from "kysely";
import type { Dialect } from "./db/index.ts";
import type { DB } from "./db/schema.ts";
import { fail, notFoundEnvelope } from "./lib/envelope.ts";
import { ApiError } from "./lib/errors.ts";
import { silentLogger, type Logger } from "./lib/log.ts";
import { adminRoutes } from "./routes/admin.ts";
import { artRoutes } from "./routes/art.ts";
import { captchaRoutes } from "./routes/captcha.ts";
import { configRoutes } from "./routes/config.ts";
import { loginRoutes } from "./routes/login.ts";
import { searchRoutes } from "./routes/search.ts";
import { userRoutes } from "./routes/user.ts";
import { sessionUser } from "./services/auth.ts";
import type { Deps } from "./services/deps.ts";
import type { CurrentUserView } from "./types.ts";

export type ApiEnv = { Variables: { deps: Deps; token: string; user: CurrentUserView | null } };

export type ApiOptions = {
  db: Kysely<DB>;
  dialect: Dialect;
  now?: () => number;
  log?: Logger;
  captchaEnabled?: boolean;
};

export function createDeps(options: ApiOptions): Deps {
  return {
    db: options.db,
    dialect: options.dialect,
    now: options.now ?? Date.now,
    log: options.log ?? silentLogger,
    captchaEnabled: options.captchaEnabled ?? true,
  };
}

/** The upstream API as a Hono app; every dependency is passed in, so tests build one per database. */
export function createApi(options: ApiOptions) {
  const deps = createDeps(options);
  const app = new Hono<ApiEnv>().basePath("/api");

  app.use(
    bodyLimit({
      maxSize: 1024 * 1024,
      onError: (c) => fail(c, new ApiError("badRequest", "提交的内容过大")),
    }),
  );
  app.use(async (c, next) => {
    const token = c.req.header("x-user-token") ?? "";
    c.set("deps", deps);
    c.set("token", token);
    c.set("user", await sessionUser(deps, token));
    await next();
  });

  app.route("/config", configRoutes);
  app.route("/captcha", captchaRoutes);
  app.route("/login", loginRoutes);
  app.route("/user", userRoutes);
  app.route("/art", artRoutes);
  app.route("/search", searchRoutes);
  app.route("/admin", adminRoutes);

  app.notFound((c) => notFoundEnvelope(c));
  app.onError((err, c) => {
    if (err instanceof ApiError) return fail(c, err);
    deps.log.error("api error", { method: c.req.method, path: c.req.path, error: String(err), stack: (err as Error).stack });
    return fail(c, new ApiError("internal"));
  });
  return app;
}

export type Api = ReturnType<typeof createApi>;
