import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { WorkCardView } from "../../contract/types.ts";
import { WorkType } from "../../contract/kinds.ts";
import { shownCard } from "../lib/work.ts";
import { WorkCard } from "./WorkCard.tsx";

const base: WorkCardView = {
  artId: 7,
  type: WorkType.article,
  title: "春日写生",
  summary: "在公园里画了一下午",
  cover: { url: "/uploads/a.webp", width: 800, height: 600, alt: "公园" },
  imageCount: 3,
  url: "",
  duration: 0,
  user: {
    id: 3,
    nickname: "画友",
    username: "painter",
    avatar: "/uploads/big.webp",
    smallAvatar: "/uploads/small.webp",
  },
  node: { nodeId: 1, name: "插画" },
  likeCount: 12,
  commentCount: 4,
  viewCount: 300,
  liked: true,
  createdAt: Date.UTC(2026, 10, 1),
};

const cases: [string, WorkCardView][] = [
  ["an article with a summary and pictures", base],
  ["a titled post (no summary shown)", { ...base, type: WorkType.post, cover: null, imageCount: 0 }],
  ["an untitled post (its text is the title)", { ...base, type: WorkType.post, title: "", liked: false }],
  ["a link", { ...base, type: WorkType.link, url: "https://example.com/x", cover: null }],
  ["a music work", { ...base, type: WorkType.music, duration: 185 }],
  ["a pinned work", { ...base, pinned: true }],
  ["an author with only a large picture", { ...base, user: { ...base.user, smallAvatar: "" } }],
  ["an author with no nickname", { ...base, user: { ...base.user, nickname: "", avatar: "", smallAvatar: "" } }],
  ["a work in no node", { ...base, node: null }],
];

const html = (work: Parameters<typeof WorkCard>[0]["work"]) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <WorkCard work={work} />
    </MemoryRouter>,
  );

describe("a card's data trimmed to what it shows", () => {
  it.each(cases)("draws %s exactly as the whole card would", (_name, work) => {
    expect(html(shownCard(work))).toBe(html(work));
  });

  it("leaves out what no card draws", () => {
    const shown = shownCard(base) as Record<string, unknown>;
    for (const field of ["viewCount", "commentCount", "url", "duration", "pinned"])
      expect(shown).not.toHaveProperty(field);
    expect(shown.user).toEqual({ id: 3, nickname: "画友", smallAvatar: "/uploads/small.webp" });
    expect(JSON.stringify(shownCard(base)).length).toBeLessThan(JSON.stringify(base).length * 0.8);
  });
});
