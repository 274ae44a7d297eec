// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RelativeTime } from "./RelativeTime.tsx";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("RelativeTime", () => {
  it("reads relatively and carries the exact time for machines and a tooltip", () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 21, 12, 0, 0) });
    render(<RelativeTime ms={Date.UTC(2026, 10, 21, 11, 55, 0)} />);
    const el = screen.getByText("5分钟前");
    expect(el.tagName).toBe("TIME");
    expect(el.getAttribute("datetime")).toBe("2026-11-21T11:55:00.000Z");
    expect(el.getAttribute("title")).toBe("2026-11-21 19:55:00");
  });

  it("shows the full date after thirty days", () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 21, 12, 0, 0) });
    render(<RelativeTime ms={Date.UTC(2026, 8, 1, 0, 0, 0)} />);
    expect(screen.getByText("2026-09-01 08:00:00")).toBeTruthy();
  });
});
