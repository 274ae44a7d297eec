// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import { Operation } from "./Operation.tsx";

afterEach(cleanup);

describe("Operation", () => {
  it("folds to its method, path and summary, and opens to its fields and a curl", () => {
    const { container } = render(
      <Operation
        method="post"
        path="/comment/create"
        server="https://yishe.test/api"
        op={{
          operationId: "comments.create",
          tags: ["评论"],
          summary: "发表评论或回复",
          description: "访问令牌需要“评论与互动”权限（x-token-scope）。",
          "x-token-scope": "social",
          requestBody: {
            content: {
              "application/json": {
                schema: {
                  properties: { workId: { type: "integer" }, content: { type: "string", maxLength: 500 } },
                  required: ["workId", "content"],
                },
              },
            },
          },
        }}
      />,
    );
    const details = container.querySelector("details")!;
    expect(details.id).toBe("comments.create");
    expect(within(details.querySelector("summary")!).getByText("POST")).toBeTruthy();
    expect(screen.getByText("/comment/create")).toBeTruthy();
    expect(screen.getByText("令牌权限：评论与互动")).toBeTruthy();
    const rows = screen
      .getAllByRole("row")
      .slice(1)
      .map((r) => r.textContent);
    expect(rows).toEqual(["workId请求体是整数", "content请求体是文字，最多 500 字"]);
    expect(screen.getByLabelText(/curl 示例/).textContent).toContain("Authorization: Bearer");
  });

  it("says so when an endpoint takes nothing", () => {
    render(
      <Operation
        method="get"
        path="/user/tokens"
        server="/api"
        op={{ operationId: "a.b", tags: [], summary: "我的访问令牌", description: "", "x-token-scope": null }}
      />,
    );
    expect(screen.getByText("不需要参数。")).toBeTruthy();
    expect(screen.getByText("仅网页会话")).toBeTruthy();
  });
});
