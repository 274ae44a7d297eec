// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ImageList } from "./ImageList.tsx";

const upload = vi.hoisted(() => ({ answer: null as null | (() => Promise<{ url: string }>) }));
vi.mock("../../lib/upload-client.ts", () => ({ uploadFile: () => upload.answer!() }));

const revoked: string[] = [];
beforeEach(() => {
  revoked.length = 0;
  URL.createObjectURL = () => "blob:local-preview";
  URL.revokeObjectURL = (url: string) => void revoked.push(url);
});
afterEach(cleanup);

const choose = async (name: string) => {
  const file = new File(["not a picture"], name, { type: "image/png" });
  await act(async () => {
    fireEvent.change(screen.getByLabelText("添加图片"), { target: { files: [file] } });
  });
};
const thumbnails = () => screen.getAllByTestId("image-row").map((row) => row.querySelector("img")?.getAttribute("src"));

describe("ImageList", () => {
  it("shows an uploaded picture's local preview in its row", async () => {
    upload.answer = () => Promise.resolve({ url: "/uploads/a.webp" });
    render(<ImageList initial={[]} cover="" focus={[50, 50]} max={9} />);
    await choose("a.png");
    expect(thumbnails()).toEqual(["blob:local-preview"]);
    expect(screen.queryByTestId("image-unreadable")).toBeNull();
  });

  it("draws a refused file's row with a mark and its message, not the browser's broken picture", async () => {
    upload.answer = () => Promise.reject(new Error("无法识别的图片文件"));
    render(<ImageList initial={[]} cover="" focus={[50, 50]} max={9} />);
    await choose("notes.png");
    expect(thumbnails()).toEqual([undefined]);
    expect(screen.getByTestId("image-unreadable")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("无法识别的图片文件");
    expect(revoked).toEqual(["blob:local-preview"]);
  });

  it("shows a picture the browser could not preview as the site stored it once uploaded", async () => {
    let stored!: (value: { url: string }) => void;
    upload.answer = () => new Promise((resolve) => (stored = resolve));
    render(<ImageList initial={[]} cover="" focus={[50, 50]} max={9} />);
    await choose("photo.avif");
    fireEvent.error(screen.getByTestId("image-row").querySelector("img")!);
    expect(screen.getByTestId("image-unreadable")).toBeTruthy();
    await act(async () => stored({ url: "/uploads/photo.webp" }));
    expect(thumbnails()).toEqual(["/uploads/photo.webp"]);
    expect(screen.queryByTestId("image-unreadable")).toBeNull();
  });

  it("shows a stored picture by its display size, and posts that back with it", () => {
    const { container } = render(
      <ImageList
        initial={[{ url: "/uploads/a.webp", alt: "", thumb: "/uploads/a-640-wm0123456789.webp" }]}
        cover=""
        focus={[50, 50]}
        max={9}
      />,
    );
    // A marked work's stored picture is not served: the form would show a broken picture.
    expect(thumbnails()).toEqual(["/uploads/a-640-wm0123456789.webp"]);
    const thumb = container.querySelector<HTMLInputElement>('input[name="imageThumb"]');
    expect(thumb?.value).toBe("/uploads/a-640-wm0123456789.webp");
  });

  it("marks a picture the browser cannot draw", () => {
    render(<ImageList initial={[{ url: "/uploads/gone.webp", alt: "" }]} cover="" focus={[50, 50]} max={9} />);
    fireEvent.error(screen.getByTestId("image-row").querySelector("img")!);
    expect(screen.getByTestId("image-unreadable")).toBeTruthy();
  });
});
