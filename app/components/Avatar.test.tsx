// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { avatarSizes } from "./avatar-letter.ts";
import { Avatar } from "./Avatar.tsx";

// happy-dom never loads images; give them a size, as a loaded picture has.
beforeAll(() => {
  Object.defineProperty(HTMLImageElement.prototype, "naturalWidth", { configurable: true, get: () => 100 });
});
afterEach(cleanup);

describe("Avatar", () => {
  it("shows the picture when there is one, the small one at small sizes", () => {
    render(<Avatar user={{ nickname: "青木", avatar: "/big.webp", smallAvatar: "/small.webp" }} size={30} alone />);
    const img = screen.getByRole("img", { name: "青木" }) as HTMLImageElement;
    expect(img.tagName).toBe("IMG");
    expect(img.getAttribute("src")).toBe("/small.webp");
    expect(img.width).toBe(30);
  });

  it("falls back to the nickname's first letter on a derived colour", () => {
    render(<Avatar user={{ nickname: "南风", username: "nanfeng" }} alone />);
    const letter = screen.getByRole("img", { name: "南风" });
    expect(letter.tagName).toBe("SPAN");
    expect(letter.textContent).toBe("南");
    expect(letter.style.width).toBe("50px");
    expect(letter.style.background).toMatch(/hsl/);
  });

  it("uses the username's letter when there is no nickname", () => {
    render(<Avatar user={{ nickname: "", username: "zoe" }} size={20} alone />);
    expect(screen.getByRole("img", { name: "zoe" }).textContent).toBe("Z");
  });

  it("switches to the letter when the picture fails to load", () => {
    render(<Avatar user={{ nickname: "阿鹿", avatar: "/missing.webp" }} size={40} alone />);
    fireEvent.error(screen.getByRole("img", { name: "阿鹿" }));
    const letter = screen.getByRole("img", { name: "阿鹿" });
    expect(letter.tagName).toBe("SPAN");
    expect(letter.textContent).toBe("阿");
  });

  it("switches to the letter when the picture broke before React was there to see it", () => {
    const spy = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, "naturalWidth")!;
    Object.defineProperty(HTMLImageElement.prototype, "naturalWidth", { configurable: true, get: () => 0 });
    render(<Avatar user={{ nickname: "白夜", avatar: "/broken.webp" }} alone />);
    Object.defineProperty(HTMLImageElement.prototype, "naturalWidth", spy);
    expect(screen.getByRole("img", { name: "白夜" }).tagName).toBe("SPAN");
  });

  it("beside a printed name is decorative: no second reading of the name", () => {
    const { container } = render(
      <>
        <Avatar user={{ nickname: "青木", avatar: "/a.webp" }} size={24} />
        <Avatar user={{ nickname: "南风" }} size={24} />
      </>,
    );
    expect(screen.queryAllByRole("img")).toHaveLength(0);
    expect(container.querySelector("img")!.getAttribute("alt")).toBe("");
    expect(container.querySelector(".avatar-letter")!.getAttribute("aria-hidden")).toBe("true");
  });

  it.each(avatarSizes)("renders at size %i", (size) => {
    render(<Avatar user={{ nickname: "星野" }} size={size} alone />);
    expect(screen.getByRole("img", { name: "星野" }).style.height).toBe(`${size}px`);
  });
});
