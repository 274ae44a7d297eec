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
const short = (max: number) => z.string().max(max).optional();

/**
 * spec §7 /api/{github,osc,qq}/login/callback, and the start that comes before it. With `link=1` and a signed-in
 * caller the provider is linked to that account instead of signing in.
 */
export const oauthRoutes = new Hono<ApiEnv>()
  .get("/:provider/login/authorize", async (c) => {
    const provider = param(c.req.param("provider"));
    const q = parseQuery(c, z.object({ ref: short(2000), link: short(1) }));
    const input = { ref: q.ref, link: q.link === "1" };
    return ok(c, await startOAuth(c.get("deps"), provider, input, c.get("user"), c.get("ip")));
  })
  .get("/:provider/login/callback", async (c) => {
    const provider = param(c.req.param("provider"));
    const q = parseQuery(c, z.object({ code: short(1000), state: short(200), error: short(200) }));
    const origin = { client: c.req.header("user-agent") ?? "", ip: c.get("ip") };
    return ok(c, await finishOAuth(c.get("deps"), provider, q, c.get("user"), origin));
  });
