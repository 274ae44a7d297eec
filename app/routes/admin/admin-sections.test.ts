import { describe, expect, it } from "vitest";
import { adminSection } from "./admin-sections.ts";

describe("an admin tab's title", () => {
  it("names the section of the path, a user's page under 用户", () => {
    expect(adminSection("/admin")).toBe("概览");
    expect(adminSection("/admin/")).toBe("概览");
    expect(adminSection("/admin/users")).toBe("用户");
    expect(adminSection("/admin/users/7")).toBe("用户");
    expect(adminSection("/admin/words")).toBe("敏感词");
    expect(adminSection("/admin/ai")).toBe("AI");
    // Not /admin/audit's prefix by letters alone.
    expect(adminSection("/admin/auditors")).toBe("概览");
  });
});
