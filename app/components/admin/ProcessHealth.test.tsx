// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ProcessHealth, uptime } from "./ProcessHealth.tsx";

afterEach(cleanup);

const at = Date.UTC(2026, 10, 28, 9, 30); // 17:30 in China
describe("运行状态", () => {
  it("shows each process's build and uptime, and each check it has made, down ones with why", () => {
    render(
      <ProcessHealth
        processes={[
          {
            host: "web-1",
            pid: 4242,
            worker: 2,
            release: "3f2a9c1d8e7b6a5f4e3d",
            startedAt: at - 26 * 3_600_000,
            seenAt: at,
            health: {
              database: { up: true, since: at - 26 * 3_600_000 },
              redis: { up: false, since: at - 120_000, detail: "connect ECONNREFUSED 127.0.0.1:6379" },
            },
          },
        ]}
        lastBackup={{ at, bytes: 12.34 * 1024 * 1024, folder: "/srv/backups/site-20261128-1730", host: "web-1" }}
      />,
    );
    expect(screen.getByTestId("last-backup").textContent).toBe(
      "最近备份：2026-11-28 17:30，12.3 MB，web-1:/srv/backups/site-20261128-1730",
    );
    const one = screen.getByTestId("process");
    expect(one.textContent).toContain("web-1 · 进程 4242（工作进程 2）");
    expect(one.textContent).toContain("版本 3f2a9c1d8e7b已运行");
    expect(one.textContent).toContain("已运行 1天2小时");
    expect(within(one).getByText(/^数据库：正常/)).toBeTruthy();
    const redis = one.querySelector('[data-check="redis"]')!;
    expect(redis.textContent).toBe("Redis：异常（自 11-28 17:28 起）connect ECONNREFUSED 127.0.0.1:6379");
    // Checks not made are not claimed either way.
    expect(one.querySelector('[data-check="mail"]')).toBeNull();
  });

  it("says so when no process has reported lately", () => {
    render(<ProcessHealth processes={[]} lastBackup={null} />);
    expect(screen.getByText("最近一分钟没有进程报告状态")).toBeTruthy();
    expect(screen.getByTestId("last-backup").textContent).toBe("还没有备份：在服务器上运行 npm run backup");
  });

  it("counts uptime in the largest units that matter", () => {
    expect(uptime(8 * 60_000)).toBe("8分钟");
    expect(uptime(5 * 3_600_000 + 12 * 60_000)).toBe("5小时12分钟");
    expect(uptime(3 * 86_400_000 + 2 * 3_600_000)).toBe("3天2小时");
  });
});
