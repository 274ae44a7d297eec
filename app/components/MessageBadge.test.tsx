// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { MessageBadge } from "./MessageBadge.tsx";

afterEach(cleanup);

describe("MessageBadge (requirements §9: 99+ above 99)", () => {
  it("shows nothing at 0", () => {
    render(<MessageBadge count={0} />);
    expect(screen.queryByTestId("message-badge")).toBeNull();
  });

  it.each([
    [1, "1"],
    [99, "99"],
    [100, "99+"],
    [2048, "99+"],
  ])("shows %i as %s, and says the full count to a screen reader", (count, text) => {
    render(<MessageBadge count={count} />);
    const badge = screen.getByTestId("message-badge");
    expect(badge.textContent).toBe(text);
    expect(badge.getAttribute("aria-label")).toBe(`${count}条未读`);
  });
});
