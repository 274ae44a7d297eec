import { describe, expect, it } from "vitest";
import { describeCron } from "./jobs.ts";

describe("a schedule in words", () => {
  it("says the usual shapes in Chinese and leaves the rest as written", () => {
    expect(describeCron("* * * * *")).toBe("每分钟");
    expect(describeCron("17 * * * *")).toBe("每小时第 17 分");
    expect(describeCron("30 3 * * *")).toBe("每天 03:30");
    expect(describeCron("0 20 * * 1")).toBe("每周一 20:00");
    expect(describeCron("0 4 * * 0")).toBe("每周日 04:00");
    expect(describeCron("*/5 * * * *")).toBe("*/5 * * * *");
    expect(describeCron("0 3 1 * *")).toBe("0 3 1 * *");
  });
});
