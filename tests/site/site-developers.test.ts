import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as declared from "../../contract/endpoints.ts";
import type { Endpoint } from "../../contract/shared/endpoint.ts";
import { startSite, type TestSite } from "./test-site.ts";

let s: TestSite;
beforeAll(async () => {
  s = await startSite();
});
afterAll(async () => s.close());

describe("/developers", () => {
  it("draws every declared endpoint on the server, with the error codes, for a reader without JavaScript", async () => {
    const res = await s.get("/developers");
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const [domain, group] of Object.entries(declared))
      for (const name of Object.keys(group as Record<string, Endpoint>))
        expect(html, `${domain}.${name}`).toContain(`id="${domain}.${name}"`);
    expect(html).toContain("开发者接口");
    expect(html).toContain("1001");
    expect(html).toContain('href="/api/openapi.json"');
    // The server named in the examples is the address the page was asked at.
    expect(html).toContain("http://127.0.0.1:3000/api/art/like/1");
  });

  it("is linked from every page's footer", async () => {
    expect(await (await s.get("/about")).text()).toContain('href="/developers"');
  });
});
