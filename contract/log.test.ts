import { describe, expect, it } from "vitest";
import { createLogger, describeError } from "./log.ts";

describe("error log lines", () => {
  it("carry the message, code and stack of whatever was thrown, never [object Object]", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const described = describeError(refused);
    expect(described).toMatchObject({ message: "connect ECONNREFUSED 127.0.0.1:5432", code: "ECONNREFUSED" });
    expect(described.stack).toContain("log.test.ts");
    // A thrown object that is no Error (some SDKs throw these) keeps what it says.
    expect(describeError({ code: 40001, detail: "quota" })).toEqual({
      message: '{"code":40001,"detail":"quota"}',
      code: 40001,
    });
    expect(describeError("timeout")).toEqual({ message: "timeout" });
    const lines: string[] = [];
    const log = createLogger("info", (l) => lines.push(l));
    log.error("mail not sent", { error: refused, to: "a@example.com" });
    log.error("odd", { error: describeError({ toString: undefined }) });
    expect(lines.join("\n")).not.toContain("[object Object]");
    const line = JSON.parse(lines[0]);
    expect(line.error).toMatchObject({ message: "connect ECONNREFUSED 127.0.0.1:5432", code: "ECONNREFUSED" });
    expect(line.error.stack).toMatch(/^Error: connect ECONNREFUSED/);
    expect(line.to).toBe("a@example.com");
  });
});
