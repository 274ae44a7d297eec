// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub, useLoaderData } from "react-router";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { sampleCard } from "../test/fixtures.ts";
import { packedCards, type CardPage } from "../lib/work.ts";
import { WorkFeed } from "./WorkFeed.tsx";

afterEach(cleanup);

/** A page of cards as the browser gets it from the server: the packed string only, the value left behind. */
const fromWire = (ids: number[], cursor: string): { page: CardPage } =>
  JSON.parse(
    JSON.stringify({ page: packedCards({ results: ids.map((id) => sampleCard(id)), cursor, hasMore: !!cursor }) }),
  );

/** A route whose loader answers 5 and 4, then 3 and 2 for the cursor c2. */
const twoPages = (Feed: () => React.ReactNode) =>
  createRoutesStub([
    {
      path: "/",
      Component: Feed,
      loader: ({ request }) =>
        new URL(request.url).searchParams.get("cursor") === "c2" ? fromWire([3, 2], "") : fromWire([5, 4], "c2"),
    },
  ]);

describe("WorkFeed", () => {
  it("draws a packed page and appends the next one 加载更多 fetches", async () => {
    function Feed() {
      return <WorkFeed page={(useLoaderData() as { page: CardPage }).page} />;
    }
    const Stub = twoPages(Feed);
    render(<Stub initialEntries={["/"]} />);
    await screen.findByText("第5张速写");
    expect(screen.getAllByText(/张速写$/).map((e) => e.textContent)).toEqual(["第5张速写", "第4张速写"]);
    fireEvent.click(screen.getByText("加载更多"));
    await screen.findByText("第2张速写");
    expect(screen.getAllByText(/张速写$/).map((e) => e.textContent)).toEqual([
      "第5张速写",
      "第4张速写",
      "第3张速写",
      "第2张速写",
    ]);
    expect(screen.queryByText("加载更多")).toBeNull();
  });

  it("shows a new page in place of the old one and what was appended to it", async () => {
    function Feed() {
      const first = (useLoaderData() as { page: CardPage }).page;
      const [page, setPage] = useState(first);
      return (
        <>
          <button onClick={() => setPage(fromWire([9, 8], "").page)}>换一页</button>
          <WorkFeed page={page} />
        </>
      );
    }
    const Stub = twoPages(Feed);
    render(<Stub initialEntries={["/"]} />);
    fireEvent.click(await screen.findByText("加载更多"));
    await screen.findByText("第2张速写");
    fireEvent.click(screen.getByText("换一页"));
    expect(screen.getAllByText(/张速写$/).map((e) => e.textContent)).toEqual(["第9张速写", "第8张速写"]);
  });
});
