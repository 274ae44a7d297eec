// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { SearchHits } from "./SearchHits.tsx";
import { PersonList } from "./PersonList.tsx";
import type { PersonHitView, SearchHitView } from "../../contract/search/views.ts";
import { sampleCard } from "../test/fixtures.ts";

afterEach(cleanup);

const hostile = '<img src=x onerror="alert(1)">';
const hit: SearchHitView = {
  ...sampleCard(7, {
    type: 0,
    title: `国画 ${hostile}`,
    summary: "",
    user: { id: 2, nickname: "青木", username: "qingmu", smallAvatar: "" },
    likeCount: 3,
  }),
  commentCount: 1,
  titleMarks: [
    { text: "国画", hit: true },
    { text: ` ${hostile}`, hit: false },
  ],
  snippet: [
    { text: "…学", hit: false },
    { text: "國畫", hit: true },
    { text: "的第一年…", hit: false },
  ],
  tags: [
    { tagId: 4, name: "国画", hit: true },
    { tagId: 5, name: "水彩", hit: false },
  ],
};

function show(ui: React.ReactNode) {
  const Stub = createRoutesStub([{ path: "/", Component: () => ui }]);
  return render(<Stub initialEntries={["/"]} />);
}

describe("SearchHits", () => {
  it("marks the matched runs as text and never reads the title as markup", () => {
    const { container } = show(<SearchHits hits={[hit]} />);
    expect([...container.querySelectorAll("mark")].map((m) => m.textContent)).toEqual(["国画", "國畫"]);
    expect(container.querySelector("img[src=x]")).toBeNull();
    expect(screen.getByRole("heading").textContent).toBe(`国画 ${hostile}`);
    expect(screen.getByRole("link", { name: `国画 ${hostile}` }).getAttribute("href")).toBe("/art/7");
    expect(screen.getByRole("link", { name: "# 国画" }).className).toContain("bg-primary-soft");
    expect(screen.getByRole("link", { name: "# 水彩" }).className).not.toContain("bg-primary-soft");
  });

  it("puts what matched less well after the real matches, under 相关度较低的结果", () => {
    const lower = {
      ...hit,
      artId: 8,
      title: "英国画家",
      titleMarks: [{ text: "英国画家", hit: false }],
      nearMiss: true,
    };
    const { container } = show(<SearchHits hits={[lower, hit]} />);
    const section = screen.getByRole("region", { name: "相关度较低的结果" });
    const hits = [...container.querySelectorAll('[data-testid="search-hit"]')];
    expect(hits.map((h) => h.querySelector("h2 a")?.getAttribute("href"))).toEqual(["/art/7", "/art/8"]);
    expect(section.contains(hits[1])).toBe(true);
    expect(section.contains(hits[0])).toBe(false);
    cleanup();
    show(<SearchHits hits={[hit]} />);
    expect(screen.queryByText("相关度较低的结果")).toBeNull();
  });

  it("links a post's passage to the work when it has no title", () => {
    show(<SearchHits hits={[{ ...hit, title: "", titleMarks: [] }]} />);
    expect(screen.queryByRole("heading")).toBeNull();
    const passage = screen.getAllByRole("link").find((a) => a.textContent === "…学國畫的第一年…");
    expect(passage?.getAttribute("href")).toBe("/art/7");
  });
});

describe("PersonList of people found", () => {
  it("marks the matched part of a nickname and offers no follow button on oneself", () => {
    const person: PersonHitView = {
      id: 3,
      username: "shanchuan",
      nickname: "山川畫室",
      avatar: "",
      smallAvatar: "",
      description: "",
      workCount: 2,
      fansCount: 5,
      followed: false,
      nicknameMarks: [
        { text: "山川", hit: false },
        { text: "畫室", hit: true },
      ],
    };
    const { container } = show(<PersonList people={[person, { ...person, id: 4 }]} viewerId={3} empty="" />);
    expect([...container.querySelectorAll("mark")].map((m) => m.textContent)).toEqual(["畫室", "畫室"]);
    expect(screen.getAllByRole("button", { name: "关注" })).toHaveLength(1);
    expect(screen.getAllByText("@shanchuan")).toHaveLength(2);
  });
});
