// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, it } from "vitest";
import { clientNavigationTarget } from "../lib/site-links.ts";
import { FeedLink } from "./FeedLink.tsx";

afterEach(cleanup);

it("offers the RSS feed as a file the browser opens, not a page the router draws", () => {
  render(<FeedLink feed={{ of: "user", id: 7 }} />);
  const link = screen.getByRole("link", { name: "订阅" });
  expect(link.getAttribute("href")).toBe("/feeds/user/7.rss");
  expect(link.getAttribute("type")).toBe("application/rss+xml");
  const click = { defaultPrevented: false, button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false };
  expect(clientNavigationTarget({ ...click, target: link }, window.location.origin)).toBeNull();
});
