import { describe, expect, it } from "vitest";
import { fieldRules, formRules, optionalText, text } from "./fields.ts";
import { userLimits, workLimits } from "./limits.ts";
import { signinSchema, signupSchema } from "../signin/schemas.ts";
import { configSchema } from "../site/schemas.ts";
import { workSchema } from "../works/schemas.ts";

describe("the rules a form takes from the API's schemas", () => {
  it("gives each field its length limit and whether it is required", () => {
    expect(fieldRules(signupSchema, "nickname")).toEqual({ maxLength: userLimits.nickname, required: true });
    expect(fieldRules(signinSchema, "password")).toEqual({ maxLength: userLimits.password, required: true });
    expect(fieldRules(workSchema, "summary")).toEqual({ maxLength: workLimits.summary, required: false });
    expect(fieldRules(configSchema, "siteTitle")).toEqual({ maxLength: 30, required: true });
  });

  it("reads through a refinement piped onto a field", () => {
    expect(fieldRules(signupSchema, "username")).toEqual({ maxLength: userLimits.username, required: true });
    expect(fieldRules(signupSchema, "email")).toEqual({ maxLength: userLimits.email, required: true });
  });

  it("answers several fields at once, and nothing for a field without limits", () => {
    expect(formRules(workSchema, ["title", "url"])).toEqual({
      title: { maxLength: workLimits.title, required: false },
      url: { maxLength: workLimits.url, required: false },
    });
    expect(fieldRules(configSchema, "tokenExpireDays")).toEqual({ maxLength: undefined, required: undefined });
  });
});

describe("control characters (issue 53)", () => {
  const title = optionalText("标题", 50, { line: true });
  const body = text("内容", { max: 500 });
  it("refuses them in any text, and line breaks in a one-line field, in Chinese", () => {
    for (const bad of ["标\x00题", "标\x1f题", "标\x7f题", "标\x85题"]) {
      expect(title.safeParse(bad).error?.issues[0].message, JSON.stringify(bad)).toBe("标题包含无法显示的控制字符");
      expect(body.safeParse(bad).error?.issues[0].message).toBe("内容包含无法显示的控制字符");
    }
    for (const bad of ["两行\n标题", "标\v题", "标\u2028题"])
      expect(title.safeParse(bad).error?.issues[0].message, JSON.stringify(bad)).toBe("标题不能换行");
  });

  it("reads the breaks other programs paste (\\v, \\f, U+2028) in a text as line feeds", () => {
    expect(body.parse("第一行\v第二行\f第三行\u2029第四行")).toBe("第一行\n第二行\n第三行\n第四行");
  });
});
