import { describe, expect, it } from "vitest";
import { isHttps, readCookies, readToken, TOKEN_COOKIE } from "./request.ts";
import { isStaff, parseRoles } from "./roles.ts";
import { isPassedOn } from "./transport.ts";

const asked = (cookie?: string, url = "http://yishe.test/") =>
  new Request(url, { headers: cookie === undefined ? {} : { cookie } });

describe("what a request carries", () => {
  it("reads the token from its cookie, and none from an empty or missing one", () => {
    expect(readToken(asked(`theme=dark; ${TOKEN_COOKIE}=abc.def`))).toBe("abc.def");
    expect(readToken(asked(`${TOKEN_COOKIE}=`))).toBeNull();
    expect(readToken(asked())).toBeNull();
    expect(readCookies(asked("a=%E4%B8%AD"))).toEqual({ a: "中" });
  });

  it("takes HTTPS from the URL the front rebuilt, never from a header anyone may send", () => {
    expect(isHttps(asked(undefined, "https://yishe.test/"))).toBe(true);
    const forged = new Request("http://yishe.test/", { headers: { "x-forwarded-proto": "https" } });
    expect(isHttps(forged)).toBe(false);
  });
});

describe("roles", () => {
  it("keeps only the roles the site knows", () => {
    expect(parseRoles(" owner ,admin,superuser,")).toEqual(["owner", "admin"]);
    expect(parseRoles("")).toEqual([]);
  });

  it("calls the owner and admins staff, and nobody else", () => {
    expect(isStaff({ roles: ["admin"] })).toBe(true);
    expect(isStaff({ roles: [] })).toBe(false);
    expect(isStaff(null)).toBe(false);
  });
});

describe("a body passed on", () => {
  it("is a request handed over whole, not a form that merely has the key", () => {
    expect(isPassedOn({ passOn: new Request("http://yishe.test/", { method: "POST" }) })).toBe(true);
    expect(isPassedOn({ passOn: "x" })).toBe(false);
    expect(isPassedOn(undefined)).toBe(false);
  });
});
