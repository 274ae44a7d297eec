// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { FolderPicker } from "./FolderPicker.tsx";

afterEach(cleanup);

describe("the folder picker", () => {
  it("says which folders hold the work, and each button posts the opposite of what it shows", () => {
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => (
          <FolderPicker
            action="/art/3"
            folders={[
              { folderId: 1, name: "<b>灵感</b>", public: true, workCount: 4, has: true },
              { folderId: 2, name: "私藏", public: false, workCount: 1, has: false },
            ]}
          />
        ),
      },
    ]);
    render(<Stub />);
    const picker = screen.getByTestId("folder-picker");
    const [held, other] = within(picker).getAllByRole("button", { pressed: undefined }).slice(0, 2);
    expect(held.getAttribute("aria-pressed")).toBe("true");
    expect(held.textContent).toContain("<b>灵感</b>");
    expect(picker.querySelector("b")).toBeNull();
    expect(other.getAttribute("aria-pressed")).toBe("false");
    expect(other.textContent).toContain("私密");
    const forms = picker.querySelectorAll("form");
    const on = (f: Element) => (f.querySelector('input[name="on"]') as HTMLInputElement).value;
    expect([on(forms[0]), on(forms[1])]).toEqual(["", "1"]);
    expect(within(picker).getByLabelText("新建收藏夹并放入").getAttribute("maxlength")).toBe("20");
  });
});
