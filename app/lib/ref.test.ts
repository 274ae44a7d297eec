import { describe, expect, it } from "vitest";
import { pathOf, safeRef, signinPath } from "./ref.ts";

describe("ref (return path after sign-in)", () => {
  it("accepts paths on this site", () => {
    expect(safeRef("/art/3?x=1")).toBe("/art/3?x=1");
    expect(safeRef("/")).toBe("/");
  });
  it.each(["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", "", null, "/user/signin?ref=/x"])(
    "sends %s home instead",
    (ref) => expect(safeRef(ref)).toBe("/"),
  );
  it("builds the sign-in link", () => {
    expect(signinPath("/art/1?a=b")).toBe("/user/signin?ref=%2Fart%2F1%3Fa%3Db");
    expect(pathOf("http://x.test/a/b?c=d")).toBe("/a/b?c=d");
  });
});
