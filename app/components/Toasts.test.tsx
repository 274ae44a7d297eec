// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createMemoryRouter, RouterProvider, Link } from "react-router";
import { Toast } from "./Toasts.tsx";

afterEach(cleanup);

describe("Toast", () => {
  it("keeps a long message up for as long as it takes to read", () => {
    const text = "注册成功，欢迎你，青柠画画。验证邮件已发送到 qing@example.com，请点击其中的链接";
    render(<Toast flash={{ kind: "success", text, id: 1 }} />);
    const toast = screen.getByRole("status");
    expect(Number.parseInt(toast.style.animationDuration)).toBeGreaterThan(8000);
    render(<Toast flash={{ kind: "success", text: "已点赞", id: 2 }} />);
    expect(screen.getByText("已点赞").style.animationDuration).toBe("1143ms");
  });

  it("leaves an outcome to act on on the page until it is closed, and not on the next page", () => {
    const flash = { kind: "success" as const, text: "验证邮件已发送到 a@example.com", id: 3, stay: true };
    const page = (
      <>
        <Toast flash={flash} />
        <Link to="/next">下一页</Link>
      </>
    );
    const at = () =>
      render(
        <RouterProvider
          router={createMemoryRouter([
            { path: "/", element: page },
            { path: "/next", element: page },
          ])}
        />,
      );
    at();
    const notice = screen.getByTestId("notice");
    expect(notice.className).not.toContain("toast");
    expect(notice.className).toContain("bottom-4");
    expect(notice.getAttribute("role")).toBe("status");
    fireEvent.click(screen.getByRole("button", { name: "关闭提示" }));
    expect(screen.queryByTestId("notice")).toBeNull();
    cleanup();
    // The root's data, flash and all, survives a client-side move; the notice does not.
    at();
    expect(screen.getByTestId("notice")).toBeTruthy();
    fireEvent.click(screen.getByRole("link", { name: "下一页" }));
    expect(screen.queryByTestId("notice")).toBeNull();
  });
});
