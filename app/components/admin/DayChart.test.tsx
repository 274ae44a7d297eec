// @vitest-environment happy-dom
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DayChart } from "./DayChart.tsx";

const days = Array.from({ length: 30 }, (_, i) => ({
  day: `2026-11-${String(i + 1).padStart(2, "0")}`,
  signups: i,
  works: 2,
  comments: 0,
  likes: i === 29 ? 90 : 1,
  active: 3,
}));

describe("DayChart", () => {
  it("draws one line per series over the 30 days on one scale, and the numbers as a table", () => {
    const { container } = render(<DayChart days={days} />);
    const lines = container.querySelectorAll("polyline");
    expect(lines).toHaveLength(5);
    expect(lines[0].getAttribute("points")!.split(" ")).toHaveLength(30);
    // The largest value (90 likes on the last day) reaches the top of the plot.
    const likes = lines[3].getAttribute("points")!.split(" ");
    expect(likes.at(-1)!.split(",")[1]).toBe("10.0");
    expect(screen.getByRole("img", { name: /近30天/ })).toBeTruthy();
    const table = screen.getByRole("table");
    expect(within(table).getAllByRole("row")).toHaveLength(31);
    expect(within(table).getByText("2026-11-30")).toBeTruthy();
  });

  it("keeps the last date's label inside the drawing", () => {
    const { container } = render(<DayChart days={days} />);
    const labels = [...container.querySelectorAll("svg text")].filter((t) => /\d\d-\d\d/.test(t.textContent ?? ""));
    const last = labels.at(-1)!;
    expect(last.textContent).toBe("11-30");
    // Anchored at its end on the right edge (it straddled the edge, and half of it was cut off).
    expect(last.getAttribute("text-anchor")).toBe("end");
    expect(Number(last.getAttribute("x"))).toBeLessThanOrEqual(420);
  });
});
