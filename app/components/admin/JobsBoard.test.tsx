// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { JobsBoard } from "./JobsBoard.tsx";
import type { JobsOverviewView } from "../../../contract/jobs/jobs.ts";

afterEach(cleanup);

const zero = { created: 0, retry: 0, active: 0, completed: 0, failed: 0, cancelled: 0 };
const view: JobsOverviewView = {
  queues: [
    { name: "mail.send", label: "发送邮件", counts: { ...zero, completed: 12, retry: 1 }, schedule: null },
    { name: "works.publish-due", label: "定时发布", counts: { ...zero, completed: 60 }, schedule: "* * * * *" },
    { name: "search.reindex", label: "重建搜索索引", counts: { ...zero, failed: 1 }, schedule: null },
  ],
  failed: [
    {
      id: "9f1c",
      name: "search.reindex",
      label: "重建搜索索引",
      error: "索引服务不可用",
      attempts: 2,
      createdAt: Date.UTC(2026, 10, 28, 1),
      endedAt: Date.UTC(2026, 10, 28, 2),
    },
  ],
  mail: [
    {
      id: 3,
      to: "grey@example.com",
      kind: "verify",
      state: "retrying",
      attempts: 1,
      error: "451 请稍后再试",
      createdAt: Date.UTC(2026, 10, 28, 3),
      sentAt: null,
    },
  ],
};

describe("JobsBoard", () => {
  it("shows each queue's counts and schedule, the failed job's error, and the mail log in words", () => {
    const Stub = createRoutesStub([{ path: "/admin/jobs", Component: () => <JobsBoard view={view} /> }]);
    render(<Stub initialEntries={["/admin/jobs"]} />);
    const queues = screen.getByRole("table", { name: "队列" });
    expect(within(queues).getByRole("rowheader", { name: "定时发布" })).toBeTruthy();
    expect(within(queues).getByText("每分钟")).toBeTruthy();
    const failed = screen.getByTestId("failed-job");
    expect(within(failed).getByText("索引服务不可用")).toBeTruthy();
    expect(within(failed).getByText(/已尝试 2 次/)).toBeTruthy();
    const mail = within(screen.getByRole("table", { name: "邮件记录" })).getByTestId("mail-row");
    expect(within(mail).getByText("邮箱验证")).toBeTruthy();
    expect(within(mail).getByText("等待重试")).toBeTruthy();
    // Mail is queued with its mail, never run on its own.
    expect(screen.queryByRole("option", { name: "发送邮件" })).toBeNull();
  });

  it("posts a retry with the job's name and id", async () => {
    const posted: Record<string, string>[] = [];
    const Stub = createRoutesStub([
      {
        path: "/admin/jobs",
        Component: () => <JobsBoard view={view} />,
        action: async ({ request }) => {
          posted.push(Object.fromEntries((await request.formData()) as unknown as [string, string][]));
          return null;
        },
      },
    ]);
    render(<Stub initialEntries={["/admin/jobs"]} />);
    fireEvent.click(within(screen.getByTestId("failed-job")).getByRole("button", { name: "重试" }));
    await waitFor(() => expect(posted).toEqual([{ intent: "retry", id: "9f1c", name: "search.reindex" }]));
  });
});
