import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown.ts";
import { isTrustedHost, leavingTo, outboundHref } from "./outbound.ts";

describe("links that leave the site", () => {
  it("go through /redirect with the address encoded; paths and anchors stay", () => {
    expect(outboundHref("https://evil.example/a?b=1&c=2")).toBe(
      "/redirect?url=https%3A%2F%2Fevil.example%2Fa%3Fb%3D1%26c%3D2",
    );
    expect(outboundHref("HTTP://x.example")).toBe("/redirect?url=HTTP%3A%2F%2Fx.example");
    expect(outboundHref("/art/3")).toBe("/art/3");
    expect(outboundHref("#comments")).toBe("#comments");
  });

  it("in Markdown too, the text kept as written", () => {
    const html = renderMarkdown("[官网](https://evil.example/login) 和 https://bare.example 以及 [本站](/art/1)");
    expect(html).toContain('href="/redirect?url=https%3A%2F%2Fevil.example%2Flogin"');
    expect(html).toContain('href="/redirect?url=https%3A%2F%2Fbare.example"');
    expect(html).toContain('href="/art/1"');
    expect(html).toContain(">官网</a>");
  });

  it("are followed only to http(s) addresses", () => {
    expect(leavingTo("https://ok.example/x")?.host).toBe("ok.example");
    for (const bad of ["javascript:alert(1)", "data:text/html,x", "//evil.example", "/art/1", "", null, "http://"])
      expect(leavingTo(bad), String(bad)).toBeNull();
  });

  it("drop a user and password that make an address read as another site's", () => {
    const to = leavingTo("https://www.taobao.com.login-check:pw@evil.example/path?q=1")!;
    expect(to.host).toBe("evil.example");
    expect(to.href).toBe("https://evil.example/path?q=1");
    expect(to.href).not.toContain("taobao");
  });

  it("skip the notice for this site and the admin's trusted domains and their subdomains only", () => {
    const trusted = "weibo.com\nbilibili.com";
    expect(isTrustedHost("weibo.com", trusted, "yishe.test")).toBe(true);
    expect(isTrustedHost("space.bilibili.com", trusted, "yishe.test")).toBe(true);
    expect(isTrustedHost("yishe.test", trusted, "yishe.test")).toBe(true);
    expect(isTrustedHost("evilweibo.com", trusted, "yishe.test")).toBe(false);
    expect(isTrustedHost("weibo.com.evil.example", trusted, "yishe.test")).toBe(false);
  });
});
