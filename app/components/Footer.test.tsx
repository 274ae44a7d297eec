// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { SiteConfig } from "../../contract/site/views.ts";
import { FEEDBACK, Footer, policeLookup } from "./Footer.tsx";
import { sampleConfig } from "../test/fixtures.ts";

afterEach(cleanup);

describe("the footer's filing numbers", () => {
  it("link the ICP number to MIIT and the 公安备案号 to its own official lookup", () => {
    const config: SiteConfig = sampleConfig({
      icpNumber: "京ICP备12345678号-1",
      policeNumber: "京公网安备 11010802020134号",
    });
    render(
      <MemoryRouter>
        <Footer config={config} />
      </MemoryRouter>,
    );
    expect(screen.getByRole("link", { name: "京ICP备12345678号-1" }).getAttribute("href")).toBe(
      "https://beian.miit.gov.cn/",
    );
    expect(screen.getByRole("link", { name: "京公网安备 11010802020134号" }).getAttribute("href")).toBe(
      "https://beian.mps.gov.cn/#/query/webSearch?code=11010802020134",
    );
    expect(policeLookup("公安备案")).toBe("https://beian.mps.gov.cn/");
  });

  it("has the feedback link /about promises", () => {
    render(
      <MemoryRouter>
        <Footer config={sampleConfig({ siteTitle: "艺社反馈" })} />
      </MemoryRouter>,
    );
    expect(screen.getByRole("link", { name: "意见反馈" }).getAttribute("href")).toBe(FEEDBACK);
    expect(FEEDBACK).toMatch(/^\/report\?target=page&url=/);
  });
});
