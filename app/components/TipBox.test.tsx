// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { TipBox } from "./TipBox.tsx";
import { tipLimits } from "../../contract/shared/limits.ts";

afterEach(cleanup);

function show(props: Partial<React.ComponentProps<typeof TipBox>>) {
  const Stub = createRoutesStub([
    {
      path: "/art/3",
      Component: () => <TipBox tips={{ count: 2, total: 30 }} action="/art/3" mayTip balance={12} {...props} />,
    },
  ]);
  render(<Stub initialEntries={["/art/3"]} />);
}

describe("打赏", () => {
  it("offers the amounts as posts, those beyond the member's points disabled", async () => {
    show({});
    expect((await screen.findByTestId("tips")).textContent).toBe("2 次打赏 · 30 积分");
    const amounts = screen.getAllByRole("button", { hidden: true });
    expect(amounts.map((b) => [b.getAttribute("value"), (b as HTMLButtonElement).disabled])).toEqual(
      tipLimits.amounts.map((a) => [String(a), a > 12]),
    );
    expect(document.querySelector<HTMLInputElement>('input[name="intent"]')?.value).toBe("tip");
  });

  it("shows only the count on the author's own work, and lets a visitor try (sign-in follows)", async () => {
    show({ mayTip: false });
    expect((await screen.findByTestId("tips")).textContent).toBe("2 次打赏 · 30 积分");
    expect(screen.queryAllByRole("button", { hidden: true })).toEqual([]);
    cleanup();
    show({ balance: null, tips: { count: 0, total: 0 } });
    expect((await screen.findByTestId("tips")).textContent).toBe("还没有打赏");
    expect(screen.getAllByRole("button", { hidden: true }).every((b) => !(b as HTMLButtonElement).disabled)).toBe(true);
  });
});
