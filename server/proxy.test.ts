import { describe, expect, it } from "vitest";
import { behindProxy, clientIp, plainIp, publicUrl } from "./proxy.ts";

const req = (headers: Record<string, string>, url = "http://10.0.0.5:3000/arts?x=1") => new Request(url, { headers });

describe("behind a proxy", () => {
  it("writes an IPv4 client as IPv4, not as the dual-stack socket's ::ffff: form", () => {
    expect(plainIp("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(plainIp("::FFFF:127.0.0.1")).toBe("127.0.0.1");
    // A real IPv6 address, and a mapped one that is no IPv4 address, stay as they are.
    expect(plainIp("2001:db8::1")).toBe("2001:db8::1");
    expect(plainIp("::ffff:abcd:1")).toBe("::ffff:abcd:1");
    const plain = new Request("http://localhost/");
    expect(behindProxy(plain, "::ffff:198.51.100.4", 0).ip).toBe("198.51.100.4");
    const forwarded = new Request("http://localhost/", { headers: { "x-forwarded-for": "::ffff:192.0.2.1" } });
    expect(clientIp(forwarded, "10.0.0.1", 1)).toBe("192.0.2.1");
  });

  it("trusts nothing forwarded without TRUST_PROXY", () => {
    const r = req({ "x-forwarded-for": "6.6.6.6", "x-forwarded-proto": "https", "x-forwarded-host": "evil.example" });
    expect(clientIp(r, "192.0.2.1", 0)).toBe("192.0.2.1");
    expect(publicUrl(r, 0)).toBe("http://10.0.0.5:3000/arts?x=1");
  });

  it("takes the address the trusted proxies appended, not what the client wrote before it", () => {
    const r = req({ "x-forwarded-for": "6.6.6.6, 203.0.113.9" });
    expect(clientIp(r, "10.0.0.1", 1)).toBe("203.0.113.9");
    expect(clientIp(req({ "x-forwarded-for": "6.6.6.6, 203.0.113.9, 10.0.0.2" }), "10.0.0.1", 2)).toBe("203.0.113.9");
    expect(clientIp(req({}), "10.0.0.1", 1)).toBe("10.0.0.1");
  });

  it("builds the public URL from the forwarded scheme and host, dropping the internal port", () => {
    expect(publicUrl(req({ "x-forwarded-proto": "https", "x-forwarded-host": "yishe.example" }), 1)).toBe(
      "https://yishe.example/arts?x=1",
    );
    expect(publicUrl(req({ "x-forwarded-proto": "https, http", "x-forwarded-host": "yishe.example:8443" }), 1)).toBe(
      "https://yishe.example:8443/arts?x=1",
    );
    expect(publicUrl(req({ "x-forwarded-proto": "https" }), 1)).toBe("https://10.0.0.5/arts?x=1");
    expect(publicUrl(req({ "x-forwarded-host": "bad host/evil" }), 1)).toBe("http://10.0.0.5:3000/arts?x=1");
  });

  it("leaves a request alone unless a trusted proxy moves it, and keeps the body of one it rebuilds", async () => {
    const plain = req({ "x-forwarded-for": "1.2.3.4" });
    expect(behindProxy(plain, "192.0.2.7", 0)).toEqual({ request: plain, ip: "192.0.2.7" });
    const post = new Request("http://10.0.0.5:3000/theme", {
      method: "POST",
      body: "theme=dark",
      headers: { "x-forwarded-proto": "https", "x-forwarded-host": "yishe.example", "x-forwarded-for": "203.0.113.5" },
    });
    const { request, ip } = behindProxy(post, "10.0.0.1", 1);
    expect(ip).toBe("203.0.113.5");
    expect(request.url).toBe("https://yishe.example/theme");
    expect(await request.text()).toBe("theme=dark");
  });
});
