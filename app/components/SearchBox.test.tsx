// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SearchBox } from "./SearchBox.tsx";

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

function setup() {
  const Stub = createRoutesStub([
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
      path: "/search",
      Component: () => (
        <>
          <SearchBox />
          <Where />
        </>
      ),
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
  return screen.getByRole("combobox", { name: "搜索作品" }) as HTMLInputElement;
}

beforeEach(() => window.localStorage.clear());
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

  it("deletes one history entry, and a click on an entry searches it", () => {
    window.localStorage.setItem("searchHistory", JSON.stringify(["水墨", "油画"]));
    const input = setup();
    fireEvent.focus(input);
    fireEvent.click(screen.getByRole("button", { name: "删除搜索记录 水墨" }));
    expect(JSON.parse(window.localStorage.getItem("searchHistory")!)).toEqual(["油画"]);
    fireEvent.click(screen.getByRole("button", { name: "油画" }));
    expect(screen.getByTestId("where").textContent).toBe("/search?q=%E6%B2%B9%E7%94%BB");
  });
});
