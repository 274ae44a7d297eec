// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ScorePrivileges } from "./ScorePrivileges.tsx";

afterEach(cleanup);

describe("what scores buy, as /user/scores says it", () => {
  it("names each privilege by level and what the member has now", () => {
    render(<ScorePrivileges score={250} />);
    const rows = within(screen.getByTestId("privileges")).getAllByRole("row").slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      "个人主页置顶作品Lv1 起 3 件，Lv3 起 6 件6 件",
      "可建合集Lv1 起 5 个，Lv2 起 10 个，Lv4 起 30 个10 个",
    ]);
  });
});
