// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { PickShelf } from "./PickShelf.tsx";
import { sampleCard } from "../test/fixtures.ts";
import type { PickView } from "../../contract/curation/views.ts";

afterEach(cleanup);

const pick = (artId: number, reason: string): PickView => ({
  work: sampleCard(artId, { title: `作品${artId}` }),
  reason,
  pickedAt: 1,
});

function show(picks: PickView[]) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <PickShelf picks={picks} /> }]);
  render(<Stub />);
}

describe("the shelf of 编辑精选", () => {
  it("shows each pick's card with its reason as text, and leads to the whole listing", async () => {
    show([pick(1, "构图<b>干净</b>"), pick(2, "")]);
    const shelf = await screen.findByRole("region", { name: "编辑精选" });
    const cards = within(shelf).getAllByTestId("work-card");
    expect(cards.map((c) => within(c).getByRole("heading").textContent)).toEqual(["作品1", "作品2"]);
    // A hostile reason stays text; a pick without one has no line.
    expect(within(cards[0]).getByTestId("card-note").textContent).toBe("构图<b>干净</b>");
    expect(cards[0].querySelector("b")).toBeNull();
    expect(within(cards[1]).queryByTestId("card-note")).toBeNull();
    expect(within(shelf).getByRole("link", { name: "全部精选 →" }).getAttribute("href")).toBe("/picks");
    // Not the page's first grid: it holds no first paint of its own (one marker a page).
    expect(document.querySelector('link[rel="expect"]')).toBeNull();
  });

  it("is not drawn without picks", async () => {
    show([]);
    expect(screen.queryByRole("region", { name: "编辑精选" })).toBeNull();
  });
});
