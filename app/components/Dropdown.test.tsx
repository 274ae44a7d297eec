// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, createRoutesStub, Link, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, onTestFinished } from "vitest";
import { Dropdown } from "./Dropdown.tsx";

afterEach(cleanup);

function Menu() {
  return (
    <>
      <Dropdown summary="菜单" label="菜单">
        <Link to="/other">别处</Link>
      </Dropdown>
      <p>正文</p>
    </>
  );
}
const details = (root: ParentNode = document) => root.querySelector("details")!;

describe("Dropdown", () => {
  it("stays open when the page hydrates after it was opened", async () => {
    const routes = [{ path: "/", Component: Menu }];
    const container = document.createElement("div");
    container.innerHTML = renderToString(<RouterProvider router={createMemoryRouter(routes)} />);
    document.body.append(container);
    onTestFinished(() => container.remove());
    details(container).open = true;
    await act(async () => {
      hydrateRoot(container, <RouterProvider router={createMemoryRouter(routes)} />);
    });
    expect(details(container).open).toBe(true);
  });

  it("closes on a route change, a click outside and Escape", async () => {
    const Stub = createRoutesStub([
      { path: "/", Component: Menu },
      { path: "/other", Component: Menu },
    ]);
    render(<Stub initialEntries={["/"]} />);
    await screen.findByText("正文");
    details().open = true;
    fireEvent.click(screen.getByText("别处"));
    await act(async () => {});
    expect(details().open).toBe(false);
    details().open = true;
    fireEvent.click(screen.getByText("正文"));
    expect(details().open).toBe(false);
    details().open = true;
    fireEvent.keyDown(document, { key: "Escape" });
    expect(details().open).toBe(false);
  });
});
