// @vitest-environment happy-dom
import { within } from "@testing-library/react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { WorkCardView } from "../../contract/works/views.ts";
import { WorkType } from "../../contract/shared/kinds.ts";
import { sampleCard } from "../test/fixtures.ts";
import { WorkCard, WorkGrid } from "./WorkCard.tsx";

const article: WorkCardView = sampleCard(7, {
  type: WorkType.article,
  title: "春日写生",
  summary: "在公园里画了一下午",
  cover: { url: "/uploads/a.webp", width: 800, height: 600, alt: "公园" },
  imageCount: 3,
  user: { id: 3, nickname: "画友", username: "painter", smallAvatar: "/uploads/small.webp" },
  likeCount: 12,
  liked: true,
});

/** The card as the server writes it (no effects: the avatar's load check would fail in a DOM without pictures). */
function card(work: WorkCardView) {
  const div = document.createElement("div");
  div.innerHTML = renderToStaticMarkup(
    <MemoryRouter>
      <WorkCard work={work} />
    </MemoryRouter>,
  );
  return div.querySelector<HTMLElement>("[data-testid=work-card]")!;
}

describe("a card draws the API's card as it comes", () => {
  it("an article: cover, count of pictures, title, summary, author and likes", () => {
    const c = card(article);
    expect(within(c).getByRole("heading").textContent).toBe("春日写生");
    expect(c.querySelector(".summary")?.textContent).toBe("在公园里画了一下午");
    expect(c.querySelector(".cover img")?.getAttribute("src")).toBe("/uploads/a.webp");
    expect(within(c).getByText("3 张")).toBeTruthy();
    expect(within(c).getByLabelText("12 个赞").className).toBe("liked");
    expect(c.querySelector(".author img")?.getAttribute("src")).toBe("/uploads/small.webp");
    expect(within(c).getByText("插画")).toBeTruthy();
  });

  it("crops the cover where its author chose, and in the centre when they did not", () => {
    expect(
      card({ ...article, focus: [30, 0] })
        .querySelector(".cover img")
        ?.getAttribute("style"),
    ).toBe("--focus:30% 0%");
    expect(card(article).querySelector(".cover img")?.hasAttribute("style")).toBe(false);
  });

  it("an untitled post: its summary is the title, drawn once", () => {
    const c = card(sampleCard(8));
    expect(within(c).getByRole("heading").textContent).toBe("第8张速写");
    expect(c.querySelector(".summary, .excerpt")).toBeNull();
  });

  it("a work without pictures shows its title and opening lines as its face, which opens it", () => {
    const c = card(
      sampleCard(13, { type: WorkType.article, title: "水彩入门", summary: "先备好纸和笔，再调第一抹颜色。" }),
    );
    expect(c.className).toBe("work-card text");
    expect(c.querySelector(".cover")).toBeNull();
    const face = c.querySelector(".face")!;
    expect(within(face as HTMLElement).getByRole("heading").textContent).toBe("水彩入门");
    // One link over the whole face, named by the title; a few words are set large.
    expect(
      within(face as HTMLElement)
        .getByRole("link", { name: "水彩入门" })
        .getAttribute("href"),
    ).toBe("/art/13");
    expect(face.className).toBe("face short");
    const long = card(sampleCard(14, { type: WorkType.article, title: "长文", summary: "字".repeat(60) }));
    expect(long.querySelector(".face")!.className).toBe("face");
    expect(face.querySelector(".excerpt")?.textContent).toBe("先备好纸和笔，再调第一抹颜色。");
    // Drawn once: the body below has the author and likes, not the title again.
    expect(within(c).getAllByRole("heading")).toHaveLength(1);
    expect(c.querySelector(".summary")).toBeNull();
  });

  it("a link shows where it points; a music work its length; a pinned work 置顶", () => {
    expect(card(sampleCard(9, { type: WorkType.link, url: "https://example.com/x" })).textContent).toContain(
      "↗ example.com",
    );
    const cover = { url: "/uploads/m.webp", width: 1, height: 1, alt: "" };
    expect(card(sampleCard(10, { type: WorkType.music, duration: 185, cover })).textContent).toContain("♪ 3:05");
    expect(within(card(sampleCard(11, { pinned: true }))).getByTestId("pinned").textContent).toBe("置顶");
  });

  it("an author with no picture gets the first letter of their name", () => {
    const c = card(sampleCard(12, { user: { id: 4, nickname: "", username: "zed", smallAvatar: "" } }));
    expect(c.querySelector(".author img")).toBeNull();
    expect(c.querySelector(".author")?.textContent).toContain("Z");
  });
});

