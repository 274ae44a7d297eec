import { describe, expect, it } from "vitest";
import { fieldRules, formRules } from "./fields.ts";
import { userLimits, workLimits } from "./limits.ts";
import { signinSchema, signupSchema } from "./schemas/signin.ts";
import { configSchema } from "./schemas/site.ts";
import { workSchema } from "./schemas/works.ts";

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
