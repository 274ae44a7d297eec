import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../context.ts";
import { ok } from "../lib/envelope.ts";
import { ApiError } from "../lib/errors.ts";
import { parseQuery } from "../lib/validate.ts";
import { finishOAuth, startOAuth } from "../services/oauth.ts";
import { isOAuthProvider, type OAuthProvider } from "../../contract/signin.ts";

const param = (v: string | undefined): OAuthProvider => {
  if (!isOAuthProvider(v)) throw new ApiError("notFound");
  return v;
};

const startQuery = z.object({ ref: z.string().max(2000).optional(), link: z.string().max(1).optional() });
const callbackQuery = z.object({
  code: z.string().max(1000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
});

/**
 * spec §7 /api/{github,osc,qq}/login/callback, and the start that comes before it. With `link=1` and a signed-in
 * caller the provider is linked to that account instead of signing in.
 */
export const oauthRoutes = new Hono<ApiEnv>()
  .get("/:provider/login/authorize", async (c) => {
    const provider = param(c.req.param("provider"));
    const q = parseQuery(c, startQuery);
    const input = { ref: q.ref, link: q.link === "1" };
    return ok(c, await startOAuth(c.get("deps"), provider, input, c.get("user"), c.get("ip")));
  })
  .get("/:provider/login/callback", async (c) => {
    const provider = param(c.req.param("provider"));
    const q = parseQuery(c, callbackQuery);
    const origin = { client: c.req.header("user-agent") ?? "", ip: c.get("ip") };
    return ok(c, await finishOAuth(c.get("deps"), provider, q, c.get("user"), origin));
  });
