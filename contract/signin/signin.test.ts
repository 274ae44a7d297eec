import { describe, expect, it } from "vitest";
import { isOAuthProvider, maskPhone, oauthProviders } from "./ways-in.ts";

describe("the ways in", () => {
  it("knows its providers and nothing that merely looks like one", () => {
    for (const p of oauthProviders) expect(isOAuthProvider(p)).toBe(true);
    for (const v of ["GitHub", "github ", "__proto__", "constructor", 1, null]) expect(isOAuthProvider(v)).toBe(false);
  });

  it("shows a phone number with its middle hidden", () => {
    expect(maskPhone("13812345678")).toBe("138****5678");
    expect(maskPhone("12345")).toBe("12345");
  });
});
