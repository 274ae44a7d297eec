// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, expect, it } from "vitest";
import type { SuggestedPersonView } from "../../contract/people/views.ts";
import { pack } from "../speed/packed.ts";
import { WhoToFollow } from "./WhoToFollow.tsx";

afterEach(cleanup);

const person = (id: number, nickname: string): SuggestedPersonView => ({
  id,
  username: `user${id}`,
  nickname,
  smallAvatar: `/uploads/a${id}.webp`,
  workCount: id,
  fansCount: 10 * id,
  followed: false,
});

it("draws who to follow from the packed list as the browser gets it", async () => {
  // As it crosses the wire: the packed string only, the value left behind.
  const people = JSON.parse(JSON.stringify(pack([person(1, "阿梨"), person(2, "")])));
  const Stub = createRoutesStub([{ path: "/", Component: () => <WhoToFollow people={people} /> }]);
  render(<Stub initialEntries={["/"]} />);
  const items = await screen.findAllByRole("listitem");
  expect(items.map((li) => li.textContent?.replace(/\s+/g, ""))).toEqual([
    expect.stringContaining("阿梨1作品·10粉丝"),
    // No nickname: the username names them.
    expect.stringContaining("2作品·20粉丝"),
  ]);
  expect(within(items[0]).getByRole("link").getAttribute("href")).toBe("/user/1");
  // The printed name falls back to the username; the avatar beside it is decorative.
  expect(within(items[1]).getByRole("link").textContent).toContain("user2");
  expect(within(items[1]).queryByRole("img")).toBeNull();
});

it("draws a hostile nickname as text", async () => {
  const hostile = `"><img src=x onerror=alert(1)>`;
  const people = JSON.parse(JSON.stringify(pack([person(3, hostile)])));
  const Stub = createRoutesStub([{ path: "/", Component: () => <WhoToFollow people={people} /> }]);
  render(<Stub initialEntries={["/"]} />);
  expect((await screen.findByRole("listitem")).textContent).toContain(hostile);
  expect(document.querySelector("img[src=x]")).toBeNull();
});

it("draws nothing for nobody", () => {
  const { container } = render(<WhoToFollow people={JSON.parse(JSON.stringify(pack([])))} />);
  expect(container.innerHTML).toBe("");
});
