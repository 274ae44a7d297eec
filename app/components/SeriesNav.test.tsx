// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { SeriesAround, SeriesSummary } from "../../contract/series/views.ts";
import { SeriesNav } from "./SeriesNav.tsx";

afterEach(cleanup);

const hostile = '"><img src=x onerror=alert(1)>';
const around: SeriesAround[] = [
  { seriesId: 3, title: hostile, position: 1, workCount: 2, prev: null, next: { artId: 9, title: "第二幅" } },
];
const summary = (seriesId: number, title: string): SeriesSummary => ({
  seriesId,
  title,
  description: "",
  cover: null,
  workCount: 1,
  updatedAt: 0,
});

function draw(own: SeriesSummary[] | null) {
  const Stub = createRoutesStub([
    { path: "/", Component: () => <SeriesNav around={around} own={own} action="/art/8" authorId={4} /> },
  ]);
  render(<Stub />);
}

describe("a work's series", () => {
  it("shows its place and neighbours, the title as text", () => {
    draw(null);
    const nav = screen.getByRole("navigation", { name: `合集 ${hostile}` });
    expect(within(nav).getByRole("link", { name: hostile }).getAttribute("href")).toBe("/series/3");
    expect(nav.textContent).toContain("第 1 / 2 件");
    expect(nav.textContent).toContain("已是第一件");
    expect(within(nav).getByRole("link", { name: "下一件：第二幅 →" }).getAttribute("href")).toBe("/art/9");
    expect(document.querySelector("img")).toBeNull();
    expect(screen.queryByLabelText("加入合集")).toBeNull();
  });

  it("offers its author the series it is not in yet, or a way to start one", () => {
    draw([summary(3, hostile), summary(5, "速写本")]);
    const options = within(screen.getByLabelText("加入合集")).getAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual(["速写本"]);
    cleanup();
    draw([summary(3, hostile)]);
    expect(screen.getByRole("link", { name: "新建合集" }).getAttribute("href")).toBe("/user/4/series");
  });
});
