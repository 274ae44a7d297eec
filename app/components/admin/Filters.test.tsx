// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, expect, it } from "vitest";
import { AdminRows, FilterForm, filterQuery, FilterText, StateFilter } from "./Filters.tsx";

afterEach(cleanup);

it("reads every filter of a list's address, each empty when absent", () => {
  const request = new Request("http://x/admin/works?state=hidden&author=%E9%98%BF&page=2&evil=1");
  expect(filterQuery(request, ["author", "state", "from", "page"])).toEqual({
    author: "阿",
    state: "hidden",
    from: "",
    page: "2",
  });
});

it("filters with a GET form whose boxes keep the query, 全部… first in a choice", async () => {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <FilterForm label="筛选评论">
          <FilterText name="author" label="作者" defaultValue="阿梨" />
          <StateFilter value="hidden" />
        </FilterForm>
      ),
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
  const form = await screen.findByRole("form", { name: "筛选评论" });
  expect(form.getAttribute("method")).toBe("get");
  expect((within(form).getByLabelText("作者") as HTMLInputElement).value).toBe("阿梨");
  const state = within(form).getByLabelText("状态") as HTMLSelectElement;
  expect(state.value).toBe("hidden");
  expect(state.options[0].textContent).toBe("全部状态");
  expect(state.options[0].value).toBe("");
  expect(within(form).getByRole("button").textContent).toBe("筛选");
});

it("says none matched when a list is empty, and only then", () => {
  const { rerender } = render(<AdminRows count={0} empty="没有符合条件的作品" />);
  expect(screen.getByText("没有符合条件的作品")).toBeTruthy();
  rerender(
    <AdminRows count={1} empty="没有符合条件的作品">
      <li>一件</li>
    </AdminRows>,
  );
  expect(screen.queryByText("没有符合条件的作品")).toBeNull();
});
