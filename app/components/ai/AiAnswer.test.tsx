// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, expect, it } from "vitest";
import { AiAnswer, type AnswerShown } from "./AiAnswer.tsx";

afterEach(cleanup);

const answer = (extra: Partial<AnswerShown> = {}): AnswerShown => ({
  content: "见《雨夜》[1]，另见[7]。",
  reasoning: "",
  sources: [{ n: 1, artId: 42, title: "雨夜", author: "青木" }],
  state: "done",
  think: false,
  search: true,
  ...extra,
});

const draw = (a: AnswerShown) =>
  render(
    <MemoryRouter>
      <AiAnswer answer={a} />
    </MemoryRouter>,
  );

it("links a citation to its work, leaves an invented one as text, lists the sources and labels the answer", () => {
  draw(answer());
  const cite = screen.getByRole("link", { name: "引用 1：雨夜" });
  expect(cite.getAttribute("href")).toBe("/art/42");
  expect(screen.getByTestId("ai-answer").textContent).toContain("另见[7]");
  expect(screen.queryByRole("link", { name: /引用 7/ })).toBeNull();
  expect(screen.getByRole("list", { name: "引用的作品" }).textContent).toContain("雨夜· 青木");
  expect(screen.getByTestId("ai-notice").textContent).toBe("内容由AI生成，请注意核实");
});

it("draws a model's markup as text", () => {
  draw(answer({ content: `<img src=x onerror="alert(1)">[1]`, sources: [] }));
  expect(document.querySelector("img")).toBeNull();
  expect(screen.getByTestId("ai-answer").textContent).toContain("<img src=x");
});

it("folds the reasoning once the answer has begun, and keeps it open while only thinking", () => {
  const { unmount } = draw(answer({ reasoning: "想一想", think: true }));
  expect(document.querySelector("details")!.open).toBe(false);
  expect(screen.getByText("已深度思考")).toBeTruthy();
  unmount();
  draw(answer({ reasoning: "想一想", content: "", state: "writing", think: true }));
  expect(document.querySelector("details")!.open).toBe(true);
  expect(screen.getByText("思考中…")).toBeTruthy();
});

it("says when an answer was cut or stopped, and when 深度搜索 found nothing it may quote", () => {
  const { unmount } = draw(answer({ state: "cut" }));
  expect(screen.getByText("回答包含不适宜的内容，已截断")).toBeTruthy();
  unmount();
  const long = draw(answer({ state: "long" }));
  expect(screen.getByText("回答太长，已在长度上限处停止")).toBeTruthy();
  long.unmount();
  draw(answer({ state: "stopped", sources: [] }));
  expect(screen.getByText("已停止回答")).toBeTruthy();
  expect(screen.getByText(/站内没有找到可以引用的作品/)).toBeTruthy();
});
