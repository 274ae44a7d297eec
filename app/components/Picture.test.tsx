import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Picture, pictureBox } from "./Picture.tsx";

describe("a picture's box before it loads", () => {
  it("is fitted to the column, its own width and 90 % of the window's height, from the stored size", () => {
    // A tall picture: 90vh of height is 45vh of width.
    expect(pictureBox({ url: "/t.webp", width: 1000, height: 2000, alt: "" }, true)).toEqual({
      aspectRatio: "1000 / 2000",
      width: "min(100%, 1000px, 45vh)",
    });
    // The server's page carries the box, since that is what the browser lays out before the picture arrives.
    const html = renderToStaticMarkup(
      <Picture img={{ url: "/w.webp", width: 2400, height: 800, alt: "" }} alt="宽幅" sizes="100vw" fit />,
    );
    expect(html).toContain("width:min(100%, 2400px, 270vh)");
    expect(html).toContain('width="2400"');
  });

  it("keeps the column's width with only the ratio when not fitted, and sizes itself when the size is unknown", () => {
    expect(pictureBox({ url: "/a.webp", width: 800, height: 600, alt: "" }, false)).toEqual({
      aspectRatio: "800 / 600",
    });
    expect(pictureBox({ url: "/a.webp", width: 0, height: 0, alt: "" }, false)).toBeUndefined();
    expect(pictureBox({ url: "/a.webp", width: 0, height: 0, alt: "" }, true)).toEqual({ width: "auto" });
  });
});

describe("the page's lead picture", () => {
  it("is fetched first and at once; the others wait their turn, and those below the fold until they are near", () => {
    const img = { url: "/w.webp", width: 800, height: 600, alt: "" };
    const lead = renderToStaticMarkup(<Picture img={img} alt="第一张" sizes="100vw" lead />);
    expect(lead).toContain('fetchPriority="high"');
    expect(lead).toContain('loading="eager"');
    const next = renderToStaticMarkup(<Picture img={img} alt="第二张" sizes="100vw" eager />);
    expect(next).not.toContain("fetchPriority");
    expect(renderToStaticMarkup(<Picture img={img} alt="第九张" sizes="100vw" />)).toContain('loading="lazy"');
  });
});