describe("a grid's pictures", () => {
  it("fetch the first card's cover first, the first row's at once, and the rest when they come near", () => {
    const div = document.createElement("div");
    const works = [1, 2, 3, 4, 5, 6].map((id) => ({
      ...article,
      artId: id,
      cover: { ...article.cover!, url: `/c${id}.webp` },
    }));
    div.innerHTML = renderToStaticMarkup(
      <MemoryRouter>
        <WorkGrid works={works} />
      </MemoryRouter>,
    );
    const covers = [...div.querySelectorAll(".cover img")];
    expect(covers.map((i) => i.getAttribute("fetchpriority"))).toEqual(["high", null, null, null, null, null]);
    expect(covers.map((i) => i.getAttribute("loading"))).toEqual(["eager", "eager", "eager", "eager", "lazy", "lazy"]);
  });

  it("offer a cover's narrower copies for the column it fills, not the whole picture", () => {
    const cover = { ...article.cover!, width: 1600, variants: { 320: "/c-320.webp", 640: "/c-640.webp" } };
    const img = card({ ...article, cover }).querySelector(".cover img")!;
    expect(img.getAttribute("srcset")).toBe("/c-320.webp 320w, /c-640.webp 640w, /uploads/a.webp 1600w");
    // 1600 by 600, held at 5:2: as wide as a row of 240 pixels draws it, with room for the row to stretch.
    expect(img.getAttribute("sizes")).toBe("(min-width: 640px) 750px, 50vw");
    // A cover without copies (an old upload) is the picture alone.
    expect(card(article).querySelector(".cover img")!.hasAttribute("srcset")).toBe(false);
  });

  it("place each card in the rows by its picture's whole shape", () => {
    const div = document.createElement("div");
    const works = [
      { ...article, artId: 1, cover: { ...article.cover!, width: 1600, height: 900 } },
      { ...article, artId: 2, cover: { ...article.cover!, width: 600, height: 800 } },
      sampleCard(3),
    ];
    div.innerHTML = renderToStaticMarkup(
      <MemoryRouter>
        <WorkGrid works={works} />
      </MemoryRouter>,
    );
    // Rows re-break as cards arrive: the first paint waits for the first screen's cards (blocking=render on
    // rel=expect), here all three.
    const expecting = div.querySelector('link[rel="expect"]')!;
    expect(expecting.getAttribute("blocking")).toBe("render");
    expect(div.querySelector(expecting.getAttribute("href")!)?.previousElementSibling).toBe(
      div.querySelectorAll("[data-testid=work-card]")[2],
    );
    const cards = [...div.querySelectorAll("[data-testid=work-card]")];
    expect(cards.map((c) => c.getAttribute("style"))).toEqual([
      "--ar:1.778;--pair:2.528",
      "--ar:0.75;--pair:2.528",
      "--ar:1;--pair:2.333",
    ]);
  });

  it("let the first paint wait for the first screen's twelve cards, not all of them", () => {
    const div = document.createElement("div");
    const works = Array.from({ length: 20 }, (_, i) => ({ ...article, artId: i + 1 }));
    div.innerHTML = renderToStaticMarkup(
      <MemoryRouter>
        <WorkGrid works={works} />
      </MemoryRouter>,
    );
    const mark = div.querySelector(div.querySelector('link[rel="expect"]')!.getAttribute("href")!)!;
    expect(mark.hasAttribute("hidden")).toBe(true);
    expect([...div.querySelectorAll("[data-testid=work-card], [hidden]")].indexOf(mark)).toBe(12);
  });
});
