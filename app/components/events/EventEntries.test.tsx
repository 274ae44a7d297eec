// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { EventEntries } from "./EventEntries.tsx";
import { sampleCard } from "../../test/fixtures.ts";
import type { EventView } from "../../../contract/curation/views.ts";

afterEach(cleanup);

const entry = (artId: number, authorId: number, votes: number, place = 0) => ({
  work: sampleCard(artId, { title: `作品${artId}`, user: { ...sampleCard(artId).user, id: authorId } }),
  votes,
  countedVotes: votes,
  place,
});

const event = (extra: Partial<EventView> = {}): EventView => ({
  eventId: 1,
  title: "冬日小景",
  tag: { tagId: 3, name: "冬日小景" },
  cover: "",
  startsAt: 0,
  endsAt: 1,
  entryCount: 3,
  state: "open",
  rules: "规则",
  entries: [entry(11, 5, 3), entry(12, 6, 1), entry(13, 7, 0)],
  winners: [],
  myVote: null,
  myEntries: [],
  ...extra,
});

function show(e: EventView, viewerId: number | null) {
  const Stub = createRoutesStub([
    { path: "/events/1", Component: () => <EventEntries event={e} viewerId={viewerId} /> },
  ]);
  render(<Stub initialEntries={["/events/1"]} />);
}
const row = async (artId: number) => (await screen.findByText(`作品${artId}`)).closest("li")!;

describe("an event's entries", () => {
  it("offers a member a vote on others' works, 撤回 on their own, and marks the one voted for", async () => {
    show(event({ myVote: 12, myEntries: [13] }), 7);
    expect(within(await row(11)).getByRole("button").textContent).toBe("改投这件");
    const voted = within(await row(12)).getByRole("button");
    expect([voted.textContent, voted.hasAttribute("disabled"), voted.getAttribute("aria-pressed")]).toEqual([
      "已投票",
      true,
      "true",
    ]);
    const own = within(await row(13)).getByRole("button");
    expect([own.textContent, own.getAttribute("value")]).toEqual(["撤回", "withdraw"]);
    // Each form names its work; the vote goes to the page's own action.
    expect((await row(11)).querySelector<HTMLInputElement>('input[name="workId"]')?.value).toBe("11");
    expect(within(await row(11)).getByText("3 票")).toBeTruthy();
  });

  it("has no buttons for a visitor, nor once the event is over; places show after the results", async () => {
    show(event(), null);
    expect(within(await row(11)).queryByRole("button")).toBeNull();
    cleanup();
    show(event({ state: "announced", entries: [entry(11, 5, 3, 1), entry(12, 6, 1, 2)] }), 7);
    expect(within(await row(11)).queryByRole("button")).toBeNull();
    expect(within(await row(11)).getByText("第一名")).toBeTruthy();
    expect(within(await row(12)).getByText("第二名")).toBeTruthy();
  });

  it("says so when nothing has been entered", async () => {
    show(event({ entries: [] }), 7);
    expect(await screen.findByText("还没有参赛作品")).toBeTruthy();
  });
});
