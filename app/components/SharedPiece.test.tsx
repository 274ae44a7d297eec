// @vitest-environment happy-dom
import { act } from "@testing-library/react";
import { createContext, useContext, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { WorkCardView } from "../../contract/works/views.ts";
import { WorkType } from "../../contract/shared/kinds.ts";
import { SharedMarkupContext } from "../speed/shared-markup.ts";
import { sharedMarkup } from "../speed/shared-markup.server.ts";
import { sampleCard, sampleConfig, sampleNodes } from "../test/fixtures.ts";
import { DesktopBar } from "./DesktopBar.tsx";
import { Footer } from "./Footer.tsx";
import { MobileBar } from "./MobileBar.tsx";
import { WorkGrid } from "./WorkCard.tsx";

const config = sampleConfig({ icpNumber: "京ICP备00000000号", footerText: "<b>页脚</b>" });
const nodes = sampleNodes(["插画", "摄影", "<script>alert(1)</script>"]);
const hostile = `<img src=x onerror="alert(1)">`;
const card = (artId: number, extra: Partial<WorkCardView> = {}): WorkCardView =>
  sampleCard(artId, {
    type: WorkType.article,
    title: `作品${artId}`,
    summary: "在公园里画了一下午",
    cover: { url: `/uploads/${artId}.webp`, width: 800, height: 600, alt: "公园" },
    imageCount: 1,
    user: { id: 3, nickname: "画友", username: "painter", smallAvatar: "/uploads/small.webp" },
    likeCount: 12,
    createdAt: Date.now() - 3 * 60_000,
    ...extra,
  });
// Four eager cards are drawn live, the rest kept; one with hostile text everywhere it can go.
const works = [
  ...[1, 2, 3, 4, 5, 6].map((id) => card(id)),
  card(7, { title: hostile, summary: hostile, user: { id: 4, nickname: hostile, smallAvatar: "" } as never }),
];

const Likes = createContext(12);

function Bars() {
  const likes = useContext(Likes);
  return (
    <>
      <DesktopBar config={config} nodes={nodes} user={null} theme="system" />
      <MobileBar config={config} nodes={nodes} user={null} theme="system" />
      <WorkGrid works={works.map((w) => (w.artId === 6 ? { ...w, likeCount: likes } : w))} />
      <Footer config={config} />
    </>
  );
}

// A data router, as on the site (the search box fetches suggestions); the same one on both sides.
const Stub = createRoutesStub([{ path: "/", Component: Bars }]);
function Page({ likes = 12 }: { likes?: number }) {
  return (
    <Likes.Provider value={likes}>
      <Stub initialEntries={["/"]} />
    </Likes.Provider>
  );
}

const onServer = (element: ReactNode, draw = sharedMarkup()) =>
  renderToString(<SharedMarkupContext.Provider value={draw}>{element}</SharedMarkupContext.Provider>);

describe("pieces drawn once and kept (SharedPiece)", () => {
  it("write the same markup as drawing them every time, the first time and from the store", () => {
    const draw = sharedMarkup();
    const drawnEveryTime = renderToString(<Page />);
    expect(onServer(<Page />, draw)).toBe(drawnEveryTime);
    // The cards past the first four (two, and the hostile one); the frame's node lists, desktop and phone; the footer.
    expect(draw.size()).toBe(6);
    expect(onServer(<Page />, draw)).toBe(drawnEveryTime);
  });

  it("escape what people typed, and hint no pictures from inside a piece", () => {
    const html = onServer(<Page />);
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("<script>alert");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    const kept = html.slice(html.indexOf('<article class="work-card" data-testid="work-card"><a href="/art/5"'));
    expect(kept.length).toBeLessThan(html.length);
    // The page's own hints (the eager cards' pictures) come first; none inside the kept pieces.
    expect(html).toMatch(/^<link rel="preload"/);
    expect(html.replace(/^(?:<link [^>]*\/>)+/, "")).not.toContain("<link");
  });

  it("draw the frame's pieces again when what they show changes", () => {
    const draw = sharedMarkup();
    onServer(<Footer config={config} />, draw);
    const changed = onServer(<Footer config={{ ...config, footerText: "新的页脚" }} />, draw);
    expect(changed).toContain("新的页脚");
    const renamed = sampleNodes(["插画", "新分区"]);
    const bar = (shown: typeof nodes) => {
      const Bar = createRoutesStub([
        { path: "/", Component: () => <MobileBar config={config} nodes={shown} user={null} theme="system" /> },
      ]);
      return onServer(<Bar initialEntries={["/"]} />, draw);
    };
    bar(nodes);
    const grid = bar(renamed);
    expect(grid).toContain("新分区");
    expect(grid).not.toContain("摄影");
  });

  it("keep one markup for each sameFor, within the limit", () => {
    const draw = sharedMarkup(2);
    expect(draw("a", <b>一</b>)).toBe("<b>一</b>");
    expect(draw("a", <b>二</b>)).toBe("<b>一</b>");
    expect(draw("b", <b>二</b>)).toBe("<b>二</b>");
    draw("c", <b>三</b>);
    expect(draw.size()).toBe(2);
    expect(draw("a", <b>四</b>)).toBe("<b>四</b>");
  });

  it("hydrate in the browser without a mismatch, keeping the server's nodes, and update as any other", async () => {
    const container = document.createElement("div");
    container.innerHTML = onServer(<Page />);
    document.body.appendChild(container);
    const keptCard = container.querySelectorAll("article")[5];
    const keptLink = keptCard.querySelector("h3 a");
    const footerLink = container.querySelector("footer a");
    const errors: unknown[] = [];
    const root = await act(async () => hydrateRoot(container, <Page />, { onRecoverableError: (e) => errors.push(e) }));
    expect(errors).toEqual([]);
    expect(container.querySelectorAll("article")[5]).toBe(keptCard);
    expect(keptCard.querySelector("h3 a")).toBe(keptLink);
    expect(container.querySelector("footer a")).toBe(footerLink);
    expect(keptCard.textContent).toContain("♥ 12");
    await act(async () => root.render(<Page likes={13} />));
    expect(container.querySelectorAll("article")[5]).toBe(keptCard);
    expect(keptCard.textContent).toContain("♥ 13");
    root.unmount();
    container.remove();
  });
});
