// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, expect, it } from "vitest";
import type { PersonView } from "../../contract/types.ts";
import { pack } from "../lib/packed.ts";
import { shownPerson } from "../lib/people.ts";
import { WhoToFollow } from "./WhoToFollow.tsx";

afterEach(cleanup);

const person = (id: number, nickname: string): PersonView => ({
  id,
  username: `user${id}`,
  nickname,
  avatar: `/uploads/a${id}.webp`,
  smallAvatar: "",
  description: "一段很长的自我介绍，推荐关注里不显示",
  workCount: id,
  fansCount: 10 * id,
  followed: false,
});

it("draws who to follow from the packed list as the browser gets it, without the introductions", async () => {
  // As it crosses the wire: the packed string only, the value left behind.
  const people = JSON.parse(JSON.stringify(pack([person(1, "阿梨"), person(2, "")].map(shownPerson))));
  const Stub = createRoutesStub([{ path: "/", Component: () => <WhoToFollow people={people} /> }]);
  render(<Stub initialEntries={["/"]} />);
  const items = await screen.findAllByRole("listitem");
  expect(items.map((li) => li.textContent?.replace(/\s+/g, ""))).toEqual([
    expect.stringContaining("阿梨1作品·10粉丝"),
    // No nickname: the username names them.
    expect.stringContaining("2作品·20粉丝"),
  ]);
  expect(within(items[0]).getByRole("link").getAttribute("href")).toBe("/user/1");
  expect(within(items[1]).getByRole("img").getAttribute("aria-label")).toBe("user2");
  expect(document.body.textContent).not.toContain("自我介绍");
});

it("keeps of a person only what the strip draws, the small picture being the large one when there is none", () => {
  expect(shownPerson(person(1, "阿梨"))).toEqual({
    id: 1,
    nickname: "阿梨",
    smallAvatar: "/uploads/a1.webp",
    workCount: 1,
    fansCount: 10,
    followed: false,
  });
  expect(shownPerson(person(2, ""))).toMatchObject({ nickname: "", username: "user2" });
});

it("draws a hostile nickname as text", async () => {
  const hostile = `"><img src=x onerror=alert(1)>`;
  const people = JSON.parse(JSON.stringify(pack([shownPerson(person(3, hostile))])));
  const Stub = createRoutesStub([{ path: "/", Component: () => <WhoToFollow people={people} /> }]);
  render(<Stub initialEntries={["/"]} />);
  expect((await screen.findByRole("listitem")).textContent).toContain(hostile);
  expect(document.querySelector("img[src=x]")).toBeNull();
});

it("draws nothing for nobody", () => {
  const { container } = render(<WhoToFollow people={JSON.parse(JSON.stringify(pack([])))} />);
  expect(container.innerHTML).toBe("");
});
