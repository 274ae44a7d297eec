import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../context.ts";
import { ok } from "../lib/envelope.ts";
import { optionalText, parseBody, secret, text } from "../lib/validate.ts";
import { signin, signout, signup } from "../services/auth.ts";
import { userLimits } from "../../contract/limits.ts";
import { nicknameProblem } from "../../contract/identity.ts";

const captchaFields = {
  captchaId: optionalText("验证码编号", 64),
  captchaCode: optionalText("验证码", 10),
};

export const signinSchema = z.object({
  username: text("用户名或邮箱", { max: userLimits.login }),
  password: secret("密码", { min: 1, max: userLimits.password }),
  ...captchaFields,
});

export const signupSchema = z.object({
  nickname: text("昵称", { max: userLimits.nickname }).superRefine((v, ctx) => {
    const problem = nicknameProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
  username: text("用户名", { max: userLimits.username }).pipe(
    z.string().regex(/^[A-Za-z][A-Za-z0-9_]{2,19}$/, "用户名需以字母开头，由3到20位字母、数字或下划线组成"),
  ),
  email: text("邮箱", { max: userLimits.email }).pipe(z.email("邮箱格式不正确")),
  password: secret("密码", { min: userLimits.passwordMin, max: userLimits.password }),
  rePassword: secret("确认密码", { min: 1, max: userLimits.password }),
  ...captchaFields,
});

export const loginRoutes = new Hono<ApiEnv>()
  .post("/signin", async (c) => ok(c, await signin(c.get("deps"), await parseBody(c, signinSchema), c.get("ip"))))
  .post("/signup", async (c) => ok(c, await signup(c.get("deps"), await parseBody(c, signupSchema))))
  .get("/signout", async (c) => {
    // spec §7 passes the token as a query; the header works too.
    const token = c.req.query("userToken") || c.get("token");
    await signout(c.get("deps"), token);
    return ok(c, null);
  });
