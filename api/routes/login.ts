import { Hono, type Context } from "hono";
import type { ApiEnv } from "../context.ts";
import { ok } from "../lib/envelope.ts";
import { parseBody } from "../lib/validate.ts";
import { signin, signout, signup } from "../services/auth.ts";
import { signinSchema, signupSchema } from "../../contract/schemas.ts";

/** Where a sign-in comes from: the client's own name for itself, and its address. */
const origin = (c: Context<ApiEnv>) => ({ client: c.req.header("user-agent") ?? "", ip: c.get("ip") });

export const loginRoutes = new Hono<ApiEnv>()
  .post("/signin", async (c) => ok(c, await signin(c.get("deps"), await parseBody(c, signinSchema), origin(c))))
  .post("/signup", async (c) => ok(c, await signup(c.get("deps"), await parseBody(c, signupSchema), origin(c))))
  .get("/signout", async (c) => {
    // spec §7 passes the token as a query; the header works too.
    const token = c.req.query("userToken") || c.get("token");
    await signout(c.get("deps"), token);
    return ok(c, null);
  });
