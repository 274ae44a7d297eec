import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { ApiFailure } from "./api.server.ts";
import { attempt, done, fieldsOf, refused, toastAndGo } from "./form-action.server.ts";
import { requestMiddleware } from "./request.server.ts";
import { testWebDeps, webContext } from "./context.ts";
import { readFlash } from "./flash.server.ts";
import { resetPasswordSchema } from "../../contract/signin/schemas.ts";
import { ErrorCode } from "../../contract/shared/errors.ts";

/** Runs `body` as an action inside the root middleware: its answer, and the cookies it set. */
async function asAction(body: (context: RouterContextProvider) => Response | Promise<Response>) {
  const context = new RouterContextProvider(new Map([[webContext, { ...testWebDeps, api: null as never }]]));
  let answer: Response | undefined;
  const sent = await requestMiddleware(
    { context, request: new Request("http://site.test/"), params: {}, pattern: "/" } as never,
    async () => {
      answer = await body(context);
      return new Response(null, { status: answer.status, headers: answer.headers });
    },
  );
  const cookie = (sent as Response).headers.getSetCookie()[0]?.split(";")[0] ?? "";
  return { answer: answer!, flash: readFlash(new Request("http://site.test/", { headers: { cookie } })).flash };
}

const taken = new ApiFailure(409, ErrorCode.usernameTaken, "用户名已被占用", { username: "用户名已被占用" });

describe("a form action's call", () => {
  it("answers the value of a call the API accepted", async () => {
    expect(await attempt(Promise.resolve({ artId: 3 }))).toEqual({ ok: true, value: { artId: 3 } });
  });

  it("turns the API's refusal into a value, and lets anything else reach the error page", async () => {
    const refusal = await attempt(Promise.reject(taken));
    expect(refusal).toEqual({ ok: false, failure: taken });
    await expect(attempt(Promise.reject(new TypeError("bug")))).rejects.toThrow("bug");
  });

  it("draws a refused form again with the API's message, field errors and status, over what the form keeps", async () => {
    const answer = refused(taken, { values: { username: "lin" }, message: "not this", fieldErrors: {} });
    expect(answer.init?.status).toBe(409);
    expect(answer.data).toEqual({
      values: { username: "lin" },
      message: "用户名已被占用",
      fieldErrors: { username: "用户名已被占用" },
    });
    expect(refused(new ApiFailure(200, ErrorCode.internal, "?"), {}).init?.status).toBe(400);
  });

  it("says done with a success toast and goes on; a refusal without a form goes back with it as an error", async () => {
    const ok = await asAction((context) => done(context, "口味已保存", "/user/temperament"));
    expect(ok.answer.headers.get("location")).toBe("/user/temperament");
    expect(ok.flash).toMatchObject({ kind: "success", text: "口味已保存" });
    const no = await asAction((context) => toastAndGo(context, taken, "/back"));
    expect(no.answer.headers.get("location")).toBe("/back");
    expect(no.flash).toMatchObject({ kind: "error", text: "用户名已被占用" });
  });
});

describe("fields picked by the contract's schema", () => {
  it("sends exactly the schema's fields, as text, a missing one empty, nothing else the form carried", () => {
    const form = new FormData();
    form.set("token", "t");
    form.set("password", "secret123");
    form.set("roles", "owner");
    form.set("rePassword", new File(["x"], "x.txt"));
    expect(fieldsOf(form, resetPasswordSchema)).toEqual({ token: "t", password: "secret123", rePassword: "" });
  });
});
