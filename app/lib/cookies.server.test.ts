import { describe, expect, it } from "vitest";
import { clearTokenCookie, readTheme, readToken, tokenCookie } from "./cookies.server.ts";
import { flashCookie, readFlash } from "./flash.server.ts";

const req = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });

describe("token cookie", () => {
  it("is HttpOnly, SameSite=Lax, path /, lives tokenExpireDays × 86400 s", () => {
    const c = tokenCookie(req("http://localhost/"), "tok", 30);
    expect(c).toBe("token=tok; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax");
  });

  it("is Secure over HTTPS; a forwarded header alone proves nothing (server.ts trusts it only from TRUST_PROXY)", () => {
    expect(tokenCookie(req("https://yishe.example/"), "t", 1)).toContain("; Secure");
    expect(tokenCookie(req("http://internal/", { "x-forwarded-proto": "https" }), "t", 1)).not.toContain("; Secure");
    expect(clearTokenCookie(req("http://localhost/"))).toContain("Max-Age=0");
  });

  it("is read back from the request, as is the theme", () => {
    const r = req("http://localhost/", { cookie: "a=1; token=abc; theme=dark" });
    expect(readToken(r)).toBe("abc");
    expect(readTheme(r)).toBe("dark");
    expect(readTheme(req("http://localhost/", { cookie: "theme=<script>" }))).toBe("system");
  });
});

describe("flash", () => {
  it("round-trips a message and clears itself; a damaged one is dropped", () => {
    const set = flashCookie({ kind: "success", text: "关注成功" });
    const value = set.split(";")[0];
    const { flash, clear } = readFlash(req("http://localhost/", { cookie: value }));
    expect(flash).toMatchObject({ kind: "success", text: "关注成功" });
    expect(flash!.id).toBeGreaterThan(0);
    expect(clear).toContain("Max-Age=0");
    expect(readFlash(req("http://localhost/", { cookie: "flash=%7Bbad" })).flash).toBeNull();
    expect(readFlash(req("http://localhost/")).clear).toBeNull();
  });
});
