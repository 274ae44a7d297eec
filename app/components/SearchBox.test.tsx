// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { hydrateRoot } from "react-dom/client";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SearchBox } from "./SearchBox.tsx";
import { HISTORY_MAX, addToHistory } from "./search-history.ts";
import type { SearchSuggestions } from "../../contract/search/views.ts";

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

const asked: string[] = [];
const suggestions: SearchSuggestions = {
  nodes: [{ nodeId: 3, name: "插画" }],
  tags: [{ tagId: 5, name: "插画练习" }],
  people: [{ id: 9, nickname: "画室小猫", username: "huashi", avatar: "", smallAvatar: "" }],
};

function setup(initial = "/") {
  const Stub = createRoutesStub([
    {
      path: "/search/suggest",
      loader: ({ request }) => {
        asked.push(new URL(request.url).searchParams.get("q") ?? "");
        return suggestions;
      },
    },
    {
      path: "/",
      Component: () => (
        <>
          <SearchBox />
          <Where />
        </>
      ),
    },
    {
      path: "*",
      Component: () => (
        <>
          <SearchBox />
          <Where />
        </>
      ),
    },
    {
      path: "/search",
      Component: () => (
        <>
          <SearchBox />
          <Where />
        </>
      ),
    },
  ]);
  render(<Stub initialEntries={[initial]} />);
  return screen.getByRole("combobox", { name: "搜索作品" }) as HTMLInputElement;
}

beforeEach(() => {
  window.localStorage.clear();
  asked.length = 0;
});
afterEach(cleanup);

describe("SearchBox", () => {
  it("goes to /search with the keyword and remembers it", () => {
    const input = setup();
    fireEvent.change(input, { target: { value: "  水彩 " } });
    fireEvent.submit(input.closest("form")!);
    expect(screen.getByTestId("where").textContent).toBe("/search?q=%E6%B0%B4%E5%BD%A9");
    expect(JSON.parse(window.localStorage.getItem("searchHistory")!)).toEqual(["水彩"]);
  });

  it("does not search for nothing", () => {
    const input = setup();
    fireEvent.change(input, { target: { value: "   " } });
    fireEvent.submit(input.closest("form")!);
    expect(screen.getByTestId("where").textContent).toBe("/");
  });

  it("suggests history filtered by what is typed; arrows choose and Enter goes", () => {
    window.localStorage.setItem("searchHistory", JSON.stringify(["水墨", "油画", "水彩"]));
    const input = setup();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: "水" } });
    const options = screen.getAllByRole("option");
    expect(options.map((o) => o.textContent?.replace("×", ""))).toEqual(["水墨", "水彩"]);
    fireEvent.keyDown(input, { key: "ArrowDown" });
    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(screen.getAllByRole("option")[1].getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(input, { key: "ArrowUp" });
    expect(screen.getAllByRole("option")[0].getAttribute("aria-selected")).toBe("true");
    fireEvent.submit(input.closest("form")!);
    expect(screen.getByTestId("where").textContent).toBe("/search?q=%E6%B0%B4%E5%A2%A8");
  });

  it("from an empty box, ↓ then Enter opens the highlighted history entry (the form alone would refuse an empty box)", () => {
    window.localStorage.setItem("searchHistory", JSON.stringify(["水墨", "油画"]));
    const input = setup();
    fireEvent.focus(input);
    fireEvent.keyDown(input, { key: "ArrowDown" });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(screen.getByTestId("where").textContent).toBe("/search?q=%E6%B0%B4%E5%A2%A8");
  });

  it("deletes one history entry, and a click on an entry searches it", () => {
    window.localStorage.setItem("searchHistory", JSON.stringify(["水墨", "油画"]));
    const input = setup();
    fireEvent.focus(input);
    fireEvent.click(screen.getByRole("button", { name: "删除搜索记录 水墨" }));
    expect(JSON.parse(window.localStorage.getItem("searchHistory")!)).toEqual(["油画"]);
    fireEvent.click(screen.getByRole("button", { name: "油画" }));
    expect(screen.getByTestId("where").textContent).toBe("/search?q=%E6%B2%B9%E7%94%BB");
  });

  it("keeps at most ten distinct keywords, the newest first", () => {
    setup();
    const search = (word: string) => {
      const input = screen.getByRole("combobox", { name: "搜索作品" });
      fireEvent.change(input, { target: { value: word } });
      fireEvent.submit(input.closest("form")!);
    };
    for (let i = 1; i <= HISTORY_MAX + 2; i++) search(`词${i}`);
    search("词5");
    const saved = JSON.parse(window.localStorage.getItem("searchHistory")!);
    expect(saved).toHaveLength(HISTORY_MAX);
    expect(saved.slice(0, 3)).toEqual(["词5", "词12", "词11"]);
    expect(addToHistory(saved, "词5")).toEqual(saved);
  });

  it("offers nodes, tags and people whose names hold what is typed, after the history, and goes to the one chosen", async () => {
    window.localStorage.setItem("searchHistory", JSON.stringify(["插画师"]));
    const input = setup();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: "插画" } });
    expect(await screen.findByRole("option", { name: "画室小猫 @huashi" }, { timeout: 2000 })).toBeTruthy();
    expect(asked).toEqual(["插画"]);
    expect(screen.getAllByRole("option").map((o) => o.textContent?.replace("×", ""))).toEqual([
      "插画师",
      "插画",
      "# 插画练习",
      "画室小猫@huashi",
    ]);
    expect(screen.getAllByRole("presentation").map((g) => g.textContent)).toEqual(["搜索历史", "节点", "标签", "用户"]);
    for (let i = 0; i < 4; i++) fireEvent.keyDown(input, { key: "ArrowDown" });
    fireEvent.submit(input.closest("form")!);
    expect(screen.getByTestId("where").textContent).toBe("/user/9");
    const again = screen.getByRole("combobox", { name: "搜索作品" });
    fireEvent.focus(again);
    fireEvent.change(again, { target: { value: "插画" } });
    await screen.findByRole("option", { name: "# 插画练习" });
    fireEvent.click(screen.getByRole("button", { name: "# 插画练习" }));
    expect(screen.getByTestId("where").textContent).toBe("/arts/tag/5");
  });

  it("keeps what was typed before the page hydrated", async () => {
    const Stub = createRoutesStub([{ path: "/", Component: () => <SearchBox /> }]);
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Stub initialEntries={["/"]} />);
    document.body.appendChild(container);
    const early = container.querySelector("input")!;
    early.value = "早到的字";
    await act(async () => {
      hydrateRoot(container, <Stub initialEntries={["/"]} />);
    });
    expect(container.querySelector("input")).toBe(early);
    expect(container.querySelector("input")!.value).toBe("早到的字");
    container.remove();
  });
});
