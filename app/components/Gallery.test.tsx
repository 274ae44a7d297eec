// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { escapeHtml } from "../../contract/shared/html.ts";
import { galleryItems, viewerStrings } from "./Gallery.tsx";

const hostile = `"><img src=x onerror=alert(1)>'\``;

describe("galleryItems", () => {
  it("hands lightgallery no markup from a picture's alt text or the work's title", () => {
    const [own, fallback] = galleryItems(
      [
        { url: "/uploads/a.webp", width: 800, height: 600, alt: hostile, variants: { 320: "/uploads/a-320.webp" } },
        { url: "/uploads/b.webp", width: 800, height: 600, alt: "" },
      ],
      hostile,
    );
    // Parsed the way lightgallery uses them: inside an attribute, and as innerHTML.
    const slide = document.createElement("div");
    slide.innerHTML = `<img alt="${own.alt}" srcset="${own.srcset}" src="${own.src}" /><img alt="${fallback.alt}" src="${fallback.src}" />`;
    expect(slide.querySelectorAll("img")).toHaveLength(2);
    expect(slide.querySelector("img")!.getAttribute("alt")).toBe(hostile);
    expect(slide.querySelectorAll("img")[1].getAttribute("alt")).toBe(`${hostile} 第2张`);
    const caption = document.createElement("div");
    caption.innerHTML = own.subHtml;
    expect(caption.querySelectorAll("img")).toHaveLength(0);
    expect(caption.textContent).toBe(hostile);
    expect(fallback.subHtml).toBe("");
  });

  it("keeps sizes for zoom and thumbnails", () => {
    const [item] = galleryItems(
      [
        {
          url: "/u/a.webp",
          width: 1200,
          height: 800,
          alt: "猫",
          variants: { 320: "/u/a-320.webp", 640: "/u/a-640.webp" },
        },
      ],
      "作品",
    );
    expect(item).toMatchObject({ src: "/u/a.webp", lgSize: "1200-800", thumb: "/u/a-320.webp", subHtml: "<p>猫</p>" });
    expect(item.srcset).toBe("/u/a-320.webp 320w, /u/a-640.webp 640w, /u/a.webp 1200w");
  });
});

describe("escapeHtml", () => {
  it("escapes every character that can end text or an attribute", () => {
    expect(escapeHtml(`<a href="x" title='y'>&\`</a>`)).toBe(
      "&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;&#38;&#96;&#60;/a&#62;",
    );
  });
});

describe("the viewer's buttons", () => {
  it("are all named in Chinese", () => {
    const names = Object.values(viewerStrings).flatMap((group) => Object.values(group));
    expect(names.length).toBe(15);
    for (const name of names) expect(name).toMatch(/^[\u4e00-\u9fff]+$/);
  });
});
