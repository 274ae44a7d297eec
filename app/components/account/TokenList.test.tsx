// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, expect, it } from "vitest";
import { TokenList } from "./TokenList.tsx";

afterEach(cleanup);

const draw = (ui: React.ReactNode) =>
  render(<RouterProvider router={createMemoryRouter([{ path: "/", element: ui, action: () => null }])} />);

it("lists each token by name with its scopes, its end and its last use, never its secret, each with 撤销", () => {
  draw(
    <TokenList
      tokens={[
        {
          tokenId: 7,
          name: "<b>备份脚本</b>",
          scopes: ["read", "works"],
          createdAt: Date.now() - 86_400_000,
          expiresAt: Date.UTC(2027, 0, 31, 12),
          lastUsedAt: null,
        },
        {
          tokenId: 8,
          name: "机器人",
          scopes: ["social"],
          createdAt: Date.now(),
          expiresAt: null,
          lastUsedAt: Date.now(),
        },
      ]}
    />,
  );
  const rows = screen.getAllByRole("listitem");
  expect(rows[0]!.textContent).toContain("<b>备份脚本</b>");
  expect(rows[0]!.textContent).toContain("读取、发布作品");
  expect(rows[0]!.textContent).toContain("2027-01-31 到期");
  expect(rows[0]!.textContent).toContain("从未使用");
  expect(rows[1]!.textContent).toContain("永不过期");
  expect(rows[1]!.textContent).toContain("最近使用");
  const revoke = screen.getByRole("button", { name: "撤销 机器人" });
  const form = revoke.closest("form")!;
  expect(new FormData(form).get("tokenId")).toBe("8");
  expect(new FormData(form).get("intent")).toBe("revoke");
});

it("says when there is none", () => {
  draw(<TokenList tokens={[]} />);
  expect(screen.getByText("还没有访问令牌。")).toBeTruthy();
});
