import { describe, expect, it } from "vitest";
import { pagePath, safeRef, signinPath } from "./return-path.ts";

describe("safeRef (return path after sign-in, theme switch)", () => {
  it("accepts paths on this site", () => {
    expect(safeRef("/art/3?x=1")).toBe("/art/3?x=1");
    expect(safeRef("/")).toBe("/");
    expect(safeRef("/art/3#comments")).toBe("/art/3#comments");
    expect(safeRef("/search?q=%E5%9B%BD%E7%94%BB")).toBe("/search?q=%E5%9B%BD%E7%94%BB");
  });

  it.each([
    "https://evil.example",
    "//evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "\\/evil.example",
    "/%09/evil.example".replace("%09", "\t"),
    "javascript:alert(1)",
    "",
    null,
    undefined,
    "/user/signin?ref=/x",
    "/user/signout",
    // Dot segments the parser removes, leaving "//host": each a different spelling of the same escape.
    "/.//evil.example",
    "/..//evil.example",
    "/%2e//evil.example",
    "/%2E%2e//evil.example",
    "/a/..//evil.example",
    "/a/b/../..//evil.example",
    "/.\\/evil.example",
    "/./\\evil.example",
    "/.\t//evil.example",
    "/.//evil.example.data",
    "/.//evil.example.data?_routes=root",
    "/./%2e//evil.example#x",
  ])("sends %j home instead", (ref) => expect(safeRef(ref)).toBe("/"));

  it("keeps what only looks like an escape but stays on this site", () => {
    expect(safeRef("/.%2F/evil.example")).toBe("/.%2F/evil.example");
    expect(safeRef("/a/./b")).toBe("/a/b");
    expect(safeRef("/art/../user/3")).toBe("/user/3");
  });

  it("is what a browser resolving the Location header lands on: this site, every time", () => {
    for (const ref of ["/.//e.x", "/%2e%2e//e.x", "/\\e.x", "/a/..//e.x", "/./e.x", "/art/1?u=//e.x"]) {
      expect(new URL(safeRef(ref), "https://yishe.test/deep/page").host).toBe("yishe.test");
    }
  });

  it("never hands a control character to a Location header", () => {
    const ref = safeRef("/art/1\r\nSet-Cookie: token=x");
    expect(ref).not.toMatch(/[\r\n]/);
    expect(ref.startsWith("/art/1")).toBe(true);
  });

  it("turns a data request back into its page", () => {
    expect(safeRef("/art/create.data")).toBe("/art/create");
    expect(safeRef("/_root.data?_routes=routes%2Fhome")).toBe("/");
  });
});

describe("pagePath", () => {
  it("is the page's path and query", () => {
    expect(pagePath("http://x.test/a/b?c=d")).toBe("/a/b?c=d");
  });
  it("drops the .data suffix and the _routes parameter of a client-side navigation", () => {
    expect(pagePath("http://x.test/art/create.data")).toBe("/art/create");
    expect(pagePath("http://x.test/art/create.data?_routes=routes%2Fart%2Fcreate")).toBe("/art/create");
    expect(pagePath("http://x.test/follow.data?x=1&_routes=routes%2Ffollow")).toBe("/follow?x=1");
    expect(pagePath("http://x.test/_root.data")).toBe("/");
  });
});

describe("signinPath", () => {
  it("builds the sign-in link", () => {
    expect(signinPath("/art/1?a=b")).toBe("/user/signin?ref=%2Fart%2F1%3Fa%3Db");
  });
});
